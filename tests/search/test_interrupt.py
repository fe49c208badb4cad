"""Ctrl-C while the compiled search runs: the call raises KeyboardInterrupt within a second,
on the main thread and on a pool of search threads alike, and the core stops cleanly."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator

import numpy as np
import pytest

from wordsolver.games import find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.search import INFEASIBLE
from wordsolver.search.compiled import CompiledSearch

#: What a user waits for at most after Ctrl-C (a loaded test machine gets some slack).
PATIENCE = 2.0


@pytest.fixture(scope="module")
def mastermind() -> PatternMatrix:
    """Mastermind: its whole game searched from the root without symmetry takes many
    minutes, so any stop within seconds is the interrupt's doing."""
    return pattern_matrix(find_game("mastermind"))


@pytest.fixture
def interrupt_soon() -> Iterator[Callable[[float], list[float]]]:
    """Send SIGINT to this process's main thread after a delay; the times it was sent."""
    timers: list[threading.Timer] = []
    main = threading.get_ident()

    def arm(delay: float) -> list[float]:
        sent: list[float] = []

        def fire() -> None:
            sent.append(time.monotonic())
            signal.pthread_kill(main, signal.SIGINT)

        timer = threading.Timer(delay, fire)
        timer.start()
        timers.append(timer)
        return sent

    yield arm
    for timer in timers:
        timer.cancel()


def _everything(matrix: PatternMatrix) -> tuple[np.ndarray, int, np.ndarray]:
    game = matrix.game
    rows = np.arange(len(game.guesses), dtype=np.intp)
    return np.arange(len(game.secrets), dtype=np.intp), game.max_tries or 10, rows


def test_ctrl_c_stops_a_search_on_the_main_thread(
    mastermind: PatternMatrix, interrupt_soon: Callable[[float], list[float]]
) -> None:
    search = CompiledSearch(mastermind, workers=1)
    search.start_clock()
    candidates, tries, pool = _everything(mastermind)
    sent = interrupt_soon(1.0)
    with pytest.raises(KeyboardInterrupt):
        search.core.solve(candidates, tries, pool, INFEASIBLE)
    assert sent and time.monotonic() - sent[0] < PATIENCE
    assert search.core.stopped  # every thread's search was told to stop
    search.start_clock()  # and the core searches again afterwards
    assert search.core.solve(candidates[:5], tries, pool, INFEASIBLE)[1]


def test_ctrl_c_stops_every_search_thread(
    mastermind: PatternMatrix, interrupt_soon: Callable[[float], list[float]]
) -> None:
    """The whole game split by first guess over two threads: the main thread waits for them;
    Ctrl-C stops them both and the pool closes at once."""
    search = CompiledSearch(mastermind, workers=2)
    search.start_clock()
    candidates, tries, pool = _everything(mastermind)
    before = threading.active_count()
    sent = interrupt_soon(1.0)
    with pytest.raises(KeyboardInterrupt):
        search.solve_by_first_guess(candidates, tries, pool)
    assert sent and time.monotonic() - sent[0] < PATIENCE
    assert threading.active_count() <= before  # no search thread left running

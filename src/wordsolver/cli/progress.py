"""A progress bar on stderr for long library calls (shown only on a terminal)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from wordsolver.cli.base import new_bar
from wordsolver.games import Game
from wordsolver.matrix import PatternMatrix, StreamedMatrix, pattern_matrix, should_stream
from wordsolver.plumbing.progress import Progress as ProgressCallback

if TYPE_CHECKING:
    from wordsolver.proof import ProofCounts


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[ProgressCallback]:
    """Yield a callback ``advance(n)`` that moves a bar of ``total`` steps."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with new_bar(*columns) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


@contextmanager
def time_bar(label: str, seconds: float) -> Iterator[None]:
    """A bar that fills over ``seconds``, for work bounded by time rather than counted in steps
    (an exact search with a time limit): the user sees how long it may still take at most."""
    columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
    done = threading.Event()
    with new_bar(*columns) as bar:
        task = bar.add_task(f"{label} (at most {seconds:g} s)", total=seconds)
        started = time.monotonic()

        def tick() -> None:
            while not done.wait(0.1):
                bar.update(task, completed=min(seconds, time.monotonic() - started))

        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        try:
            yield
        finally:
            done.set()
            ticker.join()


def pattern_table(game: Game) -> PatternMatrix:
    """The game's pattern matrix; when it has to be built (the first run on a game: it is kept
    on disk afterwards), a bar on a terminal says so rather than a silent wait. A game played
    streamed gets no table (:func:`~wordsolver.session.game_matrix`)."""
    if should_stream(game):
        return StreamedMatrix(game)
    bar: Progress | None = None
    task: TaskID | None = None
    label = f"building the {game.name} table once (kept on disk for later runs)"
    try:

        def advance(done: int, total: int) -> None:
            nonlocal bar, task
            if bar is None:
                bar = new_bar(
                    TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(),
                )  # fmt: skip
                bar.start()
                task = bar.add_task(label, total=total)
            assert task is not None
            bar.update(task, completed=done)

        return pattern_matrix(game, progress=advance)
    finally:
        if bar is not None:
            bar.stop()


@contextmanager
def status_bar(label: str) -> Iterator[Callable[[int, int, str], None]]:
    """Yield a callback ``update(completed, total, detail)`` that sets a bar's steps done of
    all and the detail shown beside them (what the steps so far came to), with the time left."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[detail]}"),
        TimeRemainingColumn(),
    )
    with new_bar(*columns) as bar:
        task = bar.add_task(label, total=None, detail="")
        yield lambda completed, total, detail: bar.update(
            task, completed=completed, total=total, detail=detail
        )


@contextmanager
def proof_bar(label: str) -> Iterator[Callable[[ProofCounts], None]]:
    """Yield a callback that shows the proof of a best first guess as it goes: its classes
    (or, once split, parts) done of all and the bound every play is known to meet."""
    with status_bar(label) as update:

        def proving(counts: ProofCounts) -> None:
            detail = f"every play ≥ {counts.lower_bound}"
            if counts.parts:
                update(counts.parts_done, counts.parts, detail)
            else:
                update(counts.done, counts.classes, detail)

        yield proving

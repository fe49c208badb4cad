"""Measure terminals by simulation: draw random terminals of one shape and play them.

Every strategy plays the same terminals (same words, same secrets), so their numbers compare
directly; the result of each is an :class:`~wordsolver.evaluation.Evaluation` with one "secret"
per terminal: its secret's position on screen.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from wordsolver.errors import OptionError
from wordsolver.evaluation import Evaluation
from wordsolver.fallout.players import TerminalPlayer, terminal_players
from wordsolver.fallout.pool import WordPool
from wordsolver.fallout.terminals import Terminals, TerminalSpec, terminal_batches
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.plumbing.progress import Progress

#: Tries a Fallout terminal allows before it locks.
FALLOUT_TRIES = 4


@dataclass(frozen=True, slots=True)
class SimulationOptions:
    """How many terminals to draw and from which seed; ``max_tries`` None plays until solved."""

    trials: int = 1000
    seed: int = 0
    max_tries: int | None = FALLOUT_TRIES

    def __post_init__(self) -> None:
        if self.trials < 1 or self.seed < 0 or (self.max_tries is not None and self.max_tries < 1):
            raise OptionError("trials and tries must be positive, the seed not negative")


def simulate(
    pool: WordPool,
    spec: TerminalSpec,
    strategies: Sequence[str],
    options: SimulationOptions,
    progress: Progress | None = None,
) -> list[Evaluation]:
    """Play the same random terminals with each strategy; ``progress(n)`` counts terminals played.

    >>> from wordsolver.lexicon import Lexicon
    >>> pool = WordPool.from_lexicon(Lexicon("demo", ("cat", "car", "bat", "bar", "cab", "tab")))
    >>> [run] = simulate(pool, TerminalSpec(3, 5), ["eliminations"], SimulationOptions(trials=50))
    >>> run.total, 1.0 <= run.mean <= 5.0
    (50, True)
    """
    players = terminal_players(strategies, options.seed)
    batches = terminal_batches(pool, spec, options.trials, options.seed)
    return play(players, batches, spec, pool.name, options, progress)


def play(
    players: Sequence[TerminalPlayer],
    batches: Iterable[Terminals],
    spec: TerminalSpec,
    dictionary: str,
    options: SimulationOptions,
    progress: Progress | None = None,
) -> list[Evaluation]:
    """Each strategy over the same batches of terminals, one Evaluation per strategy."""
    secrets: list[IdArray] = []
    needed: list[list[Int64Array]] = [[] for _ in players]
    seconds = [0.0] * len(players)
    for terminals in batches:
        secrets.append(terminals.secrets)
        for k, player in enumerate(players):
            started = time.perf_counter()
            needed[k].append(player.play(terminals, options.max_tries, progress))
            seconds[k] += time.perf_counter() - started
    settings = {
        "length": spec.length,
        "words": spec.n_words,
        "trials": options.trials,
        "seed": options.seed,
        "dictionary": dictionary,
    }
    return [
        Evaluation(
            game=f"fallout: {spec.label}",
            strategy=player.name,
            max_tries=options.max_tries,
            secrets=np.concatenate(secrets),
            guesses=np.concatenate(needed[k]),
            seconds=seconds[k],
            options=settings,
        )
        for k, player in enumerate(players)
    ]

"""Whole-dictionary evaluation: play every secret (or a sample) and summarise the guesses needed.

The strategy is deterministic for a given position, so all secrets are played at once by walking
the partition: each bucket of a guess is one branch, as in a decision tree.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from wordsolver.errors import WordsolverError
from wordsolver.strategies.base import IdArray
from wordsolver.strategies.player import BoolArray, Player, consistent_after

#: A strategy that needs more guesses than this is not making progress.
MAX_GUESSES = 64

Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True, eq=False)
class Evaluation:
    """How a strategy did over a set of secrets."""

    game: str
    strategy: str
    max_tries: int | None
    secrets: IdArray  # secret ids that were played
    guesses: npt.NDArray[np.int64]  # guesses needed, aligned with ``secrets``
    seconds: float
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Number of secrets played."""
        return len(self.secrets)

    @property
    def mean(self) -> float:
        """Mean guesses per secret, the winning guess included."""
        return float(self.guesses.mean())

    @property
    def worst(self) -> int:
        """Most guesses any secret needed."""
        return int(self.guesses.max())

    @property
    def losses(self) -> int:
        """Secrets that needed more guesses than the game allows (0 when tries are unlimited)."""
        return 0 if self.max_tries is None else int((self.guesses > self.max_tries).sum())

    @property
    def distribution(self) -> dict[int, int]:
        """Guesses needed -> number of secrets."""
        values, counts = np.unique(self.guesses, return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts, strict=True)}

    def to_json(self) -> dict[str, Any]:
        """The stable ``--json`` schema."""
        return {
            "game": self.game,
            "strategy": self.strategy,
            "options": self.options,
            "total": self.total,
            "mean": round(self.mean, 6),
            "worst": self.worst,
            "losses": self.losses,
            "max_tries": self.max_tries,
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "seconds": round(self.seconds, 3),
        }


def evaluate(
    player: Player, *, secrets: IdArray | None = None, progress: Progress | None = None
) -> Evaluation:
    """Play ``player`` against every secret (or just ``secrets``) and count the guesses."""
    started = time.perf_counter()
    matrix = player.matrix
    game = matrix.game
    everything = np.arange(len(game.secrets), dtype=np.intp)
    wanted = np.zeros(len(game.secrets), dtype=np.bool_)
    wanted[everything if secrets is None else secrets] = True
    needed = np.zeros(len(game.secrets), dtype=np.int64)

    stack: list[tuple[IdArray, int, BoolArray | None]] = [(everything, 0, player.start_mask())]
    while stack:
        candidates, tries_used, consistent = stack.pop()
        if tries_used >= MAX_GUESSES:
            raise WordsolverError(
                f"{player.strategy.name} needed more than {MAX_GUESSES} guesses: it is stuck"
            )
        guess = player.next_guess(candidates, tries_used, consistent)
        patterns = matrix.values[guess, candidates]
        order = np.argsort(patterns, kind="stable")
        sorted_patterns = patterns[order]
        starts = np.flatnonzero(np.r_[True, sorted_patterns[1:] != sorted_patterns[:-1]])
        for start, stop in zip(starts, [*starts[1:], len(order)], strict=True):
            members = candidates[order[start:stop]]
            pattern = int(sorted_patterns[start])
            if pattern == game.win_pattern:
                needed[members] = tries_used + 1
                if progress is not None and wanted[members[0]]:
                    progress(1)
            elif wanted[members].any():
                mask = (
                    None
                    if consistent is None
                    else consistent_after(matrix, consistent, guess, pattern)
                )
                stack.append((members, tries_used + 1, mask))

    played = np.flatnonzero(wanted)
    return Evaluation(
        game=game.name,
        strategy=player.strategy.name,
        max_tries=game.max_tries,
        secrets=played,
        guesses=needed[played],
        seconds=time.perf_counter() - started,
        options={
            "hard": player.options.hard,
            "guess_from": player.options.guess_from,
            "openers": list(player.options.openers),
        },
    )

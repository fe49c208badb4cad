"""Whole-dictionary evaluation: play every secret (or a sample) and summarise the guesses needed.

The strategy is deterministic for a given position, so all secrets are played at once: the
strategy's decision tree is grown (only the branches the chosen secrets reach) and walked.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from wordsolver.arrays import IdArray
from wordsolver.errors import OptionError
from wordsolver.progress import Progress
from wordsolver.strategies.player import Player
from wordsolver.tree.grow import Start, grow_tree
from wordsolver.tree.node import DecisionTree


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
    def solved_share(self) -> float:
        """Share of secrets solved within the tries allowed (1.0 when tries are unlimited)."""
        return 1.0 - self.losses / self.total

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

    @classmethod
    def of_tree(
        cls, tree: DecisionTree, secrets: IdArray | None = None, seconds: float = 0.0
    ) -> Evaluation:
        """The evaluation of a grown tree over all secrets (or those it was grown for)."""
        game = tree.matrix.game
        played = np.arange(len(game.secrets)) if secrets is None else np.unique(secrets)
        return cls(
            game=game.name,
            strategy=tree.strategy,
            max_tries=game.max_tries,
            secrets=played,
            guesses=tree.guesses_needed(played),
            seconds=seconds,
            options=tree.options,
        )


def sample_secrets(n_secrets: int, size: int, seed: int) -> IdArray:
    """``size`` distinct secret ids drawn at random (reproducibly from ``seed``), sorted."""
    if not 1 <= size <= n_secrets:
        raise OptionError(f"`sample` must be from 1 to {n_secrets}, not {size}", ("sample",))
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(n_secrets, size=size, replace=False))


def evaluate(
    player: Player,
    *,
    secrets: IdArray | None = None,
    progress: Progress | None = None,
    start: Start | None = None,
) -> Evaluation:
    """Play ``player`` against every secret (or just ``secrets``) and count the guesses.

    ``start`` = (candidates, tries used, hard-mode mask) plays from a later moment of a game
    instead: pass the candidates as ``secrets`` too; guesses are counted from that moment.
    """
    started = time.perf_counter()
    tree = grow_tree(player, secrets=secrets, progress=progress, start=start)
    return Evaluation.of_tree(tree, secrets, time.perf_counter() - started)

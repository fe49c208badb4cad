"""What a strategy sees (:class:`Position`), what it answers (:class:`RankedGuess`), and its API."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

import numpy as np

from wordsolver.arrays import BoolArray, IdArray
from wordsolver.matrix import PatternMatrix


@dataclass(frozen=True, slots=True, eq=False)
class Position:
    """A moment in a game: the secrets still possible and the guesses one may play now."""

    matrix: PatternMatrix
    candidates: IdArray  # secret ids
    pool: IdArray  # guess rows allowed now (all, the candidates, or hard-mode consistent)
    tries_used: int = 0
    hard: bool = False  # later pools shrink to guesses consistent with the feedback
    only_candidates: bool = False  # later pools are the candidates left

    def can_win(self, rows: IdArray) -> BoolArray:
        """For each guess row, whether it is one of the candidates (so it may win now)."""
        in_play = np.zeros(len(self.matrix.game.secrets) + 1, dtype=np.bool_)
        in_play[self.candidates] = True  # the extra last cell answers for "not a secret" (-1)
        flags: BoolArray = in_play[self.matrix.game.secret_of_guess[rows]]
        return flags


@dataclass(frozen=True, slots=True)
class RankedGuess:
    """A guess with the scores people compare; ``score`` is the strategy's own measure."""

    word: str
    row: int
    score: float
    is_candidate: bool
    entropy: float
    expected_size: float
    worst: int
    n_buckets: int


class Strategy(ABC):
    """Picks the next guess; deterministic for a given position (``random`` is seeded)."""

    #: Registry name.
    name: str
    #: One line for ``wordsolver strategies``.
    description: str
    #: What ``RankedGuess.score`` means, for table headers.
    score_label: str

    @abstractmethod
    def rank(self, position: Position, top: int) -> list[RankedGuess]:
        """The ``top`` best guesses, best first."""

    def choose(self, position: Position) -> int:
        """The row of the best guess."""
        return self.rank(position, 1)[0].row

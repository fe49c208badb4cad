"""What a strategy sees (:class:`Position`), what it answers (:class:`RankedGuess`), and its API."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, overload

import numpy as np

from wordsolver.matrix import PatternMatrix
from wordsolver.partition import PartitionStats, partition_stats
from wordsolver.plumbing.arrays import BoolArray, FloatArray, IdArray


@dataclass(frozen=True, slots=True, eq=False)
class Position:
    """A moment in a game: the secrets still possible and the guesses one may play now.

    ``weights`` says how likely each candidate is (aligned with ``candidates``, summing to 1;
    None: all alike), from the game's prior. ``table`` holds the split of every guess over the
    candidates when it is known already (a large game's first turn, read from disk): the
    strategies then read it rather than count.
    """

    matrix: PatternMatrix
    candidates: IdArray  # secret ids
    pool: IdArray  # guess rows allowed now (all, the candidates, or hard-mode consistent)
    tries_used: int = 0
    hard: bool = False  # later pools shrink to guesses consistent with the feedback
    only_candidates: bool = False  # later pools are the candidates left
    weights: FloatArray | None = None
    table: PartitionStats | None = None

    def can_win(self, rows: IdArray) -> BoolArray:
        """For each guess row, whether it is one of the candidates (so it may win now)."""
        in_play = np.zeros(len(self.matrix.game.secrets) + 1, dtype=np.bool_)
        in_play[self.candidates] = True  # the extra last cell answers for "not a secret" (-1)
        flags: BoolArray = in_play[self.matrix.game.secret_of_guess[rows]]
        return flags

    def win_chance(self, rows: IdArray) -> FloatArray:
        """For each guess row, the probability that it is the secret (0 when it cannot be)."""
        game = self.matrix.game
        chance = np.zeros(len(game.secrets) + 1)
        shares = (
            np.full(len(self.candidates), 1.0 / len(self.candidates))
            if self.weights is None
            else self.weights / self.weights.sum()
        )
        chance[self.candidates] = shares  # the extra last cell answers for "not a secret" (-1)
        result: FloatArray = chance[game.secret_of_guess[rows]]
        return result

    def split(self, rows: IdArray, *, every_row: bool = False) -> PartitionStats:
        """How the guesses of ``rows`` split the candidates (see
        :func:`~wordsolver.partition.partition_stats`), from :attr:`table` when it is known."""
        if self.table is not None:
            return self.table.take(np.asarray(rows, dtype=np.intp))
        return partition_stats(
            self.matrix, rows, self.candidates, every_row=every_row, weights=self.weights
        )


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
    #: The probability that this guess is the secret (0 when it cannot be).
    win_chance: float = 0.0
    #: The mean guesses to finish the game when this one is played now, when the strategy
    #: weighed it so (:mod:`wordsolver.strategies.finish`); None otherwise.
    to_finish: float | None = None

    @classmethod
    def of_split(
        cls, position: Position, stats: PartitionStats, k: int, score: float
    ) -> RankedGuess:
        """The guess ``stats.rows[k]`` at the position, with its split's measures and the
        strategy's ``score``."""
        row = int(stats.rows[k])
        rows = np.array([row], dtype=np.intp)
        return cls(
            word=position.matrix.game.guesses.words[row],
            row=row,
            score=score,
            is_candidate=bool(position.can_win(rows)[0]),
            entropy=float(stats.entropy[k]),
            expected_size=float(stats.expected_size[k]),
            worst=int(stats.worst[k]),
            n_buckets=int(stats.n_buckets[k]),
            win_chance=float(position.win_chance(rows)[0]),
        )


class RankedGuesses(Sequence[RankedGuess]):
    """A ranking: the sequence of its ``ranked`` guesses, best first, with whatever else the
    ranking keeps beside them (one board's suggestions, several boards' ranking)."""

    __slots__ = ()
    ranked: Sequence[RankedGuess]

    @overload
    def __getitem__(self, index: int) -> RankedGuess: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[RankedGuess]: ...
    def __getitem__(self, index: int | slice) -> RankedGuess | Sequence[RankedGuess]:
        return self.ranked[index]

    def __len__(self) -> int:
        return len(self.ranked)

    def __iter__(self) -> Iterator[RankedGuess]:
        return iter(self.ranked)


class Strategy(ABC):
    """Picks the next guess; deterministic for a given position (``random`` is seeded)."""

    #: Registry name.
    name: str
    #: One line for ``wordsolver strategies``.
    description: str
    #: What ``RankedGuess.score`` means, for table headers.
    score_label: str
    #: Whether a choice may search for long (the exact search): the faces give it a time
    #: limit (:meth:`within`), and a suggestion that runs out of it gives way to a greedy one.
    needs_time_limit: ClassVar[bool] = False
    #: Whether it scores each guess on its own, lower is better (a greedy strategy): then
    #: :meth:`guess_scores` gives the scores, several boards are played by summing them, and
    #: :attr:`score_index` names the score the compiled players use.
    greedy: ClassVar[bool] = False
    #: A greedy strategy's score in :func:`~wordsolver.strategies.score_kernel.
    #: partition_scores` (-1: none).
    score_index: ClassVar[int] = -1
    #: Whether it guesses only the candidates.
    only_candidates: ClassVar[bool] = False
    #: Whether its objective is the exact search's (the fewest total guesses): its whole-game
    #: tree is found by the exact search (:func:`~wordsolver.tree.optimal.optimal_tree`, or
    #: the proof) rather than grown by playing it secret by secret, its choice at a whole
    #: game's start is the proof's best first guess (:func:`~wordsolver.plans.proof_plays`),
    #: and it solves the adversarial games.
    exact_tree: ClassVar[bool] = False

    def within(self, seconds: float | None) -> Strategy:
        """The same strategy bounded by ``seconds`` (None: its own bound); a strategy that
        needs no time limit is itself."""
        return self

    @property
    def time_limit(self) -> float | None:
        """The seconds a choice may take (None: no limit)."""
        return None

    @abstractmethod
    def rank(self, position: Position, top: int) -> list[RankedGuess]:
        """The ``top`` best guesses, best first."""

    def guess_scores(self, position: Position, stats: PartitionStats) -> FloatArray:
        """A greedy strategy's own score of each guess of ``stats.rows`` (their split of the
        candidates), lower is better (see :attr:`greedy`)."""
        raise NotImplementedError(f"the {self.name} strategy does not score guesses one by one")

    def shown_score(self, primary: FloatArray) -> FloatArray:
        """A greedy strategy's score as people read it (e.g. entropy in bits rather than its
        negation)."""
        return primary

    def choose(self, position: Position) -> int:
        """The row of the best guess."""
        return self.rank(position, 1)[0].row

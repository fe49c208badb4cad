"""Greedy strategies over several boards: a guess is scored by the sum over the unsolved boards.

Each board's score is the strategy's own (:class:`~wordsolver.strategies.heuristics.
GreedyStrategy`: entropy, expected size, worst case, ...), so entropy ranks by the total
information a guess brings, expected size by the total candidates expected to be left. The
boards are independent, so these totals are what a guess does to the whole game. The aim is the
fewest guesses to solve every board, and two rules real players use come first:

* a board with one candidate left gets it played: that guess is needed anyway, it solves the
  board now, and it still splits the others (when several boards have one left, the one whose
  guess scores best on the rest is played first);
* when no more tries are left than unsolved boards, only candidates are played: each guess must
  solve a board for the game to be won.

Ties are broken by a guess that may solve a board first, then total entropy, total worst case,
total expected size, word order.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wordsolver.arrays import FloatArray, IdArray
from wordsolver.errors import OptionError
from wordsolver.partition import PartitionStats, partition_stats
from wordsolver.strategies.base import Position, RankedGuess, Strategy
from wordsolver.strategies.heuristics import CandidateStrategy, GreedyStrategy, PartitionStrategy

_TOLERANCE = 1e-9  # totals closer than this are ties (they differ only by rounding)
#: Boards scored over the full guess list are remembered by their candidates: games played one
#: after another meet the same boards after the same first guesses.
_CACHED_BOARDS = 512

#: Why a guess is suggested, beside its score.
ONE_LEFT, LAST_TRIES, BEST_TOTAL = "one candidate left", "one try per board left", "best total"


@dataclass(frozen=True, slots=True)
class BoardRanking:
    """The guesses ranked for the boards now, best first, and why these guesses.

    ``forced`` holds the boards (numbered from 0 in the list given) with one candidate left,
    whose candidates are then the only guesses ranked; ``rule`` says which rule chose the pool
    (:data:`ONE_LEFT`, :data:`LAST_TRIES` or :data:`BEST_TOTAL`).
    """

    ranked: list[RankedGuess]
    forced: tuple[int, ...]
    rule: str


@dataclass(frozen=True, slots=True, eq=False)
class _Board:
    stats: PartitionStats
    primary: FloatArray


class BoardScorer:
    """Ranks guesses for several boards with one greedy strategy (scores summed over boards).

    ``RankedGuess`` fields are totals over the unsolved boards: ``score`` (the strategy's own),
    ``entropy``, ``expected_size``, ``worst`` (the largest buckets summed) and ``n_buckets``;
    ``is_candidate`` says the guess may solve a board.
    """

    def __init__(self, strategy: Strategy) -> None:
        if not isinstance(strategy, GreedyStrategy):
            raise OptionError(
                f"the {strategy.name} strategy plays one board: on several boards choose a"
                " greedy `strategy` (entropy, expected-size, minimax, stdev, eliminations,"
                " random)",
                ("strategy",),
            )
        self.strategy = strategy
        self._boards: OrderedDict[bytes, _Board] = OrderedDict()

    def rank(
        self, positions: Sequence[Position], tries_left: int | None, top: int = 5
    ) -> BoardRanking:
        """The ``top`` best guesses for the unsolved boards' ``positions`` (all of one matrix),
        with ``tries_left`` guesses left (None: unlimited)."""
        if not positions:
            return BoardRanking([], (), BEST_TOTAL)
        matrix = positions[0].matrix
        secret_rows = matrix.game.secret_rows
        forced = tuple(b for b, p in enumerate(positions) if len(p.candidates) == 1)
        if forced:
            lonely = [positions[b].candidates[0] for b in forced]
            pool, rule = _unique(secret_rows[lonely]), ONE_LEFT
        elif tries_left is not None and tries_left <= len(positions):
            pool, rule = _candidate_rows(positions), LAST_TRIES
        elif isinstance(self.strategy, CandidateStrategy) or positions[0].only_candidates:
            pool, rule = _candidate_rows(positions), BEST_TOTAL
        else:
            pool, rule = positions[0].pool, BEST_TOTAL
        boards = [self._board(position, pool) for position in positions]
        return BoardRanking(self._ranked(positions, pool, boards, top), forced, rule)

    def choose(self, positions: Sequence[Position], tries_left: int | None) -> int:
        """The row of the best guess."""
        return self.rank(positions, tries_left, 1).ranked[0].row

    def _board(self, position: Position, pool: IdArray) -> _Board:
        """One board's statistics and the strategy's score of every guess of ``pool``."""
        whole = pool is position.pool and isinstance(self.strategy, PartitionStrategy)
        key = position.candidates.tobytes() if whole else b""
        if whole and key in self._boards:
            self._boards.move_to_end(key)
            return self._boards[key]
        stats = partition_stats(position.matrix, pool, position.candidates, every_row=True)
        if isinstance(self.strategy, PartitionStrategy):
            primary = self.strategy.primary(position, stats)
        else:
            assert isinstance(self.strategy, CandidateStrategy)
            primary = self.strategy.scores(position, pool)
        board = _Board(stats, np.asarray(primary, dtype=np.float64))
        if whole:
            self._boards[key] = board
            if len(self._boards) > _CACHED_BOARDS:
                self._boards.popitem(last=False)
        return board

    def _ranked(
        self, positions: Sequence[Position], pool: IdArray, boards: list[_Board], top: int
    ) -> list[RankedGuess]:
        primary = np.sum([board.primary for board in boards], axis=0)
        entropy = np.sum([board.stats.entropy for board in boards], axis=0)
        expected = np.sum([board.stats.expected_size for board in boards], axis=0)
        worst = np.sum([board.stats.worst for board in boards], axis=0)
        n_buckets = np.sum([board.stats.n_buckets for board in boards], axis=0)
        can_win = np.any([position.can_win(pool) for position in positions], axis=0)
        splits = np.any([board.stats.n_buckets > 1 for board in boards], axis=0)
        # A guess that splits no board and can solve none makes no progress.
        primary = np.where(splits | can_win, primary, np.inf)
        keys = (
            np.round(expected / _TOLERANCE),
            worst,
            np.round(-entropy / _TOLERANCE),
            ~can_win,
            np.round(primary / _TOLERANCE),
        )
        order = np.lexsort(keys)[:top]
        shown = self.strategy.shown_score(primary)
        words = positions[0].matrix.game.guesses.words
        return [
            RankedGuess(
                word=words[pool[k]],
                row=int(pool[k]),
                score=float(shown[k]),
                is_candidate=bool(can_win[k]),
                entropy=float(entropy[k]),
                expected_size=float(expected[k]),
                worst=int(worst[k]),
                n_buckets=int(n_buckets[k]),
            )
            for k in order
            if np.isfinite(primary[k])
        ]


def _candidate_rows(positions: Sequence[Position]) -> IdArray:
    """The guess rows of every unsolved board's candidates."""
    secret_rows = positions[0].matrix.game.secret_rows
    return _unique(secret_rows[np.concatenate([p.candidates for p in positions])])


def _unique(rows: npt.NDArray[np.integer]) -> IdArray:
    return np.unique(np.asarray(rows, dtype=np.intp))

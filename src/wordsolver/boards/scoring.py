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

import contextlib
import json
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from wordsolver.boards.finish import (
    GUESS_PER_BIT,
    SPLIT_APART,
    expected_to_finish,
    guesses_to_finish,
)
from wordsolver.boards.lookahead import BoardLeft, look_ahead
from wordsolver.errors import OptionError
from wordsolver.first_turn import first_turn_stats, table_key
from wordsolver.lexicon import Lexicon
from wordsolver.partition import PartitionStats, partition_stats
from wordsolver.plumbing.arrays import FloatArray, IdArray
from wordsolver.plumbing.cache import cache_dir, read_sealed, write_sealed
from wordsolver.strategies.base import Position, RankedGuess, RankedGuesses, Strategy
from wordsolver.strategies.registry import find_strategy

_TOLERANCE = 1e-9  # totals closer than this are ties (they differ only by rounding)
#: Boards scored over the full guess list are remembered by their candidates: games played one
#: after another meet the same boards after the same first guesses.
_CACHED_BOARDS = 512

#: Bump when the kept first-turn estimates change meaning; older entries are then ignored.
_ESTIMATES_FORMAT = 1

#: Why a guess is suggested, beside its score.
ONE_LEFT, LAST_TRIES, BEST_TOTAL = "one candidate left", "one try per board left", "best total"


@dataclass(frozen=True, slots=True)
class BoardRanking(RankedGuesses):
    """The guesses ranked for the boards now, best first (the ranking is their sequence, as one
    board's suggestions are a list; a guess weighed by the guesses it leaves to finish every
    board carries that estimate as its ``to_finish``), and why these guesses.

    ``forced`` holds the boards (numbered from 0 in the list given) with one candidate left,
    whose candidates are then the only guesses ranked; ``rule`` says which rule chose the pool
    (:data:`ONE_LEFT`, :data:`LAST_TRIES` or :data:`BEST_TOTAL`; see :func:`pool_rule`).
    """

    ranked: list[RankedGuess]
    forced: tuple[int, ...]
    rule: str


def pool_rule(
    candidates_left: Sequence[int], tries_left: int | None
) -> tuple[tuple[int, ...], str]:
    """Which rule chooses the guesses for unsolved boards with these many candidates left, and
    the boards (numbered from 0) it forces: the boards with one candidate left are played first
    (:data:`ONE_LEFT`); with no more tries than boards, only words that can solve a board
    (:data:`LAST_TRIES`); else the best total (:data:`BEST_TOTAL`)."""
    forced = tuple(b for b, n in enumerate(candidates_left) if n == 1)
    if forced:
        return forced, ONE_LEFT
    if tries_left is not None and tries_left <= len(candidates_left):
        return forced, LAST_TRIES
    return forced, BEST_TOTAL


@dataclass(frozen=True, slots=True, eq=False)
class _Board:
    stats: PartitionStats
    primary: FloatArray


@dataclass(frozen=True, slots=True)
class FinishOptions:
    """How the shortlist is re-ranked by the guesses still needed to finish every board.

    ``shortlist``: the best guesses by the strategy's total that are re-ranked (0: the
    strategy's total alone ranks, as on one board); ``candidates``: every candidate of the
    unsolved boards joins the shortlist while they are at most this many in all;
    ``per_bit``/``split_apart``: the estimate of one board (:func:`guesses_to_finish`).
    """

    shortlist: int = 48
    candidates: int = 256
    per_bit: float = GUESS_PER_BIT
    look_below: int = 100
    look_width: int = 12
    split_apart: int = SPLIT_APART


class BoardScorer:
    """Ranks guesses for several boards: a shortlist by one greedy strategy's scores summed over
    the boards, re-ranked by the guesses still needed to finish every board.

    ``RankedGuess`` fields are totals over the unsolved boards: ``score`` (the strategy's own),
    ``entropy``, ``expected_size``, ``worst`` (the largest buckets summed) and ``n_buckets``;
    ``is_candidate`` says the guess may solve a board, ``win_chance`` how likely it solves
    one. How likely each candidate is comes from its board's position (the game's prior; each
    board may be played over its own narrowed game, the guesses being the same).
    """

    def __init__(self, strategy: Strategy, finish: FinishOptions | None = None) -> None:
        if not strategy.greedy:
            raise OptionError(
                f"the {strategy.name} strategy plays one board: on several boards choose a"
                " greedy `strategy` (entropy, expected-size, minimax, stdev, eliminations,"
                " random)",
                ("strategy",),
            )
        self.strategy = strategy
        self.finish = finish or FinishOptions()
        self._table = guesses_to_finish(1, self.finish.per_bit, self.finish.split_apart)
        self._boards: OrderedDict[bytes, _Board] = OrderedDict()
        self._estimates: OrderedDict[bytes, FloatArray] = OrderedDict()
        self._guesses: Lexicon | None = None  # the guesses the boards remembered are scored by

    @classmethod
    def of(cls, strategy: str | Strategy | BoardScorer, seed: int = 0) -> BoardScorer:
        """The scorer that plays ``strategy``: a name (``random`` drawn from ``seed``), a
        strategy, or a scorer (itself)."""
        if isinstance(strategy, BoardScorer):
            return strategy
        return cls(find_strategy(strategy, seed=seed) if isinstance(strategy, str) else strategy)

    def rank(
        self, positions: Sequence[Position], tries_left: int | None, top: int = 5
    ) -> BoardRanking:
        """The ``top`` best guesses for the unsolved boards' ``positions`` (all of one game's
        guesses), with ``tries_left`` guesses left (None: unlimited)."""
        if not positions:
            return BoardRanking([], (), BEST_TOTAL)
        self._serve(positions[0].matrix.game.guesses)
        forced, rule = pool_rule([len(p.candidates) for p in positions], tries_left)
        if forced:
            pool = _candidate_rows([positions[b] for b in forced])
        elif rule == LAST_TRIES or self.strategy.only_candidates or positions[0].only_candidates:
            pool = _candidate_rows(positions)
        else:
            pool = positions[0].pool
        boards = [self._board(position, pool) for position in positions]
        totals = _Totals.of(positions, pool, boards)
        order = totals.order(max(top, self.finish.shortlist))
        if self.finish.shortlist > 0 and len(order) > 1:
            order, to_finish = self._finish_order(positions, pool, totals, order, top)
            ranked = totals.ranked(self.strategy, order[:top], to_finish[:top])
        else:
            ranked = totals.ranked(self.strategy, order[:top])
        return BoardRanking(ranked, forced, rule)

    def _serve(self, guesses: Lexicon) -> None:
        """Forget the boards remembered for other guesses (another game's)."""
        if guesses is not self._guesses:
            self._boards.clear()
            self._estimates.clear()
            self._guesses = guesses

    def choose(self, positions: Sequence[Position], tries_left: int | None) -> int:
        """The row of the best guess."""
        return self.rank(positions, tries_left, 1).ranked[0].row

    def _finish_order(
        self,
        positions: Sequence[Position],
        pool: IdArray,
        totals: _Totals,
        order: IdArray,
        top: int,
    ) -> tuple[IdArray, FloatArray]:
        """The ``top`` best guesses (indexes into ``pool``): the shortlist re-ranked by the
        guesses still needed to finish every board, then the rest in the strategy's order; and
        that estimate for each."""
        short = order[: self.finish.shortlist]
        n_left = sum(len(p.candidates) for p in positions)
        if n_left <= self.finish.candidates:
            mine = np.flatnonzero(totals.can_win & np.isfinite(totals.primary))
            short = np.concatenate([short, mine[~np.isin(mine, short)]])
        largest = max(len(p.candidates) for p in positions)
        if len(self._table) <= largest:
            self._table = guesses_to_finish(
                2 * largest, self.finish.per_bit, self.finish.split_apart
            )
        rest = order[~np.isin(order, short)][: max(top - len(short), 0)]
        chosen = np.concatenate([short, rest])
        rows = pool[chosen]
        estimate = np.zeros(len(chosen), dtype=np.float64)
        for position in positions:
            estimate += self._expected(position, rows)
        # The shortlist by the estimate (equal estimates keep the strategy's order), the rest
        # after it as the strategy ranks them.
        best = np.lexsort((np.arange(len(short)), np.round(estimate[: len(short)] / _TOLERANCE)))
        if n_left <= self.finish.look_below:
            best = self._looked_ahead(positions, rows, best, estimate)
        ranked = np.concatenate([best, np.arange(len(short), len(chosen))])[:top]
        return chosen[ranked], estimate[ranked]

    def _looked_ahead(
        self, positions: Sequence[Position], rows: IdArray, best: IdArray, estimate: FloatArray
    ) -> IdArray:
        """The first ``look_width`` of ``best`` (indexes into ``rows``) valued one guess further
        (their ``estimate`` replaced) and ranked by it, the others after them."""
        width = best[: self.finish.look_width]
        boards = [BoardLeft(p.matrix, p.candidates, p.weights) for p in positions]
        further = look_ahead(rows[width], rows, boards, self._table)
        known = ~np.isnan(further)
        estimate[width[known]] = further[known]
        again = np.lexsort((np.arange(len(width)), np.round(estimate[width] / _TOLERANCE)))
        return np.concatenate([width[again], best[len(width) :]])

    def _expected(self, position: Position, rows: IdArray) -> FloatArray:
        """One board's estimate after each guess of ``rows``, remembered: the same boards meet
        the same shortlists in games played one after another."""
        key = _board_key(position) + b"/" + rows.tobytes()
        if key in self._estimates:
            self._estimates.move_to_end(key)
            return self._estimates[key]
        if position.table is not None:
            estimate = self._first_turn_expected(position, rows)
        else:
            estimate = expected_to_finish(
                position.matrix, rows, position.candidates, position.weights, self._table
            )
        self._estimates[key] = estimate
        if len(self._estimates) > _CACHED_BOARDS:
            self._estimates.popitem(last=False)
        return estimate

    def _first_turn_expected(self, position: Position, rows: IdArray) -> FloatArray:
        """:meth:`_expected` of a full board of a game played streamed: the same in every game
        of its lists, so counted once and kept in the cache (counting it needs the feedback
        of the shortlist against every word: the compiled kernel, which a process would
        otherwise load for this alone)."""
        finish = self.finish
        depends = (table_key(position.matrix), finish.per_bit, finish.split_apart)
        identity = json.dumps([_ESTIMATES_FORMAT, *depends, rows.tolist()])
        kept = read_sealed("boards", identity)
        if kept is not None:
            with contextlib.suppress(KeyError, TypeError, ValueError):  # damaged: counted again
                estimate = np.asarray(kept["to_finish"], dtype=np.float64)
                if estimate.shape == rows.shape:
                    return estimate
        estimate = expected_to_finish(
            position.matrix, rows, position.candidates, position.weights, self._table
        )
        write_sealed("boards", identity, {"to_finish": estimate.tolist()})
        return estimate

    def _board(self, position: Position, pool: IdArray) -> _Board:
        """One board's statistics and the strategy's score of every guess of ``pool``."""
        whole = pool is position.pool and not self.strategy.only_candidates
        key = _board_key(position) if whole else b""
        if whole and key in self._boards:
            self._boards.move_to_end(key)
            return self._boards[key]
        stats = self._split(position, pool)
        primary = self.strategy.guess_scores(position, stats)
        board = _Board(stats, np.asarray(primary, dtype=np.float64))
        if whole:
            self._boards[key] = board
            if len(self._boards) > _CACHED_BOARDS:
                self._boards.popitem(last=False)
        return board

    def _split(self, position: Position, pool: IdArray) -> PartitionStats:
        """How every guess of ``pool`` splits the board's candidates. A board where every
        secret is a candidate and every guess is allowed (the first turn) splits as the
        lists' first-turn table says: the same in every game, so it is counted once per lists
        and read back from the cache (a millisecond, not a 34-million-cell count for Quordle);
        under a prior the position holds that table already, with the buckets' masses."""
        if position.table is not None:
            return position.table.take(pool)
        matrix = position.matrix
        game = matrix.game
        first_turn = (
            pool is position.pool
            and len(pool) == len(game.guesses)
            and len(position.candidates) == len(game.secrets)
            and game.uniform
            and cache_dir() is not None
        )
        if first_turn:
            return replace(first_turn_stats(matrix), masses=None)
        return partition_stats(
            matrix, pool, position.candidates, every_row=True, weights=position.weights
        )


@dataclass(frozen=True, slots=True, eq=False)
class _Totals:
    """The boards' statistics of every guess of ``pool`` summed over the boards."""

    pool: IdArray
    words: Sequence[str]
    primary: FloatArray
    entropy: FloatArray
    expected: FloatArray
    worst: npt.NDArray[np.int64]
    n_buckets: npt.NDArray[np.int64]
    can_win: npt.NDArray[np.bool_]
    win_chance: FloatArray  # that the guess solves at least one board

    @classmethod
    def of(cls, positions: Sequence[Position], pool: IdArray, boards: list[_Board]) -> _Totals:
        primary = np.sum([board.primary for board in boards], axis=0)
        can_win = np.any([position.can_win(pool) for position in positions], axis=0)
        missed = np.prod([1.0 - position.win_chance(pool) for position in positions], axis=0)
        splits = np.any([board.stats.n_buckets > 1 for board in boards], axis=0)
        return cls(
            pool=pool,
            words=positions[0].matrix.game.guesses.words,
            # A guess that splits no board and can solve none makes no progress.
            primary=np.where(splits | can_win, primary, np.inf),
            entropy=np.sum([board.stats.entropy for board in boards], axis=0),
            expected=np.sum([board.stats.expected_size for board in boards], axis=0),
            worst=np.sum([board.stats.worst for board in boards], axis=0),
            n_buckets=np.sum([board.stats.n_buckets for board in boards], axis=0),
            can_win=can_win,
            win_chance=1.0 - missed,
        )

    def order(self, top: int) -> IdArray:
        """Indexes into the pool of the ``top`` best guesses by total that make progress, best
        first (more when ties straddle the cut)."""
        primary = self.primary
        chosen = np.flatnonzero(np.isfinite(primary))
        if len(chosen) > 4 * top:
            cut = np.partition(primary[chosen], top)[top]
            chosen = chosen[primary[chosen] <= cut + _TOLERANCE]
        keys = (
            np.round(self.expected[chosen] / _TOLERANCE),
            self.worst[chosen],
            np.round(-self.entropy[chosen] / _TOLERANCE),
            ~self.can_win[chosen],
            np.round(primary[chosen] / _TOLERANCE),
        )
        ordered: IdArray = chosen[np.lexsort(keys)]
        return ordered

    def ranked(
        self, strategy: Strategy, order: IdArray, to_finish: FloatArray | None = None
    ) -> list[RankedGuess]:
        """The guesses at ``order`` (indexes into the pool), each with its estimate of the
        guesses left to finish every board when the shortlist was weighed by it."""
        shown = strategy.shown_score(self.primary)
        return [
            RankedGuess(
                word=self.words[self.pool[k]],
                row=int(self.pool[k]),
                score=float(shown[k]),
                is_candidate=bool(self.can_win[k]),
                entropy=float(self.entropy[k]),
                expected_size=float(self.expected[k]),
                worst=int(self.worst[k]),
                n_buckets=int(self.n_buckets[k]),
                win_chance=float(self.win_chance[k]),
                to_finish=None if to_finish is None else float(to_finish[i]),
            )
            for i, k in enumerate(order)
        ]


def _candidate_rows(positions: Sequence[Position]) -> IdArray:
    """The guess rows of these boards' candidates."""
    rows = [p.matrix.game.secret_rows[p.candidates] for p in positions]
    return _unique(np.concatenate(rows))


def _board_key(position: Position) -> bytes:
    """What a board's scores depend on, given the guesses: its candidates as words (guess rows,
    the same in every game narrowed or widened from one) and the prior that weighs them."""
    game = position.matrix.game
    words = game.secret_rows[position.candidates].astype(np.int64)
    return game.prior.encode() + b"|" + words.tobytes()


def _unique(rows: npt.NDArray[np.integer]) -> IdArray:
    return np.unique(np.asarray(rows, dtype=np.intp))

"""Exact optimal play: the decision tree with the fewest total guesses, and its proof.

The value of a set ``S`` of candidates with ``d`` tries left is the least total number of guesses
that solves every secret of ``S``: ``|S| + Σ value(bucket, d − 1)`` over the non-winning buckets of
the best guess. With weights (:mod:`wordsolver.weights`) every secret counts its weight instead of
one, so the least total is the least expected number of guesses; ``W(S)`` below is the weight of a
set (its size when unweighted). The search is a depth-first branch and bound:

- admissible bounds: every secret of a bucket ``B`` needs one more guess and all but its heaviest
  two more, at least ``2W(B) − max w(B)`` (``2b − 1`` for ``b`` equal weights). A guess that
  splits ``S`` into ``k`` buckets (``w`` = 1 when it may win) therefore needs at least
  ``3|S| − w − k`` guesses in total, exactly so when no bucket holds more than two;
- cut-offs: a guess is abandoned as soon as its guesses so far plus the bounds of its unsolved
  buckets reach the best total found (alpha-beta style); a set whose search was cut off records
  the lower bound it proved;
- a memo of solved candidate sets, closed forms for one and two candidates, guesses tried in order
  of bound then evenness of split, and guesses with the same partition as an earlier one dropped;
- the partitions come from the compiled kernels of :mod:`wordsolver.partition`.

Ties in the total are broken by the smaller worst case (deepest secret).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wordsolver.errors import WordsolverError
from wordsolver.matrix import PatternMatrix
from wordsolver.partition import (
    PartitionStats,
    bucket_sizes,
    first_of_each_partition,
    partition_stats,
    split,
)
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.plumbing.digests import blake2b_digest
from wordsolver.plumbing.progress import Progress
from wordsolver.weights import SecretWeights

#: The value of a set that cannot be solved within the tries left (above any weighted total).
INFEASIBLE = 1 << 60
#: Guesses whose bucket sizes :meth:`OptimalSearch.first_bound` counts at once.
_BOUND_CHUNK = 4096
#: Tries assumed when a game sets no limit (no sensible tree comes near it).
UNLIMITED_TRIES = 32


@dataclass(frozen=True, slots=True)
class SearchLimit:
    """Budget of a search. ``beam`` keeps only the K most promising guesses at each set, which
    makes the answer a good tree rather than a proven optimum."""

    seconds: float | None = None
    nodes: int | None = None
    beam: int | None = None


class SearchInterrupted(WordsolverError):
    """The search ran out of its time or node budget."""


@dataclass(slots=True)
class SetValue:
    """What the search knows of a set: a proven lower bound, or the exact value, the depth of
    its deepest secret and the guess that achieves it."""

    lower: int
    exact: bool = False
    worst: int = 0
    guess: int = -1


Pool = IdArray


class OptimalSearch:
    """Branch and bound over one pattern matrix; reusable, the memo grows with every call."""

    def __init__(
        self,
        matrix: PatternMatrix,
        *,
        hard: bool = False,
        only_candidates: bool = False,
        limit: SearchLimit | None = None,
        weights: SecretWeights | None = None,
    ) -> None:
        self.matrix = matrix
        self.game = matrix.game
        self.hard = hard
        self.only_candidates = only_candidates
        self.limit = limit or SearchLimit()
        self.weights = weights
        #: Each secret's weight in integer units (all ones when unweighted).
        self.units = (
            np.ones(len(self.game.secrets), dtype=np.int64) if weights is None else weights.units()
        )
        self.memo: dict[tuple[bytes, int, bytes], SetValue] = {}
        self._floor_tables: dict[int, Int64Array] = {}
        # Whether a set's pool may shrink to one guess per partition: not when hard mode (the
        # words themselves decide what stays allowed) or the candidates (recomputed) are the pool.
        self._reduces_pools = not (hard or only_candidates)
        self.nodes = 0
        self._deadline = float("inf")
        self._node_budget = -1

    # -- budget ---------------------------------------------------------------------------

    def start_clock(self) -> None:
        """Start the time and node budget of :attr:`limit` from now."""
        seconds = self.limit.seconds
        self._deadline = time.perf_counter() + seconds if seconds is not None else float("inf")
        self._node_budget = self.nodes + self.limit.nodes if self.limit.nodes is not None else -1

    def _tick(self) -> None:
        # The clock is read at every node: a node costs a partition of the pool (far more than
        # reading it), and a short limit (``explain``'s fraction of a second) is kept closely.
        self.nodes += 1
        if 0 <= self._node_budget <= self.nodes or time.perf_counter() > self._deadline:
            raise SearchInterrupted("the optimal search ran out of its budget")

    # -- pools ----------------------------------------------------------------------------

    def pool_after(self, pool: Pool, guess: int, pattern: int, members: IdArray) -> Pool:
        """The guesses allowed after ``guess`` earned ``pattern``, leaving ``members``."""
        if self.only_candidates:
            return np.asarray(self.game.secret_rows[members], dtype=np.intp)
        if not self.hard:
            return pool
        codes = self.game.guess_codes
        kept: Pool = pool[self.game.rule.hard_mode_allows(codes[pool], codes[guess], pattern)]
        return kept

    def memo_key(
        self, candidates: IdArray, tries_left: int, pool: Pool
    ) -> tuple[bytes, int, bytes]:
        """Memo key: the set, the tries left and (in hard mode only) the guesses allowed."""
        pool_part = blake2b_digest(pool.tobytes(), 16) if self.hard else b""
        return candidates.tobytes(), tries_left, pool_part

    def weight(self, candidates: IdArray) -> int:
        """The weight of a set in the search's units (its size when unweighted)."""
        return len(candidates) if self.weights is None else int(self.units[candidates].sum())

    # -- search ---------------------------------------------------------------------------

    def solve(self, candidates: IdArray, tries_left: int, pool: Pool, beta: int) -> SetValue:
        """The least total guesses for ``candidates``, exact if it is below ``beta``; otherwise
        (not exact) a proven lower bound of at least ``beta``."""
        n = len(candidates)
        if n == 1:
            single = SetValue(int(self.units[candidates[0]]), True, 1, self._row(candidates[0]))
            return single if tries_left >= 1 else SetValue(INFEASIBLE, True)
        if tries_left <= 1:
            return SetValue(INFEASIBLE, True)
        if n == 2:  # the heavier first: a candidate is always allowed, in hard mode too
            heavy, light = (
                candidates
                if self.units[candidates[0]] >= self.units[candidates[1]]
                else candidates[::-1]
            )
            total = int(self.units[heavy] + 2 * self.units[light])
            return SetValue(total, True, 2, self._row(heavy))
        key = self.memo_key(candidates, tries_left, pool)
        known = self.memo.get(key)
        if known is not None and (known.exact or known.lower >= beta):
            return known
        self._tick()
        result = self._search(candidates, tries_left, pool, beta)
        if known is not None and not result.exact:
            result.lower = max(result.lower, known.lower)
        self.memo[key] = result
        return result

    def _row(self, secret: int | np.intp) -> int:
        return int(self.game.secret_rows[secret])

    def _search(self, candidates: IdArray, tries_left: int, pool: Pool, beta: int) -> SetValue:
        perfect = self._perfect_candidate(candidates)
        if perfect >= 0:
            return SetValue(
                2 * self.weight(candidates) - int(self.units[perfect]), True, 2, self._row(perfect)
            )
        stats = partition_stats(self.matrix, pool, candidates)
        scored = stats.rows  # the pool less guesses that split exactly like an earlier one
        can_win = self.can_win(candidates, scored)
        n_buckets, worst, sum_squares = stats.n_buckets, stats.worst, stats.sum_squares
        if self._reduces_pools:
            kept = self._one_per_partition(candidates, stats, can_win)
            pool = scored = scored[kept]
            can_win, n_buckets, worst = can_win[kept], n_buckets[kept], worst[kept]
            sum_squares = sum_squares[kept]
        bound = self._bounds(candidates, scored, can_win, n_buckets)
        fan_out = int(n_buckets.max())
        # Guesses whose buckets hold at most two secrets are solved by their bound.
        closed = worst <= (1 if tries_left == 2 else 2)
        if tries_left == 2:
            bound = np.where(closed, bound, INFEASIBLE)
        # Depth of the deepest secret under a closed guess: itself, singletons, pairs.
        closed_worst = np.where(worst == 1, np.where(n_buckets > can_win, 2, 1), 3)

        cut = beta + 1  # guesses equal to the best total stay in play for the worst-case tie
        useful = np.flatnonzero(bound < min(cut, INFEASIBLE))
        if len(useful) == 0:
            return SetValue(int(bound.min()) if len(bound) else INFEASIBLE)
        order = useful[np.lexsort((sum_squares[useful], bound[useful]))]
        if not self._reduces_pools:
            order = self._distinct_partitions(scored, candidates, order, stats.fingerprint)
        if self.limit.beam is not None:
            order = order[: self.limit.beam]

        best, untried_floor = best_of_guesses(
            GuessOrder(order, scored, bound, closed, closed_worst),
            beta,
            lambda guess, limit: self.try_guess(
                candidates, tries_left, pool, guess, limit, fan_out
            ),
        )
        if best.exact:
            return best
        outside = bound[np.setdiff1d(np.arange(len(scored)), order, assume_unique=True)]
        floor = min(untried_floor, int(outside.min()) if len(outside) else INFEASIBLE)
        return SetValue(max(floor, beta))

    def _one_per_partition(
        self, candidates: IdArray, stats: PartitionStats, can_win: Int64Array
    ) -> IdArray:
        """Indices into ``stats.rows`` of one guess per distinct partition of the candidates,
        leaving out guesses that learn nothing. Such a pool serves the set and all its subsets
        as well as the whole (outside hard mode)."""
        informative = np.flatnonzero((stats.n_buckets > 1) | (can_win == 1))
        return self._distinct_partitions(stats.rows, candidates, informative, stats.fingerprint)

    def can_win(self, candidates: IdArray, rows: Pool) -> Int64Array:
        """1 for each guess that is one of the candidates, else 0."""
        in_play = np.zeros(len(self.game.secrets) + 1, dtype=np.bool_)
        in_play[candidates] = True
        return in_play[self.game.secret_of_guess[rows]].astype(np.int64)

    def _bounds(
        self, candidates: IdArray, rows: Pool, can_win: Int64Array, n_buckets: Int64Array
    ) -> Int64Array:
        """Each guess's admissible bound: ``3W − w(win) − Σ max w(bucket)`` over its buckets,
        the win bucket included (``3n − w − k`` when unweighted)."""
        if self.weights is None:
            bound: Int64Array = 3 * len(candidates) - can_win - n_buckets
            return bound
        heaviest_first = candidates[np.argsort(-self.units[candidates], kind="stable")]
        from wordsolver.partition_kernels import bucket_peaks

        peaks = bucket_peaks(
            self.matrix.by_secret, rows, heaviest_first, self.units, self.game.n_patterns
        )
        win_weight = can_win * self.units[self.game.secret_of_guess[rows] * can_win]
        weighted: Int64Array = 3 * self.weight(candidates) - win_weight - peaks
        return weighted

    def first_bound(self, candidates: IdArray, pool: Pool) -> int:
        """A proven lower bound on the total guesses of a set, from its guesses' partitions:
        the least over the guesses allowed of the set's weight plus the floors of the guess's
        buckets (:meth:`floor`, with the most buckets any guess makes)."""
        if len(candidates) <= 2:
            return self.floor(candidates, 2)
        stats = partition_stats(self.matrix, pool, candidates)
        fan_out = int(stats.n_buckets.max())
        if self.weights is None:  # a guess left out splits like one kept: the same floor
            return int(self._floors_of(candidates, stats.rows, fan_out).min())
        can_win = self.can_win(candidates, stats.rows)
        bounds = self._bounds(candidates, stats.rows, can_win, stats.n_buckets)
        return max(self.floor(candidates, fan_out), int(bounds.min()))

    def guess_floors(self, candidates: IdArray, pool: Pool) -> tuple[IdArray, Int64Array]:
        """Every guess of ``pool``, in the order given, and for each a proven lower bound on
        the total guesses of the set when it is played first: the set's size plus the level
        floor of each of its buckets (equal weights), no guess making more buckets than the
        most any guess of ``pool`` makes. Every row given gets its bound, those that
        :func:`~wordsolver.partition.partition_stats` leaves out as well (they split the set
        like a guess it keeps: the same buckets, the same floors)."""
        rows = np.ascontiguousarray(pool, dtype=np.intp)
        fan_out = int(partition_stats(self.matrix, rows, candidates).n_buckets.max())
        return rows, self._floors_of(candidates, rows, fan_out)

    def _floors_of(self, candidates: IdArray, rows: IdArray, fan_out: int) -> Int64Array:
        """Each guess's floor played first (:meth:`guess_floors`) with ``fan_out`` buckets
        at most per guess."""
        can_win = self.can_win(candidates, rows)
        floors = self._level_floors(fan_out)
        bounds = np.empty(len(rows), dtype=np.int64)
        for first in range(0, len(rows), _BOUND_CHUNK):
            chunk = rows[first : first + _BOUND_CHUNK]
            sizes = bucket_sizes(self.matrix, chunk, candidates)
            # The win bucket holds one secret (floor 1) and costs nothing more.
            part = len(candidates) + floors[sizes].sum(axis=1) - can_win[first : first + len(chunk)]
            bounds[first : first + len(chunk)] = part
        return bounds

    def _perfect_candidate(self, candidates: IdArray) -> int:
        """A heaviest candidate that tells every other candidate apart (the best any set
        allows: ``2W − max w`` guesses, worst case 2), or -1. Cheap: only the candidates are
        scanned."""
        if len(candidates) > self.game.n_patterns:
            return -1
        rows = np.asarray(self.game.secret_rows[candidates], dtype=np.intp)
        summary = partition_stats(self.matrix, rows, candidates)
        splitting = candidates[summary.n_buckets == len(candidates)]
        heaviest = self.units[candidates].max()
        perfect = splitting[self.units[splitting] == heaviest]
        return int(perfect[0]) if len(perfect) else -1

    def try_guess(
        self,
        candidates: IdArray,
        tries_left: int,
        pool: Pool,
        guess: int,
        best: int,
        fan_out: int | None = None,
    ) -> SetValue:
        """Exact total of ``guess`` if it is at most ``best``, else a lower bound above it.

        ``fan_out``: the most buckets any allowed guess makes of the candidates (bounds every
        subset's too); the game's number of patterns when not known."""
        most = self.game.n_patterns if fan_out is None else fan_out
        groups = []
        for pattern, members in split(self.matrix.values[guess, candidates], candidates):
            if pattern != self.game.win_pattern:
                floor = self.floor(members, most)
                # Outside hard mode a memo key does not name the pool, so the parent's will do;
                # in hard mode the child's pool costs more to find than its bound saves.
                known = (
                    None
                    if self.hard
                    else self.memo.get(self.memo_key(members, tries_left - 1, pool))
                )
                groups.append((pattern, members, max(floor, known.lower) if known else floor))
        groups.sort(key=lambda group: -len(group[1]))
        remaining = sum(floor for _, _, floor in groups)
        total = self.weight(candidates)
        if total + remaining > best:  # the floors alone already exceed the best
            return SetValue(total + remaining)
        worst = 1
        for pattern, members, floor in groups:
            remaining -= floor
            child_pool = self.pool_after(pool, guess, pattern, members)
            child = self.solve(members, tries_left - 1, child_pool, best - total - remaining + 1)
            total += child.lower
            if not child.exact or total + remaining > best:
                return SetValue(total + remaining)
            worst = max(worst, child.worst + 1)
        return SetValue(total, True, worst, guess)

    def floor(self, members: IdArray, fan_out: int) -> int:
        """A lower bound on the total guesses of a set when no guess splits it into more than
        ``fan_out`` buckets: see :func:`level_floor`."""
        if self.weights is None:
            return int(self._level_floors(fan_out)[len(members)])
        return level_floor(np.sort(self.units[members])[::-1], fan_out)

    def _level_floors(self, fan_out: int) -> Int64Array:
        """:func:`level_floor` of equal weights for every set size, by fan-out (cached)."""
        table = self._floor_tables.get(fan_out)
        if table is None:
            sizes = np.arange(len(self.game.secrets) + 1, dtype=np.int64)
            table = np.zeros_like(sizes)
            solved = 0  # c_D: the most secrets solved within D guesses
            while solved < sizes[-1]:
                table += np.maximum(sizes - solved, 0)
                solved = _more_solved(solved, fan_out)
            self._floor_tables[fan_out] = table
        return table

    def _distinct_partitions(
        self, pool: Pool, candidates: IdArray, order: IdArray, fingerprint: npt.NDArray[np.uint64]
    ) -> IdArray:
        """``order`` (indices into ``pool``) less the guesses whose patterns on the candidates
        repeat an earlier guess's exactly."""
        kept: IdArray = order[
            first_of_each_partition(self.matrix, pool[order], candidates, fingerprint[order])
        ]
        return kept

    def solve_all(
        self,
        jobs: Sequence[tuple[IdArray, int, Pool]],
        progress: Progress | None = None,
    ) -> None:
        """Solve many sets exactly, the largest first (answers stay in the memo); the sets a
        budget stops are left for :meth:`solve` to report. ``progress(n)`` after each set."""
        for candidates, tries_left, pool in sorted(jobs, key=lambda job: -len(job[0])):
            with contextlib.suppress(SearchInterrupted):  # the budget is spent: left for later
                self.solve(candidates, tries_left, pool, INFEASIBLE)
            if progress is not None:
                progress(len(candidates))

    def lower_of(self, candidates: IdArray, tries_left: int, value: SetValue) -> int:
        """The lower bound proven for a set whose (best found) value :meth:`solve` gave."""
        return value.lower

    def proven_lower(self, candidates: IdArray, tries_left: int, pool: Pool) -> int:
        """The lower bound the search has proven for a set (its value when solved), or 0."""
        known = self.memo.get(self.memo_key(candidates, tries_left, pool))
        return 0 if known is None else known.lower

    # -- trees ----------------------------------------------------------------------------

    def best_guess(self, candidates: IdArray, tries_left: int, pool: Pool) -> int:
        """The row of an optimal guess (solving the set first if needed)."""
        known = self.solve(candidates, tries_left, pool, INFEASIBLE)
        if not known.exact or known.lower >= INFEASIBLE:
            raise WordsolverError(
                f"no tree solves these {len(candidates)} candidates within {tries_left} tries"
            )
        return known.guess

    def tree_rows(self, candidates: IdArray, tries_left: int, pool: Pool) -> Int64Array:
        """The optimal tree of a set solved exactly, as rows of (guess, parent node, pattern
        from the parent): the root is node 1 (parent 0), parents come before children."""
        rows: list[tuple[int, int, int]] = []
        stack = [(candidates, tries_left, pool, 0, -1)]
        while stack:
            members, tries, allowed, parent, pattern = stack.pop()
            guess = self.best_guess(members, tries, allowed)
            rows.append((guess, parent, pattern))
            node = len(rows)
            for child_pattern, child in split(self.matrix.values[guess, members], members):
                if child_pattern != self.game.win_pattern:
                    child_pool = self.pool_after(allowed, guess, child_pattern, child)
                    stack.append((child, tries - 1, child_pool, node, child_pattern))
        return np.array(rows, dtype=np.int64).reshape(-1, 3)


def joined_rows(guess: int, children: list[tuple[int, Int64Array]]) -> Int64Array:
    """The tree rows of ``guess`` at the root with each (pattern, subtree rows) below it."""
    rows = [np.array([[guess, 0, -1]], dtype=np.int64)]
    size = 1
    for pattern, child in children:
        sub = child.copy()
        sub[:, 1] = np.where(sub[:, 1] == 0, 1, sub[:, 1] + size)
        sub[0, 2] = pattern
        rows.append(sub)
        size += len(sub)
    return np.concatenate(rows)


def level_floor(heaviest_first: Int64Array, fan_out: int) -> int:
    """The least total guesses (weighted) of any tree for secrets of these weights, given in
    decreasing order, when no guess splits a set into more than ``fan_out`` buckets.

    A first guess solves at most one secret, and splits the rest into at most ``fan_out``
    buckets, one of them the win when it may win: so if at most ``c_D`` secrets of any set
    are solved within ``D`` guesses, at most ``max(1 + (fan_out − 1)·c_D, fan_out·c_D) =
    fan_out·c_D`` are solved within ``D + 1``, and ``c_D = fan_out^(D−1)``. The total is at
    least ``Σ_D (W − weight of the c_D heaviest)`` over ``D = 0, 1, …`` (``c_0 = 0``). For
    ``b ≤ fan_out`` equal weights this is ``2b − 1``:

    >>> import numpy as np
    >>> level_floor(np.ones(3, dtype=np.int64), 3), level_floor(np.ones(10, dtype=np.int64), 3)
    (5, 27)
    """
    prefix = np.concatenate(([0], np.cumsum(heaviest_first)))
    total, solved = 0, 0
    while solved < len(heaviest_first):
        total += int(prefix[-1] - prefix[solved])
        solved = _more_solved(solved, fan_out)
    return total


def _more_solved(solved: int, fan_out: int) -> int:
    """The most secrets solved within one guess more than ``solved`` are (see
    :func:`level_floor`); one more each guess when no guess splits (a set that size cannot be
    told apart, but the floor stays finite)."""
    return 1 if solved == 0 else max(fan_out * solved, solved + 1)


def _better(candidate: SetValue, best: SetValue) -> bool:
    """Fewer total guesses, then a shallower worst case."""
    if not best.exact:
        return candidate.lower <= best.lower
    return (candidate.lower, candidate.worst) < (best.lower, best.worst)


@dataclass(frozen=True, slots=True)
class GuessOrder:
    """A set's guesses in the order a search tries them (``order`` indexes the others): their
    rows, bounds, whether the bound is their value (``closed``) and its worst case then."""

    order: IdArray
    rows: IdArray
    bound: Int64Array
    closed: npt.NDArray[np.bool_]
    closed_worst: Int64Array


def best_of_guesses(
    guesses: GuessOrder, beta: int, try_guess: Callable[[int, int], SetValue]
) -> tuple[SetValue, int]:
    """The best guess of a set by the search's rules: in order, each guess whose bound can
    still beat the best so far is valued by ``try_guess(guess, best total)`` (exact if at most
    it, else a lower bound above); the best (``SetValue(beta)`` when none is exact below
    ``beta``) and the least lower bound of the guesses not solved (INFEASIBLE: none)."""
    best = SetValue(beta)
    untried_floor = INFEASIBLE
    order, bound = guesses.order, guesses.bound
    for position, k in enumerate(order):
        if bound[k] > best.lower or (bound[k] == best.lower and best.exact and best.worst <= 2):
            untried_floor = int(bound[order[position:]].min())
            break
        guess = int(guesses.rows[k])
        if guesses.closed[k]:
            candidate = SetValue(int(bound[k]), True, int(guesses.closed_worst[k]), guess)
        else:
            candidate = try_guess(guess, best.lower)
        if candidate.exact and _better(candidate, best):
            best = candidate
        elif not candidate.exact:
            untried_floor = min(untried_floor, candidate.lower)
    return best, untried_floor

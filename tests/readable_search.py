"""The readable exact search: the decision tree with the fewest total guesses, and its proof.

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

The same rules as the compiled core's (:class:`~wordsolver.search.compiled.CompiledSearch`),
in plain Python on the :class:`~wordsolver.search.base.ExactSearch` interface, kept here beside
:mod:`tests.reference` and apart from the engine it checks: the tests hold the core to it,
weighted or not, in every mode it plays (any allowed word, hard mode, only candidates), and it
to the exhaustive searches of :mod:`tests.reference` on small games.
"""

from __future__ import annotations

import time

import numpy as np
import numpy.typing as npt

from wordsolver.matrix import PatternMatrix
from wordsolver.partition import (
    PartitionStats,
    first_of_each_partition,
    partition_stats,
)
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.plumbing.digests import blake2b_digest
from wordsolver.search.base import (
    INFEASIBLE,
    ExactSearch,
    GuessOrder,
    Pool,
    SearchInterrupted,
    SearchLimit,
    SetValue,
    best_of_guesses,
)
from wordsolver.weights import SecretWeights


class ReadableSearch(ExactSearch):
    """Branch and bound over one pattern matrix, in Python; reusable, the memo grows with
    every call."""

    def __init__(
        self,
        matrix: PatternMatrix,
        *,
        hard: bool = False,
        only_candidates: bool = False,
        limit: SearchLimit | None = None,
        weights: SecretWeights | None = None,
    ) -> None:
        super().__init__(matrix, hard=hard, limit=limit, weights=weights)
        self.only_candidates = only_candidates
        self.memo: dict[tuple[bytes, int, bytes], SetValue] = {}
        # Whether a set's pool may shrink to one guess per partition: not when hard mode (the
        # words themselves decide what stays allowed) or the candidates (recomputed) are the pool.
        self._reduces_pools = not (hard or only_candidates)
        self._deadline = float("inf")
        self._node_budget = -1

    # -- budget ---------------------------------------------------------------------------

    def start_clock(self) -> None:
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
        """As every search's; when only candidates are guessed, the candidates left."""
        if self.only_candidates:
            return np.asarray(self.game.secret_rows[members], dtype=np.intp)
        return super().pool_after(pool, guess, pattern, members)

    def memo_key(
        self, candidates: IdArray, tries_left: int, pool: Pool
    ) -> tuple[bytes, int, bytes]:
        """Memo key: the set, the tries left and (in hard mode only) the guesses allowed."""
        pool_part = blake2b_digest(pool.tobytes(), 16) if self.hard else b""
        return candidates.tobytes(), tries_left, pool_part

    # -- search ---------------------------------------------------------------------------

    def solve(self, candidates: IdArray, tries_left: int, pool: Pool, beta: int) -> SetValue:
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
        """As every search's; weighted, the heavier of the level floor and the least bound."""
        if self.weights is None or len(candidates) <= 2:
            return super().first_bound(candidates, pool)
        stats = partition_stats(self.matrix, pool, candidates)
        fan_out = int(stats.n_buckets.max())
        can_win = self.can_win(candidates, stats.rows)
        bounds = self._bounds(candidates, stats.rows, can_win, stats.n_buckets)
        return max(self.floor(candidates, fan_out), int(bounds.min()))

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

    def _distinct_partitions(
        self, pool: Pool, candidates: IdArray, order: IdArray, fingerprint: npt.NDArray[np.uint64]
    ) -> IdArray:
        """``order`` (indices into ``pool``) less the guesses whose patterns on the candidates
        repeat an earlier guess's exactly."""
        kept: IdArray = order[
            first_of_each_partition(self.matrix, pool[order], candidates, fingerprint[order])
        ]
        return kept

    def proven_lower(self, candidates: IdArray, tries_left: int, pool: Pool) -> int:
        known = self.memo.get(self.memo_key(candidates, tries_left, pool))
        return 0 if known is None else known.lower

    def known_lower(self, candidates: IdArray, tries_left: int, pool: Pool) -> int | None:
        """The memo's bound of a set; outside hard mode a memo key does not name the pool,
        so the parent's will do (in hard mode the child's pool costs more to find than its
        bound saves)."""
        if self.hard:
            return None
        known = self.memo.get(self.memo_key(candidates, tries_left, pool))
        return None if known is None else known.lower

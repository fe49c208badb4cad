"""The exact search with one guess per symmetry class near the root (:mod:`.symmetry`).

While a set is large and the guesses played so far leave permutations that fix them, its
guesses are searched one per class of those permutations, by the same rules as the search
itself (bound ``3n − w − k`` first, buckets of at most two closed by their bound, level floors,
cut-offs against the best so far, ties to the smaller worst case); smaller sets, and sets whose
history no permutation fixes, go to the search's own core. Values, worst cases and totals are
those of the plain search; the guesses chosen may be other members of their classes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from wordsolver.partition import partition_stats, split
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.proof.symmetry import Symmetry
from wordsolver.search.base import (
    INFEASIBLE,
    ExactSearch,
    GuessOrder,
    Pool,
    SetValue,
    best_of_guesses,
    tree_below,
)

#: Sets of fewer secrets go straight to the search's core.
SYMMETRY_MIN = 64
#: Guesses played before the core takes over, at most.
SYMMETRY_DEPTH = 3

History = tuple[int, ...]
#: Solves a set left by a history: (candidates, tries left, pool, beta, history) → value.
Solve = Callable[[IdArray, int, Pool, int, History], SetValue]


@dataclass(frozen=True, slots=True)
class Bucket:
    """A bucket of a guess: its secrets, a proven lower bound on them, the guesses left."""

    members: IdArray
    floor: int
    pool: Pool


def search_buckets(
    solve: Solve,
    guess: int,
    size: int,
    buckets: list[Bucket],
    tries_left: int,
    best: int | Callable[[], int],
    history: History,
) -> SetValue:
    """The exact total of ``guess`` played on a set of ``size`` secrets whose non-winning
    buckets these are, if it is at most ``best``; else a lower bound above it. The buckets are
    searched smallest first, each only for what can still fit under ``best`` beside the
    floors of the others (the search's own rule). ``best`` may be a function, read before
    each bucket: a best that falls while the buckets are searched (a proof's best total so
    far) cuts them off sooner; the answer is then exact or above the last best read."""
    limit = best if callable(best) else lambda: best
    total = size
    remaining = sum(bucket.floor for bucket in buckets)
    if total + remaining > limit():
        return SetValue(total + remaining)
    worst = 1
    below = (*history, guess)
    for bucket in sorted(buckets, key=lambda bucket: len(bucket.members)):
        remaining -= bucket.floor
        ceiling = limit()
        if total + bucket.floor + remaining > ceiling:
            return SetValue(min(total + bucket.floor + remaining, INFEASIBLE))
        beta = ceiling - total - remaining + 1
        child = solve(bucket.members, tries_left - 1, bucket.pool, beta, below)
        total += child.lower
        if not child.exact or total + remaining > ceiling:
            return SetValue(min(total + remaining, INFEASIBLE))
        worst = max(worst, child.worst + 1)
    return SetValue(total, True, worst, guess)


class SymmetricSearch:
    """Values of sets below a history of guesses, searched one guess per class."""

    def __init__(
        self,
        search: ExactSearch,
        symmetry: Symmetry,
        *,
        min_size: int = SYMMETRY_MIN,
        depth: int = SYMMETRY_DEPTH,
    ) -> None:
        self.search = search
        self.symmetry = symmetry
        self.min_size = min_size
        self.depth = depth
        self.game = search.game
        #: Sets searched here (the value of a set does not depend on the way to it).
        self._memo: dict[tuple[bytes, int], SetValue] = {}

    # -- values ---------------------------------------------------------------------------

    def solve(
        self, candidates: IdArray, tries_left: int, pool: Pool, beta: int, history: History
    ) -> SetValue:
        """The value of a set left by ``history``, exact when below ``beta``, else a proven
        lower bound of at least ``beta`` (as :meth:`ExactSearch.solve`)."""
        n = len(candidates)
        if n < self.min_size or tries_left <= 2 or len(history) >= self.depth:
            return self.search.solve(candidates, tries_left, pool, beta)
        key = (candidates.tobytes(), tries_left)
        known = self._memo.get(key)
        if known is not None and (known.exact or known.lower >= beta):
            return known
        classes = self.symmetry.representatives(history, pool)
        if len(classes) == len(pool):  # no permutation fixes the history
            return self.search.solve(candidates, tries_left, pool, beta)
        value = self._search(candidates, tries_left, pool, beta, history, classes)
        if known is not None and not value.exact:
            value.lower = max(value.lower, known.lower)
        self._memo[key] = value
        return value

    def _search(
        self,
        candidates: IdArray,
        tries_left: int,
        pool: Pool,
        beta: int,
        history: History,
        classes: IdArray,
    ) -> SetValue:
        n = len(candidates)
        stats = partition_stats(self.search.matrix, classes, candidates)
        rows = stats.rows
        can_win = self.search.can_win(candidates, rows)
        bound = 3 * n - can_win - stats.n_buckets
        # Guesses whose buckets hold at most two secrets are solved by their bound.
        closed = stats.worst <= 2
        closed_worst = np.where(stats.worst == 1, np.where(stats.n_buckets > can_win, 2, 1), 3)
        # Every guess is some class's image under a permutation fixing the set: the classes'
        # largest fan-out is every guess's.
        fan_out = int(stats.n_buckets.max())
        useful = np.flatnonzero(((stats.n_buckets > 1) | (can_win == 1)) & (bound <= beta))
        if len(useful) == 0:
            return SetValue(max(int(bound.min()), beta))
        order = useful[np.lexsort((stats.sum_squares[useful], bound[useful]))]
        best, untried_floor = best_of_guesses(
            GuessOrder(order, rows, bound, closed, closed_worst),
            beta,
            lambda guess, limit: self.try_guess(
                candidates, tries_left, pool, guess, limit, fan_out, history
            ),
        )
        if best.exact:
            return best
        return SetValue(max(untried_floor, beta))

    def try_guess(
        self,
        candidates: IdArray,
        tries_left: int,
        pool: Pool,
        guess: int,
        best: int,
        fan_out: int,
        history: History,
    ) -> SetValue:
        """Exact total of ``guess`` played on the set if it is at most ``best``, else a
        lower bound above it (its buckets bounded by their level floors)."""
        buckets = [
            Bucket(members, self.search.floor(members, fan_out), pool)
            for pattern, members in split(self.search.matrix.values[guess, candidates], candidates)
            if pattern != self.game.win_pattern
        ]
        return search_buckets(
            self.solve, guess, len(candidates), buckets, tries_left, best, history
        )

    # -- trees ----------------------------------------------------------------------------

    def tree_rows(self, candidates: IdArray, tries_left: int, pool: Pool) -> Int64Array:
        """The optimal tree of a set solved exactly (rows as
        :meth:`ExactSearch.tree_rows`): the guesses chosen here, the core's below."""
        known = self._memo.get((candidates.tobytes(), tries_left))
        if known is None:
            return self.search.tree_rows(candidates, tries_left, pool)
        if not known.exact:
            raise RuntimeError("the tree of a set not solved exactly was asked for")
        return self.guess_rows(known.guess, candidates, tries_left, pool)

    def guess_rows(
        self, guess: int, candidates: IdArray, tries_left: int, pool: Pool
    ) -> Int64Array:
        """The tree rows of ``guess`` played on a set, each bucket's tree (found here or by
        the core) below it."""
        return tree_below(self.search, self.tree_rows, guess, candidates, tries_left, pool)

"""The value of one first guess under a cutoff, refuted cheaply where it can be.

Most first guesses of a whole-game proof are refuted, not solved: their value only has to be
shown above the cutoff. Each bucket a first guess leaves is first bounded by its level floor
(free), then, largest first and only while the sum can still reach the cutoff, by its
two-level bound (the least over the second guesses of the bucket's size plus their buckets'
floors: :meth:`wordsolver.search.ExactSearch.first_bound`). When the bounds pass the cutoff
the guess is refuted without a search; otherwise the buckets are searched smallest first
against what is left, their tighter floors narrowing every bucket's window. On Wordle's
original lists this refutes the 1,000th most promising first guess in 0.3 s instead of 6 s.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from wordsolver.partition import partition_stats, split
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.proof.symmetric import (
    Bucket,
    History,
    SymmetricSearch,
    search_buckets,
)
from wordsolver.search import INFEASIBLE, ExactSearch, FirstGuessValue, SetValue
from wordsolver.search.base import Pool

#: Buckets of at most this many secrets keep their level floor (it is exact or nearly).
_FLOOR_ONLY = 2

#: The best total proven so far by the whole proof, read while a task runs (it only falls):
#: a task whose guess it refutes stops at once.
LiveCutoff = Callable[[], int]


class FirstGuessSearch:
    """First guesses of one game valued under cutoffs, on a search (and its symmetric
    search, when the game has one)."""

    def __init__(
        self,
        search: ExactSearch,
        candidates: IdArray,
        tries: int,
        pool: Pool,
        symmetric: SymmetricSearch | None = None,
    ) -> None:
        self.search = search
        self.candidates = candidates
        self.tries = tries
        self.pool = pool
        self.symmetric = symmetric
        matrix = search.matrix
        self._fan_out = int(partition_stats(matrix, pool, candidates).n_buckets.max())

    def _solve(
        self, members: IdArray, tries_left: int, pool: Pool, beta: int, history: History
    ) -> SetValue:
        if self.symmetric is not None:
            return self.symmetric.solve(members, tries_left, pool, beta, history)
        return self.search.solve(members, tries_left, pool, beta)

    def value(
        self,
        guess: int,
        cutoff: int = INFEASIBLE,
        *,
        search: bool = True,
        live: LiveCutoff | None = None,
    ) -> tuple[FirstGuessValue, bool]:
        """The exact value of ``guess`` played first when it is at most ``cutoff``, else a
        proven lower bound above it; and whether it took a search (False: refuted by its
        bounds alone). Without ``search`` only the bounds are counted: a bound above the
        cutoff, or the two-level bound of every bucket (the refinement a best-first proof
        asks of a guess before it searches it). ``live`` gives the proof's best total as it
        falls: the cutoff follows it, bucket by bucket."""

        def current() -> int:
            return cutoff if live is None else min(cutoff, live())

        search_ = self.search
        candidates = self.candidates
        win = search_.game.win_pattern
        buckets = [
            Bucket(
                members,
                search_.floor(members, self._fan_out),
                search_.pool_after(self.pool, guess, pattern, members),
            )
            for pattern, members in split(search_.matrix.values[guess, candidates], candidates)
            if pattern != win
        ]
        size = len(candidates)
        bound = size + sum(bucket.floor for bucket in buckets)
        for k in np.argsort([-len(bucket.members) for bucket in buckets], kind="stable"):
            if bound > current():
                break
            bucket = buckets[k]
            if len(bucket.members) <= _FLOOR_ONLY:
                break  # the rest are as small, their floors already tight
            deeper = max(bucket.floor, search_.first_bound(bucket.members, bucket.pool))
            bound += deeper - bucket.floor
            buckets[k] = Bucket(bucket.members, deeper, bucket.pool)
        if bound > current() or not search:
            return FirstGuessValue(guess, bound, False), False
        value = search_buckets(self._solve, guess, size, buckets, self.tries, current, ())
        return FirstGuessValue(guess, value.lower, value.exact, value.worst), True

    def tree_rows(self, guess: int) -> Int64Array:
        """The optimal tree of ``guess`` played first, once :meth:`value` found it exact."""
        solver = self.symmetric or self.search
        return solver.guess_rows(guess, self.candidates, self.tries, self.pool)

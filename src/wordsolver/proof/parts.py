"""A first guess's value in parts: its buckets, each by the classes of its second guesses.

When a game has fewer classes of first guesses than a cluster has workers (Bulls and Cows: all
5,040 first guesses are one class), a task per first guess leaves the workers idle. Its value
is the sum of its buckets' values, and a bucket's value is the least over its second guesses,
so the work splits into parts: (bucket, class of second guesses under the permutations that
fix the first guess), or a whole bucket when it is small. This module plans the parts of a
first guess (each with a proven lower bound) and values one part under a cutoff; which parts
run, and what their values add up to, is :mod:`.split`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordsolver.partition import PartitionStats, partition_stats, split
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.proof.symmetric import SYMMETRY_MIN, SymmetricSearch
from wordsolver.search import INFEASIBLE, SetValue
from wordsolver.search.base import Pool

#: A part that is a whole bucket (no second guess named).
WHOLE = -1


@dataclass(frozen=True, slots=True)
class PartPlan:
    """A bucket of a first guess: its pattern and size, and its parts as (second guess, proven
    lower bound) pairs, most promising first (one ``(WHOLE, bound)`` for a whole bucket)."""

    pattern: int
    size: int
    parts: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class _Bucket:
    """A bucket of a first guess: its secrets, its pool, the pool's classes of second guesses
    under the permutations that fix the first guess, and how each class splits the bucket."""

    members: IdArray
    pool: Pool
    classes: IdArray
    stats: PartitionStats

    def fan_out(self) -> int:
        """The most buckets any second guess makes of it (a class's guesses split alike)."""
        return int(self.stats.n_buckets.max())


class FirstGuessParts:
    """Parts of first guesses planned and valued on one process's symmetric search."""

    def __init__(self, symmetric: SymmetricSearch, tries: int, pool: Pool) -> None:
        self.symmetric = symmetric
        self.search = symmetric.search
        self.tries = tries
        self.pool = pool
        self.candidates = np.arange(len(self.search.game.secrets), dtype=np.intp)
        #: (first guess, pattern) → the bucket.
        self._buckets: dict[tuple[int, int], _Bucket] = {}

    def _bucket(self, guess: int, pattern: int, members: IdArray | None = None) -> _Bucket:
        """The bucket ``pattern`` of ``guess`` played first (``members``: its secrets, when
        known already)."""
        key = (guess, pattern)
        known = self._buckets.get(key)
        if known is None:
            search = self.search
            if members is None:
                row = search.matrix.values[guess, self.candidates]
                members = self.candidates[row == pattern]
            pool = search.pool_after(self.pool, guess, pattern, members)
            classes = self.symmetric.symmetry.representatives((guess,), pool)
            stats = partition_stats(search.matrix, classes, members)
            known = self._buckets[key] = _Bucket(members, pool, classes, stats)
        return known

    def plan(self, guess: int, min_size: int = SYMMETRY_MIN) -> list[PartPlan]:
        """The buckets of ``guess`` played first (the win left out), each with its parts:
        buckets of fewer than ``min_size`` secrets (or too few tries left for the symmetric
        search) are one part; the others one part per useful class of second guesses."""
        search = self.search
        matrix, game = search.matrix, search.game
        plans = []
        values = matrix.values[guess, self.candidates]
        for pattern, members in split(values, self.candidates):
            if pattern == game.win_pattern:
                continue
            bucket = self._bucket(guess, int(pattern), members)
            pool, classes, stats = bucket.pool, bucket.classes, bucket.stats
            n = len(members)
            if n < max(min_size, 3) or self.tries - 1 <= 2 or len(classes) == len(pool):
                parts: tuple[tuple[int, int], ...] = ((WHOLE, search.first_bound(members, pool)),)
            else:
                can_win = search.can_win(members, stats.rows) == 1
                # A guess that leaves the set whole and cannot win only costs a guess.
                useful = stats.rows[(stats.n_buckets > 1) | can_win]
                rows, floors = search.guess_floors(members, useful)
                ranked = sorted(
                    zip(rows.tolist(), floors.tolist(), strict=True),
                    key=lambda part: (part[1], part[0]),
                )
                parts = tuple(ranked)
            plans.append(PartPlan(int(pattern), n, parts))
        return plans

    def value(self, guess: int, pattern: int, second: int, cutoff: int) -> SetValue:
        """The exact value of a part if it is at most ``cutoff``, else a proven lower bound
        above it: the bucket's least total (``second`` WHOLE), or its total when ``second``
        is played on it."""
        bucket = self._bucket(guess, pattern)
        tries_left = self.tries - 1
        if second == WHOLE:
            beta = cutoff + 1 if cutoff < INFEASIBLE else INFEASIBLE
            return self.symmetric.solve(bucket.members, tries_left, bucket.pool, beta, (guess,))
        return self.symmetric.try_guess(
            bucket.members, tries_left, bucket.pool, second, cutoff, bucket.fan_out(), (guess,)
        )

    def tree_rows(self, guess: int, pattern: int, second: int) -> Int64Array:
        """The optimal tree of a part valued exact (rooted at its second guess)."""
        bucket = self._bucket(guess, pattern)
        tries_left = self.tries - 1
        if second == WHOLE:
            return self.symmetric.tree_rows(bucket.members, tries_left, bucket.pool)
        return self.symmetric.guess_rows(second, bucket.members, tries_left, bucket.pool)

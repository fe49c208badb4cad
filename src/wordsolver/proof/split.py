"""A class of first guesses proven in parts (:mod:`.parts`): what is known of each part, which
part runs next, and what the parts add up to.

A bucket's value is the least over its parts, so a part is settled when it is exact or its
bound is above the best exact part of its bucket; a bucket is settled when all its parts are,
and the first guess's value (the secrets plus its buckets' values) is exact when every bucket
is. Until then that sum over the buckets' least bounds is a proven lower bound that rises as
parts finish: the progress of a proof with a single class of first guesses.

Each part runs with the cutoff its bucket allows: the bucket's best exact value so far, and
(when a proof's cutoff is given) what the other buckets' bounds leave under it. A bucket
without an exact part runs one part at a time, so that no two parts of it run uncut.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wordsolver.plumbing.arrays import Int64Array
from wordsolver.proof.parts import PartPlan
from wordsolver.search import INFEASIBLE
from wordsolver.search.base import joined_rows


@dataclass(slots=True)
class Known:
    """What is known of a value being proven (a class of first guesses, a part): a proven
    lower bound, or the exact value with its worst case and tree; whether a task on it runs,
    and whether a search ran on it (not only bounds)."""

    bound: int
    exact: bool = False
    worst: int = 0
    rows: Int64Array | None = None
    running: bool = False
    took_search: bool = False

    def take(self, total: int, exact: bool, worst: int, rows: Int64Array | None) -> None:
        """An outcome or a recorded entry: an exact value, or a bound."""
        if exact:
            self.bound, self.exact, self.worst, self.rows = total, True, worst, rows
        elif not self.exact:
            self.bound = max(self.bound, total)


@dataclass(slots=True, kw_only=True)
class Part(Known):
    """One part: its second guess (or the whole bucket), and what is known of its value."""

    second: int


@dataclass(slots=True)
class BucketParts:
    """The parts of one bucket of the first guess, most promising first."""

    pattern: int
    size: int
    parts: list[Part]

    def best(self) -> Part | None:
        """The exact part of least total (then worst case), if any."""
        exact = [part for part in self.parts if part.exact and part.bound < INFEASIBLE]
        return min(exact, key=lambda part: (part.bound, part.worst), default=None)

    def lower(self) -> int:
        """A proven lower bound on the bucket's value (its value once settled)."""
        return min(part.bound for part in self.parts)

    def part_settled(self, part: Part, best: Part | None) -> bool:
        return part.exact or (best is not None and part.bound > best.bound)

    def settled(self) -> bool:
        best = self.best()
        return all(self.part_settled(part, best) for part in self.parts)

    def next_part(self, window: int) -> tuple[Part, int] | None:
        """The most promising part not settled nor running, with its cutoff (the best exact
        part's total, within ``window``); None when none may run now."""
        best = self.best()
        if best is None and any(part.running for part in self.parts):
            return None
        cutoff = min(window, INFEASIBLE if best is None else best.bound)
        for part in self.parts:
            if not part.running and not self.part_settled(part, best) and part.bound <= cutoff:
                return part, cutoff
        return None


@dataclass(slots=True)
class SplitClass:
    """A first guess valued by its parts."""

    guess: int
    #: Secrets in the game (each costs the first guess).
    size: int
    buckets: list[BucketParts]
    _by_pattern: dict[int, BucketParts] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._by_pattern = {bucket.pattern: bucket for bucket in self.buckets}

    @classmethod
    def planned(cls, guess: int, size: int, plans: list[PartPlan]) -> SplitClass:
        buckets = [
            BucketParts(
                plan.pattern, plan.size, [Part(bound, second=row) for row, bound in plan.parts]
            )
            for plan in plans
        ]
        # The largest buckets first: they take longest.
        buckets.sort(key=lambda bucket: (-bucket.size, bucket.pattern))
        return cls(guess, size, buckets)

    def part(self, pattern: int, second: int) -> Part | None:
        """The part of this bucket and second guess (None: not one of the plan's)."""
        bucket = self._by_pattern.get(pattern)
        if bucket is None:
            return None
        return next((part for part in bucket.parts if part.second == second), None)

    def lower(self) -> int:
        """A proven lower bound on the first guess's total (its total once exact)."""
        return min(INFEASIBLE, self.size + sum(bucket.lower() for bucket in self.buckets))

    def exact(self) -> bool:
        return all(bucket.settled() for bucket in self.buckets)

    def worst(self) -> int:
        """The worst case of the exact value: the first guess, then the deepest bucket."""
        bests = [bucket.best() for bucket in self.buckets]
        return 1 + max((best.worst for best in bests if best is not None), default=0)

    def rows(self) -> Int64Array | None:
        """The optimal tree of the exact value (None while a best part lacks its tree)."""
        children = []
        for bucket in sorted(self.buckets, key=lambda bucket: bucket.pattern):
            best = bucket.best()
            if best is None or best.rows is None:
                return None
            children.append((bucket.pattern, best.rows))
        return joined_rows(self.guess, children)

    def counts(self) -> tuple[int, int]:
        """(parts settled, parts)."""
        done = total = 0
        for bucket in self.buckets:
            best = bucket.best()
            total += len(bucket.parts)
            done += sum(bucket.part_settled(part, best) for part in bucket.parts)
        return done, total

    def running(self) -> bool:
        return any(part.running for bucket in self.buckets for part in bucket.parts)

    def next_part(self, cutoff: int) -> tuple[BucketParts, Part, int] | None:
        """The next part to run, its bucket and its cutoff: buckets without an exact part
        first, largest first; ``cutoff`` bounds the first guess's total."""
        lowers = [bucket.lower() for bucket in self.buckets]
        total = self.size + sum(lowers)
        order = sorted(
            range(len(self.buckets)), key=lambda k: self.buckets[k].best() is not None
        )  # stable: largest first within each
        for k in order:
            bucket = self.buckets[k]
            window = INFEASIBLE if cutoff >= INFEASIBLE else cutoff - (total - lowers[k])
            found = bucket.next_part(window)
            if found is not None:
                return bucket, *found
        return None

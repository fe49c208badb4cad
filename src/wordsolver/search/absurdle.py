"""Shortest forced wins against the Absurdle adversary, and proofs that none is shorter.

The adversary (:mod:`wordsolver.adversary`) is deterministic, so a strategy against it is one
sequence of guesses, and the game is won on the guess that is the last secret left. ``d``
guesses win from a set of possible secrets ``B`` when ``B`` is one word (``d ≥ 1``), or some
allowed guess leaves a set that ``d - 1`` guesses win from. The search tries every allowed
guess at every level; its only cuts are sound:

* after ``k`` more guesses at least ``|B| / n_patterns**k`` secrets are left, so a set of more
  than ``n_patterns**(d - 1)`` secrets cannot be won in ``d`` (two guesses win only a set that
  some guess splits into single words, so at most ``n_patterns`` of them);
* a guess that leaves the whole set makes no progress, so it never shortens a win.

In hard mode each guess must keep to the feedback so far (the game's rule decides what that
means, see :meth:`~wordsolver.games.FeedbackRule.hard_mode_allows`); the compiled kernels check the
mask of the guesses before, and every split they report is checked again against the mask
after the guess that led to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numba import njit, prange, types
from numba.typed import Dict

from wordsolver.adversary import RankArray, adversary_answer, preference
from wordsolver.games.rule import PatternArray
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import BoolArray, IdArray, Int64Array
from wordsolver.plumbing.progress import Progress

#: First guesses handed to the compiled kernel at a time (the progress moves between chunks).
_CHUNK = 256
#: The same when one win is enough (the search stops after the chunk that finds it).
_SMALL_CHUNK = 8
#: Pairs of secrets remembered from splitters that failed: most splitters fail on one of them.
_CLASHES = 4


@dataclass(frozen=True, slots=True)
class ForcedWin:
    """The shortest win from a position: ``guesses`` forced wins in ``length`` (the last guess is
    the only secret left), proven shortest; ``first_guesses`` are every guess that starts a win
    of that length (when asked for all), in guess order."""

    length: int
    guesses: tuple[str, ...]
    first_guesses: tuple[str, ...] = field(default=())


def forced_win(
    matrix: PatternMatrix,
    bucket: IdArray | None = None,
    allowed: BoolArray | None = None,
    *,
    hard: bool = False,
    every_first: bool = False,
    progress: Progress | None = None,
) -> ForcedWin:
    """The shortest forced win from ``bucket`` (default: every secret) with the guesses
    ``allowed`` (default: all; in hard mode, those that keep to the feedback so far), proven.

    With ``every_first`` every first guess is tried and all that start a shortest win are
    listed (this is how the first guesses of a 4-guess Absurdle win are counted); otherwise the
    search stops at the first. ``progress(n)`` is told of guesses tried at the first level."""
    game = matrix.game
    secrets = np.arange(len(game.secrets), dtype=np.intp) if bucket is None else bucket
    mask = np.ones(len(game.guesses), np.bool_) if allowed is None else allowed
    search = _Search(matrix, _guess_major(matrix), preference(game), hard)
    length = 1
    while True:
        if len(secrets) <= game.n_patterns ** (length - 1):
            found = search.wins_within(secrets, mask, length, every_first, progress)
            if found is not None:
                path, firsts = found
                words = game.guesses.words
                return ForcedWin(
                    length, tuple(words[g] for g in path), tuple(words[g] for g in firsts)
                )
        length += 1


@dataclass(frozen=True, slots=True)
class _Search:
    """One game's search: its matrix, the cells guess-major, the adversary's tie ranks, and
    whether hard mode holds."""

    matrix: PatternMatrix
    values: PatternArray
    ranks: RankArray
    hard: bool

    @property
    def n_patterns(self) -> int:
        return len(self.ranks)

    def after(self, bucket: IdArray, mask: BoolArray, row: int) -> tuple[IdArray, BoolArray]:
        """The words the adversary keeps after a guess, and the guesses allowed next."""
        answer = adversary_answer(self.matrix, bucket, row)
        if self.hard:  # the rule's own hard mode, as the exact search reads it
            codes = self.matrix.game.guess_codes
            mask = mask & self.matrix.game.rule.hard_mode_allows(codes, codes[row], answer.pattern)
        return answer.bucket, mask

    def last(self, bucket: IdArray) -> int:
        """The guess row of the one word left."""
        return int(self.matrix.game.secret_rows[bucket[0]])

    def wins_within(
        self,
        bucket: IdArray,
        mask: BoolArray,
        length: int,
        every_first: bool,
        progress: Progress | None,
    ) -> tuple[list[int], list[int]] | None:
        """A path of ``length`` guesses that wins from ``bucket`` and the first guesses that
        start one (all of them with ``every_first``), or None when ``length`` cannot win."""
        if len(bucket) == 1 or length <= 2:
            short = self.rest_within(bucket, mask, length)
            if progress is not None:
                progress(int(mask.sum()))
            if short is None or len(short) == 1 or not every_first:
                return None if short is None else (short, short[:1])
            return short, self.every_separating(bucket, mask)
        firsts: list[int] = []
        path: list[int] | None = None
        rows = np.flatnonzero(mask)
        step = _CHUNK
        if not every_first:  # the guesses that leave fewest words first: a win is found sooner
            left = [len(adversary_answer(self.matrix, bucket, int(row)).bucket) for row in rows]
            rows = rows[np.argsort(left, kind="stable")]
            step = _SMALL_CHUNK
        for start in range(0, len(rows), step):
            chunk = rows[start : start + step]
            for row in self.promising(bucket, mask, chunk, length):
                rest = self.rest_within(*self.after(bucket, mask, row), length - 1)
                if rest is None:
                    continue
                firsts.append(row)
                if path is None:
                    path = [row, *rest]
                if not every_first:
                    break
            if progress is not None:
                progress(len(chunk))
            if path is not None and not every_first:
                break
        return None if path is None else (path, sorted(firsts))

    def promising(self, bucket: IdArray, mask: BoolArray, rows: IdArray, length: int) -> list[int]:
        """The first guesses among ``rows`` that may start a win in ``length``: all of them,
        sifted by the compiled kernel when ``length`` is 4 (its "no" is final: the masks it
        reads allow at least the guesses hard mode allows)."""
        if length != 4:
            return [int(row) for row in rows]
        if self.hard:
            masks = np.empty((len(rows), len(mask)), np.bool_)
            for i, row in enumerate(rows):
                masks[i] = self.after(bucket, mask, int(row))[1]
        else:
            masks = np.broadcast_to(mask, (len(rows), len(mask)))
        seconds = _first_level(self.values, bucket, rows.astype(np.intp), masks, self.ranks)
        return [int(row) for row, second in zip(rows, seconds, strict=True) if second >= 0]

    def rest_within(self, bucket: IdArray, mask: BoolArray, length: int) -> list[int] | None:
        """A path of at most ``length`` guesses that wins from ``bucket``, or None."""
        if len(bucket) == 1:
            return [self.last(bucket)]
        if length <= 1 or len(bucket) > self.n_patterns ** (length - 1):
            return None
        if length == 2:
            owner = np.full(self.n_patterns, -1, np.int64)
            split = _separating(self.values, bucket, mask, owner, 0)
            return None if split < 0 else [split, self.forced_last(bucket, split)]
        if length == 3:
            return self.three(bucket, mask)
        for row in np.flatnonzero(mask):
            kept, after = self.after(bucket, mask, int(row))
            if len(kept) == len(bucket):
                continue
            rest = self.rest_within(kept, after, length - 1)
            if rest is not None:
                return [int(row), *rest]
        return None

    def every_separating(self, bucket: IdArray, mask: BoolArray) -> list[int]:
        """Every allowed guess that gives each word of ``bucket`` its own pattern."""
        owner = np.full(self.n_patterns, -1, np.int64)
        found: list[int] = []
        row = _separating(self.values, bucket, mask, owner, 0)
        while row >= 0:
            found.append(row)
            row = _separating(self.values, bucket, mask, owner, row + 1)
        return found

    def forced_last(self, bucket: IdArray, row: int) -> int:
        """The last guess after ``row`` split ``bucket`` into single words: the one left."""
        return self.last(adversary_answer(self.matrix, bucket, row).bucket)

    def three(self, bucket: IdArray, mask: BoolArray) -> list[int] | None:
        """A path of at most three guesses that wins from ``bucket``, or None (the compiled
        kernel proposes; hard mode checks each proposal against the mask after its first
        guess)."""
        counts = np.zeros(self.n_patterns, np.int64)
        owner = np.full(self.n_patterns, -1, np.int64)
        seconds = mask.copy()
        while True:
            second, third = _two_after(
                self.values, bucket, mask, self.ranks, counts, owner, seconds
            )
            if second < 0:
                return None
            kept, after = self.after(bucket, mask, second)
            if third < 0:  # one word left after the second guess
                return [second, self.last(kept)]
            if not self.hard:
                return [second, third, self.forced_last(kept, third)]
            split = _separating(self.values, kept, after, owner, 0)
            if split >= 0:
                return [second, split, self.forced_last(kept, split)]
            seconds[second] = False


def _guess_major(matrix: PatternMatrix) -> PatternArray:
    """The cells guess-major (a guess's patterns against every secret contiguous)."""
    cells: PatternArray = np.ascontiguousarray(matrix.values)  # type: ignore[assignment]
    return cells


@njit(cache=True)
def _answer(
    row: PatternArray, bucket: IdArray, counts: Int64Array, ranks: RankArray
) -> tuple[int, int, int]:
    """The adversary's pattern for one guess row, the size of the bucket it keeps, and how many
    patterns the row gives the bucket. ``counts`` is all zero on entry and on return."""
    for s in bucket:
        counts[row[s]] += 1
    best, best_count, distinct = -1, 0, 0
    by_secret = bucket.shape[0] < counts.shape[0]  # fewer secrets than patterns: read those
    for k in range(bucket.shape[0] if by_secret else counts.shape[0]):
        p = row[bucket[k]] if by_secret else k
        count = counts[p]
        if count == 0:
            continue
        distinct += 1
        if count > best_count or (count == best_count and ranks[p] < ranks[best]):
            best, best_count = p, count
        counts[p] = 0
    return best, best_count, distinct


@njit(cache=True)
def _separating(
    values: PatternArray, bucket: IdArray, allowed: BoolArray, owner: Int64Array, start: int
) -> int:
    """The first allowed guess row from ``start`` that gives every secret of ``bucket`` its own
    pattern, or -1."""
    n = bucket.shape[0]
    if n > owner.shape[0]:
        return -1
    for g in range(start, values.shape[0]):
        if allowed[g] and _separates(values[g], bucket, owner):
            return g
    return -1


@njit(cache=True)
def _two_after(
    values: PatternArray,
    bucket: IdArray,
    allowed: BoolArray,
    ranks: RankArray,
    counts: Int64Array,
    owner: Int64Array,
    seconds: BoolArray,
) -> tuple[int, int]:
    """The first guess of ``seconds`` (smallest answer first) after which the
    adversary's set is one word (then ``(guess, -1)``) or is split into single words by an
    allowed guess (``(guess, splitter)``); ``(-1, -1)`` when none is.

    A guess gives a subset of ``bucket`` at most as many patterns as it gives ``bucket``, so
    only guesses with at least that many patterns on ``bucket`` are tried as splitters."""
    n_guesses = values.shape[0]
    n_patterns = ranks.shape[0]
    sizes = np.zeros(n_guesses, np.int64)
    answers = np.zeros(n_guesses, np.int64)
    distinct = np.zeros(n_guesses, np.int64)
    for g in range(n_guesses):
        if not allowed[g]:
            continue
        pattern, size, distinct[g] = _answer(values[g], bucket, counts, ranks)
        if seconds[g]:
            answers[g], sizes[g] = pattern, size
    splitters = np.argsort(-distinct, kind="stable")
    order = np.argsort(sizes, kind="stable")
    gather = np.empty(bucket.shape[0], np.intp)
    clashes = np.full((_CLASHES, 2), -1, np.int64)
    failed = Dict.empty(key_type=types.uint64, value_type=types.int64)
    for g in order:
        size = sizes[g]
        if size == 0 or size == bucket.shape[0] or size > n_patterns:
            continue
        if size == 1:
            return g, -1
        row = values[g]
        k = 0
        key = np.uint64(0)
        for s in bucket:
            if row[s] == answers[g]:
                gather[k] = s
                key += _mixed(s)
                k += 1
        part = gather[:k]
        if key in failed:  # the same words as a part already tried (checked, not trusted)
            other = failed[key]
            if _same_part(values[other], answers[other], bucket, part):
                continue
        clashes[:] = -1
        latest = 0
        for h in splitters:
            if distinct[h] < size:
                break
            splitter = values[h]
            if _keeps_a_clash(splitter, clashes):
                continue
            first, second = _clash(splitter, part, owner)
            if first < 0:
                return g, h
            clashes[latest, 0] = first
            clashes[latest, 1] = second
            latest = (latest + 1) % _CLASHES
        failed[key] = g
    return -1, -1


@njit(cache=True)
def _mixed(secret: int) -> np.uint64:
    """A well-mixed 64-bit number for a secret id (splitmix64): a part's key is their sum."""
    z = np.uint64(secret) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _same_part(row: PatternArray, pattern: int, bucket: IdArray, part: IdArray) -> bool:
    """Whether the secrets of ``bucket`` that ``row`` gives ``pattern`` are exactly ``part``."""
    k = 0
    for s in bucket:
        if row[s] == pattern:
            if k == part.shape[0] or part[k] != s:
                return False
            k += 1
    return bool(k == part.shape[0])


@njit(cache=True)
def _keeps_a_clash(row: PatternArray, clashes: Int64Array) -> bool:
    """Whether a guess's row gives some pair of secrets that clashed for an earlier splitter the
    same pattern again (then it cannot split the set either: the cheap test first)."""
    for c in range(clashes.shape[0]):
        a = clashes[c, 0]
        if a >= 0 and row[a] == row[clashes[c, 1]]:
            return True
    return False


@njit(cache=True)
def _separates(row: PatternArray, bucket: IdArray, owner: Int64Array) -> bool:
    """Whether one guess's row gives every secret of ``bucket`` its own pattern."""
    return bool(_clash(row, bucket, owner)[0] < 0)


@njit(cache=True)
def _clash(row: PatternArray, bucket: IdArray, owner: Int64Array) -> tuple[int, int]:
    """Two secrets of ``bucket`` that one guess's row gives the same pattern, or ``(-1, -1)``
    when it gives each its own. ``owner`` (per pattern, the index in ``bucket`` of the secret
    that has it; -1: none yet) is all -1 on entry and on return."""
    n = bucket.shape[0]
    first, second = -1, -1
    marked = n
    for i in range(n):
        p = row[bucket[i]]
        if owner[p] >= 0:
            first, second, marked = bucket[owner[p]], bucket[i], i
            break
        owner[p] = i
    for j in range(marked):
        owner[row[bucket[j]]] = -1
    return first, second


@njit(cache=True, parallel=True)
def _first_level(
    values: PatternArray, bucket: IdArray, firsts: IdArray, masks: BoolArray, ranks: RankArray
) -> Int64Array:
    """For each first guess (row ``firsts[i]``, guesses after it ``masks[i]``): the second guess
    of a win in at most three more (-1: none; -2: the first guess makes no progress)."""
    n_patterns = ranks.shape[0]
    out = np.full(firsts.shape[0], -1, np.int64)
    for i in prange(firsts.shape[0]):
        counts = np.zeros(n_patterns, np.int64)
        owner = np.full(n_patterns, -1, np.int64)
        row = values[firsts[i]]
        pattern, size, _ = _answer(row, bucket, counts, ranks)
        if size == bucket.shape[0]:
            out[i] = -2
            continue
        after = np.empty(size, np.intp)
        k = 0
        for s in bucket:
            if row[s] == pattern:
                after[k] = s
                k += 1
        second, _ = _two_after(values, after, masks[i], ranks, counts, owner, masks[i])
        out[i] = second
    return out

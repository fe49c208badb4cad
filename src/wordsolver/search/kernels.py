"""The exact search's kernels over a frame (a secret-major block of pattern cells): score every
guess of a pool on a set, keep one guess per partition, give a large set a frame of its own,
find the candidates and guesses that close a set at once, and bound every first guess."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from wordsolver.games.rule import PatternArray
from wordsolver.partition import IdArray
from wordsolver.search.memo import set_keys

Int64Array = npt.NDArray[np.int64]
HashArray = npt.NDArray[np.uint64]

#: Sets of fewer candidates keep their parent's pool (fingerprints cost more than they save).
DEDUP_MIN = 24
#: Sets of at least this many candidates, and at most a quarter of their frame's secrets,
#: get a frame of their own.
FRAME_MIN = 64


@njit(cache=True, inline="always")
def bits_for(value: int) -> int:
    """Bits needed to write ``value − 1`` (at least 1)."""
    bits = 1
    while (1 << bits) < value:
        bits += 1
    return bits


@njit(cache=True, inline="always")
def equal_floor(size: int, fan_out: int) -> int:
    """The least total guesses of ``size`` equally likely secrets when no guess makes more than
    ``fan_out`` buckets (see :func:`~wordsolver.search.exact.level_floor`)."""
    total = 0
    solved = 0
    while solved < size:
        total += size - solved
        solved = 1 + fan_out * solved
    return total


@njit(cache=True, nogil=True)
def scan_guesses(
    cells: PatternArray,
    candidates: IdArray,
    pool: IdArray,
    salts: HashArray,
    dedup: bool,
    counts: Int64Array,
    n_buckets: Int64Array,
    worst: Int64Array,
    sum_squares: Int64Array,
    fingerprints: HashArray,
) -> None:
    """For each guess of the pool (columns of the secret-major ``cells``): its number of buckets,
    largest bucket and Σ size² on the candidates, and (``dedup``) two fingerprints of its
    patterns. The loop over the cells only counts; the sums come from the few buckets when
    their counts are cleared."""
    n = candidates.shape[0]
    touched = np.empty(n, np.int64)
    for j in range(pool.shape[0]):
        g = pool[j]
        buckets = 0
        if dedup:
            first = np.uint64(0)
            second = np.uint64(0)
            for i in range(n):
                s = candidates[i]
                p = cells[s, g]
                c = counts[p]
                touched[buckets] = p
                buckets += c == 0
                counts[p] = c + 1
                first += salts[s, 0] * np.uint64(p + 1)
                second += salts[s, 1] * np.uint64(p + 1)
            fingerprints[j, 0] = first
            fingerprints[j, 1] = second
        else:
            for i in range(n):
                p = cells[candidates[i], g]
                c = counts[p]
                touched[buckets] = p
                buckets += c == 0
                counts[p] = c + 1
        largest = 0
        squares = 0
        for k in range(buckets):
            c = counts[touched[k]]
            counts[touched[k]] = 0
            squares += c * c
            largest = max(largest, c)
        n_buckets[j] = buckets
        worst[j] = largest
        sum_squares[j] = squares


@njit(cache=True)
def keep_guesses(
    n_buckets: Int64Array, can_win: Int64Array, fingerprints: HashArray, dedup: bool
) -> IdArray:
    """Positions of the guesses that learn something (more than one bucket, or may win) and,
    with ``dedup``, only the first of each distinct partition of the candidates (two
    fingerprints and the win equal: a false match needs a 128-bit collision)."""
    size = n_buckets.shape[0]
    slots = 1
    while slots < 2 * size:
        slots *= 2
    mask = np.uint64(slots - 1)
    table = np.full(slots if dedup else 1, -1, np.intp)
    firsts = np.empty(size, np.intp)
    n_firsts = 0
    for j in range(size):
        if n_buckets[j] <= 1 and can_win[j] == 0:
            continue
        if dedup:
            slot = fingerprints[j, 0] & mask
            repeated = False
            while table[slot] >= 0:
                earlier = table[slot]
                if (
                    fingerprints[earlier, 0] == fingerprints[j, 0]
                    and fingerprints[earlier, 1] == fingerprints[j, 1]
                    and can_win[earlier] == can_win[j]
                ):
                    repeated = True
                    break
                slot = (slot + np.uint64(1)) & mask
            if repeated:
                continue
            table[slot] = j
        firsts[n_firsts] = j
        n_firsts += 1
    return firsts[:n_firsts]


@njit(cache=True)
def sub_frame(
    cells: PatternArray,
    salts: HashArray,
    secret_of: IdArray,
    candidates: IdArray,
    columns: IdArray,
    frame: np.uint64,
) -> tuple[PatternArray, IdArray, IdArray, HashArray, np.uint64]:
    """The frame of a set: its cells (``candidates`` × ``columns``) copied, each
    secret's own column, each column's secret (or -1), the secrets' salts, and its key."""
    n = candidates.shape[0]
    m = columns.shape[0]
    block = np.empty((n, m), cells.dtype)
    for i in range(n):
        s = candidates[i]
        for k in range(m):
            block[i, k] = cells[s, columns[k]]
    local = np.full(cells.shape[0], -1, np.intp)
    for i in range(n):
        local[candidates[i]] = i
    rows = np.full(n, -1, np.intp)
    owners = np.full(m, -1, np.intp)
    for k in range(m):
        secret = secret_of[columns[k]]
        if secret >= 0 and local[secret] >= 0:
            owners[k] = local[secret]
            rows[local[secret]] = k
    sub_salts = np.empty((n, 2), np.uint64)
    for i in range(n):
        sub_salts[i, 0] = salts[candidates[i], 0]
        sub_salts[i, 1] = salts[candidates[i], 1]
    key, _ = set_keys(frame, candidates, 0)
    return block, rows, owners, sub_salts, key


@njit(cache=True, nogil=True)
def nearly_perfect(
    cells: PatternArray, rows: IdArray, candidates: IdArray, counts: Int64Array
) -> int:
    """The column of the first candidate that tells all the others apart but one pair, or -1
    (``counts``: zeroed scratch, left zeroed)."""
    for c in candidates:
        g = rows[c]
        pairs = 0
        for s in candidates:
            p = cells[s, g]
            if counts[p]:
                pairs += 1
                if pairs > 1 or counts[p] > 1:
                    pairs = 2
                    break
            counts[p] += 1
        for s in candidates:
            counts[cells[s, g]] = 0
        if pairs == 1:
            return int(rows[c])
    return -1


@njit(cache=True, nogil=True)
def splitter(cells: PatternArray, candidates: IdArray, pool: IdArray, counts: Int64Array) -> int:
    """The first guess of the pool that puts every candidate in a bucket of its own, or -1;
    each guess is dropped at its first repeated pattern (``counts``: zeroed scratch, one per
    pattern, left zeroed). Among the candidates' own guesses it finds one that tells all the
    others apart."""
    for g in pool:
        distinct = True
        for s in candidates:
            p = cells[s, g]
            if counts[p]:
                distinct = False
                break
            counts[p] = 1
        for s in candidates:
            counts[cells[s, g]] = 0
        if distinct:
            return int(g)
    return -1


@njit(cache=True, nogil=True)
def prepare(
    cells: PatternArray,
    rows: IdArray,
    secret_of: IdArray,
    salts: HashArray,
    frame: np.uint64,
    candidates: IdArray,
    pool: IdArray,
    n_patterns: int,
    framing: bool,
    reducing: bool,
) -> tuple[
    Int64Array, Int64Array, Int64Array, Int64Array, IdArray, bool,
    PatternArray, IdArray, IdArray, HashArray, np.uint64, IdArray, IdArray,
]:  # fmt: skip
    """Score every guess of the pool on a set and keep one per partition; give the set a
    frame of its own when it is large. Returns, for the kept guesses: buckets, largest
    bucket, Σ size², may-win flags, their columns in the outer frame, whether a new frame was
    made, then the frame the set is searched in (cells, rows, owners, salts, key), the set's
    candidates and the kept guesses' columns in that frame. ``framing``: whether new frames
    may be made (not for a beam, which searches too little below a set to repay the copy);
    ``reducing``: whether the pool may be cut to one guess per partition (not in hard mode)."""
    n = candidates.shape[0]
    size = pool.shape[0]
    in_set = np.zeros(cells.shape[0], np.bool_)
    for s in candidates:
        in_set[s] = True
    counts = np.zeros(n_patterns, np.int64)
    n_buckets = np.empty(size, np.int64)
    worst = np.empty(size, np.int64)
    sum_squares = np.empty(size, np.int64)
    dedup = reducing and n >= DEDUP_MIN
    fingerprints = np.zeros((size if dedup else 0, 2), np.uint64)
    scan_guesses(
        cells, candidates, pool, salts, dedup, counts, n_buckets, worst, sum_squares, fingerprints
    )
    can_win = np.empty(size, np.int64)
    for j in range(size):
        secret = secret_of[pool[j]]
        can_win[j] = 1 if secret >= 0 and in_set[secret] else 0
    kept = keep_guesses(n_buckets, can_win, fingerprints, dedup)
    m = kept.shape[0]
    outer = np.empty(m, np.intp)
    for k in range(m):
        outer[k] = pool[kept[k]]
    own = framing and dedup and n >= FRAME_MIN and 4 * n <= cells.shape[0]
    if own:
        block, f_rows, f_owners, f_salts, f_key = sub_frame(
            cells, salts, secret_of, candidates, outer, frame
        )
        local = np.arange(n).astype(np.intp)
        columns = np.arange(m).astype(np.intp)
    else:
        block, f_rows, f_owners, f_salts, f_key = cells, rows, secret_of, salts, frame
        local = candidates
        columns = outer
    return (
        n_buckets[kept], worst[kept], sum_squares[kept], can_win[kept], outer, own,
        block, f_rows, f_owners, f_salts, f_key, local, columns,
    )  # fmt: skip


@njit(cache=True, nogil=True)
def first_floors(
    by_secret: PatternArray,
    candidates: IdArray,
    pool: IdArray,
    secret_of_guess: IdArray,
    n_patterns: int,
) -> Int64Array:
    """For each guess of the pool, a proven lower bound on the total guesses of the set when
    it is played first: the set's size plus the level floor of each bucket (the win bucket
    costs nothing more), with the most buckets any guess of the pool makes as the fan-out."""
    n = candidates.shape[0]
    size = pool.shape[0]
    counts = np.zeros(n_patterns, np.int64)
    n_buckets = np.empty(size, np.int64)
    worst = np.empty(size, np.int64)
    squares = np.empty(size, np.int64)
    scan_guesses(by_secret, candidates, pool, np.zeros((0, 2), np.uint64), False, counts,
          n_buckets, worst, squares, np.zeros((0, 2), np.uint64))  # fmt: skip
    fan_out = max(1, int(n_buckets.max())) if size else 1
    table = np.empty(n + 1, np.int64)
    for b in range(n + 1):
        table[b] = equal_floor(b, fan_out)
    in_set = np.zeros(by_secret.shape[0], np.bool_)
    for s in candidates:
        in_set[s] = True
    floors = np.empty(size, np.int64)
    for j in range(size):
        g = pool[j]
        total = n
        for s in candidates:
            p = by_secret[s, g]
            counts[p] += 1
        for s in candidates:
            p = by_secret[s, g]
            total += table[counts[p]]
            counts[p] = 0
        secret = secret_of_guess[g]
        if secret >= 0 and in_set[secret]:
            total -= 1  # the win bucket: one secret (floor 1) that costs nothing more
        floors[j] = total
    return floors

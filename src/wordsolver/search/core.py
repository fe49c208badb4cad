"""The compiled core of the exact search: the whole recursion of :class:`~wordsolver.search.
exact.OptimalSearch` in numba, for equally likely secrets when any allowed word may be guessed.

It computes the same values as the readable search (the fewest total guesses, ties broken by
the smaller worst case) by the same rules: closed forms for one and two candidates and for a
candidate that tells all others apart; each guess's admissible bound ``3n − w − k``; guesses
whose buckets hold at most two secrets solved by their bound; the level floor of every bucket
(:func:`~wordsolver.search.exact.level_floor`) or the bound the memo proved for it; guesses
tried in order of bound then evenness of split and abandoned as soon as their guesses so far
plus the floors of their open buckets pass the best total found (alpha-beta: each bucket is
searched only for a value that can still fit); and the pool of every set cut to one guess per
distinct partition, which serves all its subsets as well.

Frames. The search runs on dense secret-major blocks of the matrix: a large set copies the
cells of its own candidates and of its pool (one guess per partition) into a block of its
own, so that everything searched below it reads short contiguous rows and stays in cache. A
frame names its secrets and guesses by their position in the block; the whole game's frame
is the matrix itself.

The memo is an open-addressing table in numpy arrays keyed by two independent 64-bit hashes
of (frame, sorted set, tries left), so a false match needs a 128-bit collision; so does a
false repeat of a partition (two 64-bit fingerprints). Each entry holds the exact value (with
worst case and guess) or a proven lower bound. The search releases the interpreter lock, so
several searches (each with its own memo) run on several cores, and it stops cleanly when the
node budget is spent or its stop flag is raised.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
from numba import njit

from wordsolver.alphabet import LetterCodes as LetterArray
from wordsolver.games.colours import _hard_mode
from wordsolver.games.rule import PatternArray
from wordsolver.partition import IdArray, split

Int64Array = npt.NDArray[np.int64]
HashArray = npt.NDArray[np.uint64]

#: The value of a set that cannot be solved within the tries left.
INFEASIBLE = 1 << 60
#: Memo slots (a power of two); a key probes a few slots and overwrites the first when full.
MEMO_SLOTS = 1 << 19
_PROBES = 8
#: Sets of fewer candidates keep their parent's pool (fingerprints cost more than they save).
_DEDUP_MIN = 24
#: Sets of at least this many candidates, and at most a quarter of their frame's secrets,
#: get a frame of their own.
_FRAME_MIN = 64
#: Guesses ordered by selection before the rest are sorted.
_SELECTED = 8
# Positions in the search's state array.
_NODES, _BUDGET, _BEAM, _WIN, _PATTERNS, _STOPPED = 0, 1, 2, 3, 4, 5
_STATE_SIZE = 8
# A memo entry's info word: exact flag, worst case and guess packed in one int64.
_EXACT_BIT = 1 << 62
_H1_SEED = np.uint64(0x9E3779B97F4A7C15)
_H2_SEED = np.uint64(0xC2B2AE3D27D4EB4F)


@njit(cache=True, inline="always")
def _mix(value: np.uint64) -> np.uint64:
    """splitmix64's finaliser: every input bit moves every output bit."""
    value = (value ^ (value >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    value = (value ^ (value >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return value ^ (value >> np.uint64(31))


@njit(cache=True)
def _set_keys(frame: np.uint64, members: IdArray, tries_left: int) -> tuple[np.uint64, np.uint64]:
    """Two independent hashes of a frame, a sorted set in it and the tries left."""
    h1 = _mix(_H1_SEED ^ frame) ^ np.uint64(tries_left)
    h2 = _mix(_H2_SEED + frame) + np.uint64(members.shape[0])
    for secret in members:
        x = np.uint64(secret)
        h1 = _mix(h1 ^ x)
        h2 = (h2 + _mix(x + _H2_SEED)) * np.uint64(0x100000001B3)
    return h1, _mix(h2 ^ np.uint64(tries_left << 32))


@njit(cache=True)
def _with_pool(h1: np.uint64, h2: np.uint64, pool: IdArray) -> tuple[np.uint64, np.uint64]:
    """Keys that also name the guesses allowed (hard mode)."""
    for guess in pool:
        x = np.uint64(guess)
        h1 = _mix(h1 + x)
        h2 = (h2 ^ _mix(x ^ _H1_SEED)) * np.uint64(0x100000001B3)
    return h1, _mix(h2)


@njit(cache=True)
def _memo_find(keys: HashArray, h1: np.uint64, h2: np.uint64) -> int:
    """The slot holding (h1, h2), or -1."""
    mask = keys.shape[0] - 1
    slot = np.int64(h1 & np.uint64(mask))
    for _ in range(_PROBES):
        if keys[slot, 0] == h1 and keys[slot, 1] == h2:
            return int(slot)
        if keys[slot, 0] == 0 and keys[slot, 1] == 0:
            return -1
        slot = (slot + 1) & mask
    return -1


@njit(cache=True)
def _memo_store(
    keys: HashArray, lowers: Int64Array, infos: Int64Array, h1: np.uint64, h2: np.uint64,
    lower: int, info: int,
) -> None:  # fmt: skip
    """Record an entry: its own slot, else the first free one, else (a full table) the one
    of least value it probes: small sets cost least to search again."""
    mask = keys.shape[0] - 1
    slot = np.int64(h1 & np.uint64(mask))
    cheapest = slot
    found = False
    for _ in range(_PROBES):
        if (keys[slot, 0] == h1 and keys[slot, 1] == h2) or (keys[slot, 0] | keys[slot, 1]) == 0:
            found = True
            break
        if lowers[slot] < lowers[cheapest]:
            cheapest = slot
        slot = (slot + 1) & mask
    if not found:
        slot = cheapest
    keys[slot, 0] = h1
    keys[slot, 1] = h2
    lowers[slot] = lower
    infos[slot] = info


@njit(cache=True, inline="always")
def _bits(value: int) -> int:
    """Bits needed to write ``value − 1`` (at least 1)."""
    bits = 1
    while (1 << bits) < value:
        bits += 1
    return bits


@njit(cache=True, inline="always")
def _level_floor(size: int, fan_out: int) -> int:
    """The least total guesses of ``size`` equally likely secrets when no guess makes more than
    ``fan_out`` buckets (see :func:`~wordsolver.search.exact.level_floor`)."""
    total = 0
    solved = 0
    while solved < size:
        total += size - solved
        solved = 1 + fan_out * solved
    return total


@njit(cache=True, nogil=True)
def _scan(
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
def _keep(
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
def _sub_frame(
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
    key, _ = _set_keys(frame, candidates, 0)
    return block, rows, owners, sub_salts, key


@njit(cache=True, nogil=True)
def _nearly_perfect(
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
def _splitter(cells: PatternArray, candidates: IdArray, pool: IdArray, counts: Int64Array) -> int:
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
def _prepare(
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
    dedup = reducing and n >= _DEDUP_MIN
    fingerprints = np.zeros((size if dedup else 0, 2), np.uint64)
    _scan(
        cells, candidates, pool, salts, dedup, counts, n_buckets, worst, sum_squares, fingerprints
    )
    can_win = np.empty(size, np.int64)
    for j in range(size):
        secret = secret_of[pool[j]]
        can_win[j] = 1 if secret >= 0 and in_set[secret] else 0
    kept = _keep(n_buckets, can_win, fingerprints, dedup)
    m = kept.shape[0]
    outer = np.empty(m, np.intp)
    for k in range(m):
        outer[k] = pool[kept[k]]
    own = framing and dedup and n >= _FRAME_MIN and 4 * n <= cells.shape[0]
    if own:
        block, f_rows, f_owners, f_salts, f_key = _sub_frame(
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
def solve_set(
    cells: PatternArray,
    rows: IdArray,
    secret_of: IdArray,
    salts: HashArray,
    frame: np.uint64,
    candidates: IdArray,
    pool: IdArray,
    tries_left: int,
    beta: int,
    keys: HashArray,
    lowers: Int64Array,
    infos: Int64Array,
    state: Int64Array,
    stop: Int64Array,
    codes: LetterArray,
    digits: LetterArray,
) -> tuple[int, int, int, int]:
    """(value, exact, worst, guess) of a sorted set of a frame's secrets with ``tries_left``,
    guessing from ``pool`` (the frame's columns; the guess is one of them): exact (1) when
    the value is below ``beta``, else (0) a proven lower bound of at least ``beta``. A stopped
    search returns proven lower bounds only, never exact values it did not finish.

    Hard mode (Wordle's, in the whole game's frame) when ``codes`` holds the guesses' letters
    and ``digits`` each pattern's colours: each bucket's pool keeps the guesses the feedback
    allows, the memo keys name the pool, and pools are never cut to one guess per partition
    (the words decide what stays allowed)."""
    n = candidates.shape[0]
    if n == 1:
        if tries_left >= 1:
            return 1, 1, 1, rows[candidates[0]]
        return INFEASIBLE, 1, 0, -1
    if tries_left <= 1:
        return INFEASIBLE, 1, 0, -1
    if n == 2:
        return 3, 1, 2, rows[candidates[0]]
    hard = codes.shape[0] > 0
    h1, h2 = _set_keys(frame, candidates, tries_left)
    if hard:
        h1, h2 = _with_pool(h1, h2, pool)
    slot = _memo_find(keys, h1, h2)
    known_lower = 0
    if slot >= 0:
        info = infos[slot]
        if info & _EXACT_BIT:
            return lowers[slot], 1, (info >> 32) & 0xFF, info & 0xFFFFFFFF
        known_lower = lowers[slot]
        if known_lower >= beta:
            return known_lower, 0, 0, -1
    if state[_STOPPED] or stop[0]:
        state[_STOPPED] = 1
        return max(known_lower, 2 * n - 1), 0, 0, -1
    state[_NODES] += 1
    if 0 <= state[_BUDGET] <= state[_NODES]:
        state[_STOPPED] = 1
        return max(known_lower, 2 * n - 1), 0, 0, -1
    win = state[_WIN]
    n_patterns = state[_PATTERNS]

    # A candidate that tells all the others apart: 2n − 1 guesses, the least any set allows.
    if n <= n_patterns:
        scratch = np.zeros(n_patterns, np.int64)
        perfect = _splitter(cells, candidates, rows[candidates], scratch)
        if perfect >= 0:
            info = _EXACT_BIT | (2 << 32) | perfect
            _memo_store(keys, lowers, infos, h1, h2, 2 * n - 1, info)
            return 2 * n - 1, 1, 2, perfect
        # Then 2n is the least; a candidate leaving one pair reaches it (deepest secret at
        # 3), a guess that splits every candidate apart reaches it with 2 and wins the tie.
        near = _nearly_perfect(cells, rows, candidates, scratch) if tries_left >= 3 else -1
        if near >= 0:
            splitter = _splitter(cells, candidates, pool, scratch)
            guess, deepest = (near, 3) if splitter < 0 else (splitter, 2)
            _memo_store(keys, lowers, infos, h1, h2, 2 * n, _EXACT_BIT | (deepest << 32) | guess)
            return 2 * n, 1, deepest, guess

    (
        n_buckets, worst, sum_squares, can_win, outer, _,
        f_cells, f_rows, f_owners, f_salts, f_key, local, columns,
    ) = _prepare(
        cells, rows, secret_of, salts, frame, candidates, pool, n_patterns,
        state[_BEAM] <= 0 and not hard, not hard,
    )  # fmt: skip
    m = outer.shape[0]
    bound = np.empty(m, np.int64)
    closed = np.empty(m, np.bool_)
    closed_worst = np.empty(m, np.int64)
    fan_out = 1
    for i in range(m):
        fan_out = max(fan_out, n_buckets[i])
        b = 3 * n - can_win[i] - n_buckets[i]
        # Guesses whose buckets hold at most two secrets are solved by their bound.
        closed[i] = worst[i] <= (1 if tries_left == 2 else 2)
        if tries_left == 2 and not closed[i]:
            b = INFEASIBLE
        bound[i] = b
        if worst[i] == 1:
            closed_worst[i] = 2 if n_buckets[i] > can_win[i] else 1
        else:
            closed_worst[i] = 3
    cut = beta + 1  # guesses equal to the best total stay in play for the worst-case tie
    limit = min(cut, INFEASIBLE)
    n_useful = 0
    least = INFEASIBLE
    for i in range(m):
        least = min(least, bound[i])
        if bound[i] < limit:
            n_useful += 1
    if n_useful == 0:
        lower = max(least, known_lower)
        if not state[_STOPPED]:
            _memo_store(keys, lowers, infos, h1, h2, lower, 0)
        return lower, 0, 0, -1
    # Each useful guess's rank key packs (bound, Σ size², position): unique, so that a
    # partial selection finds the first few in order.
    index_bits = _bits(m)
    square_bits = _bits(n * n + 1)
    sort_keys = np.empty(n_useful, np.int64)
    u = 0
    for i in range(m):
        if bound[i] < limit:
            sort_keys[u] = (
                (bound[i] << (square_bits + index_bits)) | (sum_squares[i] << index_bits) | i
            )
            u += 1
    index_mask = (1 << index_bits) - 1
    beam = state[_BEAM]
    n_order = n_useful if beam <= 0 else min(beam, n_useful)
    # Most sets try a guess or two: the first few are found by selection, and the rest
    # sorted only when more are tried; a beam keeps its best few.
    if n_order < n_useful:
        sort_keys = np.sort(np.partition(sort_keys, n_order - 1)[:n_order])
    sorted_order = n_order <= _SELECTED
    if sorted_order:
        sort_keys = np.sort(sort_keys)
    outside_floor = INFEASIBLE
    if n_order < m:
        tried = np.zeros(m, np.bool_)
        for position in range(n_order):
            tried[sort_keys[position] & index_mask] = True
        for i in range(m):
            if not tried[i]:
                outside_floor = min(outside_floor, bound[i])

    best_lower, best_exact, best_worst, best_guess = beta, 0, 0, -1
    untried_floor = INFEASIBLE
    members = np.empty(n, np.intp)
    starts = np.empty(n_patterns, np.int64)
    fill = np.empty(n_patterns, np.int64)
    n_slots = min(n, n_patterns)
    group_patterns = np.empty(n_slots, np.int64)
    group_floors = np.empty(n_slots, np.int64)
    group_sizes = np.empty(n_slots, np.int64)
    group_known = np.empty(n_slots, np.int64)
    group_starts = np.empty(n_slots, np.int64)
    scratch = np.zeros(n_patterns, np.int64)
    tally = np.zeros(n_patterns, np.int64)
    touched = np.empty(n_slots, np.int64)
    for position in range(n_order):
        if not sorted_order:
            if position < _SELECTED:
                chosen = position  # the least key among the rest moves here
                for q in range(position + 1, n_order):
                    if sort_keys[q] < sort_keys[chosen]:
                        chosen = q
                sort_keys[position], sort_keys[chosen] = sort_keys[chosen], sort_keys[position]
            else:
                sort_keys[position:] = np.sort(sort_keys[position:])
                sorted_order = True
        if best_exact and (best_lower < least or (best_lower == least and best_worst <= 2)):
            break  # none of the rest can do better
        k = sort_keys[position] & index_mask
        if bound[k] > best_lower or (bound[k] == best_lower and best_exact and best_worst <= 2):
            # In bound order: none of the rest can do better.
            for rest_position in range(position, n_order):
                untried_floor = min(untried_floor, bound[sort_keys[rest_position] & index_mask])
            break
        if closed[k]:
            c_lower, c_exact, c_worst = bound[k], 1, closed_worst[k]
        else:
            # The guess's buckets, each bounded by its level floor or the memo's bound, then
            # searched largest first, each only for a value that still fits under the best.
            guess = columns[k]
            # Counting sort of the set by pattern, over the patterns that occur only.
            n_touched = 0
            for s in local:
                p = f_cells[s, guess]
                if tally[p] == 0:
                    touched[n_touched] = p
                    n_touched += 1
                tally[p] += 1
            start = 0
            for t in range(n_touched):
                p = touched[t]
                starts[p] = start
                fill[p] = start
                start += tally[p]
            for s in local:  # stable: each bucket stays sorted
                p = f_cells[s, guess]
                members[fill[p]] = s
                fill[p] += 1
            n_groups = 0
            remaining = 0
            for t in range(n_touched):
                p = touched[t]
                b = tally[p]
                tally[p] = 0
                if p == win:
                    continue
                floor = _level_floor(b, fan_out)
                known = 0
                if b > 2:
                    bucket = members[starts[p] : starts[p] + b]
                    g1, g2 = _set_keys(f_key, bucket, tries_left - 1)
                    # In hard mode the key names the bucket's pool, not worth finding here.
                    found = -1 if hard else _memo_find(keys, g1, g2)
                    if found >= 0:
                        floor = max(floor, lowers[found])
                    elif b <= n_patterns:
                        # Without a candidate that tells the others apart a bucket needs 2b.
                        perfect = _splitter(f_cells, bucket, f_rows[bucket], scratch)
                        if perfect >= 0:
                            floor = 2 * b - 1
                            known = 1
                            if not hard:
                                info = _EXACT_BIT | (2 << 32) | perfect
                                _memo_store(keys, lowers, infos, g1, g2, floor, info)
                        else:
                            floor = max(floor, 2 * b)
                group_known[n_groups] = known
                group_patterns[n_groups] = p
                group_floors[n_groups] = floor
                group_sizes[n_groups] = b
                group_starts[n_groups] = starts[p]
                remaining += floor
                n_groups += 1
            total = n
            c_exact = 0
            c_worst = 0
            if total + remaining > best_lower:  # the floors alone already exceed the best
                c_lower = total + remaining
            else:
                c_exact = 1
                c_worst = 1
                for g in np.argsort(group_sizes[:n_groups], kind="mergesort"):  # smallest first
                    p = group_patterns[g]
                    remaining -= group_floors[g]
                    if group_known[g]:  # a candidate tells the bucket apart: solved
                        total += group_floors[g]
                        c_worst = max(c_worst, 3)
                        if total + remaining > best_lower:
                            c_exact = 0
                            break
                        continue
                    first = group_starts[g]
                    bucket = members[first : first + group_sizes[g]].copy()
                    child_pool = columns
                    if hard:
                        child_pool = pool[_hard_mode(codes[pool], codes[guess], digits[p])]
                    b_lower, b_exact, b_worst, _ = solve_set(
                        f_cells, f_rows, f_owners, f_salts, f_key, bucket, child_pool,
                        tries_left - 1, best_lower - total - remaining + 1,
                        keys, lowers, infos, state, stop, codes, digits,
                    )  # fmt: skip
                    total += b_lower
                    if not b_exact or total + remaining > best_lower:
                        c_exact = 0
                        break
                    c_worst = max(c_worst, b_worst + 1)
                c_lower = total if c_exact else min(total + remaining, INFEASIBLE)
        if c_exact:
            if not best_exact:
                better = c_lower <= best_lower
            else:
                better = c_lower < best_lower or (c_lower == best_lower and c_worst < best_worst)
            if better:
                best_lower, best_exact, best_worst, best_guess = c_lower, 1, c_worst, outer[k]
        else:
            untried_floor = min(untried_floor, c_lower)
        if state[_STOPPED]:
            break
    if state[_STOPPED]:
        # Only bounds are certain now: the least bound of the guesses.
        return max(least, known_lower, 2 * n - 1), 0, 0, -1
    if best_exact:
        _memo_store(
            keys, lowers, infos, h1, h2, best_lower,
            _EXACT_BIT | (best_worst << 32) | best_guess,
        )  # fmt: skip
        return best_lower, 1, best_worst, best_guess
    floor = max(min(untried_floor, outside_floor), beta, known_lower)
    _memo_store(keys, lowers, infos, h1, h2, floor, 0)
    return floor, 0, 0, -1


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
    _scan(by_secret, candidates, pool, np.zeros((0, 2), np.uint64), False, counts,
          n_buckets, worst, squares, np.zeros((0, 2), np.uint64))  # fmt: skip
    fan_out = max(1, int(n_buckets.max())) if size else 1
    table = np.empty(n + 1, np.int64)
    for b in range(n + 1):
        table[b] = _level_floor(b, fan_out)
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


@njit(cache=True)
def _known_lower(
    frame: np.uint64, candidates: IdArray, pool: IdArray, tries_left: int,
    keys: HashArray, lowers: Int64Array, hard: bool,
) -> int:  # fmt: skip
    """The lower bound (or exact value) the memo holds for a set, 0 when none."""
    h1, h2 = _set_keys(frame, candidates, tries_left)
    if hard:
        h1, h2 = _with_pool(h1, h2, pool)
    slot = _memo_find(keys, h1, h2)
    return 0 if slot < 0 else int(lowers[slot])


@njit(cache=True)
def _known_guess(
    rows: IdArray, frame: np.uint64, candidates: IdArray, pool: IdArray, tries_left: int,
    keys: HashArray, infos: Int64Array, hard: bool,
) -> int:  # fmt: skip
    """The optimal guess (a frame column) the memo holds for a set solved exactly, or -1."""
    if candidates.shape[0] <= 2:
        return int(rows[candidates[0]])
    h1, h2 = _set_keys(frame, candidates, tries_left)
    if hard:
        h1, h2 = _with_pool(h1, h2, pool)
    slot = _memo_find(keys, h1, h2)
    if slot < 0 or not infos[slot] & _EXACT_BIT:
        return -1
    return int(infos[slot] & 0xFFFFFFFF)


@dataclass(eq=False)
class CompiledCore:
    """One memo and state for :func:`solve_set` over one pattern matrix (``values``: guess ×
    secret; the search copies what it needs into frames of its own)."""

    by_secret: PatternArray
    secret_rows: IdArray
    secret_of_guess: IdArray
    win_pattern: int
    n_patterns: int
    beam: int | None = None
    slots: int = MEMO_SLOTS
    #: Hard mode: the guesses' letters and each pattern's colours (empty: free play).
    codes: LetterArray = field(default_factory=lambda: np.zeros((0, 0), np.uint8))
    digits: LetterArray = field(default_factory=lambda: np.zeros((0, 0), np.uint8))

    def __post_init__(self) -> None:
        self.keys = np.zeros((self.slots, 2), np.uint64)
        self.lowers = np.zeros(self.slots, np.int64)
        self.infos = np.zeros(self.slots, np.int64)
        self.state = np.zeros(_STATE_SIZE, np.int64)
        self.state[_BUDGET] = -1
        self.state[_BEAM] = self.beam or 0
        self.state[_WIN] = self.win_pattern
        self.state[_PATTERNS] = self.n_patterns
        self.stop = np.zeros(1, np.int64)
        # Odd random multipliers, one per secret: a partition's fingerprint is their sum
        # weighted by the patterns (independent terms, so the scan has no serial chain).
        rng = np.random.default_rng(0x5EED)
        n_secrets = self.by_secret.shape[0]
        self.salts = rng.integers(0, 2**63, (n_secrets, 2), dtype=np.uint64) | np.uint64(1)

    @property
    def nodes(self) -> int:
        """Sets searched so far."""
        return int(self.state[_NODES])

    @property
    def stopped(self) -> bool:
        """Whether the last search ran out of its budget."""
        return bool(self.state[_STOPPED])

    def set_budget(self, nodes: int | None) -> None:
        """Stop after this many more sets (None: no limit); clears a past stop."""
        self.state[_BUDGET] = -1 if nodes is None else self.state[_NODES] + nodes
        self.state[_STOPPED] = 0
        self.stop[0] = 0

    @contextmanager
    def unbounded(self) -> Iterator[None]:
        """Lift the budget for a while (to grow the tree of a set already solved)."""
        saved = self.state[[_BUDGET, _STOPPED]].copy(), int(self.stop[0])
        self.state[_BUDGET], self.state[_STOPPED], self.stop[0] = -1, 0, 0
        try:
            yield
        finally:
            self.state[[_BUDGET, _STOPPED]] = saved[0]
            self.stop[0] = saved[1]

    def solve(
        self, candidates: IdArray, tries_left: int, pool: IdArray, beta: int
    ) -> tuple[int, bool, int, int]:
        """(value, exact, worst, guess row) of a set of secrets: see :func:`solve_set`."""
        lower, exact, worst, guess = solve_set(
            self.by_secret, self.secret_rows, self.secret_of_guess, self.salts, np.uint64(0),
            np.ascontiguousarray(candidates, dtype=np.intp),
            np.ascontiguousarray(pool, dtype=np.intp), tries_left, beta,
            self.keys, self.lowers, self.infos, self.state, self.stop, self.codes, self.digits,
        )  # fmt: skip
        return int(lower), bool(exact), int(worst), int(guess)

    def tree(self, candidates: IdArray, tries_left: int, pool: IdArray) -> Int64Array | None:
        """The optimal tree of a set solved exactly: rows of (guess row, parent node, pattern),
        the root first (node 1), parents before children; None when the memo lost part of
        it (search the set again)."""
        frame = (self.by_secret, self.secret_rows, self.secret_of_guess, self.salts, np.uint64(0))
        columns = np.arange(self.by_secret.shape[1], dtype=np.intp)
        members = np.ascontiguousarray(candidates, dtype=np.intp)
        allowed = np.ascontiguousarray(pool, dtype=np.intp)
        out: list[tuple[int, int, int]] = []
        hard = self.codes.shape[0] > 0
        # (frame, its columns' rows in the whole game, set, pool, tries, parent, pattern)
        stack = [(frame, columns, members, allowed, tries_left, 0, -1)]
        while stack:
            frame, global_columns, members, allowed, tries, parent, pattern = stack.pop()
            f_cells, f_rows, f_owners, f_salts, f_key = frame
            guess = _known_guess(
                f_rows, f_key, members, allowed, tries, self.keys, self.infos, hard
            )
            if guess < 0:
                # Not in the memo (a full table dropped it; in hard mode buckets a candidate
                # tells apart are never stored): search the set again where it was searched.
                _, exact, _, guess = solve_set(
                    f_cells, f_rows, f_owners, f_salts, f_key, members, allowed, tries,
                    INFEASIBLE, self.keys, self.lowers, self.infos, self.state, self.stop,
                    self.codes, self.digits,
                )  # fmt: skip
                if not exact or guess < 0:
                    return None
            out.append((int(global_columns[guess]), parent, pattern))
            node = len(out)
            n = len(members)
            framing = not self.beam and not hard
            if framing and n >= _FRAME_MIN and 4 * n <= f_cells.shape[0]:  # the search's frame
                prepared = _prepare(
                    f_cells, f_rows, f_owners, f_salts, f_key, members, allowed,
                    self.n_patterns, framing, True,
                )  # fmt: skip
                outer, own = prepared[4], prepared[5]
                if own:
                    frame = (*prepared[6:10], np.uint64(prepared[10]))
                    global_columns = global_columns[outer]
                    members, allowed = prepared[11], prepared[12]
                    guess = int(np.flatnonzero(outer == guess)[0])
            patterns = frame[0][members, guess]
            for child_pattern, child in split(patterns, members):
                if child_pattern != self.win_pattern:
                    child_pool = allowed
                    if hard:
                        played, colours = self.codes[guess], self.digits[child_pattern]
                        child_pool = allowed[_hard_mode(self.codes[allowed], played, colours)]
                    stack.append(
                        (frame, global_columns, child, child_pool, tries - 1, node, child_pattern)
                    )
        return np.array(out, dtype=np.int64).reshape(-1, 3)

    def known_lower(self, candidates: IdArray, tries_left: int, pool: IdArray) -> int:
        """The lower bound (or exact value) the memo holds for a set, 0 when none."""
        members = np.ascontiguousarray(candidates, dtype=np.intp)
        allowed = np.ascontiguousarray(pool, dtype=np.intp)
        hard = self.codes.shape[0] > 0
        return int(
            _known_lower(np.uint64(0), members, allowed, tries_left, self.keys, self.lowers, hard)
        )

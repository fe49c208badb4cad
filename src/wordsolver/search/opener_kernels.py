"""Compiled kernels of the opener search (:mod:`wordsolver.search.openers`), loaded when a
search runs so that commands that only name openers never load numba."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from wordsolver.games.rule import PatternArray
from wordsolver.plumbing.arrays import Int64Array

# A layout is a partition kept as its classes of two or more: ``members[starts[b]:starts[b+1]]``
# for b < n_classes; the secrets left out are singletons. Sets are space indices in increasing
# order; a chunk keeps its best sets in a buffer (``primary``, ``secondary``, ``sets``).


@njit(cache=True)
def _split(
    row: PatternArray,
    members: Int64Array,
    starts: Int64Array,
    n_classes: int,
    work: Int64Array,
    out_members: Int64Array,
    out_starts: Int64Array,
) -> tuple[int, int]:
    """Split every class by the patterns in ``row``; return (classes, new singletons).

    ``work`` rows 0-2 are scratch of n_patterns ints (counts, kept zero; patterns seen; offsets).
    """
    counts, present, offsets = work[0], work[1], work[2]
    n_out = 0
    position = 0
    singles = 0
    out_starts[0] = 0
    for b in range(n_classes):
        k = 0
        for i in range(starts[b], starts[b + 1]):
            p = row[members[i]]
            if counts[p] == 0:
                present[k] = p
                k += 1
            counts[p] += 1
        for j in range(k):
            p = present[j]
            if counts[p] > 1:
                offsets[p] = position
                position += counts[p]
                n_out += 1
                out_starts[n_out] = position
            else:
                offsets[p] = -1
                singles += 1
        for i in range(starts[b], starts[b + 1]):
            s = members[i]
            o = offsets[row[s]]
            if o >= 0:
                out_members[o] = s
                offsets[row[s]] = o + 1
        for j in range(k):
            counts[present[j]] = 0
    return n_out, singles


@njit(cache=True)
def _largest_first(
    members: Int64Array,
    starts: Int64Array,
    n_classes: int,
    histogram: Int64Array,
    out_members: Int64Array,
    out_starts: Int64Array,
) -> None:
    """Copy the classes ordered by size, largest first (a counting sort on sizes).

    Scoring then meets the big classes first, so hopeless candidates are cut early.
    """
    largest = 0
    for b in range(n_classes):
        size = starts[b + 1] - starts[b]
        histogram[size] += 1
        largest = max(largest, size)
    b = 0
    position = 0
    for size in range(largest, 1, -1):
        for _ in range(histogram[size]):
            position += size
            b += 1
            out_starts[b] = position
    out_starts[0] = 0
    position = 0
    for size in range(largest, 1, -1):  # histogram[size] becomes where that size goes
        count = histogram[size]
        histogram[size] = position
        position += count * size
    for b in range(n_classes):
        size = starts[b + 1] - starts[b]
        o = histogram[size]
        out_members[o : o + size] = members[starts[b] : starts[b + 1]]
        histogram[size] = o + size
    histogram[: largest + 1] = 0


@njit(cache=True)
def _score(
    row: PatternArray,
    members: Int64Array,
    starts: Int64Array,
    n_classes: int,
    singles: int,
    counts: Int64Array,
    by_worst: bool,
    bound: int,
) -> tuple[int, int]:
    """(Σ size², worst) after one more word, or (-1, -1) once it cannot reach ``bound``.

    The cut: every secret not yet visited adds at least 1 to Σ size², and the worst class can
    only grow.
    """
    total = singles
    worst = 1 if singles else 0
    remaining = starts[n_classes]
    for b in range(n_classes):
        for i in range(starts[b], starts[b + 1]):
            p = row[members[i]]
            c = counts[p] + 1
            counts[p] = c
            total += 2 * c - 1
            worst = max(worst, c)
        for i in range(starts[b], starts[b + 1]):
            counts[row[members[i]]] = 0
        remaining -= starts[b + 1] - starts[b]
        if (worst if by_worst else total + remaining) > bound:
            return -1, -1
    return total, worst


@njit(cache=True)
def _compare(p1: int, s1: int, set1: Int64Array, p2: int, s2: int, set2: Int64Array) -> int:
    """-1, 0 or 1 as set 1 ranks before, with or after set 2."""
    if p1 != p2:
        return -1 if p1 < p2 else 1
    if s1 != s2:
        return -1 if s1 < s2 else 1
    for k in range(set1.shape[0]):
        if set1[k] != set2[k]:
            return -1 if set1[k] < set2[k] else 1
    return 0


@njit(cache=True)
def _offer(
    primary: Int64Array,
    secondary: Int64Array,
    sets: Int64Array,
    filled: int,
    p: int,
    s: int,
    candidate: Int64Array,
) -> int:
    """Insert a set into a best-first buffer unless it is there already; return the new fill."""
    top = primary.shape[0]
    i = filled
    while i > 0:
        order = _compare(primary[i - 1], secondary[i - 1], sets[i - 1], p, s, candidate)
        if order == 0:
            return filled
        if order < 0:
            break
        i -= 1
    if i >= top:
        return filled
    for j in range(min(filled, top - 1), i, -1):
        primary[j] = primary[j - 1]
        secondary[j] = secondary[j - 1]
        sets[j] = sets[j - 1]
    primary[i] = p
    secondary[i] = s
    sets[i] = candidate
    return filled + 1 if filled < top else top


@njit(cache=True)
def _extend(
    values: PatternArray,
    rules: tuple[Int64Array, Int64Array, Int64Array],
    layout: tuple[Int64Array, Int64Array, int, int],
    prefix: Int64Array,
    used: int,
    words: tuple[int, int],
    by_worst: bool,
    shared: Int64Array,
    work: Int64Array,
    buffer: tuple[Int64Array, Int64Array, Int64Array, Int64Array],
) -> None:
    """Score ``prefix`` plus each allowed word of ``range(first, n_words, step)`` (``words`` is
    (first, step)) and offer each set to the buffers.

    ``layout`` is the prefix's partition ordered largest class first. Target t keeps sets that
    can still grow by ``rules[2][t]`` words. ``shared[t]`` is a bound every chunk may lower (any
    chunk's N-th best is an upper bound of the overall N-th best); a candidate is scored up to
    the loosest bound of all targets.
    """
    masks, letter_sets, mores = rules
    members, starts, n_classes, singles = layout
    primary, secondary, sets, filled = buffer
    n_targets, top = primary.shape
    depth = prefix.shape[0]
    candidate = np.empty(depth + 1, np.int64)
    limits = np.empty(n_targets, np.int64)
    for c in range(words[0], values.shape[0], words[1]):
        if masks[c] & used:
            continue
        clash = False
        for k in range(depth):
            clash |= prefix[k] == c
        if clash:
            continue
        for t in range(n_targets):
            limits[t] = shared[t] if filled[t] < top else min(shared[t], primary[t, top - 1])
        total, worst = _score(
            values[c], members, starts, n_classes, singles, work[0], by_worst, limits.max()
        )
        if total < 0:
            continue
        k = 0
        for j in range(depth):
            if k == j and c < prefix[j]:
                candidate[k] = c
                k += 1
            candidate[k] = prefix[j]
            k += 1
        if k == depth:
            candidate[depth] = c
        p, s = (worst, total) if by_worst else (total, worst)
        for t in range(n_targets):
            if p > limits[t] or not _completable(letter_sets, used | masks[c], mores[t]):
                continue
            filled[t] = _offer(primary[t], secondary[t], sets[t], filled[t], p, s, candidate)
            if filled[t] == top and primary[t, top - 1] < shared[t]:
                shared[t] = primary[t, top - 1]


@njit(cache=True)
def _completable(letter_sets: Int64Array, used: int, more: int) -> bool:
    """Whether ``more`` words with pairwise disjoint letter sets avoid the letters ``used``."""
    if more == 0:
        return True
    free = letter_sets[(letter_sets & used) == 0]
    following = np.zeros(more, np.int64)
    taken = np.zeros(more + 1, np.int64)
    level = 0
    while level >= 0:
        j = following[level]
        while j < free.shape[0] and free[j] & taken[level]:
            j += 1
        if j == free.shape[0]:
            level -= 1
            continue
        if level + 1 == more:
            return True
        following[level] = j + 1
        taken[level + 1] = taken[level] | free[j]
        following[level + 1] = j + 1
        level += 1
    return False


@njit(cache=True)
def _workspace(
    n_secrets: int, n_patterns: int, depth: int
) -> tuple[Int64Array, Int64Array, Int64Array, Int64Array, Int64Array]:
    """Per-chunk arrays: layouts per prefix length (level 0 = all secrets) and scratch rows."""
    members = np.empty((depth + 1, n_secrets), np.int64)
    starts = np.zeros((depth + 1, n_secrets + 1), np.int64)
    sizes = np.zeros((depth + 1, 2), np.int64)  # (classes, singletons) per level
    members[0] = np.arange(n_secrets)
    starts[0, 1] = n_secrets
    sizes[0, 0], sizes[0, 1] = (1, 0) if n_secrets > 1 else (0, n_secrets)
    work = np.zeros((4, max(n_patterns, n_secrets + 2)), np.int64)  # row 3: size histogram
    leaf = np.empty((2, n_secrets + 1), np.int64)
    return members, starts, sizes, work, leaf


@njit(cache=True)
def _refine(
    values: PatternArray,
    row: int,
    level: int,
    members: Int64Array,
    starts: Int64Array,
    sizes: Int64Array,
    work: Int64Array,
) -> None:
    """Layout ``level + 1`` = layout ``level`` split by the word in ``row``."""
    n_classes, singles = _split(
        values[row], members[level], starts[level], sizes[level, 0], work,
        members[level + 1], starts[level + 1],
    )  # fmt: skip
    sizes[level + 1, 0] = n_classes
    sizes[level + 1, 1] = sizes[level, 1] + singles


@njit(cache=True)
def _leaf_layout(
    level: int,
    members: Int64Array,
    starts: Int64Array,
    sizes: Int64Array,
    work: Int64Array,
    leaf: Int64Array,
) -> tuple[Int64Array, Int64Array, int, int]:
    _largest_first(members[level], starts[level], sizes[level, 0], work[3], leaf[0], leaf[1])
    return leaf[0], leaf[1], sizes[level, 0], sizes[level, 1]


@njit(cache=True)
def _buffers(
    n_chunks: int, n_targets: int, top: int, width: int
) -> tuple[Int64Array, Int64Array, Int64Array, Int64Array]:
    """Per chunk and target: best-first keys, sets and how many are filled."""
    return (
        np.zeros((n_chunks, n_targets, top), np.int64),
        np.zeros((n_chunks, n_targets, top), np.int64),
        np.zeros((n_chunks, n_targets, top, width), np.int64),
        np.zeros((n_chunks, n_targets), np.int64),
    )


@njit(cache=True, parallel=True)
def exact_block(
    values: PatternArray,
    n_patterns: int,
    rules: tuple[Int64Array, Int64Array, Int64Array],
    roots: Int64Array,
    depth: int,
    by_worst: bool,
    top: int,
    bounds: Int64Array,
    n_chunks: int,
) -> tuple[Int64Array, Int64Array, Int64Array, Int64Array]:
    """Best sets of ``depth + 1`` words whose smallest index is one of ``roots``.

    Each set is visited once: words in increasing index order, found by a depth-first walk over
    prefixes that refines the partition one word at a time.
    """
    n_words, n_secrets = values.shape
    masks = rules[0]
    primary, secondary, sets, filled = _buffers(n_chunks, bounds.shape[0], top, depth + 1)
    shared = bounds.copy()
    for chunk in prange(n_chunks):
        members, starts, sizes, work, leaf = _workspace(n_secrets, n_patterns, depth)
        buffer = (primary[chunk], secondary[chunk], sets[chunk], filled[chunk])
        prefix = np.empty(depth, np.int64)
        used = np.zeros(depth + 1, np.int64)
        following = np.zeros(depth + 1, np.int64)
        for r in range(chunk, roots.shape[0], n_chunks):
            prefix[0] = roots[r]
            used[1] = masks[prefix[0]]
            _refine(values, prefix[0], 0, members, starts, sizes, work)
            chosen = 1
            following[1] = prefix[0] + 1
            while chosen >= 1:
                if chosen == depth:
                    layout = _leaf_layout(depth, members, starts, sizes, work, leaf)
                    _extend(
                        values, rules, layout, prefix, used[depth], (prefix[depth - 1] + 1, 1),
                        by_worst, shared, work, buffer,
                    )  # fmt: skip
                    chosen -= 1
                    continue
                j = following[chosen]
                while j < n_words and masks[j] & used[chosen]:
                    j += 1
                if j >= n_words:
                    chosen -= 1
                    continue
                following[chosen] = j + 1
                prefix[chosen] = j
                used[chosen + 1] = used[chosen] | masks[j]
                _refine(values, j, chosen, members, starts, sizes, work)
                chosen += 1
                following[chosen] = j + 1
    return primary, secondary, sets, filled


@njit(cache=True, parallel=True)
def extend_block(
    values: PatternArray,
    n_patterns: int,
    rules: tuple[Int64Array, Int64Array, Int64Array],
    prefixes: Int64Array,
    by_worst: bool,
    top: int,
    bounds: Int64Array,
    n_chunks: int,
) -> tuple[Int64Array, Int64Array, Int64Array, Int64Array]:
    """Best distinct sets made of one of ``prefixes`` (sorted indices) plus any allowed word.

    With fewer prefixes than chunks, each prefix's candidate words are dealt out to several
    chunks (``parts``), so even the single empty prefix of one-word openers runs in parallel.
    """
    n_prefixes, depth = prefixes.shape
    n_secrets = values.shape[1]
    masks = rules[0]
    parts = -(-n_chunks // n_prefixes)
    primary, secondary, sets, filled = _buffers(n_chunks, bounds.shape[0], top, depth + 1)
    shared = bounds.copy()
    for chunk in prange(n_chunks):
        members, starts, sizes, work, leaf = _workspace(n_secrets, n_patterns, depth)
        buffer = (primary[chunk], secondary[chunk], sets[chunk], filled[chunk])
        for unit in range(chunk, n_prefixes * parts, n_chunks):
            q = unit // parts
            used = 0
            for level in range(depth):
                used |= masks[prefixes[q, level]]
                _refine(values, prefixes[q, level], level, members, starts, sizes, work)
            layout = _leaf_layout(depth, members, starts, sizes, work, leaf)
            words = (unit % parts, parts)
            _extend(values, rules, layout, prefixes[q], used, words, by_worst, shared, work, buffer)
    return primary, secondary, sets, filled

"""Hot kernels: how guesses split a set of candidates, summarised per guess.

The kernels read the matrix secret-major (:attr:`PatternMatrix.by_secret`): for each candidate,
its patterns against a run of guesses are contiguous. With fewer candidates than patterns, each
guess's sums grow bucket by bucket in one pass over the candidates. Otherwise one pass counts the
run's buckets (by comparing the cells with each pattern when the game has few, which vectorises,
else by scattering a count per cell), then each guess's counts are summed. Fingerprints of the
partitions, which only the exact search reads, are hashed when first read.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from wordsolver.arrays import FloatArray, HashArray, IdArray, Int64Array
from wordsolver.games.rule import PatternArray

#: How a run of guesses is split (chosen by :func:`partition_stats`): fewer candidates than
#: patterns, the sums grow with the buckets cell by cell; otherwise the buckets are counted
#: first, by comparing the cells with each pattern or by scattering one count per cell, then
#: summed pattern by pattern.
GROW, COMPARE, SCATTER = 0, 1, 2
#: A one-byte tally holds this many candidates; it is then added to the counts and emptied.
_TALLY_LIMIT = 255
_FNV_OFFSET = 1469598103934665603
_FNV_PRIME = 1099511628211


@njit(cache=True, inline="always")
def empty_tallies(tallies: npt.NDArray[np.uint8], counts: npt.NDArray[np.int32], size: int) -> None:
    """Add the one-byte tallies of a run's first ``size`` guesses to its counts, and zero them."""
    for pattern in range(tallies.shape[0]):
        for j in range(size):
            counts[j, pattern] += tallies[pattern, j]
            tallies[pattern, j] = 0


@njit(cache=True, inline="always")
def split_runs(
    by_secret: PatternArray,
    guess_rows: IdArray,
    candidates: IdArray,
    every_guess: bool,
    method: int,
    n_patterns: int,
    size_log_size_of: FloatArray,
    width: int,
    first_run: int,
    stop_run: int,
    sums: Int64Array,
    size_log_size: FloatArray,
) -> None:
    """Fill ``sums`` (buckets, Σ size², worst) and ``size_log_size`` for the guesses of runs
    ``first_run`` .. ``stop_run`` − 1 (``width`` guesses each) by ``method`` (see
    :data:`GROW`); ``size_log_size_of[c]`` is c·log2(c). ``every_guess``: ``guess_rows`` is
    0 .. n−1.

    The per-cell loops are written out in place: a call per cell would cost more than the cell.
    """
    n_guesses = guess_rows.shape[0]
    # What a bucket growing from c adds to Σ size·log2(size), for the GROW method.
    steps = np.empty(len(size_log_size_of) - 1 if method == GROW else 0)
    for c in range(len(steps)):
        steps[c] = size_log_size_of[c + 1] - size_log_size_of[c]
    counts = np.zeros((width, n_patterns), np.int32)
    tallies = np.zeros((n_patterns if method == COMPARE else 0, width), np.uint8)
    gathered = np.empty(width, by_secret.dtype)
    levels = np.empty(n_patterns, by_secret.dtype)  # patterns typed like the cells: vectorises
    for pattern in range(n_patterns):
        levels[pattern] = pattern
    for guess in range(first_run * width, min(stop_run * width, n_guesses)):
        sums[guess, 0] = sums[guess, 1] = sums[guess, 2] = 0
        size_log_size[guess] = 0.0
    for run in range(first_run, stop_run):
        first = run * width
        size = min(width, n_guesses - first)
        if method == GROW:
            for s in candidates:
                row = by_secret[s]
                for j in range(size):
                    pattern = row[first + j if every_guess else guess_rows[first + j]]
                    bucket = counts[j, pattern]
                    counts[j, pattern] = bucket + 1
                    if bucket == 0:
                        sums[first + j, 0] += 1
                    sums[first + j, 1] += 2 * bucket + 1
                    sums[first + j, 2] = max(sums[first + j, 2], bucket + 1)
                    size_log_size[first + j] += steps[bucket]
            for s in candidates:
                row = by_secret[s]
                for j in range(size):
                    counts[j, row[first + j if every_guess else guess_rows[first + j]]] = 0
            continue  # the sums are complete
        if method == SCATTER:
            for s in candidates:
                row = by_secret[s]
                for j in range(size):
                    counts[j, row[first + j if every_guess else guess_rows[first + j]]] += 1
        else:
            for k, s in enumerate(candidates):
                if every_guess:
                    cells = by_secret[s, first : first + size]
                else:
                    row = by_secret[s]
                    for j in range(size):
                        gathered[j] = row[guess_rows[first + j]]
                    cells = gathered[:size]
                for pattern in range(n_patterns):
                    level = levels[pattern]
                    for j in range(size):
                        tallies[pattern, j] += np.uint8(cells[j] == level)
                if (k + 1) % _TALLY_LIMIT == 0 or k + 1 == len(candidates):
                    empty_tallies(tallies, counts, size)
        for j in range(size):
            for pattern in range(n_patterns):
                bucket = counts[j, pattern]
                if bucket > 0:
                    counts[j, pattern] = 0
                    sums[first + j, 0] += 1
                    sums[first + j, 1] += bucket * bucket
                    sums[first + j, 2] = max(sums[first + j, 2], bucket)
                    size_log_size[first + j] += size_log_size_of[bucket]


@njit(cache=True)
def split_serial(
    by_secret: PatternArray,
    guess_rows: IdArray,
    candidates: IdArray,
    method: int,
    n_patterns: int,
    size_log_size_of: FloatArray,
    width: int,
) -> tuple[Int64Array, FloatArray]:
    n_guesses = guess_rows.shape[0]
    sums = np.empty((n_guesses, 3), np.int64)
    size_log_size = np.empty(n_guesses, np.float64)
    n_runs = (n_guesses + width - 1) // width
    split_runs(
        by_secret, guess_rows, candidates, is_every_guess(by_secret, guess_rows), method,
        n_patterns, size_log_size_of, width, 0, n_runs, sums, size_log_size,
    )  # fmt: skip
    return sums, size_log_size


@njit(cache=True, parallel=True)
def split_parallel(
    by_secret: PatternArray,
    guess_rows: IdArray,
    candidates: IdArray,
    method: int,
    n_patterns: int,
    size_log_size_of: FloatArray,
    width: int,
) -> tuple[Int64Array, FloatArray]:
    n_guesses = guess_rows.shape[0]
    sums = np.empty((n_guesses, 3), np.int64)
    size_log_size = np.empty(n_guesses, np.float64)
    every_guess = is_every_guess(by_secret, guess_rows)
    n_runs = (n_guesses + width - 1) // width
    n_chunks = min(n_runs, 64)
    for chunk in prange(n_chunks):
        split_runs(
            by_secret, guess_rows, candidates, every_guess, method, n_patterns,
            size_log_size_of, width, chunk * n_runs // n_chunks, (chunk + 1) * n_runs // n_chunks,
            sums, size_log_size,
        )  # fmt: skip
    return sums, size_log_size


@njit(cache=True)
def is_every_guess(by_secret: PatternArray, guess_rows: IdArray) -> bool:
    """Whether ``guess_rows`` is 0 .. n−1 for every guess (runs are then read in place)."""
    if guess_rows.shape[0] != by_secret.shape[1]:
        return False
    for j in range(guess_rows.shape[0]):  # noqa: SIM110 (numba compiles no generator)
        if guess_rows[j] != j:
            return False
    return True


@njit(cache=True)
def fingerprints(by_secret: PatternArray, guess_rows: IdArray, candidates: IdArray) -> HashArray:
    """A hash of each guess's patterns on the candidates, in candidate order (xor, then
    multiply, as FNV-1a)."""
    every_guess = is_every_guess(by_secret, guess_rows)
    fingerprints = np.full(guess_rows.shape[0], np.uint64(_FNV_OFFSET))
    for s in candidates:
        row = by_secret[s]
        for j in range(guess_rows.shape[0]):
            pattern = row[j] if every_guess else row[guess_rows[j]]
            fingerprints[j] = (fingerprints[j] ^ np.uint64(pattern)) * np.uint64(_FNV_PRIME)
    return fingerprints


@njit(cache=True)
def first_of_each_partition(
    by_secret: PatternArray,
    guess_rows: IdArray,
    candidates: IdArray,
    fingerprints: HashArray,
) -> IdArray:
    """Positions in ``guess_rows`` of the first guess of each distinct partition of the
    candidates: a hash table of fingerprints finds the repeats, the patterns confirm them."""
    n = guess_rows.shape[0]
    size = 1
    while size < 2 * n:  # a table at least twice the guesses
        size *= 2
    mask = np.uint64(size - 1)
    table = np.full(size, -1, np.intp)
    firsts = np.empty(n, np.intp)
    n_firsts = 0
    for position in range(n):
        guess = guess_rows[position]
        slot = fingerprints[position] & mask
        repeated = False
        while table[slot] >= 0:
            earlier = table[slot]
            if fingerprints[earlier] == fingerprints[position]:
                other = guess_rows[earlier]
                repeated = True
                for s in candidates:
                    if by_secret[s, guess] != by_secret[s, other]:
                        repeated = False
                        break
                if repeated:
                    break
            slot = (slot + np.uint64(1)) & mask
        if not repeated:
            table[slot] = position
            firsts[n_firsts] = position
            n_firsts += 1
    return firsts[:n_firsts]


@njit(cache=True)
def first_of_each_class(
    codes: npt.NDArray[np.uint8],
    rows: IdArray,
    live: npt.NDArray[np.bool_],
    stamps: Int64Array,
    stamp: int,
) -> IdArray:
    """The first row of each class of guesses that read the same once dead letters are blanked."""
    blank = live.shape[0]
    firsts = np.empty(rows.shape[0], np.intp)
    n_firsts = 0
    for row in rows:
        key = 0
        for letter in codes[row]:
            key = key * (blank + 1) + (letter if live[letter] else blank)
        if stamps[key] != stamp:
            stamps[key] = stamp
            firsts[n_firsts] = row
            n_firsts += 1
    return firsts[:n_firsts]


@njit(cache=True)
def bucket_peaks(
    by_secret: PatternArray,
    rows: IdArray,
    heaviest_first: IdArray,
    units: Int64Array,
    n_patterns: int,
) -> Int64Array:
    """For each guess, the sum over its buckets of the heaviest weight in each (the candidates
    come heaviest first, so a bucket's first arrival is its heaviest)."""
    seen = np.zeros((len(rows), n_patterns), dtype=np.bool_)
    peaks = np.zeros(len(rows), dtype=np.int64)
    for secret in heaviest_first:
        patterns = by_secret[secret]
        for k in range(len(rows)):
            pattern = patterns[rows[k]]
            if not seen[k, pattern]:
                seen[k, pattern] = True
                peaks[k] += units[secret]
    return peaks

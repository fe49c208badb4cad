"""Hot kernels: how guesses split a set of candidates, summarised per guess.

One pass per guess counts the candidates in each pattern bucket, and a second pass over the same
candidates reads and clears those counts, so the cost is proportional to the number of candidates,
not to the number of patterns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from wordsolver.games.rule import PatternArray

IdArray = npt.NDArray[np.intp]
Int64Array = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


#: Below this many cells (guesses × candidates) threads cost more than they save.
PARALLEL_CELLS = 200_000
#: Guesses counted together when walking the secret-major copy of the matrix (fits in L1).
_BLOCK = 32


@njit(cache=True, inline="always")
def _split_guesses(
    values: PatternArray,
    guess_rows: IdArray,
    candidates: IdArray,
    first: int,
    stop: int,
    counts: Int64Array,
    sums: Int64Array,
    size_log_size: FloatArray,
) -> None:
    """Fill ``sums[k] = (buckets, Σ size², worst)`` and Σ size·log2 size for guesses first..stop."""
    for k in range(first, stop):
        row = values[guess_rows[k]]
        for s in candidates:
            counts[row[s]] += 1
        n_buckets = 0
        sum_squares = 0
        worst = 0
        entropy_sum = 0.0
        for s in candidates:
            size = counts[row[s]]
            if size:
                n_buckets += 1
                sum_squares += size * size
                worst = max(worst, size)
                entropy_sum += size * math.log2(size)
                counts[row[s]] = 0
        sums[k, 0] = n_buckets
        sums[k, 1] = sum_squares
        sums[k, 2] = worst
        size_log_size[k] = entropy_sum


@njit(cache=True)
def _partition_serial(
    values: PatternArray, guess_rows: IdArray, candidates: IdArray, n_patterns: int
) -> tuple[Int64Array, FloatArray]:
    n_guesses = guess_rows.shape[0]
    sums = np.empty((n_guesses, 3), np.int64)
    size_log_size = np.empty(n_guesses, np.float64)
    counts = np.zeros(n_patterns, np.int64)
    _split_guesses(values, guess_rows, candidates, 0, n_guesses, counts, sums, size_log_size)
    return sums, size_log_size


@njit(cache=True, parallel=True)
def _partition_parallel(
    values: PatternArray, guess_rows: IdArray, candidates: IdArray, n_patterns: int
) -> tuple[Int64Array, FloatArray]:
    n_guesses = guess_rows.shape[0]
    sums = np.empty((n_guesses, 3), np.int64)
    size_log_size = np.empty(n_guesses, np.float64)
    n_chunks = min(n_guesses, 64)
    for chunk in prange(n_chunks):
        counts = np.zeros(n_patterns, np.int64)
        first = chunk * n_guesses // n_chunks
        stop = (chunk + 1) * n_guesses // n_chunks
        _split_guesses(values, guess_rows, candidates, first, stop, counts, sums, size_log_size)
    return sums, size_log_size


@njit(cache=True)
def _in_place_sums(
    values: PatternArray, guess_rows: IdArray, candidates: IdArray, in_place: Int64Array
) -> Int64Array:
    totals = np.empty(guess_rows.shape[0], np.int64)
    for k in range(guess_rows.shape[0]):
        row = values[guess_rows[k]]
        total = 0
        for s in candidates:
            total += in_place[row[s]]
        totals[k] = total
    return totals


@dataclass(frozen=True, eq=False)
class PartitionStats:
    """How each of some guesses splits the candidates (arrays aligned with ``rows``).

    ``n_buckets`` counts the non-empty buckets, ``sum_squares`` is Σ size², ``worst`` the largest
    bucket and ``size_log_size`` Σ size·log2(size).
    """

    rows: IdArray
    n_candidates: int
    n_buckets: Int64Array
    sum_squares: Int64Array
    worst: Int64Array
    size_log_size: FloatArray

    @cached_property
    def entropy(self) -> FloatArray:
        """Expected information in bits: log2 N − Σ size·log2(size) / N."""
        n = self.n_candidates
        return np.asarray(math.log2(n) - self.size_log_size / n, dtype=np.float64)

    @cached_property
    def expected_size(self) -> FloatArray:
        """Mean number of candidates left: Σ size² / N."""
        return np.asarray(self.sum_squares / self.n_candidates, dtype=np.float64)

    @cached_property
    def stdev(self) -> FloatArray:
        """Standard deviation of the non-empty bucket sizes."""
        mean = self.n_candidates / self.n_buckets
        variance = self.sum_squares / self.n_buckets - mean * mean
        return np.asarray(np.sqrt(np.maximum(variance, 0.0)), dtype=np.float64)


def partition_stats(
    values: PatternArray, guess_rows: IdArray, candidates: IdArray, n_patterns: int
) -> PartitionStats:
    """Split statistics of every guess in ``guess_rows`` over the ``candidates`` (secret ids)."""
    rows = np.ascontiguousarray(guess_rows, dtype=np.intp)
    cands = np.ascontiguousarray(candidates, dtype=np.intp)
    big = len(rows) * len(cands) >= PARALLEL_CELLS
    kernel = _partition_parallel if big else _partition_serial
    sums, size_log_size = kernel(values, rows, cands, n_patterns)
    return PartitionStats(rows, len(cands), sums[:, 0], sums[:, 1], sums[:, 2], size_log_size)


def in_place_totals(
    values: PatternArray, guess_rows: IdArray, candidates: IdArray, in_place: Int64Array
) -> Int64Array:
    """For each guess, the letters in place summed over the candidates (Fallout heuristic)."""
    rows = np.ascontiguousarray(guess_rows, dtype=np.intp)
    cands = np.ascontiguousarray(candidates, dtype=np.intp)
    result: Int64Array = _in_place_sums(values, rows, cands, in_place)
    return result


@njit(cache=True, inline="always")
def _summarise_guesses(
    values: PatternArray,
    guess_rows: IdArray,
    candidates: IdArray,
    n_patterns: int,
    first: int,
    stop: int,
    sums: Int64Array,
    fingerprints: npt.NDArray[np.uint64],
) -> None:
    """One pass per guess: stamps mark the buckets already seen, so nothing needs clearing."""
    counts = np.zeros(n_patterns, np.int64)
    stamps = np.full(n_patterns, -1, np.int64)
    for k in range(first, stop):
        row = values[guess_rows[k]]
        n_buckets = 0
        sum_squares = 0
        worst = 0
        fingerprint = np.uint64(1469598103934665603)
        for s in candidates:
            pattern = row[s]
            if stamps[pattern] != k:  # first member of this bucket for this guess
                stamps[pattern] = k
                counts[pattern] = 0
                n_buckets += 1
            size = counts[pattern]
            sum_squares += 2 * size + 1
            counts[pattern] = size + 1
            worst = max(worst, size + 1)
            fingerprint = (fingerprint ^ np.uint64(pattern)) * np.uint64(1099511628211)
        sums[k, 0] = n_buckets
        sums[k, 1] = sum_squares
        sums[k, 2] = worst
        fingerprints[k] = fingerprint


@njit(cache=True)
def _summary_serial(
    values: PatternArray, guess_rows: IdArray, candidates: IdArray, n_patterns: int
) -> tuple[Int64Array, npt.NDArray[np.uint64]]:
    n_guesses = guess_rows.shape[0]
    sums = np.empty((n_guesses, 3), np.int64)
    fingerprints = np.empty(n_guesses, np.uint64)
    _summarise_guesses(values, guess_rows, candidates, n_patterns, 0, n_guesses, sums, fingerprints)
    return sums, fingerprints


@njit(cache=True, parallel=True)
def _summary_parallel(
    values: PatternArray, guess_rows: IdArray, candidates: IdArray, n_patterns: int
) -> tuple[Int64Array, npt.NDArray[np.uint64]]:
    n_guesses = guess_rows.shape[0]
    sums = np.empty((n_guesses, 3), np.int64)
    fingerprints = np.empty(n_guesses, np.uint64)
    n_chunks = min(n_guesses, 16)
    for chunk in prange(n_chunks):
        first = chunk * n_guesses // n_chunks
        stop = (chunk + 1) * n_guesses // n_chunks
        _summarise_guesses(
            values, guess_rows, candidates, n_patterns, first, stop, sums, fingerprints
        )
    return sums, fingerprints


@dataclass(frozen=True, eq=False)
class SplitSummary:
    """The integer part of :class:`PartitionStats` plus a fingerprint of each guess's patterns
    (equal patterns give equal fingerprints), for the exact search's hot loop."""

    n_buckets: Int64Array
    sum_squares: Int64Array
    worst: Int64Array
    fingerprint: npt.NDArray[np.uint64]


def split_summary(
    values: PatternArray,
    guess_rows: IdArray,
    candidates: IdArray,
    n_patterns: int,
    by_secret: PatternArray | None = None,
) -> SplitSummary:
    """Bucket count, Σ size², largest bucket and pattern fingerprint of every guess.

    ``by_secret`` (the matrix transposed, secret-major) makes the common case of every guess
    several times faster: each candidate's patterns are then read as one contiguous row.
    """
    cands = np.ascontiguousarray(candidates, dtype=np.intp)
    if by_secret is not None and len(guess_rows) == by_secret.shape[1]:
        sums, fingerprints = _summary_by_secret(by_secret, cands, n_patterns)
    else:
        rows = np.ascontiguousarray(guess_rows, dtype=np.intp)
        big = len(rows) * len(cands) >= PARALLEL_CELLS
        kernel = _summary_parallel if big else _summary_serial
        sums, fingerprints = kernel(values, rows, cands, n_patterns)
    return SplitSummary(sums[:, 0], sums[:, 1], sums[:, 2], fingerprints)


@njit(cache=True, parallel=True)
def _summary_by_secret(
    by_secret: PatternArray, candidates: IdArray, n_patterns: int
) -> tuple[Int64Array, npt.NDArray[np.uint64]]:
    n_guesses = by_secret.shape[1]
    sums = np.empty((n_guesses, 3), np.int64)
    fingerprints = np.empty(n_guesses, np.uint64)
    n_blocks = (n_guesses + _BLOCK - 1) // _BLOCK
    for block in prange(n_blocks):
        first = block * _BLOCK
        width = min(_BLOCK, n_guesses - first)
        counts = np.zeros((_BLOCK, n_patterns), np.int32)
        n_buckets = np.zeros(_BLOCK, np.int64)
        sum_squares = np.zeros(_BLOCK, np.int64)
        worst = np.zeros(_BLOCK, np.int64)
        fingerprint = np.full(_BLOCK, np.uint64(1469598103934665603))
        for s in candidates:
            row = by_secret[s]
            for j in range(width):
                pattern = row[first + j]
                size = counts[j, pattern]
                if size == 0:
                    n_buckets[j] += 1
                sum_squares[j] += 2 * size + 1
                counts[j, pattern] = size + 1
                worst[j] = max(worst[j], size + 1)
                fingerprint[j] = (fingerprint[j] ^ np.uint64(pattern)) * np.uint64(1099511628211)
        for j in range(width):
            sums[first + j, 0] = n_buckets[j]
            sums[first + j, 1] = sum_squares[j]
            sums[first + j, 2] = worst[j]
            fingerprints[first + j] = fingerprint[j]
    return sums, fingerprints

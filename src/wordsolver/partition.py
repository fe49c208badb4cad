"""Hot kernels: how guesses split a set of candidates, summarised per guess.

The kernels read the matrix secret-major (:attr:`PatternMatrix.by_secret`): for each candidate,
its patterns against a block of guesses are one contiguous run, and the block's bucket counts fit
in the first-level cache. Every statistic grows as the buckets fill, so one pass over the
candidates gives them all.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from wordsolver.games.rule import PatternArray
from wordsolver.matrix import PatternMatrix

IdArray = npt.NDArray[np.intp]
Int64Array = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
HashArray = npt.NDArray[np.uint64]

#: Guess lists shorter than this are scored whole (finding classes would cost more).
_CLASSES_MIN_GUESSES = 20_000
#: Largest key space of blanked words that :func:`distinct_guesses` tracks.
_CLASSES_MAX_KEYS = 1 << 22
#: Below this many cells (guesses × candidates) threads cost more than they save.
PARALLEL_CELLS = 200_000
#: Guesses counted together (their counts stay in the first-level cache).
_BLOCK = 32
_FNV_OFFSET = 1469598103934665603
_FNV_PRIME = 1099511628211


@njit(cache=True, inline="always")
def _split_blocks(
    by_secret: PatternArray,
    guess_rows: IdArray,
    candidates: IdArray,
    log_steps: FloatArray,
    first_block: int,
    stop_block: int,
    counts: npt.NDArray[np.int32],
    sums: Int64Array,
    size_log_size: FloatArray,
    fingerprints: HashArray,
) -> None:
    """Fill the outputs for the guesses of blocks ``first_block`` .. ``stop_block`` − 1.

    ``log_steps[c]`` = (c+1)·log2(c+1) − c·log2(c): what a bucket growing from c adds to
    Σ size·log2(size), so one pass over the candidates gives every sum.
    """
    n_guesses = guess_rows.shape[0]
    n_patterns = counts.shape[1]
    every_guess = n_guesses == by_secret.shape[1]  # guess_rows is 0..n-1: read rows directly
    for block in range(first_block, stop_block):
        first = block * _BLOCK
        width = min(_BLOCK, n_guesses - first)
        for j in range(width):
            sums[first + j, 0] = 0
            sums[first + j, 1] = 0
            sums[first + j, 2] = 0
            size_log_size[first + j] = 0.0
            fingerprints[first + j] = np.uint64(_FNV_OFFSET)
        for s in candidates:
            row = by_secret[s]
            for j in range(width):
                guess = first + j if every_guess else guess_rows[first + j]
                pattern = row[guess]
                size = counts[j, pattern]
                if size == 0:
                    sums[first + j, 0] += 1
                sums[first + j, 1] += 2 * size + 1
                sums[first + j, 2] = max(sums[first + j, 2], size + 1)
                size_log_size[first + j] += log_steps[size]
                counts[j, pattern] = size + 1
                fingerprints[first + j] = (
                    fingerprints[first + j] ^ np.uint64(pattern)
                ) * np.uint64(_FNV_PRIME)
        if len(candidates) * width > n_patterns * _BLOCK:
            counts[:, :] = 0
        else:
            for s in candidates:
                row = by_secret[s]
                for j in range(width):
                    counts[j, row[first + j if every_guess else guess_rows[first + j]]] = 0


@njit(cache=True)
def _split_serial(
    by_secret: PatternArray,
    guess_rows: IdArray,
    candidates: IdArray,
    n_patterns: int,
    log_steps: FloatArray,
) -> tuple[Int64Array, FloatArray, HashArray]:
    n_guesses = guess_rows.shape[0]
    sums = np.empty((n_guesses, 3), np.int64)
    size_log_size = np.empty(n_guesses, np.float64)
    fingerprints = np.empty(n_guesses, np.uint64)
    counts = np.zeros((_BLOCK, n_patterns), np.int32)
    n_blocks = (n_guesses + _BLOCK - 1) // _BLOCK
    _split_blocks(
        by_secret, guess_rows, candidates, log_steps, 0, n_blocks,
        counts, sums, size_log_size, fingerprints,
    )  # fmt: skip
    return sums, size_log_size, fingerprints


@njit(cache=True, parallel=True)
def _split_parallel(
    by_secret: PatternArray,
    guess_rows: IdArray,
    candidates: IdArray,
    n_patterns: int,
    log_steps: FloatArray,
) -> tuple[Int64Array, FloatArray, HashArray]:
    n_guesses = guess_rows.shape[0]
    sums = np.empty((n_guesses, 3), np.int64)
    size_log_size = np.empty(n_guesses, np.float64)
    fingerprints = np.empty(n_guesses, np.uint64)
    n_blocks = (n_guesses + _BLOCK - 1) // _BLOCK
    n_chunks = min(n_blocks, 64)
    for chunk in prange(n_chunks):
        counts = np.zeros((_BLOCK, n_patterns), np.int32)
        _split_blocks(
            by_secret, guess_rows, candidates, log_steps,
            chunk * n_blocks // n_chunks, (chunk + 1) * n_blocks // n_chunks,
            counts, sums, size_log_size, fingerprints,
        )  # fmt: skip
    return sums, size_log_size, fingerprints


@njit(cache=True)
def _first_of_each_class(
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


class _Scratch(threading.local):
    """Per-thread stamp tables for :func:`distinct_guesses` (reused, never cleared)."""

    def __init__(self) -> None:
        self.tables: dict[int, Int64Array] = {}
        self.stamp = 0


_scratch = _Scratch()


def distinct_guesses(matrix: PatternMatrix, guess_rows: IdArray, candidates: IdArray) -> IdArray:
    """The guesses worth scoring: a letter no candidate holds (a dead letter) gets the same
    feedback wherever it stands, so guesses equal but for which dead letters they use split the
    candidates alike; only the first of each such class (in ``guess_rows`` order) is kept.

    Worth it for large generated guess spaces (every Tonguess string) once few letters are
    live; elsewhere the rows come back unchanged.
    """
    game = matrix.game
    classes = (game.alphabet.size + 1) ** game.length
    if len(guess_rows) < _CLASSES_MIN_GUESSES or classes > _CLASSES_MAX_KEYS:
        return guess_rows
    live = np.zeros(game.alphabet.size, dtype=np.bool_)
    live[np.unique(game.guess_codes[game.secret_rows[candidates]])] = True
    if live.all():
        return guess_rows
    table = _scratch.tables.get(classes)
    if table is None:
        table = _scratch.tables[classes] = np.full(classes, -1, dtype=np.int64)
    _scratch.stamp += 1
    firsts: IdArray = _first_of_each_class(
        game.guess_codes, np.ascontiguousarray(guess_rows, dtype=np.intp), live, table,
        _scratch.stamp,
    )  # fmt: skip
    return firsts


@dataclass(frozen=True, eq=False)
class PartitionStats:
    """How each of some guesses splits the candidates (arrays aligned with ``rows``).

    ``n_buckets`` counts the non-empty buckets, ``sum_squares`` is Σ size², ``worst`` the largest
    bucket, ``size_log_size`` Σ size·log2(size); ``fingerprint`` is a hash of the guess's patterns
    on the candidates (equal patterns, equal fingerprints), used to find repeated partitions.
    """

    rows: IdArray
    n_candidates: int
    n_buckets: Int64Array
    sum_squares: Int64Array
    worst: Int64Array
    size_log_size: FloatArray
    fingerprint: HashArray

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
    matrix: PatternMatrix, guess_rows: IdArray, candidates: IdArray
) -> PartitionStats:
    """Split statistics of the guesses in ``guess_rows`` over the ``candidates`` (secret ids).

    Guesses that split the candidates exactly like an earlier guess of ``guess_rows`` because
    they differ only in dead letters (see :func:`distinct_guesses`) are left out: read the
    guesses from ``PartitionStats.rows``.
    """
    rows = np.ascontiguousarray(distinct_guesses(matrix, guess_rows, candidates), dtype=np.intp)
    cands = np.ascontiguousarray(candidates, dtype=np.intp)
    sizes = np.arange(len(cands) + 2, dtype=np.float64)
    log_steps = np.diff(sizes * np.log2(np.maximum(sizes, 1.0)))
    big = len(rows) * len(cands) >= PARALLEL_CELLS
    kernel = _split_parallel if big else _split_serial
    sums, size_log_size, fingerprints = kernel(
        matrix.by_secret, rows, cands, matrix.game.n_patterns, log_steps
    )
    return PartitionStats(
        rows, len(cands), sums[:, 0], sums[:, 1], sums[:, 2], size_log_size, fingerprints
    )


def in_place_totals(matrix: PatternMatrix, guess_rows: IdArray, candidates: IdArray) -> Int64Array:
    """For each guess, the letters in place summed over the candidates (Fallout heuristic).

    Letters in place are positional matches under every rule, so the sum is read from how often
    each letter stands at each position among the candidates: no pattern is needed.
    """
    game = matrix.game
    rows = np.asarray(guess_rows, dtype=np.intp)
    letters = game.guess_codes
    held = letters[game.secret_rows[candidates]]
    totals = np.zeros(len(rows), dtype=np.int64)
    for position in range(game.length):
        counts = np.bincount(held[:, position], minlength=game.alphabet.size)
        totals += counts[letters[rows, position]]
    return totals

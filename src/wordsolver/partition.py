"""Hot kernels: how guesses split a set of candidates, summarised per guess.

The kernels read the matrix secret-major (:attr:`PatternMatrix.by_secret`): for each candidate,
its patterns against a run of guesses are contiguous. With fewer candidates than patterns, each
guess's sums grow bucket by bucket in one pass over the candidates. Otherwise one pass counts the
run's buckets (by comparing the cells with each pattern when the game has few, which vectorises,
else by scattering a count per cell), then each guess's counts are summed. Fingerprints of the
partitions, which only the exact search reads, are hashed when first read.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from typing import Any

import numba
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
#: Games with at most this many patterns count by comparison: comparing 32-64 cells with one
#: pattern takes a few vector instructions, scattering counts a few instructions per cell.
FEW_PATTERNS = 32
#: Longest run counted by comparison: a candidate's cells stream from memory far faster in
#: long runs than in short ones, and its tallies (a byte per pattern and guess) stay in cache.
_LONG_RUN = 16_384
#: Longest run counted by scattering: its counts stay in the first-level cache.
_SHORT_RUN = 32
#: A one-byte tally holds this many candidates; it is then added to the counts and emptied.
_TALLY_LIMIT = 255
#: How a run of guesses is split (chosen by :func:`partition_stats`): fewer candidates than
#: patterns, the sums grow with the buckets cell by cell; otherwise the buckets are counted
#: first, by comparing the cells with each pattern or by scattering one count per cell, then
#: summed pattern by pattern.
_GROW, _COMPARE, _SCATTER = 0, 1, 2
_FNV_OFFSET = 1469598103934665603
_FNV_PRIME = 1099511628211


@njit(cache=True, inline="always")
def _empty_tallies(
    tallies: npt.NDArray[np.uint8], counts: npt.NDArray[np.int32], size: int
) -> None:
    """Add the one-byte tallies of a run's first ``size`` guesses to its counts, and zero them."""
    for pattern in range(tallies.shape[0]):
        for j in range(size):
            counts[j, pattern] += tallies[pattern, j]
            tallies[pattern, j] = 0


@njit(cache=True, inline="always")
def _split_runs(
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
    :data:`_GROW`); ``size_log_size_of[c]`` is c·log2(c). ``every_guess``: ``guess_rows`` is
    0 .. n−1.

    The per-cell loops are written out in place: a call per cell would cost more than the cell.
    """
    n_guesses = guess_rows.shape[0]
    # What a bucket growing from c adds to Σ size·log2(size), for the _GROW method.
    steps = np.empty(len(size_log_size_of) - 1 if method == _GROW else 0)
    for c in range(len(steps)):
        steps[c] = size_log_size_of[c + 1] - size_log_size_of[c]
    counts = np.zeros((width, n_patterns), np.int32)
    tallies = np.zeros((n_patterns if method == _COMPARE else 0, width), np.uint8)
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
        if method == _GROW:
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
        if method == _SCATTER:
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
                    _empty_tallies(tallies, counts, size)
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
def _split_serial(
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
    _split_runs(
        by_secret, guess_rows, candidates, _is_every_guess(by_secret, guess_rows), method,
        n_patterns, size_log_size_of, width, 0, n_runs, sums, size_log_size,
    )  # fmt: skip
    return sums, size_log_size


@njit(cache=True, parallel=True)
def _split_parallel(
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
    every_guess = _is_every_guess(by_secret, guess_rows)
    n_runs = (n_guesses + width - 1) // width
    n_chunks = min(n_runs, 64)
    for chunk in prange(n_chunks):
        _split_runs(
            by_secret, guess_rows, candidates, every_guess, method, n_patterns,
            size_log_size_of, width, chunk * n_runs // n_chunks, (chunk + 1) * n_runs // n_chunks,
            sums, size_log_size,
        )  # fmt: skip
    return sums, size_log_size


@njit(cache=True)
def _is_every_guess(by_secret: PatternArray, guess_rows: IdArray) -> bool:
    """Whether ``guess_rows`` is 0 .. n−1 for every guess (runs are then read in place)."""
    if guess_rows.shape[0] != by_secret.shape[1]:
        return False
    for j in range(guess_rows.shape[0]):  # noqa: SIM110 (numba compiles no generator)
        if guess_rows[j] != j:
            return False
    return True


@njit(cache=True)
def _fingerprints(by_secret: PatternArray, guess_rows: IdArray, candidates: IdArray) -> HashArray:
    """A hash of each guess's patterns on the candidates, in candidate order (xor, then
    multiply, as FNV-1a)."""
    every_guess = _is_every_guess(by_secret, guess_rows)
    fingerprints = np.full(guess_rows.shape[0], np.uint64(_FNV_OFFSET))
    for s in candidates:
        row = by_secret[s]
        for j in range(guess_rows.shape[0]):
            pattern = row[j] if every_guess else row[guess_rows[j]]
            fingerprints[j] = (fingerprints[j] ^ np.uint64(pattern)) * np.uint64(_FNV_PRIME)
    return fingerprints


@njit(cache=True)
def _first_of_each_partition(
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


def first_of_each_partition(
    matrix: PatternMatrix, guess_rows: IdArray, candidates: IdArray, fingerprints: HashArray
) -> IdArray:
    """Positions in ``guess_rows`` of the first guess of each distinct way of splitting the
    candidates (``fingerprints``: each guess's :attr:`PartitionStats.fingerprint`); a guess
    that splits them exactly like an earlier one is left out."""
    if len(guess_rows) < 2:
        return np.arange(len(guess_rows), dtype=np.intp)
    firsts: IdArray = _first_of_each_partition(
        matrix.by_secret,
        np.ascontiguousarray(guess_rows, dtype=np.intp),
        np.ascontiguousarray(candidates, dtype=np.intp),
        np.ascontiguousarray(fingerprints),
    )
    return firsts


@dataclass(frozen=True, eq=False)
class PartitionStats:
    """How each of some guesses splits the candidates (arrays aligned with ``rows``).

    ``n_buckets`` counts the non-empty buckets, ``sum_squares`` is Σ size², ``worst`` the largest
    bucket, ``size_log_size`` Σ size·log2(size); ``fingerprint`` is a hash of the guess's patterns
    on the candidates (equal patterns, equal fingerprints), used to find repeated partitions.
    """

    matrix: PatternMatrix = field(repr=False)
    rows: IdArray
    candidates: IdArray
    n_buckets: Int64Array
    sum_squares: Int64Array
    worst: Int64Array
    size_log_size: FloatArray

    @property
    def n_candidates(self) -> int:
        """How many candidates are split."""
        return len(self.candidates)

    @cached_property
    def fingerprint(self) -> HashArray:
        """A hash of each guess's patterns on the candidates (computed when first read: only
        the exact search needs it)."""
        hashes: HashArray = _fingerprints(self.matrix.by_secret, self.rows, self.candidates)
        return hashes

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
    matrix: PatternMatrix, guess_rows: IdArray, candidates: IdArray, *, every_row: bool = False
) -> PartitionStats:
    """Split statistics of the guesses in ``guess_rows`` over the ``candidates`` (secret ids).

    Guesses that split the candidates exactly like an earlier guess of ``guess_rows`` because
    they differ only in dead letters (see :func:`distinct_guesses`) are left out, unless
    ``every_row`` (statistics of several boards are then aligned row by row): read the guesses
    from ``PartitionStats.rows``.
    """
    kept = guess_rows if every_row else distinct_guesses(matrix, guess_rows, candidates)
    rows = np.ascontiguousarray(kept, dtype=np.intp)
    cands = np.ascontiguousarray(candidates, dtype=np.intp)
    sizes = np.arange(len(cands) + 1, dtype=np.float64)
    size_log_size_of = sizes * np.log2(np.maximum(sizes, 1.0))
    n_patterns = matrix.game.n_patterns
    if len(cands) < n_patterns:
        method, longest = _GROW, _SHORT_RUN
    elif n_patterns <= FEW_PATTERNS:
        method, longest = _COMPARE, _LONG_RUN
    else:
        method, longest = _SCATTER, _SHORT_RUN
    threads = numba.get_num_threads() if len(rows) * len(cands) >= PARALLEL_CELLS else 1
    width = _run_width(len(rows), longest, threads)
    kernel = _split_parallel if threads > 1 else _split_serial
    sums, size_log_size = kernel(
        matrix.by_secret, rows, cands, method, n_patterns, size_log_size_of, width
    )
    return PartitionStats(matrix, rows, cands, sums[:, 0], sums[:, 1], sums[:, 2], size_log_size)


def _run_width(n_guesses: int, longest: int, threads: int) -> int:
    """Guesses per run: at most ``longest``, and runs of equal width that share evenly among
    the threads (each thread takes an equal share of the runs)."""
    share = max(-(-n_guesses // threads), 1)
    runs_per_thread = -(-share // longest)
    return -(-share // runs_per_thread)


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


def bucket_sizes(matrix: PatternMatrix, rows: IdArray, candidates: IdArray) -> Int64Array:
    """How many candidates each guess puts in each bucket: one row per guess, one column per
    pattern."""
    n_patterns = matrix.game.n_patterns
    patterns = matrix.by_secret[np.ix_(candidates, rows)].T.astype(np.int64)
    keys = patterns + np.arange(len(rows))[:, None] * n_patterns
    counts = np.bincount(keys.ravel(), minlength=len(rows) * n_patterns)
    return counts.reshape(len(rows), n_patterns)


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


def split(patterns: npt.NDArray[Any], candidates: IdArray) -> list[tuple[int, IdArray]]:
    """Group candidates by their pattern: ``[(pattern, members), ...]`` in pattern order."""
    order = np.argsort(patterns, kind="stable")
    ordered = patterns[order]
    members = candidates[order]
    cuts = [0, *(np.flatnonzero(ordered[1:] != ordered[:-1]) + 1).tolist(), len(order)]
    return [(int(ordered[a]), members[a:b]) for a, b in pairwise(cuts)]

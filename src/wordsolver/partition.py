"""How guesses split a set of candidates, summarised per guess: the statistics every strategy
scores, the classes of guesses that split alike, and the buckets themselves.

The statistics are counted by compiled C++ built with the package (``partition_split.cpp``),
which costs nothing to load, so a command that scores one position starts without numba; the
numba kernels the exact search reads (fingerprints, classes of guesses:
:mod:`wordsolver.partition_kernels`) are loaded on first use.
"""

from __future__ import annotations

import math
import sys
import threading
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from wordsolver import _partition_split as split_core
from wordsolver.arrays import FloatArray, HashArray, IdArray, Int64Array
from wordsolver.cores import usable_cores
from wordsolver.matrix import PatternMatrix

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
    from wordsolver import partition_kernels as kernels

    firsts: IdArray = kernels.first_of_each_class(
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
    from wordsolver import partition_kernels as kernels

    firsts: IdArray = kernels.first_of_each_partition(
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
        from wordsolver import partition_kernels as kernels

        hashes: HashArray = kernels.fingerprints(self.matrix.by_secret, self.rows, self.candidates)
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
        method, longest = split_core.GROW, _SHORT_RUN
    elif n_patterns <= FEW_PATTERNS:
        method, longest = split_core.COMPARE, _LONG_RUN
    else:
        method, longest = split_core.SCATTER, _SHORT_RUN
    threads = split_threads() if len(rows) * len(cands) >= PARALLEL_CELLS else 1
    width = _run_width(len(rows), longest, threads)
    sums = np.empty((len(rows), 3), dtype=np.int64)
    size_log_size = np.empty(len(rows), dtype=np.float64)
    split_core.split(
        matrix.by_secret, rows, cands, method, n_patterns, size_log_size_of, width, threads,
        sums, size_log_size,
    )  # fmt: skip
    return PartitionStats(matrix, rows, cands, sums[:, 0], sums[:, 1], sums[:, 2], size_log_size)


def split_threads() -> int:
    """Threads a large split runs on: the cores this process may use, or as many as the
    compiled kernels were told to use when numba is loaded (a proof's workers cap them with
    ``numba.set_num_threads``)."""
    numba = sys.modules.get("numba")
    if numba is not None:
        return int(numba.get_num_threads())
    return usable_cores()


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


def split(patterns: npt.NDArray[Any], candidates: IdArray) -> list[tuple[int, IdArray]]:
    """Group candidates by their pattern: ``[(pattern, members), ...]`` in pattern order."""
    order = np.argsort(patterns, kind="stable")
    ordered = patterns[order]
    members = candidates[order]
    cuts = [0, *(np.flatnonzero(ordered[1:] != ordered[:-1]) + 1).tolist(), len(order)]
    return [(int(ordered[a]), members[a:b]) for a, b in pairwise(cuts)]

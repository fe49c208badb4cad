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
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import FloatArray, HashArray, IdArray, Int64Array
from wordsolver.plumbing.cores import usable_cores
from wordsolver.plumbing.stopping import pieces

#: Guess lists shorter than this are scored whole (finding classes would cost more).
_CLASSES_MIN_GUESSES = 20_000
#: Largest key space of blanked words that :func:`distinct_guesses` tracks.
_CLASSES_MAX_KEYS = 1 << 22
#: Below this many cells (guesses × candidates) threads cost more than they save.
PARALLEL_CELLS = 200_000
#: Cells a split takes in one call before it goes in pieces (see :func:`partition_stats`):
#: about a tenth of a second; Wordle's whole first split (34 million cells) stays one call.
PIECE_CELLS = 128_000_000
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
class BucketMasses:
    """How the probability of candidates that are not equally likely falls into each guess's
    buckets (arrays aligned with the guesses): with ``P`` a bucket's probability and ``n`` its
    size, ``mass_log_mass`` is Σ P·log2(P), ``mass_size`` Σ P·n (the candidates left, on
    average) and ``mass_squares`` Σ P²."""

    mass_log_mass: FloatArray
    mass_size: FloatArray
    mass_squares: FloatArray


@dataclass(frozen=True, eq=False)
class PartitionStats:
    """How each of some guesses splits the candidates (arrays aligned with ``rows``).

    ``n_buckets`` counts the non-empty buckets, ``sum_squares`` is Σ size², ``worst`` the largest
    bucket, ``size_log_size`` Σ size·log2(size); ``fingerprint`` is a hash of the guess's patterns
    on the candidates (equal patterns, equal fingerprints), used to find repeated partitions.
    ``masses`` holds the buckets' probabilities when the candidates are not equally likely; the
    measures (entropy, expected size, stdev) then weigh each bucket by its probability.
    """

    matrix: PatternMatrix = field(repr=False)
    rows: IdArray
    candidates: IdArray
    n_buckets: Int64Array
    sum_squares: Int64Array
    worst: Int64Array
    size_log_size: FloatArray
    masses: BucketMasses | None = None

    def take(self, positions: IdArray) -> PartitionStats:
        """The statistics of the guesses at these positions only."""
        masses = self.masses
        return PartitionStats(
            self.matrix,
            self.rows[positions],
            self.candidates,
            self.n_buckets[positions],
            self.sum_squares[positions],
            self.worst[positions],
            self.size_log_size[positions],
            None
            if masses is None
            else BucketMasses(
                masses.mass_log_mass[positions],
                masses.mass_size[positions],
                masses.mass_squares[positions],
            ),
        )

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
        """Expected information in bits: log2 N − Σ size·log2(size) / N (weighted: −Σ P·log2 P)."""
        if self.masses is not None:
            return np.asarray(-self.masses.mass_log_mass, dtype=np.float64)
        n = self.n_candidates
        return np.asarray(math.log2(n) - self.size_log_size / n, dtype=np.float64)

    @cached_property
    def expected_size(self) -> FloatArray:
        """Mean number of candidates left: Σ size² / N (weighted: Σ P·size)."""
        if self.masses is not None:
            return np.asarray(self.masses.mass_size, dtype=np.float64)
        return np.asarray(self.sum_squares / self.n_candidates, dtype=np.float64)

    @cached_property
    def stdev(self) -> FloatArray:
        """Standard deviation of the non-empty bucket sizes (weighted: of N·P, the sizes
        the buckets would have if their candidates were as likely as the average one)."""
        n = self.n_candidates
        mean = n / self.n_buckets
        if self.masses is not None:
            variance = n * n * self.masses.mass_squares / self.n_buckets - mean * mean
        else:
            variance = self.sum_squares / self.n_buckets - mean * mean
        return np.asarray(np.sqrt(np.maximum(variance, 0.0)), dtype=np.float64)


def partition_stats(
    matrix: PatternMatrix,
    guess_rows: IdArray,
    candidates: IdArray,
    *,
    every_row: bool = False,
    weights: FloatArray | None = None,
) -> PartitionStats:
    """Split statistics of the guesses in ``guess_rows`` over the ``candidates`` (secret ids).

    Guesses that split the candidates exactly like an earlier guess of ``guess_rows`` because
    they differ only in dead letters (see :func:`distinct_guesses`) are left out, unless
    ``every_row`` (statistics of several boards are then aligned row by row): read the guesses
    from ``PartitionStats.rows``. ``weights`` (aligned with ``candidates``; None: all alike)
    says how likely each candidate is, and the statistics then carry the buckets' masses.
    """
    kept = guess_rows if every_row else distinct_guesses(matrix, guess_rows, candidates)
    if weights is not None:
        return weighted_stats(matrix, matrix.by_secret, kept, candidates, weights)
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
    sums = np.empty((len(rows), 3), dtype=np.int64)
    size_log_size = np.empty(len(rows), dtype=np.float64)
    # A large split (every Tonguess string against every word: a second or more) goes in
    # pieces, so Ctrl-C is not held up by the compiled code.
    first = max(PIECE_CELLS // max(len(cands), 1), 1)
    for start, stop in pieces(len(rows), first=first) if len(rows) > first else [(0, len(rows))]:
        width = _run_width(stop - start, longest, threads)
        split_core.split(
            matrix.by_secret, rows[start:stop], cands, method, n_patterns, size_log_size_of,
            width, threads, sums[start:stop], size_log_size[start:stop],
        )  # fmt: skip
    return PartitionStats(matrix, rows, cands, sums[:, 0], sums[:, 1], sums[:, 2], size_log_size)


def weighted_stats(
    matrix: PatternMatrix,
    by_secret: npt.NDArray[Any],
    guess_rows: IdArray,
    candidates: IdArray,
    weights: FloatArray,
) -> PartitionStats:
    """:func:`partition_stats` of candidates of these weights (normalised to sum 1), read from
    ``by_secret`` (the matrix's cells, or the secret-major cells of some of its columns:
    ``guess_rows`` are columns of it)."""
    rows = np.ascontiguousarray(guess_rows, dtype=np.intp)
    cands = np.ascontiguousarray(candidates, dtype=np.intp)
    total = float(np.sum(weights))
    shares = np.ascontiguousarray(np.asarray(weights, dtype=np.float64) / total)
    threads = split_threads() if len(rows) * len(cands) >= PARALLEL_CELLS else 1
    width = _run_width(len(rows), _SHORT_RUN, threads)
    sums = np.empty((len(rows), 3), dtype=np.int64)
    size_log_size = np.empty(len(rows), dtype=np.float64)
    masses = np.empty((len(rows), 3), dtype=np.float64)
    split_core.split_weighted(
        by_secret, rows, cands, shares, matrix.game.n_patterns, width, threads, sums,
        size_log_size, masses,
    )  # fmt: skip
    return PartitionStats(
        matrix, rows, cands, sums[:, 0], sums[:, 1], sums[:, 2], size_log_size,
        BucketMasses(masses[:, 0], masses[:, 1], masses[:, 2]),
    )  # fmt: skip


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


def in_place_totals(
    matrix: PatternMatrix,
    guess_rows: IdArray,
    candidates: IdArray,
    weights: FloatArray | None = None,
) -> Int64Array | FloatArray:
    """For each guess, the letters in place summed over the candidates (Fallout heuristic);
    with ``weights`` (aligned with the candidates), each candidate counts its weight.

    Letters in place are positional matches under every rule, so the sum is read from how often
    each letter stands at each position among the candidates: no pattern is needed.
    """
    game = matrix.game
    rows = np.asarray(guess_rows, dtype=np.intp)
    letters = game.guess_codes
    held = letters[game.secret_rows[candidates]]
    if weights is None:
        counted = np.zeros(len(rows), dtype=np.int64)
        for position in range(game.length):
            counts = np.bincount(held[:, position], minlength=game.alphabet.size)
            counted += counts[letters[rows, position]]
        return counted
    weighed: FloatArray = np.zeros(len(rows), dtype=np.float64)
    for position in range(game.length):
        masses = np.bincount(held[:, position], weights, minlength=game.alphabet.size)
        weighed += masses[letters[rows, position]]
    return weighed


def bucket_peak_sums(
    matrix: PatternMatrix, rows: IdArray, candidates: IdArray, weights: FloatArray
) -> FloatArray:
    """For each guess of ``rows``, the sum over its buckets of the largest weight in each
    (``weights`` aligned with ``candidates``): what guessing each bucket's likeliest word next
    would win. Meant for a few candidates (one pass per candidate)."""
    by_secret = matrix.by_secret
    n_patterns = matrix.game.n_patterns
    seen = np.zeros((len(rows), n_patterns), dtype=np.bool_)
    sums = np.zeros(len(rows))
    every = np.arange(len(rows))
    for k in np.argsort(-weights, kind="stable"):
        patterns = by_secret[candidates[k], rows]
        fresh = ~seen[every, patterns]
        sums[fresh] += weights[k]
        seen[every, patterns] = True
    return sums


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

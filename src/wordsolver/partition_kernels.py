"""Compiled kernels the exact search reads beside the split statistics: fingerprints of the
partitions, the first guess of each distinct partition, the classes of guesses that differ
only in dead letters, and the peak weights of the buckets.

They read the matrix secret-major (:attr:`PatternMatrix.by_secret`): for each candidate, its
patterns against many guesses are contiguous. The split statistics themselves are counted by
compiled C++ (see :mod:`wordsolver.partition`), which loads without numba.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from wordsolver.games.rule import PatternArray
from wordsolver.plumbing.arrays import BoolArray, HashArray, IdArray, Int64Array

_FNV_OFFSET = 1469598103934665603
_FNV_PRIME = 1099511628211


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
    live: BoolArray,
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

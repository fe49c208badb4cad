"""The guesses a guess leaves to finish the game, looked at one guess deeper, compiled: the
loops over the buckets a guess leaves and the second guesses that may split them (see
:mod:`.finish`)."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from wordsolver.games.rule import PatternArray
from wordsolver.plumbing.arrays import FloatArray, IdArray

#: The finish curve is read from a table of this many points per bit.
STEPS_PER_BIT = 100
#: Rows of the scratch sums: each part's chance, Σ w·log2 w, and its likeliest word's chance.
_CHANCE, _LOG_SUM, _PEAK = 0, 1, 2


@njit(cache=True)
def _to_finish(count: int, chance: float, peak: float, bits: float, curve: FloatArray) -> float:
    """The guesses a set of ``count`` secrets needs to finish, the next one included: 1 for one
    secret, 2 − q for two (the likelier first, q its share of the set's ``chance``, ``peak``
    its chance), else the curve read at the set's entropy ``bits`` (``curve``: a point every
    1/:data:`STEPS_PER_BIT` bit)."""
    if count == 1:
        return 1.0
    if count == 2:
        return 2.0 - peak / chance
    return float(curve[min(max(int(bits * STEPS_PER_BIT + 0.5), 0), len(curve) - 1)])


@njit(cache=True)
def _split_cost(
    patterns: PatternArray | IdArray, members: IdArray, bucket_of: IdArray,
    weights: FloatArray, weight_logs: FloatArray, n_patterns: int, win: int, curve: FloatArray,
    cost: FloatArray, count: IdArray, sums: FloatArray, touched: IdArray,
) -> None:  # fmt: skip
    """For a second guess earning ``patterns`` (one per candidate), played in the bucket of
    each of ``members`` (``bucket_of``: each candidate's bucket), add to ``cost[bucket]`` the
    Σ over the parts c it leaves there (but the win) of P(c)·(guesses to finish c).
    ``weight_logs``: each candidate's w·log2 w. ``count``, ``sums`` (a cell per bucket and
    pattern) and ``touched`` are scratch, left cleared."""
    n_touched = 0
    for i in members:
        cell = bucket_of[i] * n_patterns + patterns[i]
        if count[cell] == 0:
            touched[n_touched] = cell
            n_touched += 1
        count[cell] += 1
        sums[_CHANCE, cell] += weights[i]
        sums[_LOG_SUM, cell] += weight_logs[i]
        sums[_PEAK, cell] = max(sums[_PEAK, cell], weights[i])
    for t in range(n_touched):
        cell = touched[t]
        chance = sums[_CHANCE, cell]
        if cell % n_patterns != win and chance > 0.0:  # a part of no chance costs nothing
            bits = math.log2(chance) - sums[_LOG_SUM, cell] / chance
            finish = _to_finish(count[cell], chance, sums[_PEAK, cell], bits, curve)
            cost[cell // n_patterns] += chance * finish
        count[cell] = 0
        sums[:, cell] = 0.0


@njit(cache=True)
def guesses_to_finish(
    first: PatternArray, helpers: PatternArray,
    by_secret: PatternArray, candidates: IdArray, own_rows: IdArray,
    weights: FloatArray, n_patterns: int, win: int, curve: FloatArray,
) -> FloatArray:  # fmt: skip
    """For each guess earning the patterns of a row of ``first`` (one per candidate), the mean
    guesses to finish the game when it is played now: itself; then, in each bucket of three
    secrets or more it leaves, the best second guess of those earning the rows of ``helpers``
    and the bucket's own candidates (``own_rows``: each candidate's guess row, read in the
    matrix ``by_secret``), with the curve's estimate for what that one leaves; smaller buckets
    in closed form. ``weights``: the candidates' chances, summing to 1; ``curve``: the guesses
    to finish a set, a point every 1/:data:`STEPS_PER_BIT` bit."""
    n = len(candidates)
    count = np.zeros(n_patterns * n_patterns, dtype=np.intp)
    sums = np.zeros((3, n_patterns * n_patterns))
    touched = np.empty(n, dtype=np.intp)
    own = np.empty(n, dtype=np.intp)
    weight_logs = np.zeros(n)
    for i in range(n):
        if weights[i] > 0.0:
            weight_logs[i] = weights[i] * math.log2(weights[i])
    out = np.empty(len(first))
    for k in range(len(first)):
        bucket_of = first[k].astype(np.intp)
        size = np.zeros(n_patterns, dtype=np.intp)
        chance = np.zeros(n_patterns)
        peak = np.zeros(n_patterns)
        for i in range(n):
            b = bucket_of[i]
            size[b] += 1
            chance[b] += weights[i]
            peak[b] = max(peak[b], weights[i])
        is_large = size >= 3
        is_large[win] = False
        large = np.flatnonzero(is_large)
        by_bucket = np.argsort(bucket_of, kind="mergesort")
        starts = np.searchsorted(bucket_of[by_bucket], np.arange(n_patterns + 1))
        searched = by_bucket[is_large[bucket_of[by_bucket]]]
        best = np.full(n_patterns, np.inf)
        cost = np.zeros(n_patterns)
        for helper in helpers:
            _split_cost(
                helper, searched, bucket_of, weights, weight_logs, n_patterns, win, curve,
                cost, count, sums, touched,
            )  # fmt: skip
            for b in large:
                best[b] = min(best[b], cost[b])
                cost[b] = 0.0
        for b in large:  # a bucket's own candidates, which may win
            members = by_bucket[starts[b] : starts[b + 1]]
            for i in members:
                for j in members:
                    own[j] = by_secret[candidates[j], own_rows[i]]
                _split_cost(
                    own, members, bucket_of, weights, weight_logs, n_patterns, win, curve,
                    cost, count, sums, touched,
                )  # fmt: skip
                best[b] = min(best[b], cost[b])
                cost[b] = 0.0
        total = 1.0
        for b in range(n_patterns):
            if b == win or chance[b] <= 0.0:  # empty, or of no chance: costs nothing
                continue
            if size[b] < 3:
                total += chance[b] * _to_finish(size[b], chance[b], peak[b], 0.0, curve)
            else:
                total += chance[b] + best[b]
        out[k] = total
    return out

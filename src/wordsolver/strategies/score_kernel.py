"""Every greedy strategy's score of one partition, compiled, for players that run in compiled
loops; the order of the scores is the indexes of :mod:`wordsolver.strategies.scores`."""

from __future__ import annotations

import math

from numba import njit


@njit(cache=True, inline="always")
def partition_scores(
    n: int, n_buckets: int, sum_squares: int, worst: int, size_log_size: float, in_place: int,
    key: float,
) -> tuple[float, float, float, float, float, float]:  # fmt: skip
    """Every strategy's score of one guess, lower is better, in the order of the indexes of
    :mod:`wordsolver.strategies.scores`.

    ``n`` candidates split into ``n_buckets`` buckets with Σ size² = ``sum_squares``, the largest
    of size ``worst`` and Σ size·log2(size) = ``size_log_size``; ``in_place`` sums the letters
    in place with every candidate; ``key`` is the word's random key.
    """
    mean = n / n_buckets
    variance = sum_squares / n_buckets - mean * mean
    return (
        -(math.log2(n) - size_log_size / n),  # minus the information in bits
        sum_squares / n,  # mean number of candidates left
        float(worst),  # the largest bucket
        math.sqrt(max(variance, 0.0)),  # spread of the bucket sizes
        -float(in_place),  # minus the letters in place summed over the candidates
        key,  # the word's random key: words are played in the order of their keys
    )

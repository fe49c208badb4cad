"""Every greedy strategy's score of one partition, as one compiled function of a few numbers.

The library's strategies (:mod:`wordsolver.strategies.heuristics`) score whole arrays of guesses
from :class:`~wordsolver.partition.PartitionStats`; compiled players that cannot call them (the
Fallout simulator plays thousands of terminals in one compiled loop) need the same scores one
guess at a time. Each strategy names its score here by :attr:`score_index`, so the compiled
player of a strategy is derived from the strategy itself; the tests check the two give the
same guesses.
"""

from __future__ import annotations

import math

from numba import njit

#: Indexes of the scores :func:`partition_scores` returns, one per greedy strategy.
ENTROPY, EXPECTED_SIZE, MINIMAX, STDEV, ELIMINATIONS, RANDOM_KEY = range(6)


@njit(cache=True, inline="always")
def partition_scores(
    n: int, n_buckets: int, sum_squares: int, worst: int, size_log_size: float, in_place: int,
    key: float,
) -> tuple[float, float, float, float, float, float]:  # fmt: skip
    """Every strategy's score of one guess, lower is better, in the order of the indexes above.

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

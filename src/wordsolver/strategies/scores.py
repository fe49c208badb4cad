"""Which score names each greedy strategy, for the compiled players that score one guess at a time.

The library's strategies (:mod:`wordsolver.strategies.heuristics`) score whole arrays of guesses
from :class:`~wordsolver.partition.PartitionStats`; compiled players that cannot call them (the
Fallout simulator plays thousands of terminals in one compiled loop) need the same scores one
guess at a time (:func:`wordsolver.strategies.score_kernel.partition_scores`, compiled, loaded
only by those players). Each strategy names its score here by :attr:`score_index`, so the compiled
player of a strategy is derived from the strategy itself; the tests check the two give the
same guesses.
"""

from __future__ import annotations

#: Indexes of the scores ``partition_scores`` returns, one per greedy strategy.
ENTROPY, EXPECTED_SIZE, MINIMAX, STDEV, ELIMINATIONS, RANDOM_KEY = range(6)

"""Greedy strategies: score every guess, most by how it splits the candidates, take the best.

Ties are broken the same way everywhere: prefer a guess that can still be the secret, then the
other scores (expected size, worst case, entropy), then word order.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wordsolver.partition import PartitionStats, bucket_peak_sums, in_place_totals
from wordsolver.plumbing.arrays import BoolArray, FloatArray, IdArray
from wordsolver.strategies import scores
from wordsolver.strategies.base import Position, RankedGuess, Strategy
from wordsolver.strategies.finish import LOOKED_AT, weighed_deeper, weighs_deeper

_TOLERANCE = 1e-9  # scores closer than this are ties (they differ only by rounding)


class GreedyStrategy(Strategy):
    """A strategy that ranks guesses by a score of its own, then by the tie-break.

    ``score_index`` names the strategy's score in :func:`~wordsolver.strategies.scores.
    partition_scores`, from which compiled players are derived; ``only_candidates`` says whether
    it guesses only candidates.
    """

    greedy = True

    def pool(self, position: Position) -> IdArray:
        """The guesses this strategy considers."""
        return position.pool

    def ranked(
        self,
        position: Position,
        stats: PartitionStats,
        primary: FloatArray,
        top: int,
        first: Sequence[int] = (),
    ) -> list[RankedGuess]:
        """The ``top`` best of the guesses ``stats.rows``, given their primary scores; the
        guesses at the positions ``first`` go before all others, in that order."""
        rows = stats.rows
        is_candidate = position.can_win(rows)
        chance = position.win_chance(rows)
        # A guess that neither splits the candidates nor can win makes no progress.
        primary = np.where((stats.n_buckets == 1) & ~is_candidate, np.inf, primary)
        order = _tie_broken_order(primary, is_candidate, chance, stats, top)
        if first:
            order = [*first, *(k for k in order if k not in first)][:top]
        shown = self.shown_score(primary)
        return [RankedGuess.of_split(position, stats, k, float(shown[k])) for k in order]


class PartitionStrategy(GreedyStrategy):
    """A strategy that ranks guesses by a score computed from their partition of the candidates.

    ``plays_for_mean``: the score aims at few guesses on average (not at the worst case), so
    when candidates are not equally likely, a candidate proven to need no more guesses on
    average than any guess that cannot win goes first (see :func:`sure_candidates`), and
    otherwise the best few guesses are weighed by the guesses they leave to finish
    (:mod:`~wordsolver.strategies.finish`).
    """

    plays_for_mean = True

    def primary(self, position: Position, stats: PartitionStats) -> FloatArray:
        """The strategy's own score per guess, lower is better."""
        raise NotImplementedError

    def guess_scores(self, position: Position, stats: PartitionStats) -> FloatArray:
        return self.primary(position, stats)

    def rank(self, position: Position, top: int) -> list[RankedGuess]:
        stats = position.split(self.pool(position))
        primary = self.primary(position, stats)
        if not self.plays_for_mean or position.weights is None:
            return self.ranked(position, stats, primary, top)
        first = sure_candidates(position, stats.rows)
        if first or not weighs_deeper(position):
            return self.ranked(position, stats, primary, top, first)
        ranked = self.ranked(position, stats, primary, max(top, LOOKED_AT))
        return weighed_deeper(position, stats, ranked)[:top]


#: Candidates are checked against :func:`sure_candidates`' bound when at most this many remain.
ENDGAME_CANDIDATES = 64
#: What a loss weighs, in guesses, when a candidate is weighed against a guess that cannot
#: win with two tries left: a lost game (a broken streak) counts as ten guesses more.
LOSS_COST = 10.0


def sure_candidates(position: Position, rows: IdArray) -> list[int]:
    """Positions in ``rows`` of the candidates proven at least as good on average as every
    guess of ``rows`` that cannot win, best bound first.

    A candidate's bound is its mean guesses (itself included) when each bucket it leaves is
    then guessed word by word, likeliest first; a guess that cannot win needs at least
    3 − Σ (each bucket's likeliest word's probability) on average (itself, then at best the
    likeliest of its bucket, then at least one more), never less than 2. A candidate whose
    With two tries left, a candidate's chance to lose (a bucket's words but its likeliest) is
    added to its bound at :data:`LOSS_COST` guesses each; on the last try the likeliest
    candidates go first (no other guess can win).

    Only for a few candidates (at most :data:`ENDGAME_CANDIDATES`) of unequal weights: with
    equal weights the strategies keep the published order of play.
    """
    candidates = position.candidates
    if position.weights is None or len(candidates) > ENDGAME_CANDIDATES:
        return []
    shares = position.weights / position.weights.sum()
    game = position.matrix.game
    secret_of = game.secret_of_guess[rows]
    at_candidate = np.flatnonzero(np.isin(secret_of, candidates))
    if not len(at_candidate):
        return []
    patterns = position.matrix.values[rows[at_candidate]][:, candidates]
    tries_left = len(candidates) if game.max_tries is None else game.max_tries - position.tries_used
    if tries_left == 1:  # the last try: only the likeliest candidate has a chance to win
        chance = position.win_chance(rows[at_candidate])
        return [int(at_candidate[k]) for k in np.argsort(-chance, kind="stable")]
    bounds = []
    for k, row_patterns in zip(at_candidate, patterns, strict=True):
        total, losing = 1.0, 0.0
        for pattern in np.unique(row_patterns):
            if pattern == game.win_pattern:
                continue
            bucket = np.sort(shares[row_patterns == pattern])[::-1]
            total += float(np.dot(np.arange(1, len(bucket) + 1), bucket))
            losing += float(bucket[1:].sum())  # all but the likeliest miss the one try left
        bounds.append((total + (LOSS_COST * losing if tries_left == 2 else 0.0), int(k)))
    bounds.sort()
    if bounds[0][0] > 3.0:
        return []
    others = np.setdiff1d(np.arange(len(rows)), at_candidate)
    floor = 3.0 - float(
        bucket_peak_sums(position.matrix, rows[others], candidates, shares).max(initial=0.0)
    )
    return [k for bound, k in bounds if bound <= floor + _TOLERANCE]


class CandidateStrategy(GreedyStrategy):
    """A strategy that guesses only candidates and scores them without their partitions: only
    the guesses that may reach the top are split, for the tie-break and the scores shown."""

    only_candidates = True

    def pool(self, position: Position) -> IdArray:
        return np.asarray(position.matrix.game.secret_rows[position.candidates], dtype=np.intp)

    def scores(self, position: Position, rows: IdArray) -> FloatArray:
        """The strategy's own score per guess of ``rows``, lower is better."""
        raise NotImplementedError

    def guess_scores(self, position: Position, stats: PartitionStats) -> FloatArray:
        return self.scores(position, stats.rows)

    def rank(self, position: Position, top: int) -> list[RankedGuess]:
        rows = self.pool(position)
        scores = self.scores(position, rows)
        near = _contenders(scores, top)
        # A candidate holds no dead letter, so none of these rows is left out as a repeat.
        stats = position.split(rows[near])
        return self.ranked(position, stats, scores[near], top)


def _tie_broken_order(
    primary: FloatArray,
    is_candidate: BoolArray,
    chance: FloatArray,
    stats: PartitionStats,
    top: int,
) -> Sequence[int]:
    """Indices of the ``top`` best guesses: primary score, candidates first, the likelier word
    first, other scores, order."""
    considered = _contenders(primary, top)
    keys = (  # floats rounded: equal partitions must tie exactly, whatever the summation order
        np.round(-stats.entropy[considered] / _TOLERANCE),
        stats.worst[considered],
        stats.sum_squares[considered],
        np.round(-chance[considered] / _TOLERANCE),
        ~is_candidate[considered],
        np.round(primary[considered] / _TOLERANCE) if top != 1 else np.zeros(len(considered)),
    )
    return [int(considered[k]) for k in np.lexsort(keys)[:top]]


def _contenders(primary: FloatArray, top: int) -> IdArray:
    """Indices (in order) of the guesses whose primary score may place them among the ``top``
    best: only these need the full tie-break."""
    if top == 1:
        return np.flatnonzero(primary <= primary.min() + _TOLERANCE)
    if top >= len(primary):
        return np.arange(len(primary))
    rounded = np.round(primary / _TOLERANCE)  # the tie-break's first key
    return np.flatnonzero(rounded <= np.partition(rounded, top - 1)[top - 1])


class Entropy(PartitionStrategy):
    name = "entropy"
    description = "maximise the expected information (bits) of the feedback"
    score_label = "bits"
    score_index = scores.ENTROPY

    def primary(self, position: Position, stats: PartitionStats) -> FloatArray:
        return -stats.entropy

    def shown_score(self, primary: FloatArray) -> FloatArray:
        return -primary


class ExpectedSize(PartitionStrategy):
    name = "expected-size"
    description = "minimise the mean number of candidates left (Σ bucket² / N)"
    score_label = "mean left"
    score_index = scores.EXPECTED_SIZE

    def primary(self, position: Position, stats: PartitionStats) -> FloatArray:
        return stats.expected_size


class Minimax(PartitionStrategy):
    plays_for_mean = False
    name = "minimax"
    description = "minimise the worst case: the largest bucket of candidates left"
    score_label = "worst"
    score_index = scores.MINIMAX

    def primary(self, position: Position, stats: PartitionStats) -> FloatArray:
        return stats.worst.astype(np.float64)


class Stdev(PartitionStrategy):
    name = "stdev"
    description = "minimise the standard deviation of the bucket sizes (even splits)"
    score_label = "stdev"
    score_index = scores.STDEV

    def primary(self, position: Position, stats: PartitionStats) -> FloatArray:
        return stats.stdev


class Eliminations(CandidateStrategy):
    name = "eliminations"
    description = "Fallout heuristic: the candidate sharing most letters in place with the others"
    score_label = "in place"
    score_index = scores.ELIMINATIONS

    def scores(self, position: Position, rows: IdArray) -> FloatArray:
        totals = in_place_totals(position.matrix, rows, position.candidates, position.weights)
        return -totals.astype(np.float64)

    def shown_score(self, primary: FloatArray) -> FloatArray:
        return -primary


class RandomCandidate(CandidateStrategy):
    """A baseline: a uniformly random candidate, reproducible from its seed."""

    name = "random"
    description = "baseline: a random candidate (seeded, so runs repeat)"
    score_label = "random"
    score_index = scores.RANDOM_KEY

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def scores(self, position: Position, rows: IdArray) -> FloatArray:
        # Seeded by the position itself so the choice repeats in any visiting order.
        key = [self.seed % 2**64, position.tries_used, *position.candidates[:64].tolist()]
        rng = np.random.default_rng(np.asarray(key, dtype=np.uint64) + len(position.candidates))
        draws = rng.random(len(rows))
        if position.weights is None:
            return draws
        # Likelier words first in proportion (the least key of −log(1 − u) / w wins with
        # probability w / Σ w); with equal weights the order is that of the draws.
        chance = position.win_chance(rows)
        return np.asarray(-np.log1p(-draws) / chance, dtype=np.float64)

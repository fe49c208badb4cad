"""Strategies that score candidates without splitting them (``eliminations``, ``random``) split
only the guesses that may reach the top, and rank exactly as if every candidate were split."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.partition import partition_stats
from wordsolver.strategies import Position, find_strategy
from wordsolver.strategies.heuristics import CandidateStrategy

TOLERANCE = 1e-9  # scores closer than this tie (the strategies' documented tolerance)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A random Fallout screen (few letters, so scores often tie) and some candidates left."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    letters = list("abcdef"[: draw(st.integers(2, 6))])
    length = draw(st.integers(2, 6))
    words = {"".join(rng.choice(letters, length)) for _ in range(draw(st.integers(2, 60)))}
    matrix = pattern_matrix(
        find_game("fallout", GameOverrides(words=tuple(sorted(words)))), use_cache=False
    )
    n_secrets = len(matrix.game.secrets)
    chosen = rng.choice(n_secrets, size=draw(st.integers(1, n_secrets)), replace=False)
    candidates = np.sort(chosen).astype(np.intp)
    return Position(matrix, candidates, np.arange(len(matrix.game.guesses), dtype=np.intp))


def documented_order(strategy: CandidateStrategy, position: Position, top: int) -> list[int]:
    """The rows of the ``top`` best guesses, every candidate split, in the documented order: own
    score (``top`` 1: within the tolerance of the best), then Σ size², worst bucket, entropy
    (every guess here may win), then word order."""
    rows = strategy.pool(position)
    stats = partition_stats(position.matrix, rows, position.candidates)
    primary = strategy.scores(position, rows)
    keys = {
        k: (
            0.0 if top == 1 else np.round(primary[k] / TOLERANCE),
            stats.sum_squares[k],
            stats.worst[k],
            np.round(-stats.entropy[k] / TOLERANCE),
            k,
        )
        for k in range(len(rows))
        if top > 1 or primary[k] <= primary.min() + TOLERANCE
    }
    return [int(rows[k]) for k in sorted(keys, key=keys.__getitem__)[:top]]


@pytest.mark.parametrize("name", ["eliminations", "random"])
@pytest.mark.parametrize("top", [1, 2, 5, 100])
@settings(max_examples=40, deadline=None)
@given(position=positions())
def test_ranking_equals_splitting_every_candidate(name: str, top: int, position: Position) -> None:
    strategy = find_strategy(name, seed=3)
    assert isinstance(strategy, CandidateStrategy)
    ranked = strategy.rank(position, top)
    rows = [guess.row for guess in ranked]
    assert rows == documented_order(strategy, position, top)
    alone = partition_stats(position.matrix, np.asarray(rows, dtype=np.intp), position.candidates)
    assert [guess.entropy for guess in ranked] == alone.entropy.tolist()
    assert [guess.worst for guess in ranked] == alone.worst.tolist()
    assert [guess.n_buckets for guess in ranked] == alone.n_buckets.tolist()

"""The exact search with secret weights: minimises the expected number of guesses, proven."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reference import brute_force
from tests.search.test_exact import GAMES, POOLS
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.strategies import PlayOptions
from wordsolver.tree import check_tree
from wordsolver.tree.optimal import SearchResult, optimal_tree
from wordsolver.weights import UNITS, SecretWeights

#: Games small enough for the exhaustive search in every pool.
WEIGHTED_GAMES = [name for name in GAMES if not name.startswith("bulls-3")]


def random_weights(game: Game, seed: int, *, zeros: bool = False) -> SecretWeights:
    rng = np.random.default_rng(seed)
    values = rng.integers(0 if zeros else 1, 50, size=len(game.secrets)).astype(np.float64)
    values[0] = max(values[0], 1.0)  # never all zero
    return SecretWeights("random", values)


def weighted_optimal(matrix: PatternMatrix, weights: SecretWeights, **pool: bool) -> SearchResult:
    options = PlayOptions(
        hard=pool.get("hard", False),
        guess_from="candidates" if pool.get("only_candidates") else "allowed",
    )
    return optimal_tree(matrix, options, weights=weights)


@pytest.mark.parametrize("pool", POOLS)
@pytest.mark.parametrize("name", WEIGHTED_GAMES)
def test_weighted_total_and_worst_match_exhaustive_search(name: str, pool: str) -> None:
    game = GAMES[name]
    weights = random_weights(game, seed=len(name), zeros=pool == "allowed")
    units = weights.units()
    expected = brute_force(game, weights=units.tolist(), **POOLS[pool])
    result = weighted_optimal(pattern_matrix(game), weights, **POOLS[pool])
    needed = result.tree.guesses_needed()
    assert (result.total, int(needed.max())) == expected
    assert int(needed @ units) == result.total  # the tree really plays that total
    assert result.proven and result.lower_bound == result.total


@pytest.mark.parametrize("name", ["fallout-nine", "bulls-2-abcd", "colours-repeats"])
def test_weighted_tree_is_sound_and_reports_expected_guesses(name: str) -> None:
    game = GAMES[name]
    weights = random_weights(game, seed=3)
    result = weighted_optimal(pattern_matrix(game), weights)
    check_tree(result.tree)
    needed = result.tree.guesses_needed()
    assert result.tree.weights is weights
    assert result.mean == pytest.approx(weights.expected(needed), rel=1e-5)
    # The tree's bound is secrets × expected guesses, like an unweighted total.
    assert result.tree.lower_bound == pytest.approx(result.mean * len(game.secrets))


@pytest.mark.parametrize("name", ["fallout-eight", "bulls-2-abcde", "mastermind-2-abcd"])
def test_equal_weights_give_the_unweighted_optimum(name: str) -> None:
    matrix = pattern_matrix(GAMES[name])
    plain = optimal_tree(matrix)
    equal = SecretWeights("equal", np.full(len(matrix.game.secrets), 7.0))
    weighted = weighted_optimal(matrix, equal)
    assert weighted.total == plain.total * UNITS
    assert weighted.mean == pytest.approx(plain.mean)


def test_a_heavy_secret_is_guessed_first() -> None:
    """A secret that is almost certain is worth guessing at once, though another word splits
    the rest better."""
    game = find_game("fallout", GameOverrides(words=("cat", "car", "bat", "bar", "cot", "rat")))
    values = np.ones(len(game.secrets))
    heavy = game.secrets.words.index("cot")
    values[heavy] = 1_000.0
    result = weighted_optimal(pattern_matrix(game), SecretWeights("skewed", values))
    assert game.guesses.words[result.tree.root.guess] == "cot"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(
        st.text(alphabet="abcd", min_size=3, max_size=3), min_size=2, max_size=9, unique=True
    ),
    seed=st.integers(0, 1_000),
)
def test_weighted_optimum_beats_the_plain_optimum_under_its_weights(
    words: list[str], seed: int
) -> None:
    game = find_game("fallout", GameOverrides(words=tuple(words), alphabet="abcd"))
    matrix = pattern_matrix(game, use_cache=False)
    weights = random_weights(game, seed)
    plain = optimal_tree(matrix).tree
    weighted = weighted_optimal(matrix, weights)
    units = weights.units()
    assert weighted.total <= int(plain.guesses_needed() @ units)
    assert weighted.total >= 2 * int(units.sum()) - int(units.max())  # the absolute floor

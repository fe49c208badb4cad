"""The compiled search with secret weights against the readable one (the oracle): the same
weighted values at the root, on subsets and with fewer tries, the same lower bounds' promise
(never above the value), and trees of the same weighted total, on random Wordle word lists and
Mastermind variants with random weights (uneven, tied, zero)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.readable_search import ReadableSearch
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.search import INFEASIBLE, UNLIMITED_TRIES, SearchLimit
from wordsolver.search.base import ExactSearch
from wordsolver.search.compiled import CompiledSearch, exact_search
from wordsolver.strategies import PlayOptions
from wordsolver.tree import check_tree
from wordsolver.tree.fallback import entropy_fallback
from wordsolver.tree.optimal import SearchResult, grow_optimal
from wordsolver.weights import SecretWeights

#: How the weights of a random game are drawn.
KINDS = ("uniform", "uneven", "ties", "zeros")
#: Secrets alike ("equal"), or weighted as above.
ALIKE_OR_WEIGHTED = ("equal", *KINDS)
EXAMPLES = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)


@cache
def wordle_words() -> tuple[str, ...]:
    """Wordle's answers and allowed guesses, from which the random games are drawn."""
    game = find_game("wordle", GameOverrides(lists="original"))
    return tuple(game.guesses.words)


def wordle_game(seed: int, n_secrets: int, n_extra: int) -> Game:
    """A Wordle of ``n_secrets`` random words, allowed to guess ``n_extra`` more."""
    words = wordle_words()
    rng = np.random.default_rng(seed)
    picked = [words[k] for k in rng.choice(len(words), n_secrets + n_extra, replace=False)]
    return find_game(
        "wordle",
        GameOverrides(words=tuple(picked[:n_secrets]), allowed_words=tuple(sorted(picked))),
    )


@cache
def mastermind(name: str, length: int, alphabet: str) -> PatternMatrix:
    return pattern_matrix(
        find_game(name, GameOverrides(length=length, alphabet=alphabet)), use_cache=False
    )


def random_weights(n: int, seed: int, kind: str) -> SecretWeights:
    """Weights of ``kind``: uniform draws, a spread over six orders of magnitude, a few
    distinct values (ties), or draws with many zeros (at least one weight positive)."""
    rng = np.random.default_rng(seed)
    if kind == "uniform":
        values = rng.uniform(0.1, 1.0, n)
    elif kind == "uneven":
        values = 10.0 ** rng.uniform(0, 6, n)
    elif kind == "ties":
        values = rng.choice([1.0, 2.0, 5.0], n)
    else:
        values = rng.integers(0, 4, n).astype(np.float64)
        values[rng.integers(n)] = 3.0
    return SecretWeights(kind, values)


def weights_of(n: int, seed: int, kind: str) -> SecretWeights | None:
    """No weights (secrets alike) for "equal", else :func:`random_weights`."""
    return None if kind == "equal" else random_weights(n, seed, kind)


def engines(
    matrix: PatternMatrix,
    weights: SecretWeights | None,
    *,
    hard: bool = False,
    only_candidates: bool = False,
) -> tuple[CompiledSearch, ReadableSearch]:
    return (
        CompiledSearch(
            matrix, hard=hard, only_candidates=only_candidates, weights=weights, workers=1
        ),
        ReadableSearch(matrix, hard=hard, only_candidates=only_candidates, weights=weights),
    )


def whole(matrix: PatternMatrix) -> tuple[np.ndarray, np.ndarray]:
    game = matrix.game
    return (
        np.arange(len(game.secrets), dtype=np.intp),
        np.arange(len(game.guesses), dtype=np.intp),
    )


def value(
    search: ExactSearch, candidates: np.ndarray, tries: int, pool: np.ndarray
) -> tuple[int, bool, int]:
    found = search.solve(candidates, tries, pool, INFEASIBLE)
    return found.lower, found.exact, found.worst


def assert_same_values(
    matrix: PatternMatrix,
    weights: SecretWeights | None,
    seed: int,
    *,
    hard: bool = False,
    only_candidates: bool = False,
) -> None:
    """The root and a few random subsets, each with a few tries: compiled = readable (each
    set guessing from every guess, or from its own candidates)."""
    compiled, readable = engines(matrix, weights, hard=hard, only_candidates=only_candidates)
    everyone, guesses = whole(matrix)
    rng = np.random.default_rng(seed)
    sets = [everyone] + [
        np.sort(rng.choice(everyone, rng.integers(2, len(everyone) + 1), replace=False))
        for _ in range(3)
    ]
    for candidates in sets:
        pool = own_rows(matrix, candidates) if only_candidates else guesses
        for tries in (2, 3, 4, UNLIMITED_TRIES):
            expected = value(readable, candidates, tries, pool)
            assert value(compiled, candidates, tries, pool) == expected, (len(candidates), tries)


def own_rows(matrix: PatternMatrix, candidates: np.ndarray) -> np.ndarray:
    """The guess rows of the candidates: their pool when only candidates are guessed."""
    return np.asarray(matrix.game.secret_rows[candidates], dtype=np.intp)


@pytest.mark.parametrize("only_candidates", [False, True])
@EXAMPLES
@given(
    seed=st.integers(0, 2**32 - 1),
    n_secrets=st.integers(20, 120),
    n_extra=st.integers(0, 80),
    kind=st.sampled_from(ALIKE_OR_WEIGHTED),
)
def test_wordle_values_match_the_readable_search(
    only_candidates: bool, seed: int, n_secrets: int, n_extra: int, kind: str
) -> None:
    """Any allowed word guessed, or only candidates (the other modes: further down, and in
    test_compiled_candidates)."""
    matrix = pattern_matrix(wordle_game(seed, n_secrets, n_extra), use_cache=False)
    weights = weights_of(n_secrets, seed, kind)
    assert_same_values(matrix, weights, seed, only_candidates=only_candidates)


@pytest.mark.parametrize("kind", KINDS)
def test_a_larger_wordle_matches_the_readable_search(kind: str) -> None:
    """200 secrets: sets large enough for frames of their own and the counted scoring."""
    game = wordle_game(11, 200, 40)
    matrix = pattern_matrix(game, use_cache=False)
    compiled, readable = engines(matrix, random_weights(200, 5, kind))
    everyone, guesses = whole(matrix)
    for tries in (3, UNLIMITED_TRIES):
        assert value(compiled, everyone, tries, guesses) == value(
            readable, everyone, tries, guesses
        )


@pytest.mark.parametrize(
    ("name", "length", "alphabet"),
    [("mastermind", 3, "abcde"), ("mastermind", 3, "abcd"), ("bulls", 3, "abcdef")],
)
@pytest.mark.parametrize("kind", ALIKE_OR_WEIGHTED)
@pytest.mark.parametrize("only_candidates", [False, True])
def test_mastermind_values_match_the_readable_search(
    name: str, length: int, alphabet: str, kind: str, only_candidates: bool
) -> None:
    matrix = mastermind(name, length, alphabet)
    weights = weights_of(len(matrix.game.secrets), len(alphabet) + length, kind)
    assert_same_values(matrix, weights, seed=length, only_candidates=only_candidates)


@EXAMPLES
@given(seed=st.integers(0, 2**32 - 1), n_secrets=st.integers(20, 80), kind=st.sampled_from(KINDS))
def test_hard_mode_values_match_the_readable_search(seed: int, n_secrets: int, kind: str) -> None:
    game = wordle_game(seed, n_secrets, 30)
    matrix = pattern_matrix(game, use_cache=False)
    assert_same_values(matrix, random_weights(n_secrets, seed, kind), seed, hard=True)


@pytest.mark.parametrize("kind", KINDS)
def test_mastermind_hard_mode_matches_the_readable_search(kind: str) -> None:
    """Mastermind's hard mode keeps every guess consistent with the feedback so far."""
    matrix = mastermind("mastermind", 3, "abcd")
    assert_same_values(matrix, random_weights(64, 2, kind), seed=2, hard=True)


@EXAMPLES
@given(seed=st.integers(0, 2**32 - 1), n_secrets=st.integers(20, 100), kind=st.sampled_from(KINDS))
def test_bounds_below_beta_never_pass_the_value(seed: int, n_secrets: int, kind: str) -> None:
    """Asked to beat less than its value, the search proves a bound above what it was asked
    and no higher than the value; at the value it answers exactly."""
    game = wordle_game(seed, n_secrets, 20)
    matrix = pattern_matrix(game, use_cache=False)
    weights = random_weights(n_secrets, seed, kind)
    everyone, guesses = whole(matrix)
    exact = value(ReadableSearch(matrix, weights=weights), everyone, UNLIMITED_TRIES, guesses)[0]
    for beta in (exact // 2, exact - 1):
        search = CompiledSearch(matrix, weights=weights, workers=1)
        found = search.solve(everyone, UNLIMITED_TRIES, guesses, beta)
        assert not found.exact and beta <= found.lower <= exact
        assert search.solve(everyone, UNLIMITED_TRIES, guesses, exact).lower == exact
    search = CompiledSearch(matrix, weights=weights, workers=1)
    assert search.first_bound(everyone, guesses) <= exact
    rows, floors = search.guess_floors(everyone, guesses)
    for guess, floor in list(zip(rows.tolist(), floors.tolist(), strict=True))[
        :: max(1, len(rows) // 8)
    ]:
        assert floor <= search.first_guess_value(guess, everyone, UNLIMITED_TRIES, guesses).total


def grown(search: ExactSearch) -> SearchResult:
    return grow_optimal(search, fallback=entropy_fallback(search.matrix, PlayOptions()))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("split_min", [1, 500])
def test_trees_have_the_readable_weighted_total(kind: str, split_min: int) -> None:
    """The compiled tree (whole, or split by first guess) plays the readable optimum, and
    its secrets' guesses add up to it."""
    game = wordle_game(7, 90, 60)
    matrix = pattern_matrix(game, use_cache=False)
    weights = random_weights(90, 3, kind)
    compiled = grown(CompiledSearch(matrix, weights=weights, workers=2, split_min=split_min))
    readable = grown(ReadableSearch(matrix, weights=weights))
    assert compiled.total == readable.total
    assert compiled.proven and compiled.lower_bound == compiled.total
    needed = compiled.tree.guesses_needed()
    assert int(needed @ weights.units()) == compiled.total
    assert int(needed.max()) == int(readable.tree.guesses_needed().max())
    check_tree(compiled.tree)


def test_weights_are_searched_on_the_compiled_core() -> None:
    matrix = mastermind("mastermind", 3, "abcd")
    weights = random_weights(len(matrix.game.secrets), 1, "uneven")
    assert isinstance(exact_search(matrix, weights=weights), CompiledSearch)
    assert isinstance(exact_search(matrix, hard=True, weights=weights), CompiledSearch)
    assert isinstance(exact_search(matrix, weights=weights, only_candidates=True), CompiledSearch)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("limit", [SearchLimit(nodes=2), SearchLimit(nodes=6), SearchLimit(beam=3)])
def test_budgets_and_beams_keep_their_promises(kind: str, limit: SearchLimit) -> None:
    """Stopped by a node budget or kept to a beam, the weighted search still grows a tree that
    plays the total it reports, no better than the optimum, above the lower bound it proves."""
    game = wordle_game(5, 100, 50)
    matrix = pattern_matrix(game, use_cache=False)
    weights = random_weights(100, 9, kind)
    optimum = grown(ReadableSearch(matrix, weights=weights)).total
    result = grown(CompiledSearch(matrix, weights=weights, limit=limit, workers=1))
    assert int(result.tree.guesses_needed() @ weights.units()) == result.total
    assert result.lower_bound <= optimum <= result.total
    check_tree(result.tree)

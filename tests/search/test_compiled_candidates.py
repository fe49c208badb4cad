"""Guessing only candidates on the compiled core against the readable search (the oracle):
a larger Wordle's values, the bounds' promises, the first guesses' values, trees of the same
total that guess only candidates, secrets alike or weighted, hard mode too (it allows every
candidate), within budgets and beams. The values of random Wordle lists, Mastermind and Bulls
are checked beside free play's, in test_compiled_weights."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.readable_search import ReadableSearch
from tests.reference import paths, small_game
from tests.search.test_compiled_weights import (
    ALIKE_OR_WEIGHTED,
    EXAMPLES,
    KINDS,
    assert_same_values,
    engines,
    mastermind,
    own_rows,
    random_weights,
    value,
    weights_of,
    whole,
    wordle_game,
)
from tests.search.test_exact import GAMES
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.games.rules import RULES
from wordsolver.matrix import pattern_matrix
from wordsolver.search import INFEASIBLE, UNLIMITED_TRIES, SearchLimit
from wordsolver.search.base import ExactSearch
from wordsolver.search.compiled import CompiledSearch, exact_search
from wordsolver.search.hard_tables import compiled_hard_mode
from wordsolver.strategies import PlayOptions
from wordsolver.tree import check_tree
from wordsolver.tree.fallback import entropy_fallback
from wordsolver.tree.optimal import SearchResult, grow_optimal

CANDIDATES = PlayOptions(guess_from="candidates")


def grown(search: ExactSearch, openers: tuple[int, ...] = ()) -> SearchResult:
    return grow_optimal(search, openers, fallback=entropy_fallback(search.matrix, CANDIDATES))


def assert_guesses_only_candidates(result: SearchResult) -> None:
    game = result.tree.matrix.game
    for node, _, candidates in paths(result.tree):
        assert game.secret_of_guess[node.guess] in candidates


@pytest.mark.parametrize("kind", ["equal", "uneven"])
def test_a_larger_wordle_matches_the_readable_search(kind: str) -> None:
    """250 secrets: sets far past the size the free search cuts and frames."""
    matrix = pattern_matrix(wordle_game(3, 250, 40), use_cache=False)
    compiled, readable = engines(matrix, weights_of(250, 4, kind), only_candidates=True)
    everyone, _ = whole(matrix)
    pool = own_rows(matrix, everyone)
    for tries in (3, 4, UNLIMITED_TRIES):
        assert value(compiled, everyone, tries, pool) == value(readable, everyone, tries, pool)


def long_words() -> Game:
    """Wordle's colours on words of eight letters (two words of packed letters in the core)."""
    words = ("abcdefgh", "abcdefhg", "badcfehg", "hgfedcba", "abcdhgfe")
    return small_game("colours", words, letters="abcdefgh")


def hard_games() -> list[Game]:
    """Games of every rule of the registry (each test below names them)."""
    jotto = ("crane", "salet", "abbey", "kayak", "level", "radar", "queue", "nanny", "speed")
    return [
        *GAMES.values(),
        wordle_game(2, 40, 30),
        mastermind("mastermind", 3, "abcd").game,
        long_words(),
        find_game("jotto", GameOverrides(words=jotto)),
    ]


def test_the_hard_games_cover_every_rule() -> None:
    assert {game.rule.name for game in hard_games()} == set(RULES)


@pytest.mark.parametrize("game", hard_games(), ids=lambda game: game.name)
def test_hard_mode_allows_every_candidate(game: Game) -> None:
    """After any guess and any pattern it earns, hard mode (as the rule states it) allows
    every secret that earns that pattern: guessing only candidates, it changes nothing."""
    matrix = pattern_matrix(game, use_cache=False)
    codes = game.guess_codes
    for guess in range(len(game.guesses)):
        patterns = matrix.values[guess, :]
        for pattern in np.unique(patterns).tolist():
            left = own_rows(matrix, np.flatnonzero(patterns == pattern))
            assert game.rule.hard_mode_allows(codes[left], codes[guess], pattern).all()


@EXAMPLES
@given(seed=st.integers(0, 2**32 - 1), n_secrets=st.integers(20, 80), kind=st.sampled_from(KINDS))
def test_hard_mode_guessing_only_candidates_is_only_candidates(
    seed: int, n_secrets: int, kind: str
) -> None:
    matrix = pattern_matrix(wordle_game(seed, n_secrets, 30), use_cache=False)
    weights = weights_of(n_secrets, seed, kind)
    assert_same_values(matrix, weights, seed, hard=True, only_candidates=True)
    free, _ = engines(matrix, weights, only_candidates=True)
    hard, _ = engines(matrix, weights, hard=True, only_candidates=True)
    everyone, _ = whole(matrix)
    pool = own_rows(matrix, everyone)
    assert value(hard, everyone, 4, pool) == value(free, everyone, 4, pool)


def test_only_candidates_is_searched_on_the_compiled_core() -> None:
    """Weighted or not, hard mode too (words of eight letters too): hard mode is no hard mode
    when only candidates are guessed."""
    matrix = mastermind("mastermind", 3, "abcd")
    weights = random_weights(len(matrix.game.secrets), 1, "uneven")
    for flags in ({}, {"weights": weights}, {"hard": True}, {"hard": True, "weights": weights}):
        assert isinstance(exact_search(matrix, only_candidates=True, **flags), CompiledSearch)
    assert compiled_hard_mode(long_words())
    long_matrix = pattern_matrix(long_words(), use_cache=False)
    assert isinstance(exact_search(long_matrix, hard=True), CompiledSearch)
    search = exact_search(long_matrix, hard=True, only_candidates=True)
    assert isinstance(search, CompiledSearch)
    assert grown(search).total == grown(ReadableSearch(long_matrix, only_candidates=True)).total


def test_the_core_guesses_only_candidates_before_searching_only() -> None:
    matrix = mastermind("mastermind", 3, "abcd")
    search = CompiledSearch(matrix, workers=1)
    everyone, guesses = whole(matrix)
    search.solve(everyone, 4, guesses, INFEASIBLE)
    with pytest.raises(ValueError, match="before searching"):
        search.core.guess_only_candidates()


@EXAMPLES
@given(
    seed=st.integers(0, 2**32 - 1),
    n_secrets=st.integers(20, 100),
    kind=st.sampled_from(ALIKE_OR_WEIGHTED),
)
def test_bounds_and_first_guesses_keep_their_promises(seed: int, n_secrets: int, kind: str) -> None:
    """Below its value the search proves a bound above what it was asked and no higher than
    the value; the floors are the readable search's and below each first guess's value, which
    is the readable one's, or a bound above a cutoff below it."""
    matrix = pattern_matrix(wordle_game(seed, n_secrets, 20), use_cache=False)
    weights = weights_of(n_secrets, seed, kind)
    everyone, _ = whole(matrix)
    pool = own_rows(matrix, everyone)
    _, readable = engines(matrix, weights, only_candidates=True)
    exact = value(readable, everyone, UNLIMITED_TRIES, pool)[0]
    for beta in (exact // 2, exact - 1):
        search, _ = engines(matrix, weights, only_candidates=True)
        found = search.solve(everyone, UNLIMITED_TRIES, pool, beta)
        assert not found.exact and beta <= found.lower <= exact
        assert search.solve(everyone, UNLIMITED_TRIES, pool, exact).lower == exact
    search, _ = engines(matrix, weights, only_candidates=True)
    assert search.first_bound(everyone, pool) <= exact
    rows, floors = search.guess_floors(everyone, pool)
    readable_rows, readable_floors = readable.guess_floors(everyone, pool)
    assert rows.tolist() == readable_rows.tolist()
    if weights is None:  # the readable floors are of equal weights (weighted: its own)
        assert search.first_bound(everyone, pool) == readable.first_bound(everyone, pool)
        assert floors.tolist() == readable_floors.tolist()
    for guess, floor in list(zip(rows.tolist(), floors.tolist(), strict=True))[
        :: max(1, len(rows) // 6)
    ]:
        first = search.first_guess_value(guess, everyone, UNLIMITED_TRIES, pool)
        tried = readable.try_guess(everyone, UNLIMITED_TRIES, pool, guess, INFEASIBLE)
        assert (first.exact, first.total, first.worst) == (True, tried.lower, tried.worst)
        assert floor <= first.total
        cut = search.first_guess_value(guess, everyone, UNLIMITED_TRIES, pool, first.total - 1)
        assert not cut.exact and first.total - 1 < cut.total <= first.total


@pytest.mark.parametrize("name", ["mastermind", "bulls"])
def test_floors_of_a_few_guesses_take_the_fan_out_of_every_candidate(name: str) -> None:
    """Asked for the floors of a few first guesses only, the core counts their buckets'
    floors with the fan-out of the set's own candidates (what every later set guesses from),
    not of the few: each floor stays below the guess's value."""
    matrix = mastermind(name, 3, "abcdef")
    search, _ = engines(matrix, None, only_candidates=True)
    everyone, _ = whole(matrix)
    own = own_rows(matrix, everyone)
    few_buckets = np.argsort([len(np.unique(matrix.values[row, everyone])) for row in own])
    few = own[few_buckets[:3]]  # the least informative guesses: a small fan-out of their own
    rows, floors = search.guess_floors(everyone, few)
    assert search.first_bound(everyone, few) == int(floors.min())
    for guess, floor in zip(rows.tolist(), floors.tolist(), strict=True):
        assert floor <= search.first_guess_value(guess, everyone, UNLIMITED_TRIES, own).total


@pytest.mark.parametrize("kind", ALIKE_OR_WEIGHTED)
@pytest.mark.parametrize(("split_min", "workers"), [(1, 1), (1, 2), (500, 2)])
def test_trees_play_the_readable_total_with_candidates_only(
    kind: str, split_min: int, workers: int
) -> None:
    """The compiled tree (whole, or split by first guess) plays the readable optimum, guesses
    a candidate at every node, and its secrets' guesses add up to its total."""
    matrix = pattern_matrix(wordle_game(7, 90, 60), use_cache=False)
    weights = weights_of(90, 3, kind)
    compiled = grown(
        CompiledSearch(
            matrix, only_candidates=True, weights=weights, workers=workers, split_min=split_min
        )
    )
    readable = grown(ReadableSearch(matrix, only_candidates=True, weights=weights))
    assert compiled.total == readable.total
    assert compiled.proven and compiled.lower_bound == compiled.total
    needed = compiled.tree.guesses_needed()
    units = np.ones(90, dtype=np.int64) if weights is None else weights.units()
    assert int(needed @ units) == compiled.total
    assert int(needed.max()) == int(readable.tree.guesses_needed().max())
    assert_guesses_only_candidates(compiled)
    check_tree(compiled.tree)


@pytest.mark.parametrize("kind", ["equal", "ties"])
@pytest.mark.parametrize(
    "limit", [SearchLimit(nodes=2), SearchLimit(nodes=20), SearchLimit(beam=3)]
)
@pytest.mark.parametrize("opened", [False, True])
def test_budgets_and_beams_keep_their_promises(kind: str, limit: SearchLimit, opened: bool) -> None:
    """Stopped by a node budget or kept to a beam, the search still grows a tree of
    candidates (below a candidate opener too, where the fallback grows from the pools the
    search hands it) that plays the total it reports, no better than the optimum, above the
    lower bound it proves."""
    matrix = pattern_matrix(wordle_game(5, 100, 50), use_cache=False)
    weights = weights_of(100, 9, kind)
    openers = (int(matrix.game.secret_rows[0]),) if opened else ()
    readable = ReadableSearch(matrix, only_candidates=True, weights=weights)
    optimum = grown(readable, openers).total
    search = CompiledSearch(matrix, only_candidates=True, weights=weights, limit=limit, workers=1)
    result = grown(search, openers)
    units = np.ones(100, dtype=np.int64) if weights is None else weights.units()
    assert int(result.tree.guesses_needed() @ units) == result.total
    assert result.lower_bound <= optimum <= result.total
    assert_guesses_only_candidates(result)
    check_tree(result.tree)


def test_a_whole_game_split_by_first_guess() -> None:
    """Bulls and Cows with 3 of 6 letters, split by first guess on two cores: the readable
    optimum, proven."""
    matrix = mastermind("bulls", 3, "abcdef")
    compiled = grown(CompiledSearch(matrix, only_candidates=True, workers=2, split_min=1))
    readable = grown(ReadableSearch(matrix, only_candidates=True))
    assert (compiled.total, compiled.proven) == (readable.total, True)
    assert_guesses_only_candidates(compiled)

"""Hard mode on the compiled core against the readable search (the oracle): Wordle's kept
letters for words of 8 to 10 letters (two words of packed letters, and the wider count fields
of a guess that holds one letter more than 7 times), on random small word lists."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reference import small_game
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.search import INFEASIBLE, UNLIMITED_TRIES
from wordsolver.search.base import ExactSearch
from wordsolver.search.compiled import CompiledSearch
from wordsolver.search.exact import OptimalSearch
from wordsolver.search.hard_tables import compiled_hard_mode

EXAMPLES = settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
#: Letters of the random long words.
LETTERS = "abcdefghij"


def long_words(seed: int, n_secrets: int, n_extra: int, length: int) -> tuple[list[str], list[str]]:
    """Random words of ``length`` letters: secrets that share a stem but for two positions
    (where hard mode, which keeps the stem's letters, bites), and extra guesses of any
    letters, every other one crowded with one letter (up to ``length`` copies: counts pass 7)."""
    rng = np.random.default_rng(seed)
    stem = [LETTERS[k] for k in rng.integers(len(LETTERS), size=length)]
    places = rng.choice(length, size=2, replace=False)
    secrets: set[str] = set()
    while len(secrets) < n_secrets:
        word = list(stem)
        for i in places:
            word[i] = LETTERS[rng.integers(len(LETTERS))]
        secrets.add("".join(word))
    extra: set[str] = set()
    while len(extra) < n_extra:
        word = [LETTERS[k] for k in rng.integers(len(LETTERS), size=length)]
        if len(extra) % 2:
            for i in rng.choice(length, size=rng.integers(1, length + 1), replace=False):
                word[i] = stem[0]
        if "".join(word) not in secrets:
            extra.add("".join(word))
    return sorted(secrets), sorted(extra)


def kept_letters_game(seed: int, n_secrets: int, n_extra: int, length: int) -> Game:
    secrets, extra = long_words(seed, n_secrets, n_extra, length)
    return small_game("colours", secrets, extra, letters=LETTERS)


def value(
    search: ExactSearch, candidates: np.ndarray, tries: int, pool: np.ndarray
) -> tuple[int, bool, int]:
    found = search.solve(candidates, tries, pool, INFEASIBLE)
    return found.lower, found.exact, found.worst


def assert_core_is_the_oracle(
    matrix: PatternMatrix, seed: int, pools: list[np.ndarray] | None = None
) -> CompiledSearch:
    """The root and a few random subsets, each with a few tries, from each pool: the core's
    value, worst case and tree are the readable search's in hard mode."""
    game = matrix.game
    core = CompiledSearch(matrix, hard=True, workers=1)
    readable = OptimalSearch(matrix, hard=True)
    everyone = np.arange(len(game.secrets), dtype=np.intp)
    rng = np.random.default_rng(seed)
    sets = [everyone] + [
        np.sort(rng.choice(everyone, rng.integers(3, len(everyone) + 1), replace=False))
        for _ in range(2)
    ]
    for pool in pools or [np.arange(len(game.guesses), dtype=np.intp)]:
        for candidates in sets:
            for tries in (3, 4, UNLIMITED_TRIES):
                expected = value(readable, candidates, tries, pool)
                assert value(core, candidates, tries, pool) == expected, (len(candidates), tries)
            rows = core.tree_rows(candidates, UNLIMITED_TRIES, pool)
            assert np.array_equal(rows, readable.tree_rows(candidates, UNLIMITED_TRIES, pool))
    return core


@EXAMPLES
@given(
    seed=st.integers(0, 2**32 - 1),
    n_secrets=st.integers(12, 60),
    n_extra=st.integers(10, 60),
    length=st.integers(8, 10),
)
def test_long_kept_letters_match_the_readable_search(
    seed: int, n_secrets: int, n_extra: int, length: int
) -> None:
    game = kept_letters_game(seed, n_secrets, n_extra, length)
    assert compiled_hard_mode(game)
    assert_core_is_the_oracle(pattern_matrix(game, use_cache=False), seed)


@pytest.mark.parametrize("length", [8, 9, 10])
def test_long_kept_letters_filter_matches_the_rule(length: int) -> None:
    """Every guess and every pattern that occurs: the core's pool is the rule's, past the
    eighth position and past seven copies of a letter."""
    game = kept_letters_game(length, 30, 10, length)
    assert any(max(map(word.count, word)) > 7 for word in game.guesses.words)
    matrix = pattern_matrix(game, use_cache=False)
    search = CompiledSearch(matrix, hard=True, workers=1)
    codes = game.guess_codes
    pool = np.arange(len(game.guesses), dtype=np.intp)
    everyone = np.arange(len(game.secrets), dtype=np.intp)
    for guess in range(len(game.guesses)):
        for pattern in np.unique(matrix.values[guess]).tolist():
            expected = pool[game.rule.hard_mode_allows(codes[pool], codes[guess], pattern)]
            found = search.pool_after(pool, guess, pattern, everyone)
            assert found.tolist() == expected.tolist(), (guess, pattern)


def test_the_core_plays_kept_letters_for_every_length_the_colours_allow() -> None:
    """Wordle's colours allow 10 letters (3^10 patterns fit 16 bits); the core takes 16."""
    for length in (5, 8, 10):
        word = "abcdefghij"[:length]
        assert compiled_hard_mode(find_game("wordle", GameOverrides(length=length, words=(word,))))

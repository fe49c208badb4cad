"""Hard mode on the compiled core against the readable search (the oracle): Wordle's kept
letters for words of 8 to 10 letters (two words of packed letters, and the wider count fields
of a guess that holds one letter more than 7 times), on random small word lists; consistency
read from a table of only the starting pool's guesses (the whole table made too large)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.readable_search import ReadableSearch
from tests.reference import small_game
from tests.search.test_compiled_weights import value
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.search import INFEASIBLE, UNLIMITED_TRIES, hard_tables
from wordsolver.search.compiled import CompiledSearch
from wordsolver.search.hard_tables import compiled_hard_mode
from wordsolver.strategies import PlayOptions
from wordsolver.tree.fallback import entropy_fallback
from wordsolver.tree.optimal import grow_optimal, optimal_tree

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


def assert_core_is_the_oracle(
    matrix: PatternMatrix, seed: int, pools: list[np.ndarray] | None = None
) -> CompiledSearch:
    """The root and a few random subsets, each with a few tries, from each pool: the core's
    value, worst case and tree are the readable search's in hard mode."""
    game = matrix.game
    core = CompiledSearch(matrix, hard=True, workers=1)
    readable = ReadableSearch(matrix, hard=True)
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


# -- consistency from a table of the starting pool's guesses only ---------------------------


def consistent_games() -> dict[str, Game]:
    return {
        "bulls": find_game("bulls", GameOverrides(length=3, alphabet="abcdef")),
        "mastermind": find_game("mastermind", GameOverrides(length=3, alphabet="abcd")),
        "jotto": find_game("jotto", GameOverrides(words=tuple(long_words(3, 45, 0, 5)[0]))),
        "likeness": find_game("fallout", GameOverrides(words=tuple(long_words(4, 60, 0, 6)[0]))),
    }


CONSISTENT = consistent_games()


def position(matrix: PatternMatrix, guesses: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The candidates and hard mode's pool after ``guesses`` played against the first
    secret: the rule's own filter (the readable search's)."""
    game = matrix.game
    codes = game.guess_codes
    candidates = np.arange(len(game.secrets), dtype=np.intp)
    pool = np.arange(len(game.guesses), dtype=np.intp)
    secret = int(game.secret_rows[0])
    for guess in guesses:
        pattern = int(matrix.values[guess, secret])
        candidates = candidates[matrix.values[guess, candidates] == pattern]
        pool = pool[game.rule.hard_mode_allows(codes[pool], codes[guess], pattern)]
    return candidates, pool


@pytest.fixture
def small_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables of at most 40 guesses of one byte: no game below holds its whole table."""
    monkeypatch.setattr(hard_tables, "HARD_TABLE_BYTES", 40 * 40)


@pytest.mark.usefixtures("small_tables")
@pytest.mark.parametrize("name", CONSISTENT)
@EXAMPLES
@given(data=st.data())
def test_a_table_of_the_starting_pool_plays_as_the_whole_table(
    name: str, data: st.DataObject
) -> None:
    """Two searches on one core from different positions (the second replaces the table):
    values, worst cases and trees are the readable search's; the root is refused."""
    matrix = pattern_matrix(CONSISTENT[name], use_cache=False)
    game = matrix.game
    core = CompiledSearch(matrix, hard=True, workers=1)
    readable = ReadableSearch(matrix, hard=True)
    n = len(game.guesses)
    everyone = np.arange(len(game.secrets), dtype=np.intp)
    with pytest.raises(hard_tables.HardTableTooLarge, match="needs a table"):
        core.solve(everyone, UNLIMITED_TRIES, np.arange(n, dtype=np.intp), INFEASIBLE)
    first = data.draw(st.integers(0, n - 1))
    second = data.draw(st.integers(0, n - 1).filter(lambda guess: guess != first))
    for guesses in ([first], [second]):
        candidates, pool = position(matrix, guesses)
        if len(pool) > 40 or len(candidates) < 2:
            continue
        for tries in (3, UNLIMITED_TRIES):
            expected = value(readable, candidates, tries, pool)
            assert value(core, candidates, tries, pool) == expected, (guesses, tries)
        assert core._table is not None and core._table.held[pool].all()
        assert core._table.held.sum() <= 40
        rows = core.tree_rows(candidates, UNLIMITED_TRIES, pool)
        assert np.array_equal(rows, readable.tree_rows(candidates, UNLIMITED_TRIES, pool))


def opener_within(matrix: PatternMatrix, most: int) -> int:
    """A first guess whose buckets' pools hold at most ``most`` guesses each, and more than
    ``most`` in all."""
    game = matrix.game
    codes = game.guess_codes
    for guess in range(len(game.guesses)):
        pools = [
            np.flatnonzero(game.rule.hard_mode_allows(codes, codes[guess], int(pattern)))
            for pattern in np.unique(matrix.values[guess, game.secret_rows])
            if pattern != game.win_pattern
        ]
        if max(map(len, pools)) <= most < len(np.unique(np.concatenate(pools))):
            return guess
    raise AssertionError("no such first guess")


@pytest.mark.usefixtures("small_tables")
@pytest.mark.parametrize("name", ["bulls", "mastermind", "jotto"])
def test_openers_share_their_buckets_between_tables(name: str) -> None:
    """After an opener the buckets' pools are more than one table holds: they are solved a
    group at a time, each with its table, to the readable search's tree."""
    matrix = pattern_matrix(CONSISTENT[name], use_cache=False)
    game = matrix.game
    first = opener_within(matrix, 40)
    opener = game.guesses.words[first]
    options = PlayOptions(hard=True, openers=(opener,))
    found = optimal_tree(matrix, options)
    readable = grow_optimal(
        ReadableSearch(matrix, hard=True),
        (first,),
        fallback=entropy_fallback(matrix, options),
    )
    assert (found.total, found.proven) == (readable.total, True)
    assert np.array_equal(found.tree.guesses_needed(), readable.tree.guesses_needed())


def test_every_catalogue_rule_plays_hard_mode_on_the_core() -> None:
    """Consistency whatever the game's size (tonguess4's 358,800 guesses: from a pool of at
    most 16,384), kept letters for every length."""
    for name in ("jotto", "tonguess3", "tonguess4", "bulls", "mastermind", "wordle", "5bukv"):
        assert compiled_hard_mode(find_game(name)), name
    assert hard_tables.most_table_guesses(find_game("tonguess4")) == 1 << 14


@pytest.mark.usefixtures("small_tables")
def test_a_first_guess_is_valued_from_a_pool_past_the_table() -> None:
    """A whole-game proof asks for one first guess's value from the root's pool, more guesses
    than a table holds: the table holds its buckets' pools."""
    matrix = pattern_matrix(CONSISTENT["bulls"], use_cache=False)
    first = opener_within(matrix, 40)
    everyone = np.arange(len(matrix.game.secrets), dtype=np.intp)
    pool = np.arange(len(matrix.game.guesses), dtype=np.intp)
    found = CompiledSearch(matrix, hard=True, workers=1).first_guess_value(
        first, everyone, UNLIMITED_TRIES, pool
    )
    opener = (matrix.game.guesses.words[first],)
    expected = optimal_tree(matrix, PlayOptions(hard=True, openers=opener))
    assert (found.exact, found.total) == (True, expected.total)

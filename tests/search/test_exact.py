"""The exact search against a plain exhaustive search on games small enough to enumerate."""

from __future__ import annotations

import pytest

from tests.readable_search import ReadableSearch
from tests.reference import PoolFlags, brute_force, no_fallback, optimal, paths, small_game
from wordsolver.errors import WordsolverError
from wordsolver.evaluation import evaluate
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.search import SearchLimit
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import check_tree
from wordsolver.tree.optimal import grow_optimal

FALLOUT = {
    "three": ("cat", "car", "bat"),
    "four": ("lamp", "lamb", "limb", "limp"),
    "five": ("trade", "crane", "grape", "trace", "brace"),
    "six": ("terms", "tears", "teams", "times", "tests", "tiles"),
    "seven": ("trade", "crane", "grape", "trace", "brace", "crate", "grate"),
    "eight": ("lamp", "lamb", "limb", "limp", "lump", "dump", "damp", "camp"),
    "nine": ("cat", "car", "bat", "bar", "cot", "rat", "rot", "tar", "tot"),
    "tight": ("bac", "cdb", "abd", "abc", "bdb", "dca", "ccc", "dad"),
    "nine-long": (
        *("sealed", "sealer", "seeded", "seeing", "settle"),
        *("setups", "severe", "sewage", "sexual"),
    ),
}
GENERATED = {
    "bulls-2-abcd": ("bulls", GameOverrides(length=2, alphabet="abcd")),
    "bulls-2-abcde": ("bulls", GameOverrides(length=2, alphabet="abcde")),
    "bulls-3-abcd": ("bulls", GameOverrides(length=3, alphabet="abcd")),
    "mastermind-2-abc": ("mastermind", GameOverrides(length=2, alphabet="abc")),
    "mastermind-2-abcd": ("mastermind", GameOverrides(length=2, alphabet="abcd")),
    "mastermind-3-abc": ("mastermind", GameOverrides(length=3, alphabet="abc")),
}
COLOURS = {
    "colours-abc": small_game("colours", ("abc", "abd", "acd", "bcd", "bad", "cab", "dab")),
    "colours-repeats": small_game(
        "colours", ("aab", "aba", "abb", "bba", "bab", "abc", "cca", "acc"), letters="abc"
    ),
    "colours-extra": small_game(
        "colours",
        ("abcd", "abdc", "acbd", "adcb", "bacd", "dcba", "cdab"),
        ("abef", "efab", "aecf", "fbde"),
    ),
    "bulls-cows-extra": small_game(
        "bulls-cows",
        ("acaa", "baab", "dcdd", "cdcc", "bdbd", "dadb", "daad", "acdc"),
        ("bbbd", "bddd", "aabc", "bacb", "cdcd", "cbcb"),
        letters="abcd",
    ),
    "likeness-extra": small_game(
        "likeness", ("aaaa", "abab", "bbbb", "abba", "baab"), ("aabb", "bbaa"), letters="ab"
    ),
}


def all_games() -> dict[str, Game]:
    games = {
        f"fallout-{name}": find_game("fallout", GameOverrides(words=w))
        for name, w in FALLOUT.items()
    }
    games |= {key: find_game(name, overrides) for key, (name, overrides) in GENERATED.items()}
    return games | COLOURS


GAMES = all_games()
POOLS: dict[str, PoolFlags] = {
    "allowed": {},
    "hard": {"hard": True},
    "candidates": {"only_candidates": True},
}


@pytest.mark.parametrize("pool", POOLS)
@pytest.mark.parametrize("name", GAMES)
def test_total_and_worst_match_exhaustive_search(name: str, pool: str) -> None:
    game = GAMES[name]
    expected = brute_force(game, **POOLS[pool])
    assert expected is not None, "the table holds only solvable games"
    result = optimal(pattern_matrix(game), **POOLS[pool])
    worst = int(result.tree.guesses_needed().max())
    assert (result.total, worst) == expected


@pytest.mark.parametrize("pool", POOLS)
@pytest.mark.parametrize("name", GAMES)
def test_optimal_tree_is_sound_and_proven(name: str, pool: str) -> None:
    result = optimal(pattern_matrix(GAMES[name]), **POOLS[pool])
    check_tree(result.tree)
    assert result.proven and result.tree.proven
    assert result.lower_bound == result.tree.lower_bound == result.total
    assert int(result.tree.guesses_needed().sum()) == result.total
    assert result.mean == pytest.approx(result.total / len(GAMES[name].secrets))


@pytest.mark.parametrize("name", GAMES)
def test_optimal_tree_fits_the_tries(name: str) -> None:
    game = GAMES[name]
    result = optimal(pattern_matrix(game))
    if game.max_tries is not None:
        assert result.tree.guesses_needed().max() <= game.max_tries


@pytest.mark.parametrize("name", GAMES)
def test_hard_mode_tree_plays_only_allowed_guesses(name: str) -> None:
    game = GAMES[name]
    codes = game.guess_codes
    tree = optimal(pattern_matrix(game), hard=True).tree
    for node, history, _ in paths(tree):
        for guess, pattern in history:
            assert game.rule.hard_mode_allows(codes[[node.guess]], codes[guess], pattern)[0], (
                f"{game.guesses.words[node.guess]} breaks hard mode after"
                f" {game.guesses.words[guess]} {game.format_pattern(pattern)}"
            )


@pytest.mark.parametrize("name", GAMES)
def test_only_candidates_tree_guesses_a_candidate_each_time(name: str) -> None:
    game = GAMES[name]
    tree = optimal(pattern_matrix(game), only_candidates=True).tree
    for node, _, candidates in paths(tree):
        assert game.secret_of_guess[node.guess] in candidates


@pytest.mark.parametrize("name", GAMES)
def test_hard_mode_and_only_candidates_never_beat_free_play(name: str) -> None:
    matrix = pattern_matrix(GAMES[name])
    free = optimal(matrix).total
    assert optimal(matrix, hard=True).total >= free
    assert optimal(matrix, only_candidates=True).total >= free


@pytest.mark.parametrize("name", ["fallout-nine", "bulls-2-abcd", "colours-extra"])
def test_optimal_strategy_plays_the_optimal_total(name: str) -> None:
    """The registry's ``optimal`` strategy, played through a Player, gives the proven total."""
    matrix = pattern_matrix(GAMES[name])
    played = evaluate(Player(matrix, find_strategy("optimal"), PlayOptions()))
    assert int(played.guesses.sum()) == optimal(matrix).total


@pytest.mark.parametrize("name", ["fallout-nine", "mastermind-2-abcd", "colours-extra"])
def test_optimal_strategy_in_hard_mode_plays_the_hard_total(name: str) -> None:
    matrix = pattern_matrix(GAMES[name])
    played = evaluate(Player(matrix, find_strategy("optimal"), PlayOptions(hard=True)))
    assert int(played.guesses.sum()) == optimal(matrix, hard=True).total


def test_two_words_take_three_guesses() -> None:
    result = optimal(pattern_matrix(find_game("fallout", GameOverrides(words=("cat", "cot")))))
    assert (result.total, int(result.tree.guesses_needed().max())) == (3, 2)


def test_one_word_takes_one_guess() -> None:
    result = optimal(pattern_matrix(find_game("fallout", GameOverrides(words=("cat",)))))
    assert result.total == 1
    assert result.tree.size == 1
    assert result.proven


def test_a_word_that_tells_all_apart_is_played_first() -> None:
    """aaa has likeness 2, 1, 0 with aab, abb, bbb: 2n − 1 guesses, the least any set allows."""
    words = ("aaa", "aab", "abb", "bbb")
    game = find_game("fallout", GameOverrides(words=words, alphabet="ab"))
    result = optimal(pattern_matrix(game))
    assert result.total == 2 * len(words) - 1
    assert game.guesses.words[result.tree.root.guess] == "aaa"
    assert all(not child.children for child in result.tree.root.children.values())


def test_fallout_words_that_share_nothing_do_not_fit_four_tries() -> None:
    """Five words with likeness 0 between any two: each guess rules out only itself."""
    game = find_game("fallout", GameOverrides(words=("abc", "def", "ghi", "jkl", "mno")))
    assert brute_force(game) is None
    with pytest.raises(WordsolverError, match="no tree solves"):
        optimal(pattern_matrix(game))


def test_more_tries_make_the_unsolvable_terminal_solvable() -> None:
    words = ("abc", "def", "ghi", "jkl", "mno")
    game = find_game("fallout", GameOverrides(words=words, tries=5))
    result = optimal(pattern_matrix(game))
    assert (result.total, int(result.tree.guesses_needed().max())) == brute_force(game) == (15, 5)


@pytest.mark.parametrize("tries", [2, 3, 4])
def test_fewer_tries_cost_guesses_or_make_it_unsolvable(tries: int) -> None:
    game = find_game("fallout", GameOverrides(words=FALLOUT["nine"], tries=tries))
    expected = brute_force(game)
    if expected is None:
        with pytest.raises(WordsolverError):
            optimal(pattern_matrix(game))
    else:
        result = optimal(pattern_matrix(game))
        assert (result.total, int(result.tree.guesses_needed().max())) == expected


def test_a_tight_limit_of_tries_costs_a_guess() -> None:
    """These eight words take 20 guesses at best, one secret needing 4; within 3 tries the best
    tree takes 21."""
    roomy = find_game("fallout", GameOverrides(words=FALLOUT["tight"]))
    tight = find_game("fallout", GameOverrides(words=FALLOUT["tight"], tries=3))
    for game, expected in ((roomy, (20, 4)), (tight, (21, 3))):
        result = optimal(pattern_matrix(game))
        assert brute_force(game) == expected
        assert (result.total, int(result.tree.guesses_needed().max())) == expected


@pytest.mark.parametrize("pool", POOLS)
def test_tight_tries_solvable_or_not_as_exhaustive_search_says(pool: str) -> None:
    """Within 3 tries these words can be solved freely, but not in hard mode nor guessing only
    candidates: both searches must agree on which."""
    game = find_game("fallout", GameOverrides(words=FALLOUT["tight"], tries=3))
    expected = brute_force(game, **POOLS[pool])
    assert (expected is None) == (pool != "allowed")
    if expected is None:
        with pytest.raises(WordsolverError, match="no tree solves 8 candidates within 3 tries"):
            optimal(pattern_matrix(game), **POOLS[pool])
    else:
        result = optimal(pattern_matrix(game), **POOLS[pool])
        assert (result.total, int(result.tree.guesses_needed().max())) == expected


def test_a_guess_that_cannot_win_can_be_the_best() -> None:
    """With six extra guesses that are never the secret, 16 guesses instead of 17."""
    with_extra = GAMES["bulls-cows-extra"]
    without = small_game("bulls-cows", with_extra.secrets.words, letters="abcd")
    assert optimal(pattern_matrix(with_extra)).total == brute_force(with_extra)[0] == 16  # type: ignore[index]
    assert optimal(pattern_matrix(without)).total == brute_force(without)[0] == 17  # type: ignore[index]
    assert optimal(pattern_matrix(with_extra), only_candidates=True).total == 17


def test_search_is_reusable_and_its_memo_gives_the_same_answer() -> None:
    matrix = pattern_matrix(GAMES["bulls-3-abcd"])
    search = ReadableSearch(matrix)
    first = grow_optimal(search, fallback=no_fallback)
    again = grow_optimal(search, fallback=no_fallback)
    assert (first.total, first.proven) == (again.total, again.proven)
    assert first.tree.guesses_needed().tolist() == again.tree.guesses_needed().tolist()


def test_unlimited_limit_is_the_default() -> None:
    assert SearchLimit() == SearchLimit(None, None, None)

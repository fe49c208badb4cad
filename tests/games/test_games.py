"""Games: the registry, overrides, and how a game's lists are assembled."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wordsolver.alphabet import DIGITS, LATIN
from wordsolver.errors import InvalidWordError, OptionError, UnknownNameError, WordsolverError
from wordsolver.games import (
    GAMES,
    Game,
    GameOverrides,
    LikenessRule,
    all_strings,
    find_game,
    game_names,
    make_game,
)
from wordsolver.games.registry import find_spec
from wordsolver.lexicon import Lexicon


@pytest.mark.parametrize(
    ("name", "spec"),
    [
        ("wordle", "wordle"),
        ("WORDLE", "wordle"),
        ("5bukv", "5bukv"),
        ("five-letters", "5bukv"),
        ("tonguess", "tonguess4"),
        ("tonguess3", "tonguess3"),
        ("bulls-and-cows", "bulls"),
        ("Mastermind", "mastermind"),
        ("fallout", "fallout"),
    ],
)
def test_names_and_aliases(name: str, spec: str) -> None:
    assert find_spec(name).name == spec
    assert name.casefold() in game_names()


def test_every_game_is_listed() -> None:
    assert {spec.name for spec in GAMES} <= set(game_names())


@pytest.mark.parametrize("name", ["wordel", "", "chess"])
def test_unknown_game(name: str) -> None:
    with pytest.raises(UnknownNameError) as raised:
        find_game(name)
    assert "wordle" in str(raised.value)
    assert "mastermind" in str(raised.value)


def test_fallout_needs_words() -> None:
    with pytest.raises(OptionError, match="`words`") as raised:
        find_game("fallout")
    assert raised.value.worded(lambda name: "--" + name).endswith("give --words or --answers")


def test_fallout_takes_the_length_of_its_words() -> None:
    game = find_game("fallout", GameOverrides(words=("Secure", "settle", "SEWAGE", "secure")))
    assert game.length == 6
    assert game.secrets.words == ("secure", "settle", "sewage")
    assert game.guesses.words == game.secrets.words
    assert game.max_tries == 4
    assert game.name == "fallout (custom)"
    assert isinstance(game.rule, LikenessRule)


def test_words_of_mixed_lengths_are_refused() -> None:
    with pytest.raises(InvalidWordError, match="'cars' has 4 letters, expected 3"):
        find_game("fallout", GameOverrides(words=("cat", "cars")))


@pytest.mark.parametrize(
    ("words", "problem"),
    [
        (("cat", "ba"), "'ba' has 2 letters, expected 3"),
        (("cat", "c4t"), "'c4t' has letters outside"),
    ],
)
def test_a_bad_word_given_is_told_in_the_library_s_words(
    words: tuple[str, ...], problem: str
) -> None:
    """The words given are named as such, not by a command-line flag; each face names
    ``skip_bad`` its own way."""
    with pytest.raises(WordsolverError, match=f"^the words given: {problem}") as raised:
        find_game("fallout", GameOverrides(words=words))
    assert raised.value.parameters == ("skip_bad",)
    assert "--" not in str(raised.value)


def test_skip_bad_drops_words_of_the_wrong_length() -> None:
    game = find_game("fallout", GameOverrides(words=("cat", "cars", "dog"), skip_bad=True))
    assert game.secrets.words == ("cat", "dog")
    assert game.secrets.skipped == 1


def test_distinct_letter_game_skips_repeats() -> None:
    game = find_game("tonguess3", GameOverrides(words=("bat", "EVE", "cat"), skip_bad=True))
    assert game.secrets.words == ("bat", "cat")
    assert game.secrets.skipped == 1
    assert len(game.guesses) == 26 * 25 * 24  # every string of distinct letters may be guessed


@pytest.mark.parametrize("tries", [1, 3, 10])
def test_tries_override(tries: int) -> None:
    assert find_game("fallout", GameOverrides(words=("cat", "dog"), tries=tries)).max_tries == tries


@pytest.mark.parametrize("tries", [0, -1])
def test_tries_must_be_positive(tries: int) -> None:
    with pytest.raises(OptionError, match="`tries` must be at least 1"):
        find_game("fallout", GameOverrides(words=("cat", "dog"), tries=tries))


@pytest.mark.parametrize(
    ("name", "overrides", "n_secrets", "length"),
    [
        ("bulls", None, 5040, 4),
        ("bulls", GameOverrides(length=3), 720, 3),
        ("bulls", GameOverrides(length=3, alphabet="abcdef"), 120, 3),
        ("mastermind", None, 1296, 4),
        ("mastermind", GameOverrides(length=2), 36, 2),
        ("mastermind", GameOverrides(alphabet="abc"), 81, 4),
    ],
)
def test_generated_games(
    name: str, overrides: GameOverrides | None, n_secrets: int, length: int
) -> None:
    game = find_game(name, overrides)
    assert len(game.secrets) == n_secrets
    assert game.guesses.words == game.secrets.words
    assert game.length == length
    assert game.name == (name if overrides is None else f"{name} (custom)")


def test_custom_length_of_a_listed_game_needs_a_list() -> None:
    with pytest.raises(OptionError, match="`answers`"):
        find_game("wordle", GameOverrides(length=6))


@pytest.mark.parametrize(
    ("name", "length"), [("bulls", 0), ("bulls", -1), ("bulls", 11), ("mastermind", 0)]
)
def test_impossible_length_is_a_user_error(name: str, length: int) -> None:
    """SRC BUG: registry.py, find_game: a length override is not checked.

    length 0 is silently replaced by the game's own (``wanted.length or spec.length``), -1 escapes
    as itertools' ValueError, and 11 distinct digits gives a game with no secrets that crashes
    later. Fix: refuse ``length < 1`` (test ``is not None``, not truthiness) and a generated list
    that comes out empty, with InvalidWordError.
    """
    with pytest.raises(WordsolverError):
        find_game(name, GameOverrides(length=length))


def test_answers_and_allowed_files(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    allowed = tmp_path / "allowed.txt"
    answers.write_text("Slate\ncrane\n")
    allowed.write_text("zesty\n# comment\nabbey\nCRANE\n")
    game = find_game("wordle", GameOverrides(answers=answers, allowed=allowed))
    assert game.secrets.words == ("crane", "slate")
    assert game.guesses.words == ("abbey", "crane", "slate", "zesty")  # secrets always allowed
    assert game.name == "wordle (custom)"
    assert game.max_tries == 6


def test_rows_link_secrets_and_guesses() -> None:
    game = make_game(
        "t",
        LikenessRule(),
        LATIN,
        3,
        None,
        Lexicon("s", ("dog", "cat")),
        Lexicon("a", ("zzz", "cat", "aaa")),
    )
    assert game.secrets.words == ("cat", "dog")
    assert game.guesses.words == ("aaa", "cat", "dog", "zzz")
    assert game.secret_rows.tolist() == [1, 2]
    assert game.secret_of_guess.tolist() == [-1, 0, 1, -1]
    assert game.guess_index == {"aaa": 0, "cat": 1, "dog": 2, "zzz": 3}
    assert game.guess_codes.tolist() == LATIN.encode(game.guesses.words).tolist()
    np.testing.assert_array_equal(game.secret_codes(), game.guess_codes[game.secret_rows])


def test_guess_row_validates() -> None:
    game = find_game("fallout", GameOverrides(words=("cat", "dog")))
    assert game.guess_row(" CAT ") == 0
    with pytest.raises(InvalidWordError, match="not an allowed guess"):
        game.guess_row("cot")
    with pytest.raises(InvalidWordError, match="4 letters"):
        game.guess_row("cats")


def test_game_properties_come_from_the_rule() -> None:
    game: Game = find_game("mastermind")
    assert game.n_patterns == 25
    assert game.win_pattern == 20
    assert game.format_pattern(game.parse_pattern("2 1")) == "2-1"
    assert game.word_rule.length == 4


def test_all_strings() -> None:
    assert all_strings(DIGITS, 2, distinct_letters=True).words[:3] == ("01", "02", "03")
    assert len(all_strings(DIGITS, 2, distinct_letters=False)) == 100
    assert len(all_strings(DIGITS, 4, distinct_letters=True)) == 5040

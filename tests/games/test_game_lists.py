"""The built-in games play the real games' lists, copied from their published sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordsolver.games import GAMES, GameOverrides, find_game, list_sizes
from wordsolver.lexicon import BUILTIN_LISTS, builtin_lexicon


def _source_words(path: Path) -> set[str]:
    return {word.casefold().replace("ё", "е") for word in path.read_text("utf-8").split()}


@pytest.mark.parametrize(
    ("builtin", "source"),
    [
        ("wordle-answers-original", "wordle/answers.txt"),
        ("wordle-allowed-original", "wordle/allowed.txt"),
        ("wordle-allowed-nyt", "wordle/allowed-nyt.txt"),
        ("wordle-answers-wordlebot", "wordle/answers-wordlebot.txt"),
        ("tonguess3-game", "tonguess/dict3"),
        ("tonguess4-game", "tonguess/dict4"),
        ("5bukv-answers-study", "five-letters/tbank-answers-assumption.txt"),
        ("birdigo", "birdigo/words_alpha.txt"),
    ],
)
def test_package_copy_holds_exactly_the_source_words(
    builtin: str, source: str, shared_data: Path
) -> None:
    assert set(builtin_lexicon(builtin).words) == _source_words(shared_data / source)


def test_five_letters_allowed_is_the_study_rule(shared_data: Path) -> None:
    table = (shared_data / "five-letters/all-words.csv").read_text("utf-8")
    accepted = {
        word.replace("ё", "е")
        for word, source, flag in (line.split(";") for line in table.splitlines())
        if flag == "exists" or (source == "OpenCorpora" and flag != "not-exists")
    }
    assert set(builtin_lexicon("5bukv-allowed-study").words) == accepted
    assert len(accepted) == 4110


def test_default_wordle_allows_every_original_answer_and_the_famous_openers() -> None:
    game = find_game("wordle")
    assert (game.lists, game.prior) == ("nyt", "nyt")
    assert (len(game.secrets), len(game.guesses)) == (14855, 14855)  # every word may be it
    uniform = find_game("wordle", GameOverrides(prior="uniform"))
    assert (len(uniform.secrets), len(uniform.guesses)) == (2315, 14855)
    assert set(builtin_lexicon("wordle-answers-original").words) <= set(game.guesses.words)
    assert {"salet", "soare", "roate", "slyly", "opine"} <= set(game.guesses.words)
    assert {"trane", "kodak", "singh"}.isdisjoint(game.guesses.words)


@pytest.mark.parametrize(
    ("name", "lists", "secrets", "guesses"),
    [
        ("wordle", "original", 2315, 12972),
        ("wordle", "wordlebot", 3158, 14855),
        ("wordle", "open", 2331, 10640),
        ("wordle", None, 14855, 14855),
        ("5bukv", None, 4110, 4110),
        ("5bukv", "study", 2066, 4110),
        ("5bukv", "open", 2099, 4013),
        ("tonguess3", None, 709, 15600),
        ("tonguess4", None, 1782, 358800),
        ("tonguess3", "open", 767, 15600),
    ],
)
def test_list_sets_give_their_sizes(
    name: str, lists: str | None, secrets: int, guesses: int
) -> None:
    game = find_game(name, GameOverrides(lists=lists))
    assert (len(game.secrets), len(game.guesses)) == (secrets, guesses)
    spec = next(spec for spec in GAMES if spec.name == name)
    sizes = list_sizes(spec, spec.list_set(lists))
    assert sizes is not None
    assert (sizes.secrets, sizes.guesses) == (secrets, guesses)


@pytest.mark.parametrize(
    ("name", "lists"),
    [(spec.name, lists.name) for spec in GAMES for lists in spec.lists if not spec.needs_words],
)
def test_the_sizes_games_lists_shows_are_those_of_the_game_the_lists_make(
    name: str, lists: str
) -> None:
    """Sizes are recorded with the list sets that ship (counted for generated ones): each is
    that of the game the lists make, so a list changed without its sizes fails here."""
    spec = next(spec for spec in GAMES if spec.name == name)
    game = find_game(name, GameOverrides(lists=lists))
    sizes = list_sizes(spec, spec.list_set(lists))
    assert sizes is not None
    assert (sizes.secrets, sizes.guesses, sizes.skipped) == (
        len(game.secrets),
        len(game.guesses),
        game.secrets.skipped,
    )


def test_tonguess_skips_and_counts_the_words_with_a_repeated_letter() -> None:
    three, four = find_game("tonguess3"), find_game("tonguess4")
    assert (three.secrets.skipped, four.secrets.skipped) == (2, 17)
    assert "ohio" not in four.secrets.words and "able" in four.secrets.words


def test_unknown_list_set_names_the_choices() -> None:
    with pytest.raises(LookupError, match="choose from: nyt, open, original, wordlebot"):
        find_game("wordle", GameOverrides(lists="nytimes"))


def test_every_builtin_list_has_a_provenance() -> None:
    for name, entry in BUILTIN_LISTS.items():
        provenance = entry.provenance
        assert provenance.source and provenance.date and provenance.licence, name


def test_english_has_no_names_or_abbreviations() -> None:
    english = set(builtin_lexicon("english").words)
    assert {"obama", "london", "luiz", "marquez"}.isdisjoint(english)
    assert {"email", "blog", "okay", "women", "held", "quiz"} <= english

"""Reading prompt lines: guess and feedback in the forms people type, and one-line errors."""

from __future__ import annotations

import pytest

from wordsolver.cli.repl.moves import TypedMove, read_move
from wordsolver.errors import InvalidPatternError, InvalidWordError
from wordsolver.games import Game, GameOverrides, find_game

GAMES = {
    "wordle": find_game("wordle", GameOverrides(words=("crane", "slate"))),
    "5bukv": find_game("5bukv", GameOverrides(words=("норка", "ёжики"))),
    "tonguess4": find_game("tonguess4", GameOverrides(words=("tare", "rate"))),
    "fallout": find_game("fallout", GameOverrides(words=("spite", "tires"))),
    "bulls": find_game("bulls"),
}


def pattern(game: Game, text: str) -> int:
    return game.parse_pattern(text)


@pytest.mark.parametrize(
    ("name", "line", "guess", "feedback"),
    [
        ("wordle", "crane gy..g", "crane", "gy..g"),
        ("wordle", "  CRANE   GY--G ", "crane", "gy..g"),
        ("wordle", "slate 21002", "slate", "gy..g"),
        ("wordle", "gy..g", None, "gy..g"),
        ("5bukv", "норка 20100", "норка", "20100"),
        ("5bukv", "ЁЖИКИ g....", "ежики", "g...."),
        ("tonguess4", "tare 2-1", "tare", "2-1"),
        ("tonguess4", "tare 2 1", "tare", "2-1"),
        ("tonguess4", "xyzw 0-0", "xyzw", "0-0"),  # any distinct letters may be guessed
        ("tonguess4", "2-1", None, "2-1"),
        ("fallout", "3", None, "3"),
        ("fallout", "tires 3", "tires", "3"),
        ("bulls", "1234 1-2", "1234", "1-2"),
        ("bulls", "12", None, "1-2"),
    ],
)
def test_guess_and_feedback(name: str, line: str, guess: str | None, feedback: str) -> None:
    game = GAMES[name]
    assert read_move(game, line) == TypedMove(guess, game.format_pattern(pattern(game, feedback)))


@pytest.mark.parametrize(("name", "word"), [("wordle", "crane"), ("fallout", "spite")])
def test_a_lone_word_is_a_chosen_guess(name: str, word: str) -> None:
    assert read_move(GAMES[name], word) == TypedMove(word, None)


@pytest.mark.parametrize(
    ("name", "line", "error", "message"),
    [
        ("wordle", "crne", InvalidWordError, "4 letters, expected 5.*help lists the commands"),
        ("wordle", "xxxxx gy..g", InvalidWordError, "not an allowed guess"),
        ("wordle", "crane gy.g", InvalidPatternError, "cannot read colours 'gy.g'"),
        ("wordle", "gy.g", InvalidPatternError, "cannot read colours"),
        ("wordle", "cr4ne", InvalidWordError, "outside the latin alphabet: 4"),
        ("5bukv", "crane", InvalidWordError, "outside the cyrillic alphabet"),
        ("tonguess4", "tare 4-1", InvalidPatternError, "get \\+ touch ≤ 4"),
        ("tonguess4", "tart 1-1", InvalidWordError, "not an allowed guess"),
        ("fallout", "9", InvalidPatternError, "from 0 to 5"),
        ("fallout", "spite x", InvalidPatternError, "cannot read likeness"),
        ("bulls", "123", InvalidWordError, "3 letters, expected 4"),
    ],
)
def test_bad_lines_say_what_is_wrong(
    name: str, line: str, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        read_move(GAMES[name], line)

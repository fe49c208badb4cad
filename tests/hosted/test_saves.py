"""Saved games: atomic files in the data folder, faithful round trips, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordsolver.games import GameOverrides, find_game
from wordsolver.hosted.duel import Duel
from wordsolver.hosted.host import HostedGame
from wordsolver.hosted.resume import restore_duel, restore_solo, save_duel, save_solo
from wordsolver.hosted.saves import SavedGame, SaveError, SaveSlot, data_dir
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.strategies import Player, PlayOptions, find_strategy


def player(matrix: PatternMatrix) -> Player:
    return Player(matrix, find_strategy("minimax"), PlayOptions(hard=True))


def test_data_dir_follows_the_environment(private_data: Path) -> None:
    assert data_dir() == private_data  # made by the first save, not before


def test_solo_round_trip(wordle: PatternMatrix) -> None:
    hosted = HostedGame(wordle, 4, hard=True)
    hosted.guess("crane")
    slot = SaveSlot.for_game(wordle.game, "solo")
    assert slot.path.name == "wordle-custom-solo.json"
    slot.write(save_solo(hosted, player(wordle)))
    assert [p.name for p in slot.path.parent.iterdir()] == [slot.path.name]  # no temp file left
    saved = slot.read()
    assert (saved.strategy, saved.hard, saved.guesses) == ("minimax", True, ("crane",))
    again = restore_solo(saved, player(wordle))
    assert (again.secret, again.guesses, again.hard) == (4, ["crane"], True)
    slot.delete()
    assert not slot.exists()


def test_duel_round_trip(tonguess: PatternMatrix) -> None:
    duel = Duel(player(tonguess), 1, 10)
    duel.guess("xyz")
    duel.computer_turn()
    duel.guess("abc")
    saved = save_duel(duel)
    again = restore_duel(SavedGame.from_json(json.loads(json.dumps(saved.to_json()))), duel.player)
    assert again.human.guesses == ["xyz", "abc"]
    assert again.computer.guesses == duel.computer.guesses and again.computer_due
    assert (again.human.secret, again.computer.secret) == (1, 10)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "damaged"),
        ('{"format": 99}', "not a format 1 saved game"),
        ('{"format": 1, "hard": false, "mode": "solo"}', "game is missing"),
        ("[1, 2]", "not a format 1"),
    ],
)
def test_damaged_saves_are_a_clear_error(wordle: PatternMatrix, text: str, reason: str) -> None:
    slot = SaveSlot.for_game(wordle.game, "solo")
    slot.path.parent.mkdir(parents=True, exist_ok=True)
    slot.path.write_text(text)
    with pytest.raises(SaveError, match=reason) as error:
        slot.read()
    assert str(slot.path) in str(error.value)


def test_missing_save(wordle: PatternMatrix) -> None:
    with pytest.raises(SaveError, match="no saved game to resume"):
        SaveSlot.for_game(wordle.game, "versus").read()


def saved_solo(matrix: PatternMatrix, **changes: object) -> SavedGame:
    data = save_solo(HostedGame(matrix, 0), player(matrix)).to_json() | changes
    return SavedGame.from_json(data)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"lists": "other"}, "other word lists"),
        ({"mode": "versus"}, "is a versus game"),
        ({"secret": "zzzzz"}, "secret 'zzzzz' is not a secret"),
        ({"guesses": ["crane", "qqqqq"]}, "cannot be replayed"),
    ],
)
def test_saves_that_do_not_fit_the_game(
    wordle: PatternMatrix, changes: dict[str, object], reason: str
) -> None:
    with pytest.raises(SaveError, match=reason):
        restore_solo(saved_solo(wordle, **changes), player(wordle))


def test_saves_of_another_game() -> None:
    other = pattern_matrix(find_game("wordle", GameOverrides(words=("crane", "slate"))))
    fallout = pattern_matrix(find_game("fallout", GameOverrides(words=("spite", "tires"))))
    with pytest.raises(SaveError, match="not fallout"):
        restore_solo(saved_solo(other), player(fallout))

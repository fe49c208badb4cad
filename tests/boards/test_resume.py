"""Games on several boards saved and resumed in the single board's save files, and the day's
board set."""

from __future__ import annotations

import json
from datetime import date

import pytest

from wordsolver.boards.games import load_board_game
from wordsolver.boards.host import HostedBoards, daily_board_secrets
from wordsolver.boards.resume import boards_slot, restore_boards, save_boards
from wordsolver.games import GameOverrides, find_game
from wordsolver.hosted.host import HostedGame
from wordsolver.hosted.resume import save_solo
from wordsolver.hosted.saves import SavedGame, SaveError
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.strategies import Player, PlayOptions, find_strategy

WORDS = ("crane", "slate", "trace", "react", "cater", "eerie", "geese", "speed", "abide", "tares")


@pytest.fixture(scope="module")
def matrix() -> PatternMatrix:
    return pattern_matrix(find_game("wordle", GameOverrides(words=WORDS, tries=8)))


def played(matrix: PatternMatrix, *guesses: str) -> HostedBoards:
    words = matrix.game.secrets.words
    secrets = (words.index("cater"), words.index("speed"), words.index("crane"))
    hosted = HostedBoards(matrix, secrets)
    for guess in guesses:
        hosted.guess(guess)
    return hosted


def test_a_board_game_round_trips_through_its_file(matrix: PatternMatrix) -> None:
    hosted = played(matrix, "slate", "speed")
    slot = boards_slot(matrix.game, 3)
    assert slot.path.name == "wordle-custom-3-boards.json"
    slot.write(save_boards(hosted, "minimax"))
    saved = slot.read()
    assert saved.boards == ("cater", "speed", "crane") and saved.strategy == "minimax"
    again = restore_boards(saved, matrix, 3)
    assert again.secrets == hosted.secrets
    assert again.state.moves == hosted.state.moves
    assert again.state.solved_boards == (False, True, False)


def test_named_board_games_have_their_own_files() -> None:
    quordle, boards = load_board_game("quordle")
    dordle, two = load_board_game("dordle")
    assert boards_slot(quordle, boards).path.name == "quordle-boards.json"
    assert boards_slot(dordle, two).path.name == "dordle-boards.json"


def saved_boards(matrix: PatternMatrix, **changes: object) -> SavedGame:
    data = save_boards(played(matrix, "slate"), "entropy").to_json() | changes
    return SavedGame.from_json(json.loads(json.dumps(data)))


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"lists": "other"}, "other word lists"),
        ({"mode": "solo"}, "is a solo game"),
        ({"game": "quordle"}, "game of quordle, not wordle"),
        ({"boards": ["cater", "speed"]}, "2 board secrets for 3 boards"),
        ({"boards": ["cater", "speed", "zzzzz"]}, "secret 'zzzzz' is not a secret"),
        ({"guesses": ["slate", "qqqqq"]}, "cannot be replayed"),
        ({"guesses": ["cater", "speed", "crane", "slate"]}, "cannot be replayed"),
    ],
)
def test_board_saves_that_do_not_fit_the_game(
    matrix: PatternMatrix, changes: dict[str, object], reason: str
) -> None:
    with pytest.raises(SaveError, match=reason):
        restore_boards(saved_boards(matrix, **changes), matrix, 3)


def test_a_single_board_save_is_no_board_game(matrix: PatternMatrix) -> None:
    player = Player(matrix, find_strategy("entropy"), PlayOptions())
    solo = save_solo(HostedGame(matrix, 0), player)
    with pytest.raises(SaveError, match="is a solo game"):
        restore_boards(solo, matrix, 3)


def test_saves_before_boards_were_saved_still_read(matrix: PatternMatrix) -> None:
    player = Player(matrix, find_strategy("entropy"), PlayOptions())
    data = save_solo(HostedGame(matrix, 0), player).to_json()
    del data["boards"]
    assert SavedGame.from_json(data).boards == ()
    with pytest.raises(ValueError, match="boards is not a list of words"):
        SavedGame.from_json(data | {"boards": "cater"})


def test_the_days_board_set_is_fixed_by_the_date() -> None:
    game, _ = load_board_game("quordle")
    day = date(2026, 5, 17)
    today = daily_board_secrets(game, 4, day)
    assert today == daily_board_secrets(game, 4, day)
    assert len(set(today)) == 4
    assert daily_board_secrets(game, 4, date(2026, 5, 18)) != today
    assert daily_board_secrets(game, 2, day) != today[:2]  # each board count has its own order
    # every secret once per cycle: the days of one cycle draw each secret once
    n = len(game.secrets)
    days = [date.fromordinal(day.toordinal() + d) for d in range(n // 4)]
    drawn = [s for d in days for s in daily_board_secrets(game, 4, d)]
    assert len(set(drawn)) == len(drawn)

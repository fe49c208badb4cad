"""Multi-board games from the command line: suggest, solve, play and evaluate take boards."""

from __future__ import annotations

import io
import json
from datetime import date
from pathlib import Path

import pytest

from tests.cli.conftest import RunCli
from tests.cli.test_solve_play import stdin as stdin
from tests.cli.test_solve_play import type_lines
from wordsolver.boards import BoardScorer, BoardsSession
from wordsolver.boards.games import load_board_game
from wordsolver.boards.host import HostedBoards, board_secrets, daily_board_secrets
from wordsolver.boards.resume import boards_slot
from wordsolver.cli.base import stdout
from wordsolver.cli.repl import scripted_lines
from wordsolver.cli.repl.boards import BoardsAssistant, BoardsHostRepl
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.strategies import find_strategy

WORDS = "crane,slate,trace,react,cater,eerie,geese,speed,abide,tares"


def test_games_lists_the_board_games(run_cli: RunCli) -> None:
    out = run_cli("games").out
    for name, boards, tries in (("dordle", 2, 7), ("quordle", 4, 9), ("octordle", 8, 13)):
        line = next(line for line in out.splitlines() if line.strip().startswith(f"│ {name}"))
        assert f"│ {boards} " in line and f"│ {tries} " in line


def test_suggest_json_shows_every_board(run_cli: RunCli) -> None:
    """Under the lists' prior every accepted word that fits is possible, the answers likeliest;
    with the answers alike (the uniform prior) only they are."""
    result = run_cli("suggest", "dordle", "--history", "crane gy..g,ggggg", "--json")
    assert result.code == 0, result.err
    payload = json.loads(result.out)
    assert payload["game"] == "dordle" and payload["tries_left"] == 6
    assert payload["prior"] == "nyt"
    assert [board["solved"] for board in payload["boards"]] == [False, True]
    board = payload["boards"][0]
    assert {"chore", "curse", "curve", "curie"} <= set(board["candidates"])
    assert board["possible"] == len(board["candidates"]) and not board["certain"]
    likeliest = [chance["word"] for chance in board["likeliest"]]
    assert sorted(likeliest[:3]) == ["chore", "curse", "curve"]
    assert sum(chance["probability"] for chance in board["likeliest"]) == pytest.approx(1, 1e-4)
    assert payload["history"] == [{"guess": "crane", "feedback": "gy..g,ggggg"}]
    best = payload["suggestions"][0]
    assert (
        best["word"] == likeliest[0] and best["win_chance"] == board["likeliest"][0]["probability"]
    )
    alike = run_cli(
        "suggest", "dordle", "--prior", "uniform", "--history", "crane gy..g,ggggg", "--json"
    )
    assert json.loads(alike.out)["boards"][0]["candidates"] == ["chore", "curse", "curve"]


def test_suggest_plays_the_lonely_candidate(run_cli: RunCli) -> None:
    # speed leaves abide alone on board 1 and tares on board 2: only those are suggested.
    args = ("suggest", "wordle", "--words", WORDS, "--boards", "2", "--json")
    payload = json.loads(run_cli(*args, "--history", "speed ..y.y,y..g.").out)
    assert payload["forced"] == [1, 2] and payload["rule"] == "one candidate left"
    assert {s["word"] for s in payload["suggestions"]} == {"abide", "tares"}
    result = run_cli(*args[:-1], "--history", "speed ..y.y,..y..")
    assert result.code == 0, result.err
    assert "board 1 has one candidate left: play it" in result.out


def test_boards_of_5bukv(run_cli: RunCli) -> None:
    result = run_cli("suggest", "5bukv", "--boards", "3", "--top", "2", "--json")
    assert result.code == 0, result.err
    payload = json.loads(result.out)
    assert len(payload["boards"]) == 3 and payload["tries_left"] == 8
    assert len(payload["suggestions"]) == 2


def test_evaluate_boards_json(run_cli: RunCli) -> None:
    args = ("evaluate", "wordle", "--words", WORDS, "--boards", "4", "--sample", "25")
    result = run_cli(*args, "--seed", "3", "--json", "-s", "entropy,minimax")
    assert result.code == 0, result.err
    rows = json.loads(result.out)
    assert [row["strategy"] for row in rows] == ["entropy", "minimax"]
    assert all(row["total"] == 25 and row["boards"] == 4 and row["seed"] == 3 for row in rows)
    assert all(sum(row["distribution"].values()) == 25 for row in rows)
    again = json.loads(run_cli(*args, "--seed", "3", "--json", "-s", "entropy,minimax").out)
    assert [row["mean"] for row in again] == [row["mean"] for row in rows]
    table = run_cli(*args, "--seed", "3").out
    assert "25 random board sets" in table and "entropy" in table


def test_assistant_takes_every_board(capsys: pytest.CaptureFixture[str]) -> None:
    matrix = pattern_matrix(find_game("wordle", GameOverrides(words=tuple(WORDS.split(",")))))
    state = BoardsSession(matrix, 2)
    assistant = BoardsAssistant(stdout, state, BoardScorer(find_strategy("entropy")))
    script = ["speed ..y.y,y..g.", "bogus", "crane", "gy..g,.....", "undo", "abide ggggg,y...y"]
    assistant.run(scripted_lines([*script, "quit"], stdout))
    out = capsys.readouterr().out
    assert "boards 1, 2 have one candidate left" in out
    assert "not an allowed guess" in out  # bogus is refused in one line
    assert "✗ board 1: " in out  # gy..g for crane contradicts board 1
    assert "took back speed" in out
    assert state.tries_used == 1 and state.solved_boards == (True, False)


def test_hosted_boards_are_played_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    matrix = pattern_matrix(find_game("wordle", GameOverrides(words=tuple(WORDS.split(",")))))
    words = matrix.game.secrets.words
    hosted = HostedBoards(matrix, (words.index("abide"), words.index("crane")))
    repl = BoardsHostRepl(stdout, hosted, BoardScorer(find_strategy("entropy")))
    repl.run(scripted_lines(["abide", "qwert", "crane"], stdout))
    out = capsys.readouterr().out
    assert "not an allowed guess" in out
    assert "every board solved in 2 guesses" in out
    assert hosted.state.solved
    assert "your game beside the entropy solver" in out  # the review, then the share text
    assert "1️⃣2️⃣" in out.splitlines()[-1]


def test_a_lost_board_game_is_reviewed_after_the_secrets(
    capsys: pytest.CaptureFixture[str],
) -> None:
    matrix = pattern_matrix(find_game("wordle", GameOverrides(words=tuple(WORDS.split(",")))))
    words = matrix.game.secrets.words
    hosted = HostedBoards(matrix, (words.index("abide"), words.index("crane")))
    hosted.state.max_tries = 2
    repl = BoardsHostRepl(stdout, hosted, BoardScorer(find_strategy("entropy")))
    repl.run(scripted_lines(["eerie", "crane"], stdout))
    out = capsys.readouterr().out
    assert "out of tries" in out and "the secrets were: abide crane" in out
    assert "your game beside the entropy solver" in out
    assert out.splitlines()[-2:] == ["Wordle (custom) ×2 X/2", "🟥2️⃣"]


DORDLE = ("dordle", "--words", WORDS)


def test_a_board_game_is_saved_after_each_move_and_resumed(
    run_cli: RunCli, stdin: io.StringIO
) -> None:
    game, _ = load_board_game("dordle", GameOverrides(words=tuple(WORDS.split(","))))
    secrets = [game.secrets.words[s] for s in board_secrets(len(game.secrets), 2, 6)]
    wrong = next(word for word in WORDS.split(",") if word not in secrets)
    type_lines(stdin, wrong, "quit")
    first = run_cli("play", *DORDLE, "--seed", "6", "--strategy", "minimax")
    assert first.code == 0 and "saved: --resume continues this game" in first.out
    slot = boards_slot(game, 2)
    assert slot.read().guesses == (wrong,)
    type_lines(stdin, secrets[0], "quit")
    second = run_cli("play", *DORDLE, "--resume")
    assert second.code == 0, second.err
    assert f"1  {wrong.upper()}" in second.out  # the boards so far are shown again
    assert slot.read().guesses == (wrong, secrets[0])
    type_lines(stdin, secrets[1])
    last = run_cli("play", *DORDLE, "--resume")
    assert last.code == 0, last.err
    assert "every board solved in 3 guesses!" in last.out
    assert "your game beside the minimax solver" in last.out  # the saved strategy reviews
    assert "3️⃣" in last.out.splitlines()[-1]
    assert not slot.exists()  # a finished game forgets its save


def test_a_new_board_game_warns_about_the_save(run_cli: RunCli, stdin: io.StringIO) -> None:
    type_lines(stdin, "crane", "quit")
    run_cli("play", *DORDLE, "--seed", "1")
    type_lines(stdin, "giveup")
    result = run_cli("play", *DORDLE, "--seed", "2")
    assert "warning: your saved game will be replaced" in result.err
    assert "the secrets were" in result.out
    game, _ = load_board_game("dordle", GameOverrides(words=tuple(WORDS.split(","))))
    assert not boards_slot(game, 2).exists()  # given up: over


def test_a_damaged_board_save_is_kept_aside(
    run_cli: RunCli, stdin: io.StringIO, private_data: Path
) -> None:
    games = private_data / "games"
    games.mkdir(parents=True)
    (games / "quordle-boards.json").write_text('{"format": 1, "mode": "boards"')
    resumed = run_cli("play", "quordle", "--resume")
    assert resumed.code == 2 and len(resumed.err.strip().splitlines()) == 1
    assert "a copy is kept as quordle-boards.damaged.json" in resumed.err
    type_lines(stdin, "quit")
    fresh = run_cli("play", "quordle", "--seed", "1")
    assert fresh.code == 0 and "damaged" in fresh.err
    assert (games / "quordle-boards.damaged.json").read_text() == '{"format": 1, "mode": "boards"'


def test_the_days_board_set_is_played(run_cli: RunCli, stdin: io.StringIO) -> None:
    game, _ = load_board_game("quordle", GameOverrides(prior="uniform"))  # as `play` hosts it
    secrets = [game.secrets.words[s] for s in daily_board_secrets(game, 4, date.today())]
    type_lines(stdin, *secrets)
    result = run_cli("play", "quordle", "--daily")
    assert result.code == 0, result.err
    assert "every board solved in 4 guesses!" in result.out
    assert "Quordle 4/9" in result.out

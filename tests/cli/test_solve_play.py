"""``wordsolver solve`` and ``wordsolver play`` in-process, with standard input scripted."""

from __future__ import annotations

import io
import json
import re

import pytest

from tests.cli.conftest import RunCli
from tests.conftest import FALLOUT_WORDS, WORDLE_OPTION
from wordsolver.games import GameOverrides, find_game
from wordsolver.hosted.picking import random_secret
from wordsolver.hosted.saves import SaveSlot

GAME = find_game("wordle", GameOverrides(words=tuple(WORDLE_OPTION[1].split(","))))


@pytest.fixture
def stdin(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    """What the user types: write lines into it before running a command."""
    typed = io.StringIO()
    monkeypatch.setattr("sys.stdin", typed)
    return typed


def type_lines(stdin: io.StringIO, *lines: str) -> None:
    """Replace what is left to read with these lines."""
    stdin.seek(0)
    stdin.truncate()
    stdin.write("".join(f"{line}\n" for line in lines))
    stdin.seek(0)


def test_solve_json_after_history(run_cli: RunCli) -> None:
    result = run_cli("solve", "wordle", *WORDLE_OPTION, "--history", "crane:..y..", "--json")
    assert result.code == 0, result.err
    payload = json.loads(result.out)
    assert payload["history"] == [
        {"guess": "crane", "feedback": "..y..", "pattern": 9, "candidates_left": 1}
    ]
    assert (payload["candidates_left"], payload["candidates"]) == (1, ["pizza"])
    assert payload["suggestions"][0]["word"] == "pizza"
    assert payload["options"] == {"hard": False, "guess_from": "allowed", "openers": []}


def test_solve_json_on_a_fresh_game_lists_top_suggestions(run_cli: RunCli) -> None:
    payload = json.loads(run_cli("solve", "wordle", *WORDLE_OPTION, "--json", "--top", "4").out)
    assert payload["candidates_left"] == 20 and payload["solved"] is False
    assert len(payload["suggestions"]) == 4
    assert set(payload["suggestions"][0]) == {
        "word", "score", "entropy", "expected_left", "worst", "can_win", "win_chance"
    }  # fmt: skip
    # What is known: the prior, how many are possible, the likeliest (all alike here).
    assert (payload["prior"], payload["possible"], payload["certain"]) == ("uniform", 20, False)
    assert [row["probability"] for row in payload["likeliest"]] == [0.05] * 10
    assert payload["suggestions"][0]["win_chance"] in (0.0, 0.05)


def test_solve_json_says_what_is_known_under_the_prior(run_cli: RunCli) -> None:
    history = "tarse:.....,colin:..yyy,blind:gggg."  # the secret was bling
    payload = json.loads(run_cli("solve", "wordle", "--history", history, "--json").out)
    assert (payload["prior"], payload["possible"], payload["certain"]) == ("nyt", 4, False)
    likeliest = {row["word"]: row["probability"] for row in payload["likeliest"]}
    assert set(likeliest) == {"blink", "bling", "blini", "bliny"}
    assert sum(likeliest.values()) == pytest.approx(1.0, abs=1e-5)
    top = payload["suggestions"][0]
    assert top["word"] == "blink" and top["win_chance"] == likeliest["blink"] and top["can_win"]
    text = run_cli("suggest", "wordle", "--history", history).out
    assert re.match(r"4 possible, the likeliest: blink \d+%, bling \d+%, blini 0\.\d+%", text)
    won = f"{history},bling:ggggg"
    solved = json.loads(run_cli("solve", "wordle", "--history", won, "--json").out)
    assert solved["solved"] and solved["certain"] and solved["suggestions"] == []


def test_solve_bad_history_is_one_line_naming_the_guess(run_cli: RunCli) -> None:
    history = "crane:..y..,proxy:....."
    result = run_cli("solve", "wordle", *WORDLE_OPTION, "--history", history, "--json")
    assert result.code == 2
    assert result.err.strip() == (
        "error: guess 2, proxy ....., contradicts guess 1, crane ..y..: no secret fits both"
        " (check them)"
    )  # no undo on the command line: the REPL and the page offer it


def test_solve_interactive_session_from_stdin(run_cli: RunCli, stdin: io.StringIO) -> None:
    type_lines(stdin, "crane ..y..", "bogus", "pizza ggggg")
    result = run_cli("solve", "wordle", *WORDLE_OPTION)
    assert result.code == 0, result.err
    assert "guess 1/6 (slate)> crane ..y..\n" in result.out
    assert "✗ 'bogus' is not an allowed guess" in result.out
    assert "solved in 2 guesses!" in result.out


def test_solve_history_then_interactive(run_cli: RunCli, stdin: io.StringIO) -> None:
    type_lines(stdin, "undo", "quit")
    result = run_cli("solve", "fallout", "--words", " ".join(FALLOUT_WORDS), "--history", "spite 1")
    assert " 1  spite  1" in result.out
    assert "took back spite" in result.out


def test_play_seeded_game_to_the_review(run_cli: RunCli, stdin: io.StringIO) -> None:
    secret = GAME.secrets.words[random_secret(GAME, 11)]
    type_lines(stdin, "crne", secret)
    result = run_cli("play", "wordle", *WORDLE_OPTION, "--seed", "11")
    assert result.code == 0, result.err
    assert "✗ 'crne' has 4 letters" in result.out
    assert "solved in 1 guess!" in result.out
    assert "your game beside the entropy solver" in result.out
    assert not SaveSlot.for_game(GAME, "solo").exists()


def test_play_quit_then_resume(run_cli: RunCli, stdin: io.StringIO) -> None:
    secret = GAME.secrets.words[random_secret(GAME, 5)]
    wrong = next(word for word in GAME.secrets.words if word != secret)
    type_lines(stdin, wrong, "quit")
    first = run_cli("play", "wordle", *WORDLE_OPTION, "--seed", "5", "--strategy", "minimax")
    assert "saved: --resume continues this game" in first.out
    type_lines(stdin, secret)
    again = run_cli("play", "wordle", *WORDLE_OPTION, "--resume")
    assert again.code == 0, again.err
    assert "guess 2/6> " + secret in again.out
    assert "solved in 2 guesses!" in again.out
    assert "your game beside the minimax solver" in again.out


def test_new_game_warns_about_a_save(run_cli: RunCli, stdin: io.StringIO) -> None:
    type_lines(stdin, "crane", "quit")
    run_cli("play", "wordle", *WORDLE_OPTION, "--seed", "1")
    result = run_cli("play", "wordle", *WORDLE_OPTION, "--seed", "1")
    assert "warning: your saved game will be replaced" in result.err


def test_damaged_save_is_one_line_without_traceback(run_cli: RunCli) -> None:
    slot = SaveSlot.for_game(GAME, "solo")
    slot.path.parent.mkdir(parents=True, exist_ok=True)
    slot.path.write_text('{"format": 1, "mode": "solo"')
    result = run_cli("play", "wordle", *WORDLE_OPTION, "--resume")
    assert result.code == 2
    assert result.err.startswith("error: the saved game ") and "damaged" in result.err
    assert len(result.err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--resume"], "no saved game to resume"),
        (["--daily", "--seed", "3"], "--daily picks the secret by date"),
        (["--versus", "--daily"], "--daily picks the secret by date"),
    ],
)
def test_play_usage_errors(run_cli: RunCli, options: list[str], message: str) -> None:
    result = run_cli("play", "wordle", *WORDLE_OPTION, *options)
    assert result.code == 2 and message in result.err


def test_versus_duel(run_cli: RunCli, stdin: io.StringIO) -> None:
    words = "art,rat,tar,car,arc,cat,act,bat,tab,hen,ten"
    type_lines(stdin, "ten", *words.split(","), "quit")
    result = run_cli("play", "tonguess3", "--words", words, "--versus", "--seed", "2")
    assert result.code == 0, result.err
    assert "your secret is ten. You guess first." in result.out
    assert "My secret was" in result.out
    assert any(verdict in result.out for verdict in ("you win:", "computer wins:", "a draw:"))

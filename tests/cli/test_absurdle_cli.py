"""``play``, ``solve`` and ``tree build`` of the adversarial game, in-process."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.cli.conftest import RunCli
from tests.reference import adversary_reference
from wordsolver.games import GameOverrides, find_game

WORDS = "crane,slate,trace,crate,grate,irate,plate,batch,catch,hatch,latch,match"


def test_play_answers_as_the_adversary(run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    game = find_game("absurdle", GameOverrides(words=tuple(WORDS.split(","))))
    text, kept = adversary_reference(game, game.secrets.words, "slate")
    monkeypatch.setattr("sys.stdin", io.StringIO("slate\nleft\ngiveup\n"))
    result = run_cli("play", "absurdle", "--words", WORDS)
    assert result.code == 0, result.err
    assert "I hold no secret" in result.out
    assert text in result.out
    assert f"{len(kept)} candidates left" in result.out
    assert f"{len(kept)} words still possible" in result.out


def test_play_refuses_feedback(run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("crane gy..g\ngy..g\nquit\n"))
    result = run_cli("play", "absurdle", "--words", WORDS)
    refusals = [line for line in result.out.splitlines() if "the host gives the feedback" in line]
    assert result.code == 0 and len(refusals) == 2
    assert "Traceback" not in result.out + result.err


def test_play_to_the_win(run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("crane\nslate\n"))
    result = run_cli("play", "absurdle", "--words", "crane,slate,trace,crate")
    assert "solved in 2 guesses!" in result.out


def test_solve_suggests_the_forced_win(run_cli: RunCli) -> None:
    result = run_cli("solve", "absurdle", "--words", WORDS, "--json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert document["proven"] and document["shortest_win"] == len(document["guesses"])
    assert document["answers"][-1] == "ggggg"
    after = run_cli("solve", "absurdle", "--words", WORDS, "--history", document["guesses"][0])
    assert f"forces the win in {document['shortest_win'] - 1}" in after.out


def test_tree_build_saves_the_proof(run_cli: RunCli, tmp_path: Path) -> None:
    target = tmp_path / "absurdle.json"
    result = run_cli(
        "tree", "build", "absurdle", "--words", WORDS, "-s", "optimal", "--hard",
        "--every-first", "-o", str(target),
    )  # fmt: skip
    assert result.code == 0, result.err
    document = json.loads(target.read_text())
    assert document["hard"] and document["first_guess_count"] == len(document["first_guesses"])
    assert document["guesses"][0] in document["first_guesses"]
    assert f"saved {target}" in result.out


def test_play_with_russian_lists(run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    game = find_game("absurdle", GameOverrides(lists="5bukv-study"))
    assert game.alphabet.name == "cyrillic" and len(game.secrets) == 2066
    text, kept = adversary_reference(game, game.secrets.words, "норка")
    assert text == "....."  # no letter of норка in the largest bucket
    monkeypatch.setattr("sys.stdin", io.StringIO("норка\nleft\nquit\n"))
    result = run_cli("play", "absurdle", "--lists", "5bukv-study")
    assert result.code == 0, result.err
    assert f"{len(kept)} candidates left" in result.out

"""The board view's API: a multi-board game's state after its history, as the CLI gives it."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from wordsolver.cli.app import main

WORDS = ["crane", "slate", "trace", "react", "cater", "eerie", "geese", "speed", "abide", "tares"]


def test_boards_match_the_command_line(client: TestClient, capsys: object) -> None:
    history = [{"guess": "crane", "feedback": "gy..g,ggggg"}]
    response = client.post("/api/boards", json={"game": "dordle", "history": history})
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["game"] == "dordle" and answer["tries_left"] == 6
    assert [board["solved"] for board in answer["boards"]] == [False, True]
    main(["suggest", "dordle", "--history", "crane gy..g,ggggg", "--json"])
    printed = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert answer["prior"] == printed["prior"] == "nyt"
    assert answer["boards"] == printed["boards"]
    assert answer["suggestions"] == printed["suggestions"]
    alike = {"game": "dordle", "prior": "uniform", "history": history}
    uniform = client.post("/api/boards", json=alike).json()
    assert uniform["boards"][0]["candidates"] == ["chore", "curse", "curve"]


def test_boards_of_given_words_and_the_lonely_rule(client: TestClient) -> None:
    body = {
        "game": "wordle",
        "boards": 2,
        "words": WORDS,
        "history": [{"guess": "speed", "feedback": "..y.y,..y.."}],
    }
    answer = client.post("/api/boards", json=body).json()
    assert answer["forced"] == [1] and answer["rule"] == "one candidate left"
    assert [s["word"] for s in answer["suggestions"]] == ["abide"]
    assert answer["tries_left"] == 6


def test_boards_with_their_own_tries(client: TestClient) -> None:
    body = {"game": "wordle", "boards": 3, "tries": 12, "words": WORDS}
    answer = client.post("/api/boards", json=body).json()
    assert answer["tries_left"] == 12 and answer["game"] == "wordle (custom) ×3"


def test_a_solved_game_comes_with_its_review_and_share_text(client: TestClient) -> None:
    history = [{"guess": "crane", "feedback": "gy..g,ggggg"}]
    unsolved = client.post("/api/boards", json={"game": "dordle", "history": history}).json()
    assert unsolved["review"] is None and unsolved["share"] is None
    history.append({"guess": "curse", "feedback": "ggggg,-"})
    answer = client.post("/api/boards", json={"game": "dordle", "history": history}).json()
    assert answer["solved"]
    assert [row["guess"] for row in answer["review"]] == ["crane", "curse"]
    assert answer["review"][1]["left"] == [1, None]
    assert answer["review"][0]["left"] == [len(unsolved["boards"][0]["candidates"]), 1]
    assert answer["review"][1]["solver_pick"] in unsolved["boards"][0]["candidates"]
    assert answer["share"] == "Dordle 2/7\n2️⃣1️⃣"

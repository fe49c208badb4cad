"""``/api/explain``, ``/api/explain/exact`` and ``/api/review``: the library's answers as JSON,
bad input as a 4xx."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from wordsolver.api import explain, game
from wordsolver.explain import ExplainOptions

FALLOUT = ["spite", "spies", "tires", "tries", "sides", "skies", "sites", "force", "fried"]


def post(client: TestClient, path: str, **body: Any) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_explain_is_the_librarys_explanation(client: TestClient) -> None:
    history = [{"guess": "crane", "feedback": "gy..g"}]
    data = post(
        client,
        "/api/explain",
        game="wordle",
        guess="curse",
        versus="chore",
        history=history,
        exact_seconds=10,
        prior="uniform",
    )
    expected = explain(
        game("wordle", prior="uniform"),
        "curse",
        history="crane:gy..g",
        versus="chore",
        explain_options=ExplainOptions(exact_seconds=10),
    )
    assert data == expected.to_json()
    assert data["exact"]["best_mean"] == pytest.approx(5 / 3)


def test_the_exact_verdict_alone_is_the_librarys(client: TestClient) -> None:
    history = [{"guess": "crane", "feedback": "ybbbb"}]  # 55 candidates left
    data = post(
        client, "/api/explain/exact", game="wordle", guess="trope", history=history,
        prior="uniform",
    )  # fmt: skip
    expected = explain(
        game("wordle", prior="uniform"),
        "trope",
        history="crane:ybbbb",
        explain_options=ExplainOptions(exact_seconds=60),
    ).to_json()
    keys = ("game", "candidates_left", "exact", "exact_note")
    assert data == {key: expected[key] for key in keys}
    assert data["exact"] is not None and data["exact_note"] is None


def test_the_exact_verdict_of_a_large_position_says_why_there_is_none(
    client: TestClient,
) -> None:
    data = post(client, "/api/explain/exact", game="wordle", guess="crane")
    assert data["exact"] is None
    assert data["exact_note"] == "the exact search is asked from 300 candidates down"


def test_explain_names_as_many_words_as_asked(client: TestClient) -> None:
    data = post(client, "/api/explain", game="fallout", words=FALLOUT, guess="spite", show_words=1)
    assert all(len(bucket["words"]) <= 1 for bucket in data["guess"]["buckets"])
    assert sum(bucket["size"] for bucket in data["guess"]["buckets"]) == len(FALLOUT)


def test_review_of_a_won_game_with_its_share_text(client: TestClient) -> None:
    history = [{"guess": "spite", "feedback": "1"}, {"guess": "force", "feedback": "5"}]
    data = post(client, "/api/review", game="fallout", words=FALLOUT, history=history)
    assert data["won"] is True and [row["guess"] for row in data["rows"]] == ["spite", "force"]
    assert data["share"] == "Fallout (custom) 2/4\n🟩⬛⬛⬛⬛  1 likeness\n🟩🟩🟩🟩🟩  5 likeness"
    assert data["lost"] == pytest.approx(sum(row["lost"] for row in data["rows"]), abs=1e-5)


def test_review_plays_under_the_prior_the_game_was_played_with(client: TestClient) -> None:
    history = [
        {"guess": "tarse", "feedback": "y...."},
        {"guess": "doily", "feedback": ".yyy."},
        {"guess": "pilot", "feedback": "ggggg"},
    ]
    # wordsolver suggest wordle --history tarse:y.... : donut under the prior (311 possible),
    # hoing under the uniform one (78 of the original answers).
    under_prior = post(client, "/api/review", game="wordle", history=history)
    assert (under_prior["prior"], under_prior["starts_after"]) == ("nyt", 1)
    assert (under_prior["rows"][0]["solver_pick"], under_prior["rows"][0]["before"]) == (
        "donut",
        311,
    )
    uniform = post(client, "/api/review", game="wordle", prior="uniform", history=history)
    assert (uniform["prior"], uniform["starts_after"]) == ("uniform", 0)
    assert (uniform["rows"][1]["solver_pick"], uniform["rows"][1]["before"]) == ("hoing", 78)


def test_review_of_a_lost_game_takes_the_secret(client: TestClient) -> None:
    history = [{"guess": "spite", "feedback": "1"}]
    data = post(
        client, "/api/review", game="fallout", words=FALLOUT, history=history, secret="force"
    )
    assert data["won"] is False and data["rows"][0]["pick_left"] is not None
    assert data["share"].startswith("Fallout (custom) X/4\n")
    answer = client.post(
        "/api/review",
        json={"game": "fallout", "words": FALLOUT, "history": history, "secret": "spies"},
    )
    assert answer.status_code == 400 and "does not fit" in answer.json()["detail"]

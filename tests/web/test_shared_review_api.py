"""``POST /api/review/shared``: a game played elsewhere, from its share grid and its guesses."""

from __future__ import annotations

from fastapi.testclient import TestClient

WON = "Wordle 1,234 3/6\n\n🟨⬜⬜⬜⬜\n⬛🟨🟨🟨⬛\n🟩🟩🟩🟩🟩"


def test_a_won_game_is_scored_checked_and_reviewed(client: TestClient) -> None:
    body = {"game": "wordle", "grid": WON, "guesses": ["tarse", "doily", "pilot"]}
    answer = client.post("/api/review/shared", json=body).json()
    assert answer["history"] == [
        {"guess": "tarse", "feedback": "y...."},
        {"guess": "doily", "feedback": ".yyy."},
        {"guess": "pilot", "feedback": "ggggg"},
    ]
    assert answer["won"] and answer["secret"] == "pilot"
    # Today's game, reviewed under its prior: every accepted word was possible before the first
    # guess, so the review starts after it.
    review = answer["review"]
    assert (review["prior"], review["starts_after"]) == ("nyt", 1)
    assert [row["guess"] for row in review["rows"]] == ["doily", "pilot"]
    assert review["share"].splitlines()[0] == "Wordle 3/6"


def test_the_review_plays_under_the_prior_asked(client: TestClient) -> None:
    body = {"game": "wordle", "grid": WON, "guesses": ["tarse", "doily", "pilot"]}
    prior = client.post("/api/review/shared", json=body).json()["review"]
    guesses = [row["guess"] for row in prior["rows"]]
    review = client.post("/api/review/shared", json={**body, "prior": "uniform"}).json()["review"]
    assert (review["prior"], review["starts_after"]) == ("uniform", 0)
    assert [row["guess"] for row in review["rows"]] == ["tarse", *guesses]


def test_a_lost_game_names_its_secret_last(client: TestClient) -> None:
    grid = "Wordle X/6\n🟨⬛⬛⬛⬛"  # one row: tarse; pilot was never played
    answer = client.post(
        "/api/review/shared", json={"game": "wordle", "grid": grid, "guesses": ["tarse", "pilot"]}
    ).json()
    assert answer["history"] == [{"guess": "tarse", "feedback": "y...."}]
    assert not answer["won"] and answer["review"]["share"].startswith("Wordle X/6")


def test_without_a_grid_the_secret_alone_scores_the_guesses(client: TestClient) -> None:
    body = {"game": "tonguess3", "guesses": ["par", "dog"]}
    answer = client.post("/api/review/shared", json=body).json()
    assert [move["guess"] for move in answer["history"]] == ["par", "dog"]
    assert answer["won"]


def test_guesses_that_do_not_match_the_grid_are_refused(client: TestClient) -> None:
    answer = client.post(
        "/api/review/shared",
        json={"game": "wordle", "grid": WON, "guesses": ["doily", "tarse", "pilot"]},
    )
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith("guess 1, doily, scores ⬛🟨🟨🟨⬛ against pilot")
    too_few = client.post(
        "/api/review/shared", json={"game": "wordle", "grid": WON, "guesses": ["pilot"]}
    )
    assert too_few.status_code == 400
    assert "the grid has 3 rows: type its 3 guesses in order" in too_few.json()["detail"]

"""The JSON API in-process: answers match the library, and every bad input gets a readable 4xx."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.fallout.screens import FONT, HEADER, make_screen, render
from tests.web.conftest import make_client
from wordsolver.games import find_game
from wordsolver.web import WebSettings, service
from wordsolver.web.app import STATIC

SCREEN = """
0xF4A0 /:[SPIES(*_- 0xF4C8 __*=#])+|;_&
0xF4AC )](->;#!TIRE 0xF4D4 [}#(%(*BONES
0xF4B8 S*.<$*$>}%,- 0xF4E0 &?!$$,#-/><.
"""


def suggest(client: TestClient, **body: Any) -> Any:
    response = client.post("/api/suggest", json={"game": "wordle", **body})
    assert response.status_code == 200, response.text
    return response.json()


def error(client: TestClient, path: str, body: Any, status: int = 400) -> str:
    """The one-line message of a failing request."""
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str)
    return detail


def test_catalogue_lists_games_strategies_and_hand_choices(client: TestClient) -> None:
    catalogue = client.get("/api/games").json()
    games = {game["name"]: game for game in catalogue["games"]}
    assert {"wordle", "5bukv", "tonguess3", "tonguess4", "fallout"} <= set(games)
    assert games["5bukv"]["alphabet"]["folds"] == {"ё": "е"}
    assert games["fallout"]["needs_words"] and not games["wordle"]["needs_words"]
    assert games["tonguess3"]["rule"] == "bulls-cows"
    assert "entropy" in {strategy["name"] for strategy in catalogue["strategies"]}
    assert catalogue["hand"]["scores"] == ["scrabble", "none"]
    assert [lists["name"] for lists in games["wordle"]["lists"]][:2] == ["nyt", "original"]
    assert catalogue["hand"]["dictionaries"] == ["english", "birdigo"]


def test_a_list_set_is_chosen_by_name(client: TestClient) -> None:
    assert suggest(client, lists="original", top=1)["suggestions"][0]["word"] == "soare"
    assert suggest(client, top=1)["suggestions"][0]["word"] == "tarse"
    message = error(client, "/api/suggest", {"game": "wordle", "lists": "times"})
    assert message.startswith("unknown wordle list set 'times'")


def test_feedback_outside_the_answers_widens(client: TestClient) -> None:
    history = [
        {"guess": "trane", "feedback": "....."},
        {"guess": "coils", "feedback": "...gy"},
        {"guess": "skull", "feedback": "g..gy"},
    ]
    answer = suggest(client, lists="open", history=history)
    assert answer["widened"] and answer["candidates"] == ["slyly"]
    assert not suggest(client, lists="open")["widened"]


def test_first_suggestions_rank_every_secret(client: TestClient) -> None:
    answer = suggest(client, top=3)
    assert answer["candidates_left"] == len(find_game("wordle").secrets)
    assert answer["candidates"] is None  # too many to list
    scores = [s["score"] for s in answer["suggestions"]]
    assert len(scores) == 3 and scores == sorted(scores, reverse=True)


def test_history_is_read_as_people_type_it(client: TestClient) -> None:
    answer = suggest(client, history=[{"guess": "CRANE", "feedback": "--Y-G"}], prior="uniform")
    assert answer["history"] == [
        {"guess": "crane", "feedback": "..y.g", "pattern": 11, "candidates_left": 49}
    ]
    assert answer["candidates_left"] == 49


def test_winning_feedback_solves(client: TestClient) -> None:
    answer = suggest(client, history=[{"guess": "crane", "feedback": "ggggg"}])
    assert answer["solved"] and answer["suggestions"] == []


def test_hard_mode_and_only_candidates(client: TestClient) -> None:
    history = [{"guess": "crane", "feedback": "..y.g"}]
    hard = suggest(client, history=history, hard=True, top=10)
    assert all(s["word"][4] == "e" and "a" in s["word"] for s in hard["suggestions"])
    only = suggest(client, history=history, guess_from="candidates", top=10)
    assert all(s["can_win"] for s in only["suggestions"])


def test_cyrillic_game_folds_yo(client: TestClient) -> None:
    answer = suggest(client, game="5bukv", history=[{"guess": "ПЁСИК", "feedback": "....."}])
    assert answer["history"][0]["guess"] == "песик"


def test_fallout_terminal_from_its_words(client: TestClient) -> None:
    words = ["spies", "tires", "bones", "tiles", "bites"]
    body = {"game": "fallout", "words": words, "history": [{"guess": "tires", "feedback": "2"}]}
    answer = client.post("/api/suggest", json=body).json()
    assert answer["candidates"] == ["bones", "spies"]
    won = {**body, "history": [{"guess": "bones", "feedback": "5"}]}
    assert client.post("/api/suggest", json=won).json()["solved"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"history": [{"guess": "cran", "feedback": "....."}]}, "has 4 letters, expected 5"),
        ({"history": [{"guess": "cr4ne", "feedback": "....."}]}, "outside the latin alphabet"),
        ({"history": [{"guess": "zzzzz", "feedback": "....."}]}, "not an allowed guess"),
        ({"history": [{"guess": "crane", "feedback": "..q.g"}]}, "cannot read colours"),
        ({"history": [{"guess": "crane", "feedback": "gg"}]}, "give 5 of g/y/."),
        (
            {
                "history": [
                    {"guess": g, "feedback": f} for g, f in [("crane", "....."), ("slate", "..g..")]
                ]
            },
            "contradicts guess 1, crane .....: no allowed word fits both (check them) — undo takes",
        ),
        ({"game": "5bukv", "history": [{"guess": "crane", "feedback": "....."}]}, "cyrillic"),
        ({"game": "tonguess3", "history": [{"guess": "eat", "feedback": "4-0"}]}, "get-touch"),
        ({"game": "chess"}, "unknown game 'chess'; choose from:"),
        ({"strategy": "magic"}, "unknown strategy 'magic'; choose from:"),
        ({"game": "fallout"}, "needs the words on screen"),
    ],
)
def test_bad_play_input_is_a_400_saying_why(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    assert message in error(client, "/api/suggest", {"game": "wordle", **body})


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"history": [{"guess": "x" * 40, "feedback": "."}]}, "history[0].guess: String should"),
        ({"history": [{"guess": "crane", "feedback": ""}]}, "history[0].feedback: String should"),
        ({"history": [{"guess": "crane", "feedback": "....."}] * 65}, "history: List should"),
        ({"top": 0}, "top: Input should be greater than or equal to 1"),
        ({"guess_from": "anything"}, "guess_from: Input should be 'allowed' or 'candidates'"),
        ({"words": ["ok"] * 501}, "words: List should have at most 500 items"),
        ({"colour": "blue"}, "colour: Extra inputs are not permitted"),
        ({"game": None}, "game: Input should be a valid string"),
    ],
)
def test_malformed_body_is_a_422_in_one_line(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    assert message in error(client, "/api/suggest", {"game": "wordle", **body}, 422)


def test_invalid_json_is_a_422(client: TestClient) -> None:
    response = client.post(
        "/api/suggest", content=b'{"game": ', headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json()["detail"].startswith("the request body is not valid JSON")


def test_oversized_bodies_are_refused_before_parsing(client: TestClient) -> None:
    padding = "x" * 200_000
    response = client.post("/api/suggest", json={"game": "wordle", "padding": padding})
    assert response.status_code == 413
    assert "larger than this endpoint accepts" in response.json()["detail"]

    def chunks() -> Any:  # no Content-Length: the size is counted as the body arrives
        for _ in range(200):
            yield b" " * 1000

    assert client.post("/api/hand", content=chunks()).status_code == 413


def test_screenshots_may_be_larger_but_must_be_images(client: TestClient) -> None:
    not_image = client.post("/api/fallout/screenshot", content=b"\0" * 300_000)
    assert not_image.status_code == 400  # past the JSON limit, yet read (and refused) as an image
    empty = client.post("/api/fallout/screenshot", content=b"")
    assert empty.json()["detail"].startswith("send the screenshot")


def test_slow_computation_answers_503_at_the_time_limit() -> None:
    # A table not loaded yet would answer 202 while it loads: the one evaluate plays (under the
    # list set's own prior) is loaded first, whichever tests ran before.
    service.builtin_matrix("wordle", prior=None)
    with make_client(WebSettings(time_limit=0.2)) as slow:
        started = slow.post("/api/evaluate", json={"game": "wordle", "strategy": "minimax"})
        assert started.status_code == 503
        assert "time limit of 0.2 s" in started.json()["detail"]


def test_exact_search_past_the_time_limit_gives_way_to_entropy() -> None:
    # Bulls and Cows' first turn takes the proof far longer than the time limit (less the
    # seconds kept for entropy's ranking); its table loads at once, whatever the load.
    service.builtin_matrix("bulls")
    with make_client(WebSettings(time_limit=5.0)) as slow:
        # The search lane's child started and its code loaded first, not on this test's time.
        small = {"game": "wordle", "words": ["crane", "slate", "trace"], "strategy": "optimal"}
        assert slow.post("/api/suggest", json=small).json()["strategy"] == "optimal"
        request = {"game": "bulls", "strategy": "optimal", "top": 3}
        response = slow.post("/api/suggest", json=request)
        again = slow.get("/api/suggest", params={"game": "bulls", "strategy": "optimal"})
        entropy = slow.post("/api/suggest", json={**request, "strategy": "entropy"}).json()
    assert response.status_code == 200
    answer = response.json()
    assert answer["strategy"] == "entropy" and answer["suggestions"] == entropy["suggestions"]
    assert answer["ranks_by"] == entropy["ranks_by"] and entropy["note"] is None
    note = (
        r"the exact search did not finish within [\d.]+ s \(the server's time limit\):"
        r" ranked by entropy instead"
    )
    assert re.fullmatch(note, answer["note"])
    # Another try may finish (a warm memo, a quieter server): no cache keeps this answer.
    assert again.status_code == 200 and re.fullmatch(note, again.json()["note"])
    assert again.headers["cache-control"] == "no-store" and "etag" not in again.headers


def test_evaluation_plays_every_secret(client: TestClient) -> None:
    response = client.post("/api/evaluate", json={"game": "tonguess3", "strategy": "random"})
    result = response.json()
    assert result["total"] == len(find_game("tonguess3").secrets)
    assert sum(result["distribution"].values()) == result["total"]
    assert result["worst"] == max(map(int, result["distribution"]))


def test_an_optimal_evaluation_plays_the_proofs_tree(client: TestClient) -> None:
    response = client.post("/api/evaluate", json={"game": "mastermind", "strategy": "optimal"})
    assert response.status_code == 200
    result = response.json()
    assert result["total"] == 1296 and result["mean"] == pytest.approx(5625 / 1296)
    assert result["worst"] == 6


def test_hand_lists_ranked_words_with_wildcards(client: TestClient) -> None:
    answer = client.post("/api/hand", json={"letters": "Quiz*", "shortest": 4}).json()
    assert answer["hand"] == "quiz*"
    assert all(match["length"] >= 4 for match in answer["matches"])
    best = answer["matches"][0]
    assert best["score"] == max(match["score"] for match in answer["matches"])
    exactly = client.post("/api/hand", json={"letters": "retains", "shortest": 7, "longest": 7})
    words = {match["word"] for match in exactly.json()["matches"]}
    assert {"nastier", "retains", "retinas"} <= words
    plain = client.post("/api/hand", json={"letters": "cat", "score": "none"}).json()
    assert not plain["scored"] and all(match["wildcards"] == [] for match in plain["matches"])


def test_hand_top_limits_the_list_not_the_count(client: TestClient) -> None:
    answer = client.post("/api/hand", json={"letters": "retains**", "top": 10}).json()
    assert len(answer["matches"]) == 10 and answer["total"] > 10_000


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"letters": "ab1"}, 400, "neither latin letters nor '*': 1"),
        ({"letters": "a*********"}, 400, "9 wildcards; at most 8"),
        ({"letters": "abc", "shortest": 5, "longest": 3}, 400, "longest length 3 is below 5"),
        ({"letters": ""}, 422, "letters: String should have at least 1 character"),
        ({"letters": "abc", "dictionary": "/etc/passwd"}, 422, "unknown name '/etc/passwd'"),
        ({"letters": "abc", "score": "values.txt"}, 422, "choose from: scrabble, none"),
    ],
)
def test_bad_hand_input(
    client: TestClient, body: dict[str, Any], status: int, message: str
) -> None:
    assert message in error(client, "/api/hand", body, status)


def test_fallout_screen_text(client: TestClient) -> None:
    reading = client.post("/api/fallout/screen", json={"text": SCREEN}).json()
    assert reading["words"] == ["spies", "tires", "bones"]
    assert reading["brackets"][0]["text"] == "<$*$>"
    assert "not a terminal" in error(client, "/api/fallout/screen", {"text": "ONE word"})


@pytest.mark.skipif(
    shutil.which("tesseract") is None or not FONT.exists(), reason="needs tesseract and DejaVu"
)
def test_fallout_screenshot_by_ocr(client: TestClient, tmp_path: Path) -> None:
    pytest.importorskip("pytesseract")
    words = ("SPIES", "TIRES", "WALLS", "TERMS", "DOORS", "SKIES", "FARMS", "LINES")
    image = render(HEADER + make_screen(words, random.Random(3)).text, tmp_path / "screen.png")
    response = client.post(
        "/api/fallout/screenshot", content=image.read_bytes(), headers={"Content-Type": "image/png"}
    )
    assert response.json()["words"] == [word.lower() for word in words]


def test_openapi_schema_documents_routes_and_errors(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert {"/api/games", "/api/suggest", "/api/evaluate", "/api/hand"} <= set(schema["paths"])
    responses = schema["paths"]["/api/suggest"]["post"]["responses"]
    assert responses["422"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "ErrorMessage"
    )


def test_page_is_served_with_nothing_from_elsewhere(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<nav id="menu"' in page.text
    for file in STATIC.rglob("*"):
        if file.is_file():
            text = file.read_text(encoding="utf-8")
            assert not re.search(r"(https?:)?//[a-z]", text), f"{file.name} loads from elsewhere"
    assert client.get("/js/main.js").headers["content-type"].startswith("text/javascript")


def test_library_messages_name_parameters_not_command_line_flags(client: TestClient) -> None:
    message = error(client, "/api/suggest", {"game": "fallout"})
    assert message.endswith("give words or answers") and "--" not in message


def test_the_state_says_what_is_known_under_the_prior(client: TestClient) -> None:
    answer = suggest(client, history=[{"guess": "crane", "feedback": "gy..g"}], top=3)
    assert (answer["prior"], answer["possible"]) == ("nyt", answer["candidates_left"])
    assert answer["possible"] > 3 and not answer["certain"]  # every accepted word that fits
    shares = [row["probability"] for row in answer["likeliest"]]
    assert shares == sorted(shares, reverse=True) and 0.5 < sum(shares) <= 1.0 + 1e-6
    best = answer["suggestions"][0]
    assert best["can_win"] == (best["win_chance"] > 0)
    uniform = suggest(client, history=[{"guess": "crane", "feedback": "gy..g"}], prior="uniform")
    assert (uniform["prior"], uniform["possible"]) == ("uniform", 3)


def test_the_exact_search_gives_way_on_the_first_turn_of_every_accepted_word(
    client: TestClient,
) -> None:
    first = suggest(client, strategy="optimal", top=3)
    assert first["strategy"] == "entropy"
    assert first["suggestions"] == suggest(client, strategy="entropy", top=3)["suggestions"]
    assert first["note"] == (
        "the exact search cannot weigh all 14855 possible words of the first turn:"
        " ranked by entropy instead"
    )
    after = {"guess": "crane", "feedback": "gy..g"}  # 9 possible: searched at once
    answer = suggest(client, strategy="optimal", history=[after], top=1)
    assert (answer["strategy"], answer["possible"]) == ("optimal", 9)

"""``GET /api/suggest``: the position in the address, the POST answer, and what caches need
(a strong ETag, 304, Cache-Control); hostile addresses get a 4xx with a message."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import make_client
from wordsolver.web import WebSettings

HISTORY = [{"guess": "crane", "feedback": "..y.g"}, {"guess": "doily", "feedback": "....."}]
ADDRESS = "/api/suggest?game=wordle&h=crane:..y.g,doily:.....&top=3"


def test_the_address_gives_the_post_answer_with_what_it_ranks_by(client: TestClient) -> None:
    got = client.get(ADDRESS)
    posted = client.post("/api/suggest", json={"game": "wordle", "history": HISTORY, "top": 3})
    assert got.status_code == posted.status_code == 200
    assert got.json() == posted.json()
    assert got.json()["ranks_by"].startswith("bits: maximise the expected information")
    assert got.json()["history"][1]["guess"] == "doily"


def test_a_cache_keeps_the_answer_and_the_tag_tells_when_it_is_still_good(
    client: TestClient,
) -> None:
    first = client.get(ADDRESS)
    assert first.headers["cache-control"] == "public, max-age=86400"
    tag = first.headers["etag"]
    assert tag.startswith('"') and len(tag) == 34 and not tag.startswith("W/")
    assert client.get(ADDRESS).headers["etag"] == tag  # deterministic
    again = client.get(ADDRESS, headers={"If-None-Match": f'"other", {tag}'})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    other = client.get(ADDRESS.replace("top=3", "top=4"))
    assert other.status_code == 200 and other.headers["etag"] != tag
    stale = client.get(ADDRESS, headers={"If-None-Match": '"0123"'})
    assert stale.status_code == 200 and stale.content == first.content


def test_options_and_given_words_in_the_address(client: TestClient) -> None:
    words = "spies,tires,walls,terms,doors,skies"
    answer = client.get(f"/api/suggest?game=fallout&w={words}&h=walls:1&from=candidates").json()
    assert answer["candidates_left"] < 6 and answer["options"]["guess_from"] == "candidates"
    hard = client.get("/api/suggest?game=wordle&hard=1&h=crane:..y.g&top=1").json()
    assert hard["options"]["hard"] is True


def test_the_prior_is_part_of_the_address_and_of_the_tag(client: TestClient) -> None:
    default = client.get(ADDRESS)
    uniform = client.get(f"{ADDRESS}&prior=uniform")
    assert (default.json()["prior"], uniform.json()["prior"]) == ("nyt", "uniform")
    assert uniform.json()["possible"] < default.json()["possible"]  # the original answers only
    assert uniform.headers["etag"] != default.headers["etag"]
    posted = {"game": "wordle", "history": HISTORY, "top": 3, "prior": "uniform"}
    assert uniform.json() == client.post("/api/suggest", json=posted).json()


@pytest.mark.parametrize(
    ("address", "status", "message"),
    [
        ("game=wordle&h=crane", 400, "cannot read h 'crane': give guess:feedback pairs"),
        ("game=wordle&h=crane:..q.g", 400, "cannot read colours '..q.g'"),
        ("game=nosuch", 400, "unknown game"),
        ("game=wordle&top=0", 422, "top: Input should be greater than or equal to 1"),
        ("game=wordle&from=nowhere", 422, "from: Input should be 'allowed' or 'candidates'"),
        ("game=wordle&hard=maybe", 422, "hard: Input should be a valid boolean"),
        ("game=wordle&lists=../../etc", 400, "unknown wordle list set '../../etc'"),
        ("h=crane:..y.g", 422, "game: Field required"),
        ("game=wordle&h=" + "crane:.....," * 200, 422, "h: String should have at most 2000"),
        ("game=wordle&h=" + "crane:.....," * 65, 422, "history: List should have at most 64"),
        ("game=fallout&w=" + "x" * 70, 422, "words[0]: String should have at most"),
        ("game=wordle&strategy=nosuch", 400, "unknown strategy"),
        ("game=wordle&history=crane:gy..g", 422, "history: not a parameter of this address"),
        ("game=wordle&H=crane:gy..g", 422, "H: not a parameter of this address (it takes from,"),
    ],
)
def test_hostile_addresses_get_a_message_and_no_cache(
    client: TestClient, address: str, status: int, message: str
) -> None:
    response = client.get(f"/api/suggest?{address}")
    assert response.status_code == status, response.text
    detail: Any = response.json()["detail"]
    assert isinstance(detail, str) and detail.startswith(message), detail
    assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    "address",
    ["/api/games?verbose=1", "/api/tables?x=", "/api/board-games?game=quordle"],
)
def test_every_address_refuses_a_parameter_it_does_not_take(
    client: TestClient, address: str
) -> None:
    response = client.get(address)
    assert response.status_code == 422
    assert response.json()["detail"].endswith("not a parameter of this address (it takes none)")


def test_every_ranking_says_what_it_ranks_by() -> None:
    with make_client(WebSettings(time_limit=180)) as client:
        _say_what_they_rank_by(client)


def _say_what_they_rank_by(client: TestClient) -> None:
    hand = client.post("/api/hand", json={"letters": "quiz*", "top": 2}).json()
    assert hand["ranks_by"] == "score, then length, then alphabet"
    play = client.post("/api/play", json={"game": "wordle", "strategy": "minimax", "hints": 1})
    assert play.json()["ranks_by"].startswith("worst: minimise the worst case")
    boards = client.post("/api/boards", json={"game": "dordle", "top": 1}).json()
    assert boards["ranks_by"].startswith("bits:")
    openers = client.post("/api/openers", json={"game": "mastermind", "by": "worst", "top": 1})
    assert openers.json()["ranks_by"] == "the most candidates the opener can leave, fewest first"

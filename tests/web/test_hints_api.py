"""``GET /api/absurdle/hint``: the proven best guess, searched as a background job (202 with its
progress until done), then kept and cacheable; hostile positions get a 4xx with a message."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.test_tables_api import held
from wordsolver.plumbing.cache import sealed_name
from wordsolver.web.hints import hint_identity
from wordsolver.web.limits import Deadline
from wordsolver.web.models import AbsurdleRequest

WORDS = "crane,slate,trace,crate,grate,irate,plate,batch,catch"
#: Seconds a test waits for a small proof on a busy machine.
PATIENCE = 240.0


def _hint(client: TestClient, address: str) -> tuple[dict[str, Any], list[int]]:
    statuses = []
    stop = time.monotonic() + PATIENCE
    while time.monotonic() < stop:
        response = client.get(address)
        statuses.append(response.status_code)
        if response.status_code == 200:
            return response.json(), statuses
        assert response.status_code == 202, response.text
        assert response.json()["status"] in {"running", "waiting"}
        assert response.headers["cache-control"] == "no-store"
    raise AssertionError(f"no hint in {PATIENCE:g} s")


def test_the_hint_is_the_first_guess_of_the_shortest_forced_win(client: TestClient) -> None:
    hint, _ = _hint(client, f"/api/absurdle/hint?w={WORDS}&wait=1")
    assert hint["best"] == "crane" and hint["shortest_win"] == 3
    assert hint["guesses"] == ["crane", "plate", "slate"]
    assert hint["answers"] == ["..g.g", ".gggg", "ggggg"]
    assert hint["proven"] is True and hint["ranks_by"].startswith("fewest guesses")
    kept = client.get(f"/api/absurdle/hint?w={WORDS}")
    assert kept.status_code == 200 and kept.json()["kept"] is True
    assert kept.headers["cache-control"].startswith("public")
    tagged = client.get(
        f"/api/absurdle/hint?w={WORDS}", headers={"If-None-Match": kept.headers["etag"]}
    )
    assert tagged.status_code == 304


def test_a_hint_from_a_position(client: TestClient) -> None:
    hint, _ = _hint(client, f"/api/absurdle/hint?w={WORDS}&g=crane&wait=1")
    assert hint["history"] == ["crane"] and hint["shortest_win"] == 2
    assert hint["best"] == hint["guesses"][0]


@pytest.mark.parametrize(
    ("address", "status", "message"),
    [
        (f"w={WORDS}&game=wordle", 400, "wordle"),
        (f"w={WORDS}&g=crane:gy..g", 400, "type only your guess"),
        (f"w={WORDS}&g=zzzzz", 400, "zzzzz"),
        (f"w={WORDS}&g=crane,plate,slate", 400, "the game is won: no hint needed"),
        (f"w={WORDS}&wait=-1", 422, "wait: Input should be greater than or equal to 0"),
        ("game=nosuch", 400, "unknown game"),
    ],
)
def test_hostile_positions_get_a_message(
    client: TestClient, address: str, status: int, message: str
) -> None:
    response = client.get(f"/api/absurdle/hint?{address}")
    assert response.status_code == status, response.text
    assert message in response.json()["detail"]


def test_a_hint_another_process_searches_is_waited_for(client: TestClient) -> None:
    request = AbsurdleRequest.model_validate({"words": WORDS.split(","), "guesses": ["slate"]})
    name = sealed_name("absurdle-hint", hint_identity(request, Deadline.after(60)))
    address = f"/api/absurdle/hint?w={WORDS}&g=slate&wait=0.5"
    with held(name):
        response = client.get(address)
        assert response.status_code == 202
        assert "in another server process" in response.json()["message"]
    hint, _ = _hint(client, address)
    assert hint["history"] == ["slate"]

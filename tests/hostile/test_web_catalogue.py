"""The catalogue of bad web requests: one row per hostile request, checked through the test client.

Every row names the request and the status and piece of the one-line message it must earn. The
test checks what every row promises: a JSON ``{"detail": ...}`` of one line that names no file
of the server, never a traceback or a plain-text 500. A new endpoint joins by adding rows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.hostile.cases_fallout import blank_png
from wordsolver.web import create_app

#: Builds a request body when the test runs (large images are made only then).
Body = Callable[[], bytes]


@dataclass(frozen=True)
class BadRequest:
    """One hostile request and the answer it must earn."""

    name: str
    method: str
    path: str
    status: int
    detail: str
    json: Any = None
    content: Body | None = None
    headers: dict[str, str] = field(default_factory=dict)


def _png(width: int, height: int) -> Body:
    return lambda: blank_png(width, height)


SCREENSHOT = "/api/fallout/screenshot"
PNG = {"Content-Type": "image/png"}

CASES = [
    *(
        BadRequest(f"GET on {path}", "GET", path, 405, "GET is not allowed here; use POST")
        for path in ("/api/suggest", "/api/evaluate", "/api/hand", "/api/fallout/screen")
    ),
    BadRequest("GET on the screenshot route", "GET", SCREENSHOT, 405, "use POST"),
    BadRequest("POST on the catalogue", "POST", "/api/games", 405, "use GET"),
    BadRequest("DELETE on a route", "DELETE", "/api/suggest", 405, "DELETE is not allowed"),
    BadRequest("an unknown API route", "GET", "/api/nosuch", 404, "no such endpoint: /api/nosuch"),
    BadRequest(
        "a 12000×12000 screenshot (140 KB)",
        "POST",
        SCREENSHOT,
        400,
        "the screenshot is too large: 12,000×12,000 = 144,000,000 pixels",
        content=_png(12_000, 12_000),
        headers=PNG,
    ),
    BadRequest(
        "a 30000×30000 screenshot (874 KB), past Pillow's own guard",
        "POST",
        SCREENSHOT,
        400,
        "the screenshot is too large: more than 178,956,970 pixels",
        content=_png(30_000, 30_000),
        headers=PNG,
    ),
    BadRequest(
        "a screenshot that is no image",
        "POST",
        SCREENSHOT,
        400,
        "the screenshot: cannot read the image (not PNG, JPEG or another image format)",
        content=lambda: b"GIF89a but not really",
        headers=PNG,
    ),
    BadRequest(
        "a truncated PNG",
        "POST",
        SCREENSHOT,
        400,
        "the screenshot: cannot read the image",
        content=lambda: blank_png(400, 300)[:60],
        headers=PNG,
    ),
    BadRequest(
        "random text as a screen",
        "POST",
        "/api/fallout/screen",
        400,
        "not a terminal screen",
        json={"text": random.Random(14).randbytes(15_000).decode("latin-1")},
    ),
    BadRequest(
        "40-letter words for Fallout",
        "POST",
        "/api/suggest",
        422,
        "at most 32 characters",
        json={"game": "fallout", "words": ["a" * 40, "b" * 40]},
    ),
    BadRequest(
        "an unknown strategy for an evaluation",
        "POST",
        "/api/evaluate",
        400,
        "unknown strategy 'nosuch'",
        json={"game": "wordle", "strategy": "nosuch"},
    ),
    BadRequest("GET on the boards", "GET", "/api/boards", 405, "use POST"),
    BadRequest("POST on the board games", "POST", "/api/board-games", 405, "use GET"),
    BadRequest(
        "zero boards",
        "POST",
        "/api/boards",
        422,
        "greater than or equal to 1",
        json={"game": "wordle", "boards": 0},
    ),
    BadRequest(
        "a named board game on other boards",
        "POST",
        "/api/boards",
        400,
        "quordle is played on 4 boards: leave out boards",
        json={"game": "quordle", "boards": 3},
    ),
    BadRequest(
        "boards of a game without colours",
        "POST",
        "/api/boards",
        400,
        "boards plays colours games",
        json={"game": "tonguess3", "boards": 2},
    ),
    BadRequest(
        "too few patterns for the boards",
        "POST",
        "/api/boards",
        400,
        "4 boards need 4 patterns",
        json={"game": "quordle", "history": [{"guess": "crane", "feedback": "gy..g"}]},
    ),
    BadRequest(
        "a contradiction on one board",
        "POST",
        "/api/boards",
        400,
        "board 2: ",
        json={
            "game": "dordle",
            "history": [
                {"guess": "crane", "feedback": "ggggg,....."},
                {"guess": "slate", "feedback": "-,ggggg"},
            ],
        },
    ),
    BadRequest(
        "the exact search on boards",
        "POST",
        "/api/boards",
        400,
        "plays one board",
        json={"game": "dordle", "strategy": "optimal"},
    ),
    BadRequest(
        "hard mode on boards",
        "POST",
        "/api/boards",
        400,
        "hard mode is not played",
        json={"game": "dordle", "hard": True},
    ),
]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_bad_request_gets_one_line_that_names_no_server_file(
    case: BadRequest, client: TestClient
) -> None:
    content = case.content() if case.content else None
    answer = client.request(
        case.method, case.path, json=case.json, content=content, headers=case.headers
    )
    assert answer.status_code == case.status, answer.text
    assert answer.headers["content-type"] == "application/json"
    detail = answer.json()["detail"]
    assert case.detail in detail
    assert "\n" not in detail and "Traceback" not in detail
    for server_path in ("/tmp", "/work", "/home", "/root", "site-packages", "wordsolver-"):
        assert server_path not in detail

"""The catalogue of bad web requests: one row per hostile request, checked through the test client.

Every row names the request and the status and piece of the one-line message it must earn. The
test checks what every row promises: a JSON ``{"detail": ...}`` of one line that names no file
of the server, never a traceback or a plain-text 500. A new endpoint joins by adding rows.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.hostile.cases_fallout import blank_png
from wordsolver.web import create_app
from wordsolver.web.app import WebSettings
from wordsolver.web.hosts import ServedHosts

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


@functools.cache
def _mastermind_tree() -> dict[str, Any]:
    """The entropy tree of Mastermind as its file's JSON (built once)."""
    from wordsolver.games import find_game
    from wordsolver.matrix import pattern_matrix
    from wordsolver.strategies import Player, PlayOptions, find_strategy
    from wordsolver.tree import grow_tree
    from wordsolver.tree.storage import tree_document

    matrix = pattern_matrix(find_game("mastermind"))
    return tree_document(grow_tree(Player(matrix, find_strategy("entropy"), PlayOptions())))


def _tree_with(**fields: Any) -> Body:
    return lambda: json.dumps({**_mastermind_tree(), **fields}).encode()


def _raw_json(text: str) -> Body:
    """A body of JSON as Python's parser reads it (``NaN`` and ``Infinity`` included)."""
    return lambda: text.encode()


NOT_OURS = "this server answers requests for localhost, 127.0.0.1, ::1"
JSON = {"Content-Type": "application/json"}

SCREENSHOT = "/api/fallout/screenshot"
TREE = "/api/trees/0123456789abcdef"
PNG = {"Content-Type": "image/png"}

CASES = [
    *(
        BadRequest(f"GET on {path}", "GET", path, 405, "GET is not allowed here; use POST")
        for path in (
            "/api/evaluate",
            "/api/hand",
            "/api/fallout/screen",
            "/api/explain",
            "/api/explain/exact",
            "/api/review",
        )
    ),
    *(
        BadRequest(f"GET on {path}", "GET", path, 405, "GET is not allowed here; use POST")
        for path in (
            "/api/openers",
            "/api/play",
            "/api/play/review",
            "/api/duel",
            "/api/trees",
            "/api/trees/build",
        )
    ),
    BadRequest("POST on a tree's branches", "POST", f"{TREE}/nodes/0", 405, "use GET"),
    BadRequest("GET on the screenshot route", "GET", SCREENSHOT, 405, "use POST"),
    BadRequest("GET on the photo route", "GET", "/api/fallout/photo", 405, "use POST"),
    BadRequest("GET of suggestions without a game", "GET", "/api/suggest", 422, "game: Field"),
    BadRequest("PUT on the suggestions", "PUT", "/api/suggest", 405, "use GET, POST"),
    BadRequest("POST on the Absurdle hint", "POST", "/api/absurdle/hint", 405, "use GET"),
    BadRequest("a hint for Wordle", "GET", "/api/absurdle/hint?game=wordle", 400, "not an"),
    BadRequest("GET on the absurdle route", "GET", "/api/absurdle", 405, "use POST"),
    BadRequest(
        "feedback typed into absurdle",
        "POST",
        "/api/absurdle",
        400,
        "the host gives the feedback itself",
        json={"words": ["crane", "slate"], "guesses": ["crane"], "feedback": ["gy..g"]},
    ),
    BadRequest(
        "feedback written into an absurdle guess",
        "POST",
        "/api/absurdle",
        400,
        "the host gives the feedback itself",
        json={"words": ["crane", "slate"], "guesses": ["crane:gy..g"]},
    ),
    BadRequest(
        "absurdle answers for a game with a secret",
        "POST",
        "/api/absurdle",
        400,
        "not an adversarial game",
        json={"game": "wordle", "words": ["crane", "slate"], "guesses": ["crane"]},
    ),
    BadRequest(
        "absurdle guesses that are no list",
        "POST",
        "/api/absurdle",
        422,
        "guesses: Input should be a valid list",
        json={"guesses": "crane"},
    ),
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
    BadRequest(
        "three-word openers",
        "POST",
        "/api/openers",
        422,
        "words: Input should be less than or equal to 2",
        json={"game": "wordle", "words": 3},
    ),
    BadRequest(
        "pairs waited for a negative time",
        "POST",
        "/api/openers",
        422,
        "wait: Input should be greater than or equal to 0",
        json={"game": "wordle", "words": 2, "wait": -1},
    ),
    BadRequest(
        "pairs of an unknown game",
        "POST",
        "/api/openers",
        400,
        "unknown game 'nosuch'",
        json={"game": "nosuch", "words": 2},
    ),
    BadRequest(
        "pairs of a game whose words all share letters",
        "POST",
        "/api/openers",
        400,
        "shared letters; try any_words",
        json={"game": "mastermind", "words": 2, "wait": 30},
    ),
    BadRequest(
        "openers of an unknown game",
        "POST",
        "/api/openers",
        400,
        "unknown game 'nosuch'",
        json={"game": "nosuch"},
    ),
    BadRequest(
        "a hosted game with a negative seed",
        "POST",
        "/api/play",
        422,
        "seed: Input should be greater than or equal to 0",
        json={"game": "wordle", "seed": -1},
    ),
    BadRequest(
        "a guess of the wrong length in a hosted game",
        "POST",
        "/api/play",
        400,
        "has 4 letters, expected 5",
        json={"game": "wordle", "guesses": ["cran"]},
    ),
    BadRequest(
        "the review of a game not over",
        "POST",
        "/api/play/review",
        400,
        "the game is not over yet",
        json={"game": "tonguess3", "guesses": ["par"]},
    ),
    BadRequest(
        "a duel without your secret",
        "POST",
        "/api/duel",
        422,
        "secret: Field required",
        json={"game": "tonguess3"},
    ),
    BadRequest(
        "a duel whose secret is no word of the game",
        "POST",
        "/api/duel",
        400,
        "has letters outside the latin alphabet: 1",
        json={"game": "tonguess3", "secret": "a1b", "computer_secret": "random"},
    ),
    *(
        BadRequest(
            f"a request for the host {host!r} (DNS rebinding)",
            "GET",
            "/api/games",
            400,
            NOT_OURS,
            headers={"Host": host},
        )
        for host in ("evil.example", "evil.example:8000", "localhost.evil.example")
    ),
    *(
        BadRequest(
            f"{method} {path.partition('?')[0]} for another host (DNS rebinding)",
            method,
            path,
            400,
            NOT_OURS,
            content=_raw_json("{}"),
            headers={"Host": "rebound.example", **JSON},
        )
        for method, path in (
            ("GET", "/api/suggest?game=mastermind"),
            ("GET", "/api/tables"),
            ("GET", "/api/absurdle/hint?game=absurdle"),
            ("POST", "/api/fallout/photo?length=5"),
            ("POST", "/api/review/shared"),
        )
    ),
    BadRequest(
        "an address history of commas alone",
        "GET",
        "/api/suggest?game=mastermind&h=,,,",
        400,
        "the history ',,,' holds no guess",
    ),
    BadRequest(
        "address words of commas alone",
        "GET",
        "/api/suggest?game=fallout&w=,,,",
        400,
        "w ',,,' holds no word",
    ),
    BadRequest(
        "Absurdle guesses of commas alone",
        "GET",
        "/api/absurdle/hint?game=absurdle&g=,,,",
        400,
        "g ',,,' holds no word",
    ),
    *(
        BadRequest(
            f"a hint waited for {value} seconds",
            "GET",
            f"/api/absurdle/hint?game=absurdle&wait={value}",
            422,
            "wait: Input should be a finite number",
        )
        for value in ("nan", "inf")
    ),
    BadRequest(
        "a ranking waited for NaN seconds",
        "POST",
        "/api/openers",
        422,
        "wait: Input should be a finite number",
        content=_raw_json('{"game": "wordle", "words": 1, "wait": NaN}'),
        headers=JSON,
    ),
    BadRequest(
        "a computation for another host",
        "POST",
        "/api/suggest",
        400,
        NOT_OURS,
        json={"game": "tonguess4"},
        headers={"Host": "rebound.example"},
    ),
    BadRequest(
        "absurdle on two boards",
        "POST",
        "/api/boards",
        400,
        "absurdle has no secret to put on boards",
        json={"game": "absurdle", "boards": 2},
    ),
    *(
        BadRequest(
            f"an exact verdict for {value} seconds",
            "POST",
            "/api/explain/exact",
            422,
            "exact_seconds: Input should be a finite number",
            content=_raw_json(f'{{"game": "wordle", "guess": "crane", "exact_seconds": {value}}}'),
            headers=JSON,
        )
        for value in ("NaN", "Infinity", "-Infinity")
    ),
    BadRequest(
        "a tree file with a negative lower bound",
        "POST",
        "/api/trees",
        400,
        "the lower bound -5 is negative",
        content=_tree_with(lower_bound=-5),
    ),
    BadRequest("an empty tree file", "POST", "/api/trees", 400, "send the tree file itself"),
    BadRequest(
        "a tree file that is not JSON",
        "POST",
        "/api/trees",
        400,
        "the tree file: not a tree file (damaged JSON",
        content=lambda: b"\xff\xfe not json",
    ),
    BadRequest(
        "a tree file nested 100,000 deep",
        "POST",
        "/api/trees",
        400,
        "the tree file: not a tree file",
        content=lambda: b"[" * 100_000 + b"]" * 100_000,
    ),
    BadRequest(
        "a tree file of another format",
        "POST",
        "/api/trees",
        400,
        "not a wordsolver tree file",
        json={"format": "other"},
    ),
    BadRequest(
        "a tree file whose game is not a string",
        "POST",
        "/api/trees",
        400,
        "the web page opens trees of built-in games",
        json={"format": "wordsolver-tree", "version": 1, "game": {"name": [1], "lists": "nyt"}},
    ),
    BadRequest(
        "a tree of an unknown game",
        "POST",
        "/api/trees",
        400,
        "unknown game 'nosuch'",
        json={"format": "wordsolver-tree", "version": 1, "game": {"name": "nosuch", "lists": "x"}},
    ),
    BadRequest("a tree not held", "GET", f"{TREE}/nodes/0", 404, "no open tree"),
    BadRequest("a tree key that is a path", "GET", "/api/trees/..%2Fetc/nodes/0", 404, "no such"),
    BadRequest("a tree key that is no hash", "GET", "/api/trees/XYZ/nodes/0", 422, "tree: String"),
    BadRequest("a branch too deep", "GET", f"{TREE}/nodes/0?depth=99", 422, "depth"),
    BadRequest("a path search without a secret", "GET", f"{TREE}/path", 422, "secret"),
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
    *(
        row
        for path in ("/api/explain", "/api/explain/exact")
        for row in (
            BadRequest(
                f"{path} without a guess",
                "POST",
                path,
                422,
                "guess: Field required",
                json={"game": "wordle"},
            ),
            BadRequest(
                f"{path} of an unknown word",
                "POST",
                path,
                400,
                "qzqzq",
                json={"game": "wordle", "guess": "qzqzq"},
            ),
            BadRequest(
                f"{path} once solved",
                "POST",
                path,
                400,
                "found already",
                json={
                    "game": "wordle",
                    "guess": "crane",
                    "history": [{"guess": "crane", "feedback": "ggggg"}],
                },
            ),
        )
    ),
    BadRequest(
        "explain beside an unknown word",
        "POST",
        "/api/explain",
        400,
        "zzzzz",
        json={"game": "wordle", "guess": "crane", "versus": "zzzzz"},
    ),
    BadRequest(
        "explain naming too many words",
        "POST",
        "/api/explain",
        422,
        "show_words",
        json={"game": "wordle", "guess": "crane", "show_words": 10_000},
    ),
    BadRequest(
        "explain a 40-letter guess",
        "POST",
        "/api/explain",
        422,
        "at most 32 characters",
        json={"game": "wordle", "guess": "a" * 40},
    ),
    BadRequest(
        "the exact verdict with no time",
        "POST",
        "/api/explain/exact",
        422,
        "exact_seconds: Input should be greater than 0",
        json={"game": "wordle", "guess": "crane", "exact_seconds": 0},
    ),
    BadRequest(
        "the exact verdict with more time than a request may take",
        "POST",
        "/api/explain/exact",
        422,
        "exact_seconds: Input should be less than or equal to 10",
        json={"game": "wordle", "guess": "crane", "exact_seconds": 1e9},
    ),
    BadRequest(
        "review with a secret that does not fit",
        "POST",
        "/api/review",
        400,
        "does not fit",
        json={
            "game": "fallout",
            "words": ["spite", "spies", "force"],
            "secret": "spies",
            "history": [{"guess": "spite", "feedback": "1"}],
        },
    ),
    BadRequest(
        "review with an unknown secret",
        "POST",
        "/api/review",
        400,
        "qqqqq",
        json={
            "game": "fallout",
            "words": ["spite", "spies", "force"],
            "secret": "qqqqq",
            "history": [{"guess": "spite", "feedback": "1"}],
        },
    ),
    BadRequest(
        "review with a bad field",
        "POST",
        "/api/review",
        422,
        "Extra inputs",
        json={"game": "wordle", "secrett": "crane"},
    ),
]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The app as ``wordsolver serve`` runs it: answering only for its own host names."""
    app = create_app(WebSettings(hosts=ServedHosts.of("127.0.0.1")))
    with TestClient(app, base_url="http://localhost", raise_server_exceptions=False) as test_client:
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

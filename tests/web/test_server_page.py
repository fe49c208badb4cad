"""The page's features that speak the server's contract, end to end in Debian's Chromium:
suggestions asked as cacheable GETs (and the POST the page falls back to for good), a table
prepared on first use shown as progress (a server with a fresh cache), the Absurdle hint (the
proven best guess), a phone photo of a Fallout terminal read by the server, and what is
possible under today's Wordle's prior, at phone and desktop size. Screenshots under
``tests/artifacts/``.
"""

from __future__ import annotations

import json
import re
import shutil
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, FilePayload, Page, Request, Response, Route, expect

from tests.fallout.photos import GRADE, make_photo
from tests.fallout.screens import FONT
from tests.web.conftest import PREPARED_WITHIN, goto_ready, keep_screenshot, serve
from tests.web.test_page import LEFT_AFTER_CRANE, click_feedback
from wordsolver import first_turn
from wordsolver.plumbing.progress import Progress
from wordsolver.web import WebSettings, service

#: How long a page may wait for the server (a table, a proof or a photo read on a busy machine).
WAIT = 120_000
#: The suggest endpoint, asked as GET /api/suggest?... or POST /api/suggest.
SUGGEST = re.compile(r"/api/suggest(\?|$)")


@pytest.fixture
def fresh_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A server as on a first run: an empty disk cache and no table loaded in the process."""
    monkeypatch.setenv("WORDSOLVER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(service, "_MATRICES", {})
    yield from serve(WebSettings())


@pytest.fixture(scope="module")
def patient_server() -> Iterator[str]:
    """A server whose time limit covers two Tesseract reads of a photo on a busy machine."""
    yield from serve(WebSettings(time_limit=WAIT / 1000))


def _answer(url: str) -> dict[str, Any]:
    """The 200 answer of a GET, asked again while it is 202 (something is being prepared)."""
    stop = time.monotonic() + PREPARED_WITHIN
    while time.monotonic() < stop:
        request = urllib.request.Request(url, headers={"Prefer": "wait=5"})
        with urllib.request.urlopen(request, timeout=60) as response:
            if response.status == 200:
                answer: dict[str, Any] = json.loads(response.read())
                return answer
    raise AssertionError(f"no answer from {url} in {PREPARED_WITHIN:g} s")


def test_suggestions_are_cacheable_gets_the_page_shows(page: Page, served: str) -> None:
    answers: list[Response] = []
    page.on("response", lambda response: answers.append(response))
    goto_ready(page, f"{served}#wordle?h=crane:..y.g")
    expect(page.locator("#play-status")).to_have_text(LEFT_AFTER_CRANE, timeout=WAIT)
    asked = [r for r in answers if SUGGEST.search(r.url)]
    assert asked and all(r.request.method == "GET" for r in asked), [r.url for r in asked]
    last = asked[-1]
    assert "h=crane%3A..y.g" in last.url and last.status == 200
    headers = last.headers
    assert headers["cache-control"] == "public, max-age=86400"
    assert re.fullmatch(r'"[0-9a-f]{32}"', headers["etag"]), headers["etag"]
    shown = [s["word"] for s in last.json()["suggestions"]]
    expect(page.locator("#play-suggestions td.word button")).to_have_text(shown)
    # Any cache holding the answer asks again with its tag and gets 304, no body.
    again = urllib.request.Request(last.url, headers={"If-None-Match": headers["etag"]})
    with pytest.raises(urllib.error.HTTPError) as unchanged:
        urllib.request.urlopen(again, timeout=60)
    assert unchanged.value.code == 304


def test_without_a_get_the_page_posts_its_suggestions_for_good(page: Page, served: str) -> None:
    """An older server (or a proxy) refuses the GET: the page asks by POST from then on."""
    refused: list[str] = []
    posted: list[Request] = []

    def older_server(route: Route) -> None:
        if route.request.method == "GET":
            refused.append(route.request.url)
            route.fulfill(status=405, content_type="application/json", body='{"detail":"no"}')
        else:
            posted.append(route.request)
            route.continue_()

    page.route(SUGGEST, older_server)
    goto_ready(page, f"{served}#wordle")
    expect(page.locator("#play-suggestions td.word button").first).to_be_visible(timeout=WAIT)
    page.keyboard.type("crane")
    click_feedback(page, "..y.g")
    page.keyboard.press("Enter")
    expect(page.locator("#play-status")).to_have_text(LEFT_AFTER_CRANE, timeout=WAIT)
    assert len(refused) == 1, refused  # asked once, then never again
    assert len(posted) == 2
    body = posted[-1].post_data_json
    assert body is not None and body["history"] == [{"guess": "crane", "feedback": "..y.g"}]
    expect(page.locator("#error")).to_be_hidden()


def test_a_table_prepared_on_first_use_shows_its_progress(
    page: Page, fresh_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A quiet machine counts the first turn within the page's one-second wait, and no progress
    # is ever shown: each slice of guesses, counted as ever, takes a tenth of a second longer.
    count = first_turn._count

    def slowed(matrix: Any, candidates: Any, progress: Progress | None) -> Any:
        def step(done: int) -> None:
            time.sleep(0.1)
            if progress is not None:
                progress(done)

        return count(matrix, candidates, step)

    monkeypatch.setattr(first_turn, "_count", slowed)
    goto_ready(page, f"{fresh_server}#wordle")
    busy = page.locator("#busy-text")
    # Today's Wordle is played streamed: what is prepared is its first turn, counted once.
    expect(busy).to_have_text(
        re.compile(
            r"^preparing the wordle \(nyt, nyt prior\) table( \(\d+% done\))?; it is built once"
            r" and then kept \(\d+ s so far\)$"
        ),
        timeout=WAIT,
    )
    bar = page.locator("#busy-bar")
    expect(bar).to_be_visible()
    expect(bar).to_have_attribute("max", "14855", timeout=WAIT)  # the guesses counted
    keep_screenshot(page, "first-use-progress")
    first = page.locator("#play-suggestions td.word button").first
    expect(first).to_have_text("tarse", timeout=PREPARED_WITHIN * 1000)
    expect(page.locator("#busy")).to_be_hidden()
    expect(page.locator("#play-status")).to_contain_text("14,855 possible, the likeliest: ")
    with urllib.request.urlopen(f"{fresh_server}api/tables", timeout=60) as response:
        tables = json.loads(response.read())["tables"]
    wordle = {"game": "wordle", "lists": "nyt", "prior": "nyt"}
    assert [row["state"] for row in tables if wordle.items() <= row.items()] == ["ready"]


def test_the_absurdle_hint_is_the_proven_best_guess_played(page: Page, served: str) -> None:
    position = "game=absurdle&lists=original&g=aesir,yauld&hard=0"
    hint = _answer(f"{served}api/absurdle/hint?{position}")
    assert hint["proven"] and hint["shortest_win"] == 2
    goto_ready(page, f"{served}#absurdle?g=aesir,yauld&lists=original")
    board = page.locator("#absurdle-board .row.done")
    expect(board).to_have_count(2, timeout=WAIT)
    line = page.locator("#absurdle-hint .hint-line")
    for turn, wins_in in ((3, "2 guesses"), (4, "1 guess")):
        page.click("#absurdle-ask")
        expect(line).to_contain_text(f"wins in {wins_in} from here (proven best)", timeout=WAIT)
        if turn == 3:
            expect(line).to_have_text(
                f"Best next guess: {hint['best']} wins in 2 guesses from here (proven best)"
            )
            expect(page.locator("#absurdle-hint .ranked")).to_have_text(
                f"Ranked by {hint['ranks_by']}"
            )
            keep_screenshot(page, "absurdle-hint")
        line.locator("button").click()  # the hint typed
        page.click("#absurdle-keyboard [data-key=enter]")
        expect(board).to_have_count(turn, timeout=WAIT)
    expect(board.nth(2).locator(".tile")).to_have_text(list(hint["guesses"][0]))
    expect(page.locator("#absurdle-status")).to_have_text("Solved in 4 guesses!")


@pytest.mark.skipif(
    shutil.which("tesseract") is None or not FONT.exists(), reason="needs tesseract and DejaVu"
)
def test_a_photo_of_the_terminal_is_read_into_its_words(
    browser: Browser, patient_server: str
) -> None:
    photo = make_photo(GRADE["mild"], 5)  # a careful phone photo: angle, glare, scan lines
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    goto_ready(page, f"{patient_server}#fallout")
    taken = FilePayload(name="terminal.jpg", mimeType="image/jpeg", buffer=photo.data)
    with page.expect_response(re.compile(r"/api/fallout/photo$"), timeout=WAIT) as read:
        page.set_input_files("#screen-photo", files=[taken])
    assert read.value.request.method == "POST" and read.value.status == 200
    words = page.locator("#terminal-words button")
    expect(words).to_have_text([word.lower() for word in photo.words], timeout=WAIT)
    # What was read goes into the box to correct: the words are dictionary-checked over two
    # reads, the text is one read's (row addresses tidied), so a word there may be misread.
    text = read.value.json()["text"]
    assert "0x" in text  # the rows' addresses
    expect(page.locator("#screen-text")).to_have_value(text)
    expect(page.locator("#fallout-status")).to_be_visible()
    keep_screenshot(page, "fallout-photo-phone")
    context.close()


@pytest.mark.parametrize(
    ("size", "viewport"),
    [("phone", {"width": 390, "height": 844}), ("desktop", {"width": 1280, "height": 800})],
)
def test_what_is_possible_under_the_prior_is_shown(
    browser: Browser, served: str, size: str, viewport: dict[str, int]
) -> None:
    phone = size == "phone"
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)  # type: ignore[arg-type]
    page = context.new_page()
    goto_ready(page, f"{served}#wordle?h=crane:..y.g")
    # wordsolver suggest wordle --history crane:..y.g says the same, with two more words.
    status = page.locator("#play-status")
    expect(status).to_have_text(
        "180 possible, the likeliest: maybe 2.7%, above 2.6%, value 2.6%, …", timeout=WAIT
    )
    table = page.locator("#play-suggestions table")
    expect(table.locator("th:not(.finish)").last).to_have_text("win chance")
    chances = table.locator("tbody tr td:nth-last-child(2)")  # the last: the guesses to finish
    expect(chances.first).to_be_visible()
    assert all(re.fullmatch(r"(\d+(\.\d+)?%|<0\.1%)?", cell) for cell in chances.all_inner_texts())
    to_finish = table.locator("th.finish")
    expect(to_finish).to_have_text("to finish")
    if phone:  # a phone keeps the chance to win
        expect(to_finish).to_be_hidden()
    else:  # the guesses each leaves to finish, fewest first
        expect(to_finish).to_be_visible()
        cells = table.locator("tbody td.finish").all_inner_texts()
        finish = [float(cell) for cell in cells if cell]
        assert finish and finish == sorted(finish) and all(1 < value < 6 for value in finish)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    keep_screenshot(page, f"wordle-prior-{size}")
    context.close()

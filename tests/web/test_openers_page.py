"""The starting-words page's exact best pairs in Debian's Chromium: searched for real on a game
small enough for a test (5 букв), kept, and for a large game (Wordle) the search's progress while
it runs. This module has its own server, so the search it leaves running stops with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, Response, expect

from tests.web.conftest import goto_ready, keep_screenshot
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.search.openers import OpenerQuery, search_openers

#: Milliseconds the page may take over the search of 5 букв's pairs on a busy machine.
SEARCH = 180_000


def rank_pairs(page: Page, game: str, top: int) -> None:
    page.select_option("#openers-game", game)
    page.select_option("#openers-words", "2")
    page.fill("#openers-top", str(top))
    page.keyboard.press("Enter")  # in the form: submits it


def test_exact_pairs_are_searched_shown_and_kept(
    page: Page, served: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDSOLVER_CACHE_DIR", str(tmp_path))  # the server keeps them here
    statuses: list[int] = []
    page.on("response", lambda r: _note(r, statuses))
    goto_ready(page, f"{served}#openers")
    rank_pairs(page, "5bukv", 6)
    rows = page.locator("#openers-table tbody tr")
    expect(rows).to_have_count(6, timeout=SEARCH)
    five = pattern_matrix(find_game("5bukv", GameOverrides(prior="uniform")))
    best = search_openers(five, OpenerQuery(words=2, top=6)).final
    expect(rows.locator("td.word")).to_have_text([" ".join(o.words) for o in best.openers])
    expect(page.locator("#openers-summary")).to_contain_text("2-word openers over 2,066 secrets")
    expect(page.locator("#openers-summary")).to_contain_text("exact: the best of the search space")
    expect(page.locator("#openers-progress")).to_be_hidden()
    expect(page.locator("#openers-chart svg rect")).to_have_count(6)
    assert statuses[-1] == 200 and set(statuses) <= {200, 202}, statuses
    print(f"\n5 букв pairs: {statuses.count(202)} answers 'still searching' before the ranking")
    keep_screenshot(page, "openers-pairs")
    page.click("#openers-form button[type=submit]")  # again: kept, at once
    expect(page.locator("#openers-summary")).to_contain_text("kept", timeout=30_000)
    expect(rows.locator("td.word")).to_have_text([" ".join(o.words) for o in best.openers])


def test_a_large_games_pairs_show_the_search_under_way(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#openers")
    rank_pairs(page, "wordle", 10)
    summary = page.locator("#openers-summary")
    # Nothing kept of Wordle's pairs in this run's cache: the search runs, and the page says so.
    expect(page.locator("#openers-progress")).to_be_visible(timeout=60_000)
    expect(summary).to_contain_text("Searching every pair")
    expect(summary).to_contain_text("each ranking is searched once and then kept")
    expect(summary).to_contain_text("% done", timeout=120_000)  # the search reports progress
    expect(page.locator("#error")).to_be_hidden()
    keep_screenshot(page, "openers-pairs-running")
    page.select_option("#openers-game", "5bukv")  # another game: the page stops asking
    expect(page.locator("#openers-progress")).to_be_hidden()
    expect(summary).to_have_text("")


def _note(response: Response, statuses: list[int]) -> None:
    if response.url.endswith("/api/openers"):
        statuses.append(response.status)

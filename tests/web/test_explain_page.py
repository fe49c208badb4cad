"""The explanation panel in Debian's Chromium: a click on a suggestion shows why it is good.

Each test keeps a screenshot under ``tests/artifacts/``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.web.conftest import goto_ready, keep_screenshot, load_tables
from wordsolver.api import explain
from wordsolver.explain import ExplainOptions

#: How long a page may wait for the server (the first request of a game loads its matrix, which
#: takes seconds on a busy machine).
WAIT = 60_000


@pytest.fixture(scope="module", autouse=True)
def games_loaded(served: str) -> None:
    """Load the games' matrices in the server before the browser asks for them."""
    load_tables(served, {"game": "wordle"}, {"game": "tonguess3"})


def test_a_click_on_a_suggestion_explains_it(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#wordle")
    suggestions = page.locator("#play-suggestions td.word button")
    expect(suggestions.first).to_be_visible(timeout=WAIT)
    top, second = suggestions.nth(0).inner_text(), suggestions.nth(1).inner_text()
    suggestions.nth(1).click()
    panel = page.locator("#play-explain")
    expect(panel).to_be_visible(timeout=WAIT)
    expected = explain("wordle", second, versus=top)
    assert expected.versus is not None
    # Under the list set's prior every word today's game accepts is possible.
    line = f"14,855 possible; {expected.guess.summary()}; {expected.versus.summary()}"
    expect(panel.locator(".status")).to_have_text(line)
    largest = expected.guess.buckets[0]
    rows = panel.locator(f'table.explain-buckets[data-word="{second}"] tbody tr')
    expect(rows).to_have_count(11)  # ten feedbacks and the rest summed up
    expect(rows.first.locator("td").nth(1)).to_have_text(str(largest.size))
    expect(rows.first.locator(".mini-tile")).to_have_count(5)
    expect(panel.locator("table.explain-histogram tbody tr")).to_have_count(
        len(expected.guess.size_bins())
    )
    expect(panel.locator(".explain-exact")).to_have_text(
        "the exact search is asked from 300 candidates down", timeout=WAIT
    )  # from the search lane, whose child loads the game first
    keep_screenshot(page, "wordle-explain")


def test_the_panel_follows_the_position_and_shows_the_exact_verdict(
    page: Page, served: str
) -> None:
    goto_ready(page, f"{served}#wordle")
    expect(page.locator("#play-suggestions td.word button").first).to_be_visible(timeout=WAIT)
    page.keyboard.type("crane")
    for position, mark in enumerate("gy..g"):
        for _ in range(".yg".index(mark)):
            page.locator(f'#board [data-position="{position}"]').click()
    page.click("#keyboard [data-key=enter]")
    expect(page.locator("#play-status")).to_have_text(
        re.compile(r"^9 possible, the likeliest: curve 36%, curse 35%, chore 26%")
    )
    top = page.locator("#play-suggestions td.word button").first
    word = top.inner_text()
    assert word == "curve"  # the likeliest word splits the others apart
    top.click()
    panel = page.locator("#play-explain")
    # The verdict comes from the search lane, given seconds: on a busy machine too it is proved.
    expected = explain(
        "wordle", word, history="crane:gy..g", explain_options=ExplainOptions(exact_seconds=60)
    ).exact
    assert expected is not None and expected.guess_mean is not None
    line = (
        f"exact: best play ({expected.best} first) needs {short(expected.best_mean)} guesses on"
        f" average; {word} first: {short(expected.guess_mean)}"
    )
    expect(panel.locator(".explain-exact")).to_have_text(line, timeout=WAIT)
    # curve's five feedbacks (wordsolver explain wordle curve --history crane:gy..g)
    expect(panel.locator("table.explain-buckets").first.locator("tbody tr")).to_have_count(5)
    page.click("#play-undo")
    expect(panel).to_be_hidden()


def short(mean: float) -> str:
    """A mean as the page shows it (three significant digits, no trailing zeros)."""
    return format(float(f"{mean:.3g}"), "g")


def explain_the_first_suggestion(page: Page, served: str, game: str) -> Locator:
    """Open the game's page, click its top suggestion; the panel that explains it."""
    goto_ready(page, f"{served}#{game}")
    first = page.locator("#play-suggestions td.word button").first
    expect(first).to_be_visible(timeout=WAIT)
    first.click()
    return page.locator("#play-explain")


def test_a_large_position_says_why_the_exact_search_is_left_out(page: Page, served: str) -> None:
    exact = explain_the_first_suggestion(page, served, "wordle").locator(".explain-exact")
    expect(exact).to_have_text("the exact search is asked from 300 candidates down", timeout=WAIT)
    expect(exact).not_to_have_attribute("aria-busy", "true")


def test_counters_are_shown_as_text_in_the_panel(page: Page, served: str) -> None:
    panel = explain_the_first_suggestion(page, served, "tonguess3")
    expect(panel.locator("table.explain-buckets .badge").first).to_have_text(
        re.compile(r"^\d-\d$"), timeout=WAIT
    )
    keep_screenshot(page, "tonguess3-explain")

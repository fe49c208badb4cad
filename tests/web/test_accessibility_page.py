"""Every page audited by axe-core (through axe-playwright-python, which ships it) in Debian's
Chromium at phone and desktop size: no serious or critical violation, in the state a player sees
(a game under way, a ranking shown, the menu open)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect
from scripts.screenshots import board_moves, moves

from tests.web.conftest import goto_ready

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
WAIT = 90_000
#: The impacts that fail a page.
FAILING = {"serious", "critical"}


def shown(selector: str) -> Callable[[Page], None]:
    return lambda page: expect(page.locator(selector).first).to_be_visible(timeout=WAIT)


def ranked(page: Page) -> None:
    page.click("#openers-form button[type=submit]")
    shown("#openers-table tbody tr")(page)


def solved_hand(page: Page) -> None:
    page.fill("#hand-letters", "retains*")
    page.click("#hand-form button[type=submit]")
    shown("#hand-results h3")(page)


def menu_open(page: Page) -> None:
    shown("#play-suggestions tbody tr")(page)
    page.click("#menu-button")
    shown("#menu a")(page)


def panels_open(page: Page) -> None:
    """The explanation open (a panel on a phone, beside the board on the desktop)."""
    shown("#play-suggestions tbody tr")(page)
    page.locator("#play-suggestions td.word button").first.click()
    why = page.locator("#play-why")
    if why.is_visible():
        why.click()
    shown("#play-explain h2")(page)


PAGES: dict[str, tuple[str, Callable[[Page], None]]] = {
    "wordle": (
        f"#wordle?h={moves('wordle', 'pilot', ['tarse'])}",
        shown("#play-suggestions tbody tr"),
    ),
    "wordle-solved": (
        f"#wordle?h={moves('wordle', 'pilot', ['tarse', 'doily', 'pilot'])}",
        shown("#play-end .share-box"),
    ),
    "menu": ("#wordle", menu_open),
    "explain": ("#wordle", panels_open),
    "5bukv": ("#5bukv", shown("#play-suggestions tbody tr")),
    "tonguess3": (
        f"#tonguess3?h={moves('tonguess3', 'dog', ['par'])}",
        shown("#play-suggestions tbody tr"),
    ),
    "mastermind": (
        f"#mastermind?h={moves('mastermind', 'abcd', ['aabb'])}",
        shown("#play-suggestions tbody tr"),
    ),
    "quordle": (
        f"#quordle?h={board_moves(['pilot', 'vivid', 'crane', 'ghost'], ['tarse', 'pilot'])}",
        shown("#boards-suggestions tbody tr"),
    ),
    "absurdle": ("#absurdle?g=aesir&lists=original", shown("#absurdle-board .row.done")),
    "host": ("#host?game=wordle&seed=7&g=tarse", shown("#host-board .row.done")),
    "duel": ("#duel?game=tonguess3&seed=2&g=par&secret=dog", shown("#host-computer .row")),
    "fallout": ("#fallout?w=spies,tires,walls,terms,doors", shown("#fallout-suggestions tbody tr")),
    "openers": ("#openers", ranked),
    "hand": ("#hand", solved_hand),
    "evaluate": ("#evaluate", shown("#evaluate-form button")),
    "trees": ("#trees", shown("#tree-build button")),
}


@pytest.fixture(scope="module")
def axe() -> Iterator[Axe]:
    yield Axe()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_no_serious_accessibility_violation(
    browser: Browser, served: str, axe: Axe, name: str, size: str
) -> None:
    address, ready = PAGES[name]
    context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone")  # type: ignore[arg-type]
    try:
        page = context.new_page()
        goto_ready(page, f"{served}{address}")
        ready(page)
        expect(page.locator("#busy")).to_be_hidden(timeout=WAIT)
        results = axe.run(page)
        failing = [
            f"{v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(str(node["target"]) for node in v["nodes"][:4])
            for v in results.response["violations"]
            if v["impact"] in FAILING
        ]
        assert not failing, "\n".join(failing)
    finally:
        context.close()


def test_the_audit_finds_what_it_should(browser: Browser, served: str, axe: Axe) -> None:
    """The audit is live: a nameless button put on the page is reported as critical."""
    context = browser.new_context(viewport=SIZES["phone"])  # type: ignore[arg-type]
    try:
        page = context.new_page()
        goto_ready(page, f"{served}#hand")
        shown("#hand-form button")(page)
        page.evaluate("document.querySelector('main').append(document.createElement('button'))")
        found = {v["id"]: v["impact"] for v in axe.run(page).response["violations"]}
        assert found.get("button-name") == "critical", found
    finally:
        context.close()

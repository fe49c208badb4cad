"""The starting-words, hosted-game, duel and tree pages in Debian's Chromium, with the keyboard,
on a phone, in the Cyrillic layout; screenshots are kept under ``tests/artifacts/``."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, ViewportSize, expect

from tests.web.conftest import PATIENT_SECONDS, goto_ready, keep_screenshot
from tests.web.test_pages_api import secret_of
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.search.openers import OpenerQuery, search_openers
from wordsolver.strategies import PlayOptions
from wordsolver.tree import save_tree
from wordsolver.tree.optimal import optimal_tree

PHONE: ViewportSize = {"width": 390, "height": 844}
LOST_OR_SAVED = re.compile(r"^(lost|saved) \d+\.\d\d$|^even$")


def test_starting_words_table_and_chart(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#openers")
    page.select_option("#openers-game", "5bukv")
    page.fill("#openers-top", "8")
    page.keyboard.press("Enter")  # in the form: submits it
    rows = page.locator("#openers-table tbody tr")
    expect(rows).to_have_count(8, timeout=30_000)
    game = find_game("5bukv", GameOverrides(prior="uniform"))  # starting words: all alike
    best = search_openers(pattern_matrix(game), OpenerQuery(any_words=True, top=8)).final
    expect(rows.locator("td.word")).to_have_text([" ".join(o.words) for o in best.openers])
    expect(page.locator("#openers-table th")).to_have_text(
        ["#", "word", "mean left", "worst", "buckets", "bits"]
    )
    expect(page.locator("#openers-chart svg rect")).to_have_count(8)
    keep_screenshot(page, "openers")
    page.select_option("#openers-game", "wordle")  # another game: nothing of the last one left
    expect(rows).to_have_count(0)


def test_hosted_game_with_a_hint_then_the_review(page: Page, served: str) -> None:
    secret = secret_of("tonguess3", 4)
    goto_ready(page, f"{served}#host")
    page.select_option("#host-game", "tonguess3")
    page.fill("#host-seed", "4")
    page.click("#host-form button[type=submit]")
    expect(page.locator("#host-status")).to_contain_text("Guess 1: 709 words still fit")
    page.click("#host-hint")
    expect(page.locator("#host-hints tbody tr")).to_have_count(5)
    page.locator("#host-board").click()  # off the button, so typing goes to the board
    page.keyboard.type("par")
    page.keyboard.press("Enter")
    expect(page.locator("#host-board .row.done")).to_have_count(1)
    page.keyboard.type(secret)
    page.keyboard.press("Enter")
    expect(page.locator("#host-status")).to_have_text(f"Solved in 2 guesses! ({secret})")
    expect(page.locator("#host-end table.review tbody tr")).to_have_count(2, timeout=30_000)
    expect(page.locator("#host-end .solver-path")).to_contain_text(f"The solver against {secret}")
    expect(page.locator("#host-end td.lost-saved")).to_have_count(2)
    expect(page.locator("#host-end td.lost-saved").last).to_have_text(LOST_OR_SAVED)
    expect(page.locator("#host-end .review-total")).to_contain_text("In all you")
    expect(page.locator("#host-end pre.share")).to_contain_text("Tonguess3 2")
    keep_screenshot(page, "host-solved")


def test_duel_against_the_computer(page: Page, served: str) -> None:
    mine = secret_of("tonguess3", 9)
    goto_ready(page, f"{served}#duel")
    expect(page.locator("#host-game")).to_have_value("tonguess3")
    page.fill("#host-secret", "dog")
    page.select_option("#host-pick", "random")
    page.fill("#host-seed", "9")
    page.click("#host-form button[type=submit]")
    expect(page.locator("#host-status")).to_contain_text("Your turn")
    page.locator("#host-board").click()
    page.keyboard.type("par")
    page.keyboard.press("Enter")
    expect(page.locator("#host-computer .row.done")).to_have_count(1)  # it answered its turn
    page.keyboard.type(mine)
    page.keyboard.press("Enter")
    expect(page.locator("#host-status")).to_contain_text(f"My secret was {mine}.")
    expect(page.locator("#host-status")).to_contain_text("you 2 guesses")
    review = page.locator("#host-end table.review tbody tr")  # your own guesses, reviewed
    expect(review).to_have_count(2, timeout=30_000)
    expect(review.locator("td.word").nth(0)).to_have_text("par")
    expect(review.locator("td.word").nth(2)).to_have_text(mine)
    expect(page.locator("#host-end td.lost-saved").first).to_have_text(LOST_OR_SAVED)
    expect(page.locator("#host-end pre.share")).to_contain_text("Tonguess3 2")
    expect(page.locator("#host-end")).not_to_contain_text("null")
    keep_screenshot(page, "duel")


def test_duel_review_fits_a_phone(browser: Browser, served: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    page = context.new_page()
    goto_ready(page, f"{served}#duel")
    page.fill("#host-secret", "dog")
    page.select_option("#host-pick", "random")
    page.fill("#host-seed", "9")
    page.click("#host-form button[type=submit]")
    expect(page.locator("#host-status")).to_contain_text("Your turn")
    for letter in secret_of("tonguess3", 9) + "⏎":  # tapped on the on-screen keyboard
        page.click(f"#host-keyboard [data-key='{'enter' if letter == '⏎' else letter}']")
    expect(page.locator("#host-end table.review tbody tr")).to_have_count(1, timeout=30_000)
    expect(page.locator("#host-end pre.share")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    keep_screenshot(page, "duel-phone")
    context.close()


def test_a_duel_secret_outside_the_list_is_refused(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#duel")
    page.fill("#host-secret", "a1b")
    page.click("#host-form button[type=submit]")
    expect(page.locator("#error")).to_contain_text("outside the latin alphabet")
    expect(page.locator("#host-hint")).to_be_disabled()


def test_cyrillic_hosted_game_typed_on_its_keyboard(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#host")
    page.select_option("#host-game", "5bukv")
    page.fill("#host-seed", "3")
    page.click("#host-form button[type=submit]")
    expect(page.locator("#host-keyboard [data-key='й']")).to_be_visible()
    # The first use of 5 букв's table may wait for it to be prepared (its progress shows).
    expect(page.locator("#host-status")).to_contain_text("Guess 1 of 6", timeout=60_000)
    for letter in "норка":  # Playwright types non-US letters without key events: tap them
        page.click(f"#host-keyboard [data-key='{letter}']")
    page.click("#host-keyboard [data-key='enter']")
    expect(page.locator("#host-board .row.done .tile")).to_have_text(list("норка"))
    keep_screenshot(page, "host-5bukv")


@pytest.fixture(scope="module")
def salet_tree(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The proven-optimal Wordle tree from salet (the original lists): 2,449 nodes."""
    game = find_game("wordle", GameOverrides(lists="original"))
    tree = optimal_tree(pattern_matrix(game), PlayOptions(openers=("salet",))).tree
    tree.options = PlayOptions(openers=("salet",)).describe()
    path = tmp_path_factory.mktemp("trees") / "salet.json"
    save_tree(tree, path)
    yield path


#: How long a tree's upload may take: it is opened in the server's large lane, which the
#: module's other tests (a 5 букв table prepared, a hosted game's first table) may hold a while;
#: the server answers it within its patient time limit.
UPLOAD_MS = PATIENT_SECONDS * 1000


def test_tree_file_opens_lazily_and_finds_a_path(page: Page, served: str, salet_tree: Path) -> None:
    goto_ready(page, f"{served}#trees")
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    started = time.perf_counter()
    page.set_input_files("#tree-file", str(salet_tree))
    first_level = page.locator("#tree-view > li > ul > li")
    expect(first_level).to_have_count(len(_first_level(salet_tree)), timeout=UPLOAD_MS)
    seconds = time.perf_counter() - started
    expect(page.locator("#tree-summary")).to_contain_text("tree of 2,449 nodes over 2,315 secrets")
    in_page = float(page.locator("#tree-summary").get_attribute("data-opened-ms") or "nan")
    print(f"\n2,449-node tree opened: {seconds:.3f} s by the test, {in_page:.0f} ms in the page")
    assert not any("/nodes/" in url for url in fetched)  # only the first level came with it
    first = page.locator("#tree-view > li > ul > li").first
    first.focus()
    page.keyboard.press("Enter")  # a branch opens from the keyboard
    expect(first).to_have_attribute("aria-expanded", "true")
    assert any("/nodes/" in url for url in fetched)  # fetched when expanded
    page.fill("#tree-secret", "vivid")
    page.keyboard.press("Enter")
    expect(page.locator("#tree-view .node.found")).to_contain_text("vivid")
    expect(page.locator("#tree-path")).to_contain_text("vivid is solved in")
    expect(page.locator("#tree-path")).to_contain_text("salet")
    expect(page.locator("#tree-histogram .bar")).to_have_count(4)  # 2, 3, 4 and 5 guesses
    keep_screenshot(page, "tree-vivid")


def focused(page: Page) -> str | None:
    """The tree node that has the keyboard focus (its number), if any."""
    node = page.evaluate("document.activeElement.closest('[role=treeitem]')?.dataset.node ?? null")
    return None if node is None else str(node)


def test_tree_nodes_move_open_and_close_with_the_keys(
    page: Page, served: str, salet_tree: Path
) -> None:
    goto_ready(page, f"{served}#trees")
    page.set_input_files("#tree-file", str(salet_tree))
    root = page.locator("#tree-view > li")
    level_2 = page.locator("#tree-view > li > ul > li")
    expect(level_2).to_have_count(len(_first_level(salet_tree)), timeout=UPLOAD_MS)
    page.focus("#tree-find button")
    page.keyboard.press("Tab")  # one node of the tree is in the tab order: the root
    assert focused(page) == "0"
    outline = "getComputedStyle(document.activeElement.querySelector('.node')).outlineStyle"
    assert page.evaluate(outline) == "solid"  # the focus is visible
    page.keyboard.press("ArrowDown")
    first, second = level_2.nth(0), level_2.nth(1)
    assert focused(page) == first.get_attribute("data-node")
    expect(first).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("ArrowRight")  # opens the branch (fetched from the server)
    expect(first).to_have_attribute("aria-expanded", "true")
    assert focused(page) == first.get_attribute("data-node")
    page.keyboard.press("ArrowRight")  # into its first child
    child = first.locator("[role=treeitem]").first
    assert focused(page) == child.get_attribute("data-node")
    expect(child).to_have_attribute("aria-level", "3")
    page.keyboard.press("ArrowLeft")  # a closed node or a leaf: up to its parent
    assert focused(page) == first.get_attribute("data-node")
    page.keyboard.press("ArrowLeft")  # an open node: closes
    expect(first).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("ArrowDown")
    assert focused(page) == second.get_attribute("data-node")
    expect(second).to_have_attribute("tabindex", "0")  # the tab stop follows the focus
    expect(first).to_have_attribute("tabindex", "-1")
    page.keyboard.press("End")
    assert focused(page) == level_2.last.get_attribute("data-node")
    page.keyboard.press("Home")
    assert focused(page) == "0"
    page.keyboard.press("Enter")  # Enter closes an open branch, and opens it again
    expect(root).to_have_attribute("aria-expanded", "false")
    expect(level_2).to_have_count(0)
    page.keyboard.press("Enter")
    expect(level_2).to_have_count(len(_first_level(salet_tree)), timeout=UPLOAD_MS)
    assert focused(page) == "0"
    keep_screenshot(page, "tree-keyboard")


def _first_level(path: Path) -> dict[str, object]:
    return dict(json.loads(path.read_text())["tree"]["next"])


def test_a_tree_grown_for_a_small_game(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#trees")
    page.select_option("#tree-game", "tonguess3")
    page.click("#tree-build button[type=submit]")
    expect(page.locator("#tree-summary")).to_contain_text("over 709 secrets", timeout=30_000)
    page.fill("#tree-secret", "dog")
    page.click("#tree-find button")
    expect(page.locator("#tree-view .node.found")).to_contain_text("dog")
    keep_screenshot(page, "tree-grown")


def test_switching_game_never_leaves_a_stale_board(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#wordle")
    expect(page.locator("#play-suggestions table")).to_be_visible()
    page.keyboard.type("crane")
    page.keyboard.press("Enter")
    expect(page.locator("#board .row.done")).to_have_count(1)
    held: list[Route] = []
    page.route("**/api/suggest*", lambda route: held.append(route))
    goto_ready(page, f"{served}#5bukv")
    for _ in range(200):  # until the page has asked (the request is held, not answered)
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page did not ask for 5 букв's suggestions"
    expect(page.locator("#keyboard [data-key='й']")).to_be_visible()
    # While 5 букв's first answer is on its way, nothing of the Wordle game is shown.
    expect(page.locator("#board .row.done")).to_have_count(0)
    expect(page.locator("#play-suggestions table")).to_have_count(0)
    expect(page.locator("#board .row")).to_have_count(6)
    for route in held:
        route.continue_()
    expect(page.locator("#play-suggestions table")).to_be_visible(timeout=30_000)


def test_fallout_keeps_its_green_terminal(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#fallout")
    style = page.evaluate(
        "(() => { const s = getComputedStyle(document.getElementById('fallout'));"
        " return [s.color, s.backgroundColor, s.fontFamily]; })()"
    )
    assert style[0] == "rgb(51, 255, 102)" and style[1] == "rgb(5, 11, 6)"
    assert "monospace" in style[2]


def test_phone_shows_the_starting_words_above_the_fold(browser: Browser, served: str) -> None:
    """The games' pages are checked at phone size in test_phone_page; here the ranking."""
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    page = context.new_page()
    goto_ready(page, f"{served}#openers")
    page.click("#openers-form button[type=submit]")
    first = page.locator("#openers-table tbody tr").first
    expect(first).to_be_visible(timeout=30_000)
    page.evaluate("window.scrollTo(0, 0)")
    box = first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    keep_screenshot(page, "openers-phone")
    context.close()

"""The pages as a phone shows them, in Debian's Chromium: every game on one screen (board, the
whole keyboard and the first suggestion in view, nothing to scroll) at 390×844, 360×740 and on
the desktop at 1280×800; a game played by taps alone and its share text copied; the game kept in
the address and the browser (reload, a copied link, Back); Quordle in two columns; a game played
with the keyboard alone. Screenshots under ``tests/artifacts/``.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, FilePayload, Locator, Page, expect
from scripts.screenshots import board_moves, moves

from tests.web.conftest import PATIENT_SECONDS, goto_ready, keep_screenshot
from wordsolver.games import find_game

SIZES = {
    "phone": {"width": 390, "height": 844},
    "small-phone": {"width": 360, "height": 740},
    "desktop": {"width": 1280, "height": 800},
}
#: How long a page may wait for the server (a game's table loads on first use, a photo is read
#: beside other tests): as long as the server's patient time limit.
WAIT = PATIENT_SECONDS * 1000
#: The colour marks in the order a tile cycles through them.
CYCLE = ".yg"


@pytest.fixture
def context_of(browser: Browser) -> Iterator[Callable[[str], BrowserContext]]:
    """Contexts at a named size (touch and a phone's viewport below the desktop), closed after."""
    made: list[BrowserContext] = []

    def make(size: str) -> BrowserContext:
        phone = size != "desktop"
        context = browser.new_context(
            viewport=SIZES[size],  # type: ignore[arg-type]
            is_mobile=phone,
            has_touch=phone,
            permissions=["clipboard-read", "clipboard-write"],
        )
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


def open_page(context: BrowserContext, url: str) -> Page:
    """A tab of the context that fails the test on any script error."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    goto_ready(page, url)
    return page


def in_view(page: Page, locator: Locator) -> None:
    """The element is wholly inside the viewport, the page scrolled to its top."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] + 0.5, box
    assert box["y"] + box["height"] <= size["height"] + 0.5, box


def fits_one_screen(page: Page, *, down: bool = True) -> None:
    """Nothing to scroll sideways, nor down when `down` (a phone; on the desktop the side column
    of suggestions and panels may run below the board and keyboard, which stay in view)."""
    height, width, inner_height, inner_width = page.evaluate(
        "[document.scrollingElement.scrollHeight, document.scrollingElement.scrollWidth,"
        " innerHeight, innerWidth]"
    )
    assert width <= inner_width, (width, inner_width)
    assert not down or height <= inner_height, (height, inner_height)


WORDLE = moves("wordle", "pilot", ["tarse", "doily"])
#: Each game page at an address with moves, what shows its board, keyboard and first suggestion.
GAMES = {
    "wordle": (f"#wordle?h={WORDLE}", "#board", "#keyboard", "#play-suggestions tbody tr"),
    "5bukv": ("#5bukv", "#board", "#keyboard", "#play-suggestions tbody tr"),
    "tonguess3": (
        f"#tonguess3?h={moves('tonguess3', 'dog', ['par'])}",
        "#board",
        "#keyboard, #feedback-steppers",
        "#play-suggestions tbody tr",
    ),
    "mastermind": (
        f"#mastermind?h={moves('mastermind', 'abcd', ['aabb'])}",
        "#board",
        "#keyboard, #feedback-steppers",
        "#play-suggestions tbody tr",
    ),
    "bulls": ("#bulls", "#board", "#keyboard, #feedback-steppers", "#play-suggestions tbody tr"),
    "jotto": ("#jotto", "#board", "#keyboard, #feedback-steppers", "#play-suggestions tbody tr"),
    "quordle": (
        f"#quordle?h={board_moves(['pilot', 'vivid', 'crane', 'ghost'], ['tarse', 'doily'])}",
        "#boards-grid",
        "#boards-keyboard",
        "#boards-suggestions tbody tr",
    ),
    "octordle": ("#octordle", "#boards-grid", "#boards-keyboard", "#boards-suggestions tbody tr"),
    "absurdle": (
        "#absurdle?g=aesir,yauld&lists=original",
        "#absurdle-board",
        "#absurdle-keyboard",
        "#absurdle-ask",
    ),
    "host": ("#host?game=wordle&seed=7&g=tarse", "#host-board", "#host-keyboard", "#host-hint"),
    "duel": (
        "#duel?game=tonguess3&seed=2&g=par&secret=dog",
        "#host-board",
        "#host-keyboard",
        "#host-hint",
    ),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", GAMES)
def test_a_game_fits_one_screen(
    context_of: Callable[[str], BrowserContext], served: str, name: str, size: str
) -> None:
    address, board, keyboard, first = GAMES[name]
    page = open_page(context_of(size), f"{served}{address}")
    expect(page.locator(first).first).to_be_visible(timeout=WAIT)
    expect(page.locator("#busy")).to_be_hidden(timeout=WAIT)
    fits_one_screen(page, down=size != "desktop")
    in_view(page, page.locator(board))
    for part in keyboard.split(", "):
        in_view(page, page.locator(part))
    in_view(page, page.locator(first).first)
    if "keyboard" in keyboard:
        in_view(page, page.locator(f"{keyboard.split(', ')[0]} [data-key=enter]"))
        in_view(page, page.locator(f"{keyboard.split(', ')[0]} [data-key=backspace]"))
    keep_screenshot(page, f"fits-{name}-{size}")
    assert not page.errors  # type: ignore[attr-defined]


def test_fallout_fits_a_phone_once_its_screen_is_read(
    context_of: Callable[[str], BrowserContext], served: str
) -> None:
    for size in SIZES:
        page = open_page(
            context_of(size),
            f"{served}#fallout?w=spies,tires,walls,terms,doors,skies,farms,lines,hides",
        )
        expect(page.locator("#fallout-suggestions tbody tr").first).to_be_visible(timeout=WAIT)
        for part in (
            "#terminal-words",
            "#likeness-stepper",
            "#fallout-enter",
            "#fallout-suggestions tbody tr",
        ):
            in_view(page, page.locator(part).first)
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")


def test_a_game_played_by_taps_alone_then_its_share_text_copied(
    context_of: Callable[[str], BrowserContext], served: str
) -> None:
    game = find_game("wordle")
    secret = "pilot"
    page = open_page(context_of("small-phone"), f"{served}#wordle")
    played = []
    for turn in range(1, 7):
        first = page.locator("#play-suggestions td.word button").first
        expect(first).to_be_visible(timeout=WAIT)
        guess = first.inner_text()
        played.append(guess)
        for letter in guess:  # the guess tapped on the keys
            page.locator(f"#keyboard [data-key='{letter}']").tap()
        for position, mark in enumerate(game.format_pattern(game.feedback(guess, secret))):
            for _ in range(CYCLE.index(mark)):
                page.locator(f'#board [data-position="{position}"]').tap()
        page.locator("#keyboard [data-key=enter]").tap()
        expect(page.locator("#board .row.done")).to_have_count(turn, timeout=WAIT)
        if guess == secret:
            break
    expect(page.locator("#play-status")).to_have_text(f"Solved in {turn} guesses: {secret}")
    share = page.locator("#play-end pre.share")
    expect(share).to_contain_text(f"Wordle {turn}/6", timeout=WAIT)
    # Every word today's game accepts was possible before the first guess: the review (under
    # the prior) starts after it, and says so.
    rows = page.locator("#play-end table.review tbody tr")
    expect(rows).to_have_count(turn - 1)
    expect(page.locator("#play-end .review-start")).to_have_text(
        "The review starts after your first guess: before it every word the game accepts was"
        " possible."
    )
    second = game.format_pattern(game.feedback(played[1], secret))
    expect(rows.first.locator("td").first).to_have_text("2")
    expect(rows.first.locator("td").nth(2)).to_have_text(second)  # its own feedback
    page.locator("#play-end button.copy").tap()
    expect(page.locator("#play-end .copied")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == share.inner_text()
    keep_screenshot(page, "tapped-game-solved")


def test_reload_a_copied_link_and_back_restore_the_game(
    context_of: Callable[[str], BrowserContext], served: str
) -> None:
    context = context_of("phone")
    page = open_page(context, f"{served}#wordle")
    expect(page.locator("#play-suggestions tbody tr").first).to_be_visible(timeout=WAIT)
    for guess, feedback in (("tarse", "y...."), ("doily", ".yyy.")):
        page.keyboard.type(guess)
        for position, mark in enumerate(feedback):
            for _ in range(CYCLE.index(mark)):
                page.locator(f'#board [data-position="{position}"]').click()
        page.locator("#keyboard [data-key=enter]").click()
    expect(page).to_have_url(re.compile(r"#wordle\?h=tarse:y\.\.\.\.,doily:\.yyy\.$"), timeout=WAIT)
    status = page.locator("#play-status")
    # wordsolver suggest wordle --history "tarse:y....,doily:.yyy.": pilot 99%, litho 1.0%
    expect(status).to_have_text("3 possible, the likeliest: pilot 99%, litho 0.99%, ploit <0.1%")
    said = status.inner_text()
    page.reload()
    expect(page.locator("#board .row.done")).to_have_count(2, timeout=WAIT)
    expect(status).to_have_text(said)
    link = page.url
    elsewhere = open_page(context_of("desktop"), link)  # a fresh browser: the link alone
    expect(elsewhere.locator("#board .row.done")).to_have_count(2, timeout=WAIT)
    expect(elsewhere.locator("#board .row.done").first).to_have_attribute(
        "aria-label", "tarse: yellow, grey, grey, grey, grey"
    )
    page.go_back()  # Back takes back the last move
    expect(page.locator("#board .row.done")).to_have_count(1, timeout=WAIT)
    page.go_forward()
    expect(page.locator("#board .row.done")).to_have_count(2, timeout=WAIT)
    kept = open_page(
        context, f"{served}#wordle"
    )  # the unfinished game is kept for the game's own address
    expect(kept.locator("#board .row.done")).to_have_count(2, timeout=WAIT)
    kept.locator("#play-new").click()
    expect(kept.locator("#board .row.done")).to_have_count(0)
    expect(kept).to_have_url(re.compile(r"#wordle$"))
    fresh = open_page(context, f"{served}#wordle")  # a new game forgot it
    expect(fresh.locator("#play-suggestions tbody tr").first).to_be_visible(timeout=WAIT)
    expect(fresh.locator("#board .row.done")).to_have_count(0)


@pytest.mark.parametrize("size", SIZES)
def test_quordle_boards_stand_in_two_columns(
    context_of: Callable[[str], BrowserContext], served: str, size: str
) -> None:
    page = open_page(context_of(size), f"{served}#quordle")
    boards = page.locator("#boards-grid .board")
    expect(boards).to_have_count(4, timeout=WAIT)
    expect(page.locator("#boards-suggestions tbody tr").first).to_be_visible(timeout=WAIT)
    places = [box for box in (boards.nth(i).bounding_box() for i in range(4)) if box is not None]
    columns = sorted({round(box["x"]) for box in places})
    rows = sorted({round(box["y"]) for box in places})
    assert len(columns) == 2 and len(rows) == 2, places


def test_a_solved_board_folds_and_the_keys_show_every_board(
    context_of: Callable[[str], BrowserContext], served: str
) -> None:
    history = board_moves(["pilot", "vivid", "crane", "ghost"], ["tarse", "pilot"])
    page = open_page(context_of("phone"), f"{served}#quordle?h={history}")
    expect(page.locator("#boards-grid .board.folded")).to_have_count(1, timeout=WAIT)
    expect(page.locator("#boards-grid .board.folded")).to_contain_text("Board 1 ✓ pilot in 2")
    parts = page.locator("#boards-keyboard [data-key=t] .parts > span")
    expect(parts).to_have_count(4)
    expect(parts.nth(0)).not_to_have_class(re.compile("mark"))  # board 1 is solved: left blank
    expect(parts.nth(2)).to_have_class("mark-0")  # no t in crane
    expect(parts.nth(3)).to_have_class("mark-2")  # pilot's t is ghost's last letter: green
    keep_screenshot(page, "quordle-folded")


def test_the_keyboard_alone_plays_a_game(page: Page, served: str) -> None:
    game = find_game("wordle")
    secret = "pilot"
    goto_ready(page, f"{served}#wordle")
    for turn in range(1, 7):
        first = page.locator("#play-suggestions td.word button").first
        expect(first).to_be_visible(timeout=WAIT)
        guess = first.inner_text()
        page.keyboard.type(guess)
        for position, mark in enumerate(game.format_pattern(game.feedback(guess, secret))):
            tile = page.locator(f'#board [data-position="{position}"]')
            for _ in range(40):  # Tab until the tile has the focus
                if tile.evaluate("node => node === document.activeElement"):
                    break
                page.keyboard.press("Tab")
            for _ in range(CYCLE.index(mark)):
                page.keyboard.press("Space")
        page.keyboard.press("Enter")
        expect(page.locator("#board .row.done")).to_have_count(turn, timeout=WAIT)
        if guess == secret:
            break
    expect(page.locator("#play-status")).to_have_text(f"Solved in {turn} guesses: {secret}")
    page.keyboard.press("Tab")
    expect(page.locator("#play-end button.copy")).to_be_visible(timeout=WAIT)


def test_the_menu_lists_every_game(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#wordle")
    page.click("#menu-button")
    links = page.locator("#menu a")
    names = [link.get_attribute("href") for link in links.all()]
    for game in (
        "#wordle",
        "#absurdle",
        "#5bukv",
        "#tonguess3",
        "#tonguess4",
        "#fallout",
        "#bulls",
        "#mastermind",
        "#jotto",
        "#dordle",
        "#quordle",
        "#octordle",
        "#host",
        "#duel",
        "#openers",
        "#trees",
        "#hand",
        "#evaluate",
    ):
        assert game in names
    page.click("#menu a[href='#quordle']")
    expect(page.locator("#menu")).to_be_hidden()
    expect(page.locator("#boards-grid .board")).to_have_count(4, timeout=WAIT)


def test_a_game_played_elsewhere_is_reviewed_from_its_grid(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#wordle")
    expect(page.locator("#play-suggestions tbody tr").first).to_be_visible(timeout=WAIT)
    page.fill("#elsewhere-grid", "Wordle 1,234 3/6\n\n🟨⬜⬜⬜⬜\n⬜🟨🟨🟨⬜\n🟩🟩🟩🟩🟩")
    page.fill("#elsewhere-guesses", "tarse doily pilot")
    page.click("#elsewhere-form button[type=submit]")
    expect(page.locator("#board .row.done")).to_have_count(3, timeout=WAIT)
    review = page.locator("#play-end table.review tbody tr")
    expect(review).to_have_count(2, timeout=WAIT)  # from after the first guess, as it says
    expect(review.locator("td.word").nth(0)).to_have_text("doily")
    expect(review.first.locator("td").nth(2)).to_have_text(".yyy.")
    expect(page.locator("#play-end .review-start")).to_be_visible()
    expect(page.locator("#play-end pre.share")).to_contain_text("Wordle 3/6")
    page.fill("#elsewhere-grid", "🟩⬜⬜⬜⬜")
    page.fill("#elsewhere-guesses", "tarse pilot")
    page.click("#elsewhere-form button[type=submit]")
    expect(page.locator("#error")).to_contain_text(
        "guess 1, tarse, scores 🟨⬛⬛⬛⬛ against pilot"
    )


def test_mastermind_pegs_are_colours_with_their_letters(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#mastermind")
    key = page.locator("#keyboard [data-key=c]")
    expect(key).to_have_class(re.compile(r"\bpeg peg-2\b"))
    expect(key).to_have_text("c")
    page.keyboard.type("ac")
    expect(page.locator("#board .row.current .tile.peg")).to_have_count(2)
    colours = page.evaluate(
        "[...document.querySelectorAll('#keyboard .peg')]"
        ".map(key => getComputedStyle(key).backgroundColor)"
    )
    assert len(set(colours)) == 6


def test_the_hand_page_chooses_its_dictionary(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#hand")
    page.fill("#hand-letters", "retains")
    page.click("#hand-form button[type=submit]")
    summary = page.locator("#hand-summary")
    expect(summary).to_contain_text("from retains", timeout=WAIT)
    english = summary.inner_text()
    page.select_option("#hand-dictionary", "birdigo")
    page.click("#hand-form button[type=submit]")
    expect(summary).not_to_have_text(english, timeout=WAIT)


def test_fallout_words_are_checked_added_and_removed(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#fallout")
    page.fill("#screen-text", "spies tires walls terms doors")
    page.click("#screen-form button[type=submit]")
    expect(page.locator("#terminal-words button")).to_have_count(5, timeout=WAIT)
    page.fill("#word-add-text", "skies")
    page.click("#word-add button[type=submit]")
    expect(page.locator("#terminal-words button")).to_have_count(6)
    page.click("#word-edit")
    page.click("#terminal-words button[aria-label='remove doors']")
    expect(page.locator("#terminal-words button")).to_have_count(5)
    expect(page).to_have_url(re.compile(r"#fallout\?w=spies,tires,walls,terms,skies"))
    expect(page.locator("#fallout-status")).to_contain_text("5 ")


def test_a_position_left_is_no_longer_asked_about(page: Page, served: str) -> None:
    """The explanation's exact search for a position left is aborted, and "Thinking…" goes."""
    goto_ready(page, f"{served}#wordle?h=crane:..y.g")  # 180 possible: seconds of exact search
    first = page.locator("#play-suggestions td.word button").nth(2)
    expect(first).to_be_visible(timeout=WAIT)
    aborted: list[str] = []
    page.on("requestfailed", lambda request: aborted.append(request.url))
    with page.expect_request("**/api/explain/exact", timeout=WAIT):
        first.click()
    page.click("#play-new")
    expect(page.locator("#busy")).to_be_hidden(timeout=WAIT)
    assert any(url.endswith("/api/explain/exact") for url in aborted), aborted


def test_guess_my_word_colours_its_keys(page: Page, served: str) -> None:
    from tests.web.test_pages_api import secret_of

    game = find_game("wordle")
    feedback = game.format_pattern(game.feedback("tarse", secret_of("wordle", 7)))
    goto_ready(page, f"{served}#host?game=wordle&seed=7&g=tarse")
    expect(page.locator("#host-board .row.done")).to_have_count(1, timeout=WAIT)
    for letter, mark in zip("tarse", feedback, strict=True):
        key = page.locator(f"#host-keyboard [data-key={letter}]")
        expect(key).to_have_class(re.compile(rf"\bmark-{CYCLE.index(mark)}\b"))


def test_why_opens_the_explanation_as_a_panel_on_a_phone(
    context_of: Callable[[str], BrowserContext], served: str
) -> None:
    page = open_page(context_of("phone"), f"{served}#wordle")
    top = page.locator("#play-suggestions td.word button").first
    expect(top).to_be_visible(timeout=WAIT)
    explain = page.locator("#play-explain")
    expect(explain).to_be_hidden()
    page.locator("#play-why").tap()
    expect(explain.locator("h2")).to_have_text(f"Why {top.inner_text()}?", timeout=WAIT)
    expect(explain).to_be_visible()
    in_view(page, page.locator("#play-explain .panel-close"))
    page.keyboard.press("Escape")
    expect(explain).to_be_hidden()
    page.locator(".panel-toggle[aria-controls=play-settings]").tap()
    expect(page.locator("#play-strategy")).to_be_visible()


def test_fallout_fragments_are_words_to_check(page: Page, served: str) -> None:
    screen = (
        "0xF4A0 /:[SPIES(*_- 0xF4C8 __*=#])+|;_&\n"
        "0xF4AC )](->;#!TIRES 0xF4D4 [}#(%(*BONES\n"
        "0xF4B8 WALLS{}%%$#@ 0xF4E0 ..SWA*&^%!@#$"
    )
    goto_ready(page, f"{served}#fallout")
    page.fill("#screen-text", screen)
    page.click("#screen-form button[type=submit]")
    expect(page.locator("#terminal-words button")).to_have_count(2, timeout=WAIT)
    fragments = page.locator("#terminal-check button.fragment")
    expect(fragments).to_have_text(["TIRESWALLS", "SWA"])
    fragments.nth(1).click()
    expect(page.locator("#word-add-text")).to_be_focused()
    page.keyboard.press("End")
    page.keyboard.type("ns")
    page.keyboard.press("Enter")
    expect(page.locator("#terminal-words button")).to_have_text(["spies", "bones", "swans"])
    expect(fragments).to_have_text(["TIRESWALLS"])


def test_fallout_photo_rows_not_read_are_shown_to_check(
    context_of: Callable[[str], BrowserContext], served: str
) -> None:
    pytest.importorskip("cv2")
    if shutil.which("tesseract") is None:
        pytest.skip("needs the tesseract program")
    from tests.fallout.photos import GRADE, make_photo

    photo = make_photo(GRADE["moderate"], 5)  # DETECTIVE misread
    page = open_page(context_of("phone"), f"{served}#fallout")
    payload: FilePayload = {"name": "photo.jpg", "mimeType": "image/jpeg", "buffer": photo.data}
    page.set_input_files("#screen-photo", files=[payload])
    unread = page.locator("#terminal-check p.unread")
    expect(unread).to_contain_text("row 0xF548 (left column, 15th row)", timeout=WAIT)
    expect(unread).to_contain_text("A word there may be missing: type it from the screen")
    # The text read goes into the box, for the player to correct.
    expect(page.locator("#screen-text")).to_have_value(re.compile(r"0xF[0-9A-F]{3}"))
    keep_screenshot(page, "fallout-photo-unread-phone")
    assert not page.errors  # type: ignore[attr-defined]


REVIEWED = {
    "wordle": (f"#wordle?h={moves('wordle', 'pilot', ['tarse', 'doily', 'pilot'])}", "#play-end"),
    "dordle": (
        f"#dordle?h={board_moves(['pilot', 'vivid'], ['tarse', 'doily', 'pilot', 'vivid'])}",
        "#boards-end",
    ),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", REVIEWED)
def test_a_finished_game_s_review_fits_its_column(
    context_of: Callable[[str], BrowserContext], served: str, name: str, size: str
) -> None:
    """The review's table needs no sideways scrolling: its headings wrap instead."""
    address, end = REVIEWED[name]
    page = open_page(context_of(size), f"{served}{address}")
    table = page.locator(f"{end} table.review")
    expect(table).to_be_visible(timeout=WAIT)
    wrap = page.locator(f"{end} .table-wrap")
    assert wrap.evaluate("box => box.scrollWidth <= box.clientWidth"), wrap.bounding_box()

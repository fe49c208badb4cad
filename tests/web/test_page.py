"""The page in Debian's Chromium: play games by clicking, solve a hand, see errors, evaluate.

Each test keeps a screenshot under ``tests/artifacts/``.
"""

from __future__ import annotations

import random
import re

from playwright.sync_api import Browser, Page, expect

from tests.fallout.screens import make_screen
from tests.web.conftest import goto_ready, keep_screenshot
from wordsolver.games import GameOverrides, find_game

#: The colour marks in the order a tile cycles through them.
CYCLE = ".yg"
#: The status after crane ..y.g (with the words' probabilities when the server gives them).
#: After crane ..y.g under the prior (wordsolver suggest wordle --history crane:..y.g).
LEFT_AFTER_CRANE = re.compile(r"^180 possible, the likeliest: maybe 2.7%, above 2.6%, value 2.6%")


def open_game(page: Page, url: str) -> None:
    """Open a board game and wait until its first suggestions are shown (the page is ready)."""
    goto_ready(page, url)
    expect(page.locator("#play-suggestions table")).to_be_visible()


def click_feedback(page: Page, feedback: str) -> None:
    """Click each tile of the row being typed until it shows the feedback's colour."""
    for position, mark in enumerate(feedback):
        for _ in range(CYCLE.index(mark)):
            page.locator(f'#board [data-position="{position}"]').click()


def test_wordle_played_by_clicking_tiles_until_solved(page: Page, served: str) -> None:
    game = find_game("wordle")
    secret = "pilot"
    assert secret in game.secrets.words and game.max_tries is not None
    goto_ready(page, f"{served}#wordle")
    for turn in range(1, game.max_tries + 1):
        best = page.locator("#play-suggestions td.word button").first
        guess = best.inner_text()
        best.click()
        click_feedback(page, game.format_pattern(game.feedback(guess, secret)))
        page.click("#keyboard [data-key=enter]")
        expect(page.locator("#board .row.done")).to_have_count(turn)
        if guess == secret:
            break
    expect(page.locator("#play-status")).to_have_text(f"Solved in {turn} guesses: {secret}")
    keep_screenshot(page, "wordle-solved")


def test_the_word_lists_menu_switches_the_list_set(page: Page, served: str) -> None:
    open_game(page, f"{served}#wordle")
    first = page.locator("#play-suggestions td.word button").first
    expect(first).to_have_text("tarse")
    page.select_option("#play-lists", "original")
    expect(first).to_have_text("soare", timeout=60_000)  # another table, loaded on first use
    goto_ready(page, f"{served}#bulls")
    expect(page.locator("#play-lists-label")).to_be_hidden()
    keep_screenshot(page, "bulls-one-list-set")


def test_undo_brings_the_guess_back_to_fix_its_feedback(page: Page, served: str) -> None:
    open_game(page, f"{served}#wordle")
    page.keyboard.type("crane")
    click_feedback(page, "..y.g")
    page.keyboard.press("Enter")
    expect(page.locator("#play-status")).to_have_text(LEFT_AFTER_CRANE)
    page.click("#play-undo")
    expect(page.locator("#board .row.done")).to_have_count(0)
    expect(page.locator('#board [data-position="4"]')).to_have_class("tile filled mark-2")


def test_keyboard_alone_types_marks_and_submits(page: Page, served: str) -> None:
    open_game(page, f"{served}#wordle")
    page.keyboard.type("crane")
    tile = page.locator('#board [data-position="2"]')
    tile.focus()
    page.keyboard.press("Space")
    expect(tile).to_have_class("tile filled mark-1")
    expect(tile).to_be_focused()  # focus stays on the tile after it is redrawn
    page.keyboard.press("Enter")  # on a tile, Enter submits the row rather than cycling it
    expect(page.locator("#board .row.done")).to_have_count(1)
    expect(page.locator("#board .row.done .mark-1")).to_have_text("a")


def test_bad_guess_shows_the_servers_message(page: Page, served: str) -> None:
    open_game(page, f"{served}#wordle")
    page.keyboard.type("zzzzz")
    page.keyboard.press("Enter")
    expect(page.locator("#error")).to_have_text("'zzzzz' is not an allowed guess in wordle")
    expect(page.locator("#board .row.current .tile.filled")).to_have_count(5)  # kept to fix
    keep_screenshot(page, "wordle-error")


def test_cyrillic_keyboard_folds_yo(page: Page, served: str) -> None:
    open_game(page, f"{served}#5bukv")
    for letter in "пёсик":
        if letter == "ё":  # no key of its own; typed on a Russian keyboard, it is read as е
            press = "new KeyboardEvent('keydown', {key: 'ё', bubbles: true})"
            page.evaluate(f"document.body.dispatchEvent({press})")
        else:  # Playwright types non-US letters as text, without key events: tap them instead
            page.click(f"#keyboard [data-key='{letter}']")
    expect(page.locator("#board .row.current")).to_have_text("песик")
    page.keyboard.press("Enter")
    expect(page.locator("#board .row.done")).to_have_count(1)
    keep_screenshot(page, "5bukv")


def test_tonguess_feedback_by_steppers(page: Page, served: str) -> None:
    game = find_game("tonguess3")
    goto_ready(page, f"{served}#tonguess3")
    best = page.locator("#play-suggestions td.word button").first
    guess = best.inner_text()
    best.click()
    get, touch = game.format_pattern(game.feedback(guess, "dog")).split("-")
    for _ in range(int(get)):
        page.click("[aria-label='get plus one']")
    for _ in range(int(touch)):
        page.click("[aria-label='touch plus one']")
    page.click("#keyboard [data-key=enter]")
    expect(page.locator("#board .row.done .badge")).to_have_text(f"get {get} · touch {touch}")
    keep_screenshot(page, "tonguess3")


def test_mastermind_speaks_of_black_and_white_pegs(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#mastermind")
    expect(page.locator("#feedback-steppers")).to_contain_text("black")
    page.keyboard.type("aabb")
    page.click("[aria-label='black plus one']")
    page.click("[aria-label='white plus one']")
    page.click("#keyboard [data-key=enter]")
    expect(page.locator("#board .row.done .badge")).to_have_text("black 1 · white 1")


def test_jotto_is_played_from_its_feedback_form_alone(page: Page, served: str) -> None:
    """Jotto's rule was added after the page was written: the page draws it from data."""
    game = find_game("jotto")
    secret = "quilt"
    goto_ready(page, f"{served}#jotto")
    for turn in range(1, 12):
        best = page.locator("#play-suggestions td.word button").first
        expect(best).to_be_visible(timeout=30_000)
        guess = best.inner_text()
        best.click()
        feedback = game.format_pattern(game.feedback(guess, secret))
        if feedback == "win":
            page.check("#play-win")
        else:
            for _ in range(int(feedback)):
                page.click("[aria-label='common plus one']")
        page.click("#keyboard [data-key=enter]")
        expect(page.locator("#board .row.done")).to_have_count(turn)
        if guess == secret:
            break
    expect(page.locator("#play-status")).to_have_text(f"Solved in {turn} guesses: {secret}")
    keep_screenshot(page, "jotto-solved")


def test_fallout_screen_pasted_then_a_word_tapped(page: Page, served: str) -> None:
    words = ("SPIES", "TIRES", "WALLS", "TERMS", "DOORS", "SKIES", "FARMS", "LINES")
    goto_ready(page, f"{served}#fallout")
    page.fill("#screen-text", make_screen(words, random.Random(3)).text)
    page.click("#screen-form button[type=submit]")
    expect(page.locator("#terminal-words button")).to_have_count(len(words))
    page.click("#terminal-words button:text-is('tires')")
    page.click("[aria-label='likeness plus one']")
    page.click("#fallout-enter")
    expect(page.locator("#terminal-log li")).to_have_count(1)
    game = find_game("fallout", GameOverrides(words=words))
    left = [word.lower() for word in words if game.feedback(word, "tires") == 1]
    expect(page.locator("#terminal-words button:not(.out)")).to_have_text(left)
    keep_screenshot(page, "fallout")


def test_hand_solver_groups_words_by_length(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#hand")
    page.fill("#hand-letters", "retains*")
    page.select_option("#hand-length-mode", "least")
    page.fill("#hand-length", "7")
    page.click("#hand-form button[type=submit]")
    expect(page.locator("#hand-results h3").first).to_have_text(
        re.compile(r"8 letters \(\d+\)"), timeout=30_000
    )
    headings = page.locator("#hand-results h3").all_inner_texts()
    assert [h.split()[0] for h in headings] == ["8", "7"]
    expect(page.locator("#hand-results mark").first).to_be_visible()  # a wildcard's letter
    keep_screenshot(page, "hand")


def test_bad_hand_shows_an_error(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#hand")
    page.fill("#hand-letters", "ab1")
    page.keyboard.press("Enter")
    expect(page.locator("#error")).to_contain_text("neither latin letters nor '*': 1")
    keep_screenshot(page, "hand-error")


def test_evaluation_chart_and_table(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#evaluate")
    page.select_option("#evaluate-game", "tonguess3")
    for name in ("entropy", "minimax"):
        page.uncheck(f"#evaluate-strategies input[value={name}]")
    for name in ("random", "eliminations"):
        page.check(f"#evaluate-strategies input[value={name}]")
    page.click("#evaluate-form button[type=submit]")
    expect(page.locator("#evaluate-step")).to_have_text("done: 2 of 2", timeout=30_000)
    expect(page.locator("#evaluate-table tbody tr")).to_have_count(2)
    expect(page.locator("#evaluate-chart .legend span")).to_have_text(["eliminations", "random"])
    keep_screenshot(page, "evaluate")


def test_phone_sized_screen(browser: Browser, served: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    goto_ready(page, f"{served}#wordle")
    page.locator("#play-suggestions td.word button").first.click()
    page.click("#keyboard [data-key=enter]")
    expect(page.locator("#board .row.done")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling
    keep_screenshot(page, "wordle-phone")
    context.close()


def test_absurdle_host_answers_until_the_forced_win(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#absurdle")
    expect(page.locator("#absurdle-status")).to_have_text("I hold no secret. Type a guess.")
    page.select_option("#absurdle-lists", "original")
    path = ("aesir", "yauld", "tench", "whoop")  # the 4-guess forced win the search finds
    for turn, word in enumerate(path, 1):
        page.locator("#absurdle-board").click()  # off any button, so Enter goes to the board
        page.keyboard.type(word)
        page.keyboard.press("Enter")
        # The first answer may wait for the original lists' table to be prepared.
        expect(page.locator("#absurdle-board .row.done")).to_have_count(turn, timeout=60_000)
    expect(page.locator("#absurdle-status")).to_have_text("Solved in 4 guesses!")
    expect(page.locator("#absurdle-board .row.done").last.locator(".tile.mark-2")).to_have_count(5)
    expect(page.locator("#absurdle-end pre.share")).to_contain_text("Absurdle 4", timeout=60_000)
    expect(page.locator("#absurdle-end table.review tbody tr")).to_have_count(4)
    keep_screenshot(page, "absurdle-solved")

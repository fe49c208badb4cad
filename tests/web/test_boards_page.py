"""The board view in Debian's Chromium: Dordle played by typing each guess once and clicking
every board's tiles; a bad guess shows the server's message. Screenshots under tests/artifacts/."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.conftest import goto_ready, keep_screenshot
from wordsolver.games import find_game

#: The colour marks in the order a tile cycles through them.
CYCLE = ".yg"


def test_dordle_played_on_the_board_view_until_solved(page: Page, served: str) -> None:
    game = find_game("wordle")
    secrets = ["pilot", "vivid"]
    goto_ready(page, f"{served}#dordle")
    expect(page.locator("#boards-suggestions table")).to_be_visible(timeout=60_000)
    expect(page.locator("#boards-grid .board")).to_have_count(2)
    solved: set[int] = set()
    for turn in range(1, 8):
        best = page.locator("#boards-suggestions td.word button").first
        guess = best.inner_text()
        best.click()
        expect(page.locator('#boards-grid .row.current [data-position="4"]').first).to_have_text(
            guess[4]
        )
        if turn == 1:
            first_guess = guess
        for board, secret in enumerate(secrets):
            if board in solved:
                continue
            feedback = game.format_pattern(game.feedback(guess, secret))
            row = page.locator(f'#boards-grid [data-board="{board + 1}"] .row.current')
            for position, mark in enumerate(feedback):
                for _ in range(CYCLE.index(mark)):
                    row.locator(f'[data-position="{position}"]').click()
            if guess == secret:
                solved.add(board)
        page.click("#boards-keyboard [data-key=enter]")
        moves = rf"#dordle\?h=([^,&]+,){{{turn - 1}}}[^,&]+(&|$)"  # the address holds every move
        expect(page).to_have_url(re.compile(moves), timeout=30_000)
        if len(solved) == len(secrets):
            break
    expect(page.locator("#boards-status")).to_have_text(f"Every board solved in {turn} guesses")
    review = page.locator("#boards-end table.review tbody tr")
    expect(review).to_have_count(turn, timeout=30_000)  # the review, a row per guess
    expect(review.first.locator("td.word").first).to_have_text(first_guess)
    expect(page.locator("#boards-end pre.share")).to_contain_text(f"Dordle {turn}/7")
    keep_screenshot(page, "dordle-solved")


def test_a_bad_guess_on_the_boards_shows_the_message(page: Page, served: str) -> None:
    goto_ready(page, f"{served}#quordle")
    expect(page.locator("#boards-grid .board")).to_have_count(4, timeout=60_000)
    expect(page.locator("#boards-suggestions table")).to_be_visible(timeout=60_000)
    page.locator("#boards-grid").click(position={"x": 1, "y": 1})
    page.keyboard.type("qqqqq")
    page.keyboard.press("Enter")
    expect(page.locator("#error")).to_contain_text("not an allowed guess")
    expect(page.locator("#boards-grid .row.done")).to_have_count(0)
    keep_screenshot(page, "quordle-error")

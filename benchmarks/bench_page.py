"""The page in Chromium on loopback, as a player meets it: how soon it is interactive, how soon
Enter brings new suggestions, and whether a first visit to every game answers.

Run ``python benchmarks/bench_page.py [--moves N] [--quick]`` (quick: 10 presses). It starts
``wordsolver serve --port 0`` (its own process, the user's cache of tables) and drives Debian's
Chromium (``/usr/bin/chromium``) through Playwright at phone size:

* first visit: each game's page opened once on the fresh server, from the address to its first
  suggestions (or its board, for the games without them); a time-out or an error line fails it;
* interactive (warm): Wordle's page loaded again, from navigation to the first suggestions shown
  (the page's own clock: ``performance.now()``), five times;
* Enter → new suggestions (warm): N moves (default 40) of Wordle, each a guess typed with its
  feedback, then the Enter key pressed and timed in the page until the suggestions are redrawn;
  Undo between moves.

Budgets, from the issue: interactive at most 1 s, Enter → new suggestions p95 at most 0.2 s, every
first visit answered. The report gives medians and p95 and the load average; exit status 1 means
a budget was missed. Only 127.0.0.1 is contacted; every loop is bounded.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.screenshots import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

PHONE = {"width": 390, "height": 844}
#: A first visit may wait this long (one-time builds show their progress meanwhile).
FIRST_VISIT_MS = 180_000
#: Each game's page and what shows it has answered.
GAMES = {
    "wordle": "#play-suggestions tbody tr",
    "5bukv": "#play-suggestions tbody tr",
    "tonguess3": "#play-suggestions tbody tr",
    "tonguess4": "#play-suggestions tbody tr",
    "bulls": "#play-suggestions tbody tr",
    "mastermind": "#play-suggestions tbody tr",
    "jotto": "#play-suggestions tbody tr",
    "dordle": "#boards-suggestions tbody tr",
    "quordle": "#boards-suggestions tbody tr",
    "octordle": "#boards-suggestions tbody tr",
    "absurdle": "#absurdle-status",
    "host": "#host-board .row",
    "fallout?w=spies,tires,walls,terms,doors": "#fallout-suggestions tbody tr",
}
#: Wordle moves typed in turn (a guess and the feedback it is given), each then undone.
MOVES = [("tarse", "y...."), ("crane", "..y.g"), ("doily", ".yyy."), ("pious", "gy.y.")]
BUDGET_INTERACTIVE = 1.0
BUDGET_ENTER_P95 = 0.2

#: Press the on-screen Enter; resolve with the seconds until the move is on the board and the
#: new suggestions are drawn (one redraw does both).
TIMED_ENTER = """() => new Promise((resolve) => {
  const rows = () => document.querySelectorAll("#board .row.done").length;
  const before = rows();
  const started = performance.now();
  const seen = new MutationObserver(() => {
    if (rows() > before && document.querySelector("#play-suggestions tbody tr")) {
      seen.disconnect();
      resolve((performance.now() - started) / 1000);
    }
  });
  seen.observe(document.getElementById("play"), { childList: true, subtree: true });
  document.querySelector('#keyboard [data-key="enter"]').click();
})"""


@contextmanager
def server() -> Iterator[str]:
    """``wordsolver serve`` on a free loopback port, its own process; its URL."""
    command = [sys.executable, "-m", "wordsolver", "serve", "--port", "0"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=dict(os.environ))
    assert process.stderr is not None
    try:
        started = time.monotonic()
        for line in process.stderr:
            address = re.search(r"serving (http://127\.0\.0\.1:\d+/)", line)
            if address:
                threading.Thread(target=process.stderr.read, daemon=True).start()
                yield address.group(1)
                return
            if time.monotonic() - started > 60:
                break
        raise SystemExit("the server did not start")
    finally:
        process.terminate()
        process.wait(timeout=30)


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def first_visits(page: Page, url: str) -> dict[str, float | str]:
    """Seconds from the address to each game's first answer, or the error it showed."""
    found: dict[str, float | str] = {}
    for address, answered in GAMES.items():
        started = time.perf_counter()
        page.goto(f"{url}#{address}")
        try:
            expect(page.locator(answered).first).to_be_visible(timeout=FIRST_VISIT_MS)
            found[address] = time.perf_counter() - started
        except AssertionError:
            error = page.locator("#error")
            found[address] = error.inner_text() if error.is_visible() else "timed out"
    return found


def interactive(page: Page, url: str, times: int = 5) -> list[float]:
    """Seconds from navigation to Wordle's first suggestions, warm (after one load not timed)."""
    seconds = []
    for turn in range(times + 1):
        page.goto(f"{url}#wordle")
        expect(page.locator("#play-suggestions tbody tr").first).to_be_visible()
        if turn > 0:
            seconds.append(page.evaluate("performance.now()") / 1000)
        page.goto("about:blank")
    return seconds


def enters(page: Page, url: str, count: int) -> list[float]:
    """Seconds from Enter to new suggestions, over `count` Wordle moves (each undone)."""
    page.goto(f"{url}#wordle")
    expect(page.locator("#play-suggestions tbody tr").first).to_be_visible()
    seconds = []
    for turn in range(count):
        guess, feedback = MOVES[turn % len(MOVES)]
        page.keyboard.type(guess)
        for position, mark in enumerate(feedback):
            for _ in range(".yg".index(mark)):
                page.locator(f'#board [data-position="{position}"]').click()
        seconds.append(page.evaluate(TIMED_ENTER))
        expect(page.locator("#board .row.done")).to_have_count(1)
        page.click("#play-undo")
        expect(page.locator("#board .row.done")).to_have_count(0)
        page.keyboard.press("Backspace")
        for _ in range(len(guess)):
            page.keyboard.press("Backspace")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="Enter presses timed")
    parser.add_argument("--quick", action="store_true", help="10 Enter presses")
    args = parser.parse_args(argv)
    if args.quick:
        args.moves = min(args.moves, 10)
    with server() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_context(viewport=PHONE, is_mobile=True).new_page()  # type: ignore[arg-type]
        visits = first_visits(page, url)
        loads = interactive(page, url)
        presses = enters(page, url, args.moves)
        browser.close()
    print(f"load average {os.getloadavg()[0]:.2f} (2 cores)")
    for address, result in visits.items():
        said = f"{result:.2f} s" if isinstance(result, float) else f"FAILED: {result}"
        print(f"first visit  #{address:<45} {said}")
    print(
        f"interactive  median {statistics.median(loads):.3f} s, max {max(loads):.3f} s"
        f" (budget {BUDGET_INTERACTIVE} s): {', '.join(f'{s:.3f}' for s in loads)}"
    )
    print(
        f"Enter        median {statistics.median(presses):.3f} s, p95 {p95(presses):.3f} s,"
        f" max {max(presses):.3f} s over {len(presses)} (budget p95 {BUDGET_ENTER_P95} s)"
    )
    failed = [a for a, r in visits.items() if not isinstance(r, float)]
    met = not failed and max(loads) <= BUDGET_INTERACTIVE and p95(presses) <= BUDGET_ENTER_P95
    print("budgets met" if met else "BUDGET MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())

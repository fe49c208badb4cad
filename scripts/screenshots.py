"""Screenshots of every page of ``wordsolver serve`` at phone and desktop size, for the docs.

``python -m scripts.screenshots`` starts the server on a free loopback port, opens each page in
Debian's Chromium (``/usr/bin/chromium``, driven by Playwright) at 390×844 and 1280×800, brings
it to a state worth showing (a game under way, a game won with its review, a ranking done) and
writes ``docs/images/web-PAGE-phone.png`` and ``web-PAGE-desktop.png``. ``--out DIR`` writes them
elsewhere (the tests do), ``--only wordle,quordle`` takes some pages. Every game is reached by
its address alone (``#wordle?h=...``): the moves are computed here from a secret with the library,
so each picture shows a real position.
"""

from __future__ import annotations

import argparse
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

from wordsolver.games import find_game
from wordsolver.web import WebSettings
from wordsolver.web.server import make_server, server_url, wait_started

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "images"
CHROMIUM = Path("/usr/bin/chromium")
#: Flags for a headless Chromium running as root with no network.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
#: Seconds a page may take to reach its state (a cold table is built on first use).
WAIT_MS = 90_000
#: The server's time limit: generous, so that a busy machine still draws every page.
TIME_LIMIT = 120.0


def moves(game_name: str, secret: str, guesses: Sequence[str]) -> str:
    """The address's moves (``tarse:..y..,coign:.g..y``) of these guesses against the secret."""
    game = find_game(game_name)
    return ",".join(f"{g}:{game.format_pattern(game.feedback(g, secret))}" for g in guesses)


def board_moves(secrets: Sequence[str], guesses: Sequence[str]) -> str:
    """A multi-board game's moves: each guess's pattern on every board, ``-`` once solved."""
    game = find_game("wordle")
    parts = []
    solved: set[int] = set()
    for guess in guesses:
        patterns = []
        for board, secret in enumerate(secrets):
            patterns.append(
                "-" if board in solved else game.format_pattern(game.feedback(guess, secret))
            )
            if guess == secret:
                solved.add(board)
        parts.append(f"{guess}:{'/'.join(patterns)}")
    return ",".join(parts)


def wait_for(selector: str) -> Callable[[Page], None]:
    """A scene's last step: wait until the selector shows."""
    return lambda page: expect(page.locator(selector).first).to_be_visible(timeout=WAIT_MS)


def rank_openers(page: Page) -> None:
    page.click("#openers-form button[type=submit]")
    wait_for("#openers-table tbody tr")(page)


def solve_hand(page: Page) -> None:
    page.fill("#hand-letters", "retains*")
    page.click("#hand-form button[type=submit]")
    wait_for("#hand-results h3")(page)


def read_fallout(page: Page) -> None:
    page.fill("#screen-text", "spies tires walls terms doors skies farms lines\nhides")
    page.click("#screen-form button[type=submit]")
    page.click("#terminal-words button:text-is('tires')")
    wait_for("#fallout-suggestions table")(page)


def evaluate_small(page: Page) -> None:
    page.select_option("#evaluate-game", "tonguess3")
    page.click("#evaluate-form button[type=submit]")
    expect(page.locator("#evaluate-step")).to_have_text("done: 2 of 2", timeout=WAIT_MS)


def grow_tree(page: Page) -> None:
    page.click("#tree-build button[type=submit]")
    wait_for("#tree-view li")(page)


@dataclass(frozen=True, slots=True)
class Scene:
    """A page in a state worth showing: its address and what to do once it is open."""

    name: str
    address: str
    ready: Callable[[Page], None]


def scenes() -> list[Scene]:
    """Every page, each in a state a player would be in."""
    wordle = moves("wordle", "pilot", ["tarse", "doily"])
    won = moves("wordle", "pilot", ["tarse", "doily", "pilot"])
    quordle = board_moves(["pilot", "vivid", "crane", "ghost"], ["tarse", "doily"])
    dordle = board_moves(["pilot", "vivid"], ["tarse", "doily", "pilot", "vivid"])
    octordle = board_moves(
        ["pilot", "vivid", "crane", "ghost", "mount", "brick", "flame", "sword"], ["tarse", "doily"]
    )
    return [
        Scene("wordle", f"#wordle?h={wordle}", wait_for("#play-suggestions table")),
        Scene("wordle-solved", f"#wordle?h={won}", wait_for("#play-end .share-box")),
        Scene(
            "5bukv",
            f"#5bukv?h={moves('5bukv', 'норка', ['корка'])}",
            wait_for("#play-suggestions table"),
        ),
        Scene(
            "mastermind",
            f"#mastermind?h={moves('mastermind', 'abcd', ['aabb'])}",
            wait_for("#play-suggestions table"),
        ),
        Scene(
            "tonguess3",
            f"#tonguess3?h={moves('tonguess3', 'dog', ['par'])}",
            wait_for("#play-suggestions table"),
        ),
        Scene("quordle", f"#quordle?h={quordle}", wait_for("#boards-suggestions table")),
        Scene("octordle", f"#octordle?h={octordle}", wait_for("#boards-suggestions table")),
        Scene("dordle-solved", f"#dordle?h={dordle}", wait_for("#boards-end .share-box")),
        Scene(
            "absurdle",
            "#absurdle?g=aesir,yauld&lists=original",
            wait_for("#absurdle-board .row.done"),
        ),
        Scene("host", "#host?game=wordle&seed=7&g=tarse", wait_for("#host-board .row.done")),
        Scene(
            "duel", "#duel?game=tonguess3&seed=2&g=par&secret=dog", wait_for("#host-computer .row")
        ),
        Scene("fallout", "#fallout", read_fallout),
        Scene("openers", "#openers", rank_openers),
        Scene("hand", "#hand", solve_hand),
        Scene("evaluate", "#evaluate", evaluate_small),
        Scene("trees", "#trees", grow_tree),
    ]


@contextmanager
def serving() -> Iterator[str]:
    """The server on a free loopback port, on a thread; its URL."""
    server = make_server("127.0.0.1", 0, WebSettings(time_limit=TIME_LIMIT))
    thread = threading.Thread(target=server.run, name="screenshots-server", daemon=True)
    thread.start()
    if not wait_started(server):
        raise SystemExit("the web server did not start")
    try:
        yield server_url(server)
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def goto_ready(page: Page, url: str, timeout_ms: float = 30_000) -> None:
    """Open ``url`` and wait until the page's script has set up its views (``body[data-ready]``).

    The views are set up once the catalogue of games arrives: on a busy machine a file chosen or
    a form sent before that would find no listener and be lost.
    """
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=timeout_ms)


def take(url: str, out: Path, chosen: Sequence[Scene]) -> list[Path]:
    """Each scene at each size, written to ``out``; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for size, viewport in SIZES.items():
            context = browser.new_context(viewport=viewport, is_mobile=size == "phone")  # type: ignore[arg-type]
            for scene in chosen:
                page = context.new_page()
                goto_ready(page, f"{url}/{scene.address}")
                scene.ready(page)
                page.evaluate("document.fonts.ready")
                path = out / f"web-{scene.name}-{size}.png"
                page.screenshot(path=str(path))
                written.append(path)
                page.close()
            context.close()
        browser.close()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=IMAGES, help="folder of the images")
    parser.add_argument("--only", default="", help="comma-separated pages (default: all)")
    parser.add_argument("--url", default="", help="a server already running (default: start one)")
    args = parser.parse_args(argv)
    wanted = {name for name in args.only.split(",") if name}
    chosen = [scene for scene in scenes() if not wanted or scene.name in wanted]
    if args.url:
        paths = take(args.url.rstrip("/"), args.out, chosen)
    else:
        with serving() as url:
            paths = take(url, args.out, chosen)
    for path in paths:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

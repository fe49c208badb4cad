"""Fixtures of the web tests: the API in-process, and a real server driven by Debian's Chromium.

The browser is the system's ``/usr/bin/chromium`` (CI installs the ``chromium`` package); no
browser is ever downloaded. Without it the browser tests fail with a message, never skip.
Screenshots go to ``tests/artifacts/`` (git-ignored) for a reviewer to look at.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page, sync_playwright
from scripts import screenshots
from scripts.screenshots import CHROMIUM, CHROMIUM_ARGS

from wordsolver.web import WebSettings, create_app
from wordsolver.web.server import make_server, server_url, wait_started

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
#: Seconds a table may take to be prepared on a busy machine (today's Wordle's first turn is
#: counted once: ten seconds on a quiet machine, a minute or more on a loaded one).
PREPARED_WITHIN = 300.0


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The API with the default limits, called in-process."""
    with TestClient(create_app()) as test_client:
        yield test_client


def make_client(settings: WebSettings) -> TestClient:
    """A client of an app with other limits (use it in a ``with`` block)."""
    return TestClient(create_app(settings))


#: The time limit of the pages' server, in seconds: longer than any page test waits, so that a
#: busy machine (a table prepared in the large lane ahead of a tree's upload, a photo read by
#: Tesseract beside other tests) makes an answer late but never turns it into a 503.
PATIENT_SECONDS = 150.0


def serve(settings: WebSettings) -> Iterator[str]:
    """A real server with the settings on a free loopback port, run on a thread; its URL."""
    server = make_server("127.0.0.1", 0, settings)
    thread = threading.Thread(target=server.run, name="test-server", daemon=True)
    thread.start()
    if not wait_started(server):
        pytest.fail("the web server did not start")
    yield server_url(server)
    server.should_exit = True
    thread.join(timeout=30)


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    """A real server with a patient time limit, Wordle's table loaded; its URL."""
    for url in serve(WebSettings(time_limit=PATIENT_SECONDS)):
        load_tables(url, {"game": "wordle"})  # the page every test opens first
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium under Playwright, with a fresh profile."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A desktop-sized tab; the test fails on any script error the page raised."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def load_tables(url: str, *bodies: dict[str, object]) -> None:
    """Ask the server at ``url`` for suggestions of each body until it answers 200 (202: its
    table is still being prepared), so the pages find the tables ready."""
    for body in bodies:
        stop = time.monotonic() + PREPARED_WITHIN
        while True:
            request = urllib.request.Request(
                f"{url.rstrip('/')}/api/suggest",
                data=json.dumps(body).encode(),
                headers={"Content-Type": "application/json", "Prefer": "wait=5"},
            )
            with urllib.request.urlopen(request, timeout=60) as answer:
                if answer.status == 200:
                    break
                assert answer.status == 202, answer.status
            if time.monotonic() > stop:
                pytest.fail(f"the table of {body} was not prepared in {PREPARED_WITHIN:g} s")


def goto_ready(page: Page, url: str) -> None:
    """Open ``url`` once the page is set up, waiting as patiently as the server."""
    screenshots.goto_ready(page, url, PATIENT_SECONDS * 1000)


def keep_screenshot(page: Page, name: str) -> Path:
    """Save the whole page as ``tests/artifacts/NAME.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path

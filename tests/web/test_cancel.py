"""A request whose client goes away is cancelled: the search it started in the search lane is
stopped at once (its child process is killed), on a real server on loopback."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator, Mapping

import pytest
from fastapi import FastAPI

from wordsolver.web import WebSettings, service
from wordsolver.web.server import make_server, server_url, wait_started

#: A search that runs to its time limit: the exact search over every original Wordle answer
#: (under the prior over every accepted word it would refuse the first turn at once).
LONG_SEARCH = {"game": "wordle", "prior": "uniform", "strategy": "optimal"}


@pytest.fixture(scope="module")
def live() -> Iterator[tuple[str, FastAPI]]:
    server = make_server("127.0.0.1", 0, WebSettings(time_limit=120))
    thread = threading.Thread(target=server.run, name="test-cancel-server", daemon=True)
    thread.start()
    if not wait_started(server):
        pytest.fail("the web server did not start")
    app = server.config.loaded_app
    while hasattr(app, "app"):  # the middleware around the app
        app = app.app
    yield server_url(server), app
    server.should_exit = True
    thread.join(timeout=30)


def _post_and_leave(url: str, path: str, body: Mapping[str, object], after: float) -> None:
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    data = json.dumps(body).encode()
    with socket.create_connection((host, int(port))) as connection:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n"
        )
        connection.sendall(head.encode() + data)
        time.sleep(after)  # the page moved on: the fetch is aborted


def test_a_search_whose_client_left_is_stopped(live: tuple[str, FastAPI]) -> None:
    url, app = live
    service.builtin_matrix("wordle", prior="uniform")  # ready: the request goes to its search
    search = app.state.lanes.search
    search.warm()
    (child,) = search.pids
    _post_and_leave(url, "/api/evaluate", LONG_SEARCH, after=1.0)
    stop = time.monotonic() + 30  # a busy machine answers slowly; unstopped, it runs 120 s
    while time.monotonic() < stop and (search.pending or child in search.pids):
        time.sleep(0.05)
    assert search.pending == 0, "the lane still runs the search of a client that left"
    assert child not in search.pids, "the child running it was not stopped"

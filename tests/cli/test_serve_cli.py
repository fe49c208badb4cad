"""``wordsolver serve``: its options, one-line errors for a port or host it cannot listen on,
and Ctrl-C."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import RunCli


def test_serve_offers_host_port_and_open(run_cli: RunCli) -> None:
    result = run_cli("serve", "--help")
    assert result.code == 0
    for option in ("--host", "--port", "--open", "--time-limit", "127.0.0.1"):
        assert option in result.out


def test_serve_refuses_a_bad_port(run_cli: RunCli) -> None:
    result = run_cli("serve", "--port", "70000")
    assert result.code == 2 and "error:" in result.err


def test_serve_on_a_port_in_use_is_one_error_line(run_cli: RunCli) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = run_cli("serve", "--port", str(port))
    assert result.code == 2
    assert result.err == f"error: cannot listen on 127.0.0.1 port {port}: Address already in use\n"


def test_serve_on_an_unknown_host_is_one_error_line(run_cli: RunCli) -> None:
    result = run_cli("serve", "--host", "no.such.host.invalid")
    assert result.code == 2
    assert result.err.startswith("error: cannot listen on no.such.host.invalid port 8000: ")
    assert result.err.count("\n") == 1


@pytest.fixture
def interruptible() -> Iterator[None]:
    """Ctrl-C reaches this process as it would in a terminal, whatever the parent set up: a
    background job ignores SIGINT, and some runners block it."""
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    yield
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    signal.signal(signal.SIGINT, handler)


@pytest.mark.usefixtures("interruptible")
def test_serve_opens_the_page_and_stops_on_ctrl_c(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []

    def open_then_interrupt(url: str) -> bool:
        with urllib.request.urlopen(f"{url}api/games") as answer:
            assert b'"wordle"' in answer.read()
        opened.append(url)
        os.kill(os.getpid(), signal.SIGINT)
        return True

    monkeypatch.setattr("webbrowser.open", open_then_interrupt)
    result = run_cli("serve", "--port", "0", "--open")
    assert opened and opened[0].startswith("http://127.0.0.1:")
    assert f"serving {opened[0]}" in result.err
    assert result.code == 130  # as Ctrl-C in any command


def test_serve_offers_workers_and_preparing(run_cli: RunCli) -> None:
    result = run_cli("serve", "--help")
    for option in ("--workers", "--prepare", "--no-prepare", "--allow-host"):
        assert option in result.out
    refused = run_cli("serve", "--workers", "0")
    assert refused.code == 2 and "--workers" in refused.err


def test_serve_runs_several_worker_processes(tmp_path: Path) -> None:
    """Both worker processes answer on the port, and each answers only for its own host
    names: a request for another host, on a connection a worker has just answered, is 400."""
    command = [sys.executable, "-m", "wordsolver", "serve", "--port", "0", "--workers", "2"]
    environment = {**os.environ, "WORDSOLVER_CACHE_DIR": str(tmp_path)}
    server = subprocess.Popen(
        [*command, "--no-prepare"], stderr=subprocess.PIPE, text=True, env=environment
    )
    try:
        assert server.stderr is not None
        found = re.search(r"serving http://127\.0\.0\.1:(\d+)/", server.stderr.readline())
        assert found, "the server did not say where it listens"
        refused: dict[int, int] = {}
        stop = time.monotonic() + 120
        while len(refused) < 2 and time.monotonic() < stop:
            try:  # a new connection each time: the system hands it to either worker
                process, status = _process_then_foreign_host(int(found.group(1)))
                refused[process] = status
            except OSError:
                time.sleep(0.2)  # a worker still starting
        assert len(refused) == 2 and server.pid not in refused
        assert set(refused.values()) == {400}
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)


def _process_then_foreign_host(port: int) -> tuple[int, int]:
    """On one connection (so one worker): the process that answers ``GET /api/tables``, then
    the status of the same request for the host ``rebound.example``."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", "/api/tables")
        process = int(json.load(connection.getresponse())["process"])
        connection.request("GET", "/api/tables", headers={"Host": "rebound.example"})
        answer = connection.getresponse()
        answer.read()
        return process, answer.status
    finally:
        connection.close()

"""``wordsolver serve``: its options, one-line errors for a port or host it cannot listen on,
and Ctrl-C."""

from __future__ import annotations

import os
import signal
import socket
import urllib.request
from collections.abc import Iterator

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

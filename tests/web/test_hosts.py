"""The server answers only requests for its own host names (DNS rebinding cannot reach it)."""

from __future__ import annotations

import http.client
import json
import socket
from urllib.parse import urlsplit

import pytest

from wordsolver.web.hosts import ServedHosts


@pytest.fixture(scope="module")
def port(served: str) -> int:
    """The port of a real server started as ``wordsolver serve`` starts it (on 127.0.0.1)."""
    number = urlsplit(served).port
    assert number is not None
    return number


def _get(port: int, host: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest("GET", "/api/games", skip_host=True)
        connection.putheader("Host", host)
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, answer.read().decode()
    finally:
        connection.close()


@pytest.mark.parametrize(
    "host", ["localhost", "127.0.0.1", "[::1]", "LOCALHOST.", "localhost:{port}"]
)
def test_its_own_names_are_served(port: int, host: str) -> None:
    status, _ = _get(port, host.format(port=port))
    assert status == 200


@pytest.mark.parametrize(
    "host",
    ["evil.example", "evil.example:{port}", "localhost.evil.example", "127.0.0.1.nip.io", ""],
)
def test_another_name_pointed_at_it_is_refused_in_one_line(port: int, host: str) -> None:
    status, body = _get(port, host.format(port=port))
    assert status == 400
    detail = json.loads(body)["detail"]
    assert "this server answers requests for localhost, 127.0.0.1, ::1" in detail
    assert "\n" not in detail


def test_the_host_it_was_started_on_is_served() -> None:
    hosts = ServedHosts.of("wordsolver.lan")
    assert hosts.allows("wordsolver.lan:8000") and hosts.allows("localhost")
    assert not hosts.allows("192.168.1.5") and not hosts.allows("other.lan")


def test_on_every_address_its_addresses_and_machine_name_are_served() -> None:
    hosts = ServedHosts.of("0.0.0.0")
    assert hosts.allows("192.168.1.5:8000") and hosts.allows("[fe80::1]:8000")
    assert hosts.allows(socket.gethostname())
    assert not hosts.allows("evil.example")


def test_a_name_it_is_told_to_allow_is_served() -> None:
    """Behind a reverse proxy that passes the players' host name (``serve --allow-host``)."""
    hosts = ServedHosts.of("127.0.0.1", ["words.example.org", "Play.Example.org:443"])
    assert hosts.allows("words.example.org") and hosts.allows("play.example.org:8000")
    assert hosts.allows("localhost") and not hosts.allows("example.org")


def test_the_server_is_made_with_the_names_it_allows() -> None:
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from wordsolver.web.server import make_server

    server = make_server("127.0.0.1", 0, allowed_hosts=["words.example.org"])
    app = server.config.app
    assert isinstance(app, FastAPI)
    with TestClient(app, base_url="http://words.example.org") as client:
        assert client.get("/api/games").status_code == 200
        refused = client.get("/api/games", headers={"Host": "evil.example"})
        assert refused.status_code == 400 and "--allow-host" in refused.json()["detail"]

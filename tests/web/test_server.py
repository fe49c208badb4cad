"""The web server on a loopback port serves the page."""

from __future__ import annotations

import urllib.request


def test_server_listens_on_loopback(served: str) -> None:
    assert served.startswith("http://127.0.0.1:")
    with urllib.request.urlopen(served) as page:
        assert b"<title>wordsolver</title>" in page.read()

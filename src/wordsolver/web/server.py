"""Running the app on uvicorn, and knowing when (and where) it listens.

``wordsolver serve`` and the browser tests start the server the same way.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable

import uvicorn

from wordsolver.errors import WordsolverError
from wordsolver.web.app import WebSettings, create_app

#: Seconds to wait for the server to listen before giving up on the ready callback.
STARTUP_SECONDS = 30.0


def make_server(host: str, port: int, settings: WebSettings | None = None) -> uvicorn.Server:
    """A uvicorn server for the app (port 0: any free port, see :func:`server_url`)."""
    config = uvicorn.Config(create_app(settings), host=host, port=port, log_level="warning")
    return uvicorn.Server(config)


def server_url(server: uvicorn.Server) -> str:
    """The address of a started server, with the port it really got."""
    host, port = server.servers[0].sockets[0].getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def wait_started(server: uvicorn.Server) -> bool:
    """Wait until the server listens (False if it stopped or did not start in time)."""
    stop = time.monotonic() + STARTUP_SECONDS
    while not server.started:
        if server.should_exit or time.monotonic() > stop:
            return False
        time.sleep(0.02)
    return True


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to the address and listening; a port in use or an unknown host is a
    :class:`WordsolverError` rather than the server's log line and exit."""
    try:
        family, _, _, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        return socket.create_server(address[:2], family=family)
    except OSError as error:  # socket.gaierror too: the host has no address
        # A bind error's strerror repeats the address; a lookup error's errno is the resolver's.
        if error.errno is not None and not isinstance(error, socket.gaierror):
            reason = os.strerror(error.errno)
        else:
            reason = error.strerror or str(error)
        raise WordsolverError(f"cannot listen on {host} port {port}: {reason}") from None


def run_until_stopped(
    server: uvicorn.Server, on_ready: Callable[[str], None], sockets: list[socket.socket]
) -> None:
    """Serve on the sockets until Ctrl-C; ``on_ready(url)`` is called from another thread once
    it listens."""

    def announce() -> None:
        if wait_started(server):
            on_ready(server_url(server))

    threading.Thread(target=announce, name="wordsolver-ready", daemon=True).start()
    server.run(sockets=sockets)

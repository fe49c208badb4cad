"""Running the app on uvicorn, and knowing when (and where) it listens.

``wordsolver serve`` and the browser tests start the server the same way.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, replace

import uvicorn
from fastapi import FastAPI
from uvicorn.supervisors import Multiprocess

from wordsolver.errors import WordsolverError
from wordsolver.web.app import WebSettings, create_app
from wordsolver.web.hosts import ServedHosts
from wordsolver.web.lanes import LaneSettings

#: Seconds to wait for the server to listen before giving up on the ready callback.
STARTUP_SECONDS = 30.0


#: The environment variable that hands the settings to the worker processes of ``--workers``.
SETTINGS_VARIABLE = "WORDSOLVER_WEB_SETTINGS"


def make_server(
    host: str,
    port: int,
    settings: WebSettings | None = None,
    workers: int = 1,
    allowed_hosts: Sequence[str] = (),
) -> uvicorn.Server:
    """A uvicorn server for the app (port 0: any free port, see :func:`server_url`), answering
    only requests for its own host names and ``allowed_hosts`` (see
    :mod:`wordsolver.web.hosts`); with several ``workers`` each process makes its own app from
    the settings (see :func:`app_from_environment`)."""
    served = replace(settings or WebSettings(), hosts=ServedHosts.of(host, allowed_hosts))
    if workers == 1:
        config = uvicorn.Config(create_app(served), host=host, port=port, log_level="warning")
        return uvicorn.Server(config)
    # The served names are a set: written as a sorted list.
    os.environ[SETTINGS_VARIABLE] = json.dumps(asdict(served), default=sorted)
    config = uvicorn.Config(
        f"{__name__}:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
    )
    return uvicorn.Server(config)


def app_from_environment() -> FastAPI:
    """The app of one worker process, with the settings the serving command handed down."""
    fields = json.loads(os.environ.get(SETTINGS_VARIABLE, "{}"))
    lanes = LaneSettings(**fields.pop("lanes", {}))
    prepare = tuple((game, lists, prior) for game, lists, prior in fields.pop("prepare", ()))
    hosts = fields.pop("hosts", None)
    served = None if hosts is None else ServedHosts(frozenset(hosts["names"]), hosts["any_address"])
    return create_app(WebSettings(**fields, lanes=lanes, prepare=prepare, hosts=served))


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

    if server.config.workers > 1:
        # The workers are other processes: the sockets listen already, so say it now.
        host, port = sockets[0].getsockname()[:2]
        on_ready(f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/")
        Multiprocess(server.config, sockets=sockets).run()
        return
    threading.Thread(target=announce, name="wordsolver-ready", daemon=True).start()
    server.run(sockets=sockets)

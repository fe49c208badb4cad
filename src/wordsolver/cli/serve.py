"""``serve``: the web page and its JSON API on this computer (the ``web`` extra)."""

from __future__ import annotations

import webbrowser
from typing import Annotated

import typer

from wordsolver.cli.base import app, stderr, warn
from wordsolver.plumbing.optional import require

#: Hosts that keep the server to this computer.
LOOPBACK = ("127.0.0.1", "::1", "localhost")


@app.command("serve")
def serve(
    host: Annotated[
        str, typer.Option(help="address to listen on; the default keeps it to this computer")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="port; 0 takes any free one")] = 8000,
    open_browser: Annotated[
        bool, typer.Option("--open", help="open the page in a web browser")
    ] = False,
    time_limit: Annotated[
        float, typer.Option(min=1, help="seconds a computation may take before it answers 503")
    ] = 30.0,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="server processes sharing the port (each with its own lanes and tables)",
        ),
    ] = 1,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            metavar="NAME",
            help="also answer requests for this host name (a reverse proxy's); repeatable",
        ),
    ] = None,
    prepare: Annotated[
        bool,
        typer.Option(
            "--prepare/--no-prepare",
            help="prepare every built-in game's default table in the background at start",
        ),
    ] = True,
) -> None:
    """Play every game in the browser: serve the page and its JSON API until Ctrl-C."""
    for module in ("fastapi", "uvicorn"):
        require(module, "serve", "web")
    from wordsolver.web.app import WebSettings
    from wordsolver.web.server import listen, make_server, run_until_stopped
    from wordsolver.web.tables import default_tables

    sockets = [listen(host, port)]
    if host not in LOOPBACK:
        warn(f"listening on {host}: anyone who can reach this address can use the server")

    def ready(url: str) -> None:
        stderr.print(f"serving {url} (API schema: {url}openapi.json); Ctrl-C stops", markup=False)
        if open_browser:
            webbrowser.open(url)

    tables = tuple(default_tables()) if prepare else ()
    settings = WebSettings(time_limit=time_limit, prepare=tables)
    server = make_server(host, port, settings, workers, allow_host or ())
    run_until_stopped(server, ready, sockets)

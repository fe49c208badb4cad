"""The FastAPI application: the JSON API, the static page, and errors as one readable line.

Every error answer is ``{"detail": "..."}``: bad input the library refuses is 400, an unknown
route 404, a known route called with the wrong method 405, a malformed body or an address
parameter the route does not take 422 (a typo is an error, not a default), an oversized body
413, and a computation past the time limit (or a lane with no room) 503.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.dependencies.models import Dependant
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles

from wordsolver._version import installed_version
from wordsolver.errors import (
    GameOverError,
    InconsistentFeedbackError,
    TimeLimitError,
    WordsolverError,
)
from wordsolver.search import SearchInterrupted
from wordsolver.web import cached, hints, hosting, opening, service, shared_review, tables, trees
from wordsolver.web.api import PHOTO_PATH, SCREENSHOT_PATH, router
from wordsolver.web.hosts import HostCheck, ServedHosts
from wordsolver.web.lanes import LaneBusy, Lanes, LaneSettings
from wordsolver.web.limits import BodyLimit, ClientGone, TimeLimitExceeded
from wordsolver.web.processes import WorkerLost
from wordsolver.web.ranking_jobs import JOB_FACTOR, RankingJobs

#: The page: plain HTML, CSS and JavaScript modules, served as they are (no build step).
STATIC = Path(__file__).parent / "static"
#: Every HTTP method, for the route that says which one a path takes.
METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
#: The API's routes: the first pages', then the cached answers, tables and hints, the starting
#: words, hosted games, trees and the review of a game played elsewhere.
ROUTERS = (
    router,
    cached.router,
    tables.router,
    hints.router,
    opening.router,
    hosting.router,
    trees.router,
    shared_review.router,
)
#: An absolute path of two or more parts, standing alone (``1/5`` is not one).
_PATH = re.compile(r"(?<![\w.])(?:/[\w.+-]+){2,}/?")


@dataclass(frozen=True, slots=True)
class WebSettings:
    """Limits of the server: seconds per computation, bytes per body (images and tree files
    may be larger), the workers and queues of the lanes, and the hosts it answers to (None:
    any; :func:`~wordsolver.web.server.make_server` sets its own)."""

    time_limit: float = 30.0
    #: Tables (game, list set, prior) prepared in the background at start (``serve``: every
    #: default).
    prepare: tuple[tuple[str, str, str], ...] = ()
    max_body: int = 128 * 1024
    max_image: int = 8 * 1024 * 1024
    max_tree: int = 32 * 1024 * 1024
    lanes: LaneSettings = field(default_factory=LaneSettings)
    hosts: ServedHosts | None = None


def create_app(settings: WebSettings | None = None) -> FastAPI:
    """The app with its lanes; nothing is loaded (and no worker started) until a request needs
    it."""
    chosen = settings or WebSettings()
    lanes = Lanes.start(chosen.time_limit, chosen.lanes)
    rankings = RankingJobs(chosen.time_limit * JOB_FACTOR)
    prepared = tables.Tables()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        prepared.start(chosen.prepare)
        warming = None
        if chosen.prepare:  # the search lane's child started, and its code loaded, now
            warming = asyncio.ensure_future(lanes.search.run(service.warm_up))
            warming.add_done_callback(lambda done: done.cancelled() or done.exception())
        yield
        if warming is not None:
            warming.cancel()
        prepared.close()
        lanes.close()
        rankings.close()

    app = FastAPI(
        title="wordsolver",
        version=installed_version(),
        description="Suggestions, evaluations, hand solving and Fallout screens, as JSON.",
        docs_url=None,  # the interactive docs load scripts from a CDN; the schema is enough
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.lanes = lanes
    app.state.trees = trees.TreeStore()
    app.state.rankings = rankings
    app.state.tables = prepared
    app.add_exception_handler(tables.StillPreparing, tables.still_preparing)
    app.add_exception_handler(WordsolverError, _library_error)
    for unavailable in (TimeLimitExceeded, LaneBusy, WorkerLost):
        app.add_exception_handler(unavailable, _unavailable)
    app.add_exception_handler(ClientGone, _gone)
    app.add_exception_handler(RequestValidationError, _malformed)
    app.add_exception_handler(Exception, _bug)
    for routes in ROUTERS:
        app.include_router(routes, dependencies=[Depends(known_query_only)])
    # Without this, a GET on a POST route would fall through to the page's files and get a 404.
    app.add_api_route(
        f"{router.prefix}/{{rest:path}}", _wrong_route, methods=METHODS, include_in_schema=False
    )
    app.mount("/", StaticFiles(directory=STATIC, html=True), name="page")
    limits = {
        SCREENSHOT_PATH: chosen.max_image,
        PHOTO_PATH: chosen.max_image,
        trees.TREES_PATH: chosen.max_tree,
    }
    app.add_middleware(BodyLimit, limit_for=lambda path: limits.get(path, chosen.max_body))
    if chosen.hosts is not None:
        app.add_middleware(HostCheck, hosts=chosen.hosts)
    app.add_middleware(cached.NoStoreErrors)
    return app


def _library_error(_: Request, error: Exception) -> JSONResponse:
    # A computation that ran out of time is the server's limit, not the user's mistake.
    status = 503 if isinstance(error, SearchInterrupted | TimeLimitError) else 400
    message = error.worded(str) if isinstance(error, WordsolverError) else str(error)
    if isinstance(error, InconsistentFeedbackError) and not isinstance(error, GameOverError):
        message += " — undo takes back the last move"  # the page's button
    return JSONResponse({"detail": without_paths(message)}, status_code=status)


def _unavailable(_: Request, error: Exception) -> JSONResponse:
    return JSONResponse({"detail": str(error)}, status_code=503)


def _gone(_: Request, error: Exception) -> JSONResponse:
    # Nobody reads it: 499 is what proxies log for a client that closed the connection.
    return JSONResponse({"detail": str(error)}, status_code=499)


def _bug(_: Request, error: Exception) -> JSONResponse:
    # Its message may name the server's files: the log has it, the client gets the kind only.
    return JSONResponse(
        {"detail": f"the server failed on this request ({type(error).__name__})"}, status_code=500
    )


def _wrong_route(request: Request) -> JSONResponse:
    allowed = sorted(
        method
        for routes in ROUTERS
        for route in routes.routes
        if isinstance(route, APIRoute) and route.path_regex.match(request.url.path)
        for method in route.methods or ()
    )
    if not allowed:
        return JSONResponse({"detail": f"no such endpoint: {request.url.path}"}, 404)
    return JSONResponse(
        {"detail": f"{request.method} is not allowed here; use {', '.join(allowed)}"},
        status_code=405,
        headers={"Allow": ", ".join(allowed)},
    )


def without_paths(message: str) -> str:
    """A message with the server's file paths taken out: they are no business of the client.

    >>> without_paths("/tmp/x/screenshot: cannot read; 1/5 correct")
    '<server file>: cannot read; 1/5 correct'
    """
    return _PATH.sub("<server file>", message)


def known_query_only(request: Request) -> None:
    """Refuse (422) an address parameter the route does not take, as an unknown body field is:
    ``GET /api/suggest?history=...`` (the route takes ``h``) must not answer for the start."""
    route = request.scope.get("route")
    if not isinstance(route, APIRoute):
        return
    taken = _query_names(route.dependant)
    unknown = sorted(set(request.query_params) - taken)
    if unknown:
        known = f"it takes {', '.join(sorted(taken))}" if taken else "it takes none"
        raise RequestValidationError(
            [
                {
                    "type": "extra_forbidden",
                    "loc": ("query", name),
                    "msg": f"not a parameter of this address ({known})",
                    "input": request.query_params[name],
                }
                for name in unknown
            ]
        )


def _query_names(dependant: Dependant) -> set[str]:
    """The address parameters a route (and its dependencies) declares, as they are spelled."""
    names = {param.alias for param in dependant.query_params}
    for inner in dependant.dependencies:
        names |= _query_names(inner)
    return names


def _malformed(_: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    return JSONResponse({"detail": readable(error.errors())}, status_code=422)


def readable(errors: Sequence[Any]) -> str:
    """Pydantic's validation errors as one line: ``history[0].guess: String should have ...``.

    >>> readable([{"loc": ("body", "history", 0, "guess"), "msg": "Field required"}])
    'history[0].guess: Field required'
    """
    lines = []
    for error in errors:
        if error.get("type") == "json_invalid":
            lines.append(f"the request body is not valid JSON ({error['ctx']['error']})")
            continue
        where = ""
        for part in error["loc"][1:]:
            where += f"[{part}]" if isinstance(part, int) else f".{part}"
        message = str(error["msg"]).removeprefix("Value error, ")
        lines.append(f"{where.lstrip('.') or 'request body'}: {message}")
    return "; ".join(lines)

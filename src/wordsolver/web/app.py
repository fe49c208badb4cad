"""The FastAPI application: the JSON API, the static page, and errors as one readable line.

Every error answer is ``{"detail": "..."}``: bad input the library refuses is 400, a malformed
body 422, an oversized body 413, and a computation past the time limit 503.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

import wordsolver
from wordsolver.errors import TimeLimitError, WordsolverError
from wordsolver.strategies.optimal import SearchInterrupted
from wordsolver.web.api import SCREENSHOT_PATH, router
from wordsolver.web.limits import BodyLimit, TimeLimitExceeded, Worker

#: The page: plain HTML, CSS and JavaScript modules, served as they are (no build step).
STATIC = Path(__file__).parent / "static"


@dataclass(frozen=True, slots=True)
class WebSettings:
    """Limits of the server: seconds per computation, bytes per body (images may be larger)."""

    time_limit: float = 30.0
    max_body: int = 128 * 1024
    max_image: int = 8 * 1024 * 1024


def create_app(settings: WebSettings | None = None) -> FastAPI:
    """The app with its worker; nothing is loaded until a request needs it."""
    chosen = settings or WebSettings()
    worker = Worker(chosen.time_limit)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        worker.close()

    app = FastAPI(
        title="wordsolver",
        version=wordsolver.__version__,
        description="Suggestions, evaluations, hand solving and Fallout screens, as JSON.",
        docs_url=None,  # the interactive docs load scripts from a CDN; the schema is enough
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.worker = worker
    app.add_exception_handler(WordsolverError, _library_error)
    app.add_exception_handler(TimeLimitExceeded, _too_slow)
    app.add_exception_handler(RequestValidationError, _malformed)
    app.include_router(router)
    app.mount("/", StaticFiles(directory=STATIC, html=True), name="page")
    limits = {SCREENSHOT_PATH: chosen.max_image}
    app.add_middleware(BodyLimit, limit_for=lambda path: limits.get(path, chosen.max_body))
    return app


def _library_error(_: Request, error: Exception) -> JSONResponse:
    # A computation that ran out of time is the server's limit, not the user's mistake.
    status = 503 if isinstance(error, SearchInterrupted | TimeLimitError) else 400
    return JSONResponse({"detail": str(error)}, status_code=status)


def _too_slow(_: Request, error: Exception) -> JSONResponse:
    return JSONResponse({"detail": str(error)}, status_code=503)


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

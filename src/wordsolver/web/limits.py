"""Bounds on what one request may cost: a deadline on library calls and a size limit on bodies.

Every library call gets a :class:`Deadline`: the request answers 503 when it passes, calls that
report progress (an evaluation) stop there themselves, and the lanes of
:mod:`~wordsolver.web.lanes` stop the rest.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Callable
from dataclasses import dataclass

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Set while a request runs: the event fires when its client has gone away (the page aborted
#: the request, or the tab was closed), so its computation can be stopped.
CLIENT_GONE: contextvars.ContextVar[asyncio.Event] = contextvars.ContextVar("client_gone")


class ClientGone(Exception):
    """The client went away before the answer (the API answers 499, which nobody reads)."""


class TimeLimitExceeded(Exception):
    """A computation ran past its request's time limit (the API answers 503)."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """The moment (``time.monotonic()``) by which a request's computation must be done.

    >>> Deadline.after(60).remaining() > 59
    True
    """

    at: float
    seconds: float  # the limit it was set with, for the message

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        """The deadline ``seconds`` from now."""
        return cls(time.monotonic() + seconds, seconds)

    def remaining(self) -> float:
        """Seconds left (never negative)."""
        return max(0.0, self.at - time.monotonic())

    def left_to_give(self) -> float:
        """Seconds left for a call given a time limit of its own; :class:`TimeLimitExceeded`
        when none are (a limit of 0 s is no limit to give, but a refusal to make)."""
        left = self.remaining()
        if left <= 0:
            raise TimeLimitExceeded(self.message())
        return left

    def check(self, _: object = None) -> None:
        """Raise :class:`TimeLimitExceeded` once the deadline has passed.

        Takes and ignores one argument so it can be a library progress callback.
        """
        if time.monotonic() > self.at:
            raise TimeLimitExceeded(self.message())

    def message(self) -> str:
        """What a request past this deadline is told."""
        return _too_slow(self.seconds)


def _too_slow(seconds: float) -> str:
    return (
        f"the computation took longer than the time limit of {seconds:g} s"
        " (or the server was busy with another one); try a smaller request, or again later"
    )


class BodyLimit:
    """ASGI middleware: a request whose body is larger than its path allows gets 413.

    The body is read (up to the limit) before the app sees it, so a client that sends more than
    it declared, or declares nothing, is stopped too.
    """

    def __init__(self, app: ASGIApp, limit_for: Callable[[str], int]) -> None:
        self.app = app
        self.limit_for = limit_for

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > limit:  # bytes: ASCII digits only
            await _too_large(limit)(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _too_large(limit)(scope, receive, send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        replayed = False
        gone = asyncio.Event()
        # The body is read: the next message is the client going away (or the end of the
        # response). A watcher waits for it, so that a long computation can be stopped.
        watcher = asyncio.ensure_future(receive())
        watcher.add_done_callback(lambda _: gone.set())

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await asyncio.shield(watcher)
            replayed = True
            return {"type": "http.request", "body": b"".join(chunks), "more_body": False}

        token = CLIENT_GONE.set(gone)
        try:
            await self.app(scope, replay, send)
        finally:
            CLIENT_GONE.reset(token)
            watcher.cancel()


def _too_large(limit: int) -> JSONResponse:
    return JSONResponse(
        {"detail": f"the request body is larger than this endpoint accepts ({limit:,} bytes)"},
        status_code=413,
    )

"""Bounds on what one request may cost: a time limit on library calls and a size limit on bodies.

Library calls run one at a time on a single worker thread, so a slow request can neither starve
the event loop nor run two compiled kernels over huge matrices at once. Each call has a
:class:`Deadline`: the request answers 503 when it passes, and calls that report progress (an
evaluation) stop there too; a call that cannot be interrupted finishes in the background and
leaves its result in the caches for the next request.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

T = TypeVar("T")


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

    def check(self, _: object = None) -> None:
        """Raise :class:`TimeLimitExceeded` once the deadline has passed.

        Takes and ignores one argument so it can be a library progress callback.
        """
        if time.monotonic() > self.at:
            raise TimeLimitExceeded(_too_slow(self.seconds))


def _too_slow(seconds: float) -> str:
    return (
        f"the computation took longer than the time limit of {seconds:g} s"
        " (or the server was busy with another one); try a smaller request, or again later"
    )


class Worker:
    """Runs library calls one at a time on a background thread, each within the time limit."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wordsolver-web")

    async def run(self, call: Callable[[Deadline], T]) -> T:
        """``call(deadline)`` on the worker thread; TimeLimitExceeded when it is too slow."""
        future = self._executor.submit(call, Deadline.after(self.seconds))
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), self.seconds)
        except TimeoutError:
            future.cancel()  # a call still waiting in the queue never starts
            raise TimeLimitExceeded(_too_slow(self.seconds)) from None

    def close(self) -> None:
        """Drop queued calls; a running one finishes in the background."""
        self._executor.shutdown(wait=False, cancel_futures=True)


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

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": b"".join(chunks), "more_body": False}

        await self.app(scope, replay, send)


def _too_large(limit: int) -> JSONResponse:
    return JSONResponse(
        {"detail": f"the request body is larger than this endpoint accepts ({limit:,} bytes)"},
        status_code=413,
    )

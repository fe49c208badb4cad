"""Pattern tables made ready before players need them, and 202 with progress while they are not.

A built-in game's table is built once (seconds for Wordle, a quarter of a minute or more for
Tonguess 4 on a busy machine) and then loaded from the disk cache in moments. A table is a game,
a list set and a prior: a game played streamed under a prior over every accepted word (today's
Wordle) holds no table, and what is prepared for it is its first turn (how every guess splits
every secret, counted once and kept on disk; see :func:`wordsolver.web.service.load_matrix`).
``serve`` prepares the default games' tables in the background at start (:meth:`Tables.start`),
smallest first: each default list set under its own prior, and uniform (which hosted games,
starting words and trees play) when that differs. A request that needs a table not loaded yet
starts (or joins) its preparation and waits for it up to its patience (``Prefer: wait=N``, else
the time limit), then answers **202** with how far the build has got, and the page asks again:
a first visit is never a time-out.

Tables are prepared on one thread of the server process, into the service's kept matrices, so
the lanes' threads find them loaded and the search lane's children load them from the disk cache
in moments. Several server processes (``serve --workers N``) prepare each table once: the build
holds a lock file beside the cache, and the other processes wait for it, then load the table the
first one saved.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import queue
import re
import threading
import time
from collections.abc import Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Protocol

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from wordsolver.games import GAMES, GameOverrides, find_game
from wordsolver.matrix import matrix_bytes
from wordsolver.web import service
from wordsolver.web.limits import CLIENT_GONE, ClientGone
from wordsolver.web.locks import exclusive
from wordsolver.web.priority import lower_this_thread
from wordsolver.web.service import UNIFORM, TableKey

#: Seconds between two looks at a preparation a request waits for.
POLL_SECONDS = 0.05
#: Priorities of the preparation queue: the end of the queue's thread (the server stops), a
#: table a request waits for, one prepared in advance.
STOP, WANTED, ADVANCE = 0, 1, 2
_PREFER_WAIT = re.compile(r"(?:^|[,;\s])wait\s*=\s*(\d+(?:\.\d+)?)", re.IGNORECASE)


class GameRequest(Protocol):
    """A request for a built-in game (its table), or for given words (``words`` not None)."""

    @property
    def game(self) -> str: ...

    @property
    def lists(self) -> str | None: ...


class StillPreparing(Exception):
    """A table the request needs is being prepared (the API answers 202 with ``status``)."""

    def __init__(self, status: dict[str, Any]) -> None:
        super().__init__(status["message"])
        self.status = status


@dataclass
class Preparation:
    """One table being prepared (or waiting for its turn) in this process."""

    key: TableKey
    priority: int
    future: Future[None] = field(default_factory=Future)
    queued_at: float = field(default_factory=time.monotonic)
    started_at: float | None = None
    done: int = 0
    total: int | None = None
    locked_elsewhere: bool = False

    def elsewhere(self) -> None:
        """Another server process is building the table: this one waits for it."""
        self.locked_elsewhere = True

    def progress(self, done: int, total: int) -> None:
        """The build's progress callback: secrets filled of how many."""
        self.done, self.total = done, total

    def status(self) -> dict[str, Any]:
        """How far it has got, as the 202 answer says it."""
        game, lists, prior = self.key
        under = "" if prior == UNIFORM else f", {prior} prior"
        name = f"the {game} ({lists}{under}) table"
        if self.started_at is None:
            seconds = time.monotonic() - self.queued_at
            message = f"{name} is waiting for another table to be prepared"
            state = "waiting"
        else:
            seconds = time.monotonic() - self.started_at
            share = f" ({100 * self.done / self.total:.0f}% done)" if self.total else ""
            elsewhere = " by another server process" if self.locked_elsewhere else ""
            message = f"preparing {name}{elsewhere}{share}; it is built once and then kept"
            state = "preparing"
        return {
            "status": state,
            "message": message,
            "done": self.done,
            "total": self.total,
            "seconds": round(seconds, 1),
        }


def default_tables() -> list[TableKey]:
    """Every built-in game's default list set whose words are its own, under its own prior
    (what suggestions play) and then uniform when that differs (what hosted games play),
    smallest table first."""
    chosen = []
    for spec in GAMES:
        if not spec.needs_words:
            lists = spec.default_lists
            priors = dict.fromkeys([spec.prior_spec(lists.prior).name, UNIFORM])
            chosen += [(spec.name, lists.name, prior) for prior in priors]
    return sorted(chosen, key=_table_bytes)


def _table_bytes(key: TableKey) -> int:
    name, lists, prior = key
    return matrix_bytes(find_game(name, GameOverrides(lists=lists, prior=prior)))


class Tables:
    """The tables this server process prepares, one at a time on a thread of its own."""

    def __init__(self) -> None:
        self._preparations: dict[TableKey, Preparation] = {}
        self._lock = threading.Lock()
        # A table a player waits for goes before those prepared in advance.
        self._queue: queue.PriorityQueue[tuple[int, int, Preparation | None]] = (
            queue.PriorityQueue()
        )
        self._order = itertools.count()
        self._started: list[TableKey] = []
        self._thread = threading.Thread(target=self._serve, name="wordsolver-tables", daemon=True)
        self._thread.start()

    def start(self, tables: Iterable[TableKey]) -> None:
        """Prepare these tables in the background, in order, after any a request waits for."""
        for key in tables:
            self._started.append(key)
            self._prepare(key, ADVANCE)

    async def ready(
        self, request: GameRequest, patience: float, prior: str | None = UNIFORM
    ) -> None:
        """Return once the request's table under ``prior`` (None: the list set's own) is
        loaded; StillPreparing after ``patience``."""
        if getattr(request, "words", None) is not None:
            return  # given words: a small table, built by the call itself
        key = service.table_key(request.game, request.lists, prior)  # unknown names: 400 here
        if service.is_loaded(key):
            return
        preparation = self._prepare(key, WANTED)
        until = time.monotonic() + patience
        gone = CLIENT_GONE.get(None)
        while not preparation.future.done():
            if gone is not None and gone.is_set():
                raise ClientGone("the client went away while its table was prepared")
            if time.monotonic() >= until:
                raise StillPreparing(preparation.status())
            await asyncio.sleep(POLL_SECONDS)
        preparation.future.result()  # the build's error (a table too large) is the request's

    def report(self) -> list[dict[str, Any]]:
        """Every table started at start, and any prepared since, with its state."""
        with self._lock:
            keys = list(dict.fromkeys([*self._started, *self._preparations]))
            running = dict(self._preparations)
        rows = []
        for key in keys:
            preparation = running.get(key)
            if service.is_loaded(key):
                state, done, total = "ready", 1, 1
            elif preparation is None:
                state, done, total = "cold", 0, None
            else:
                status = preparation.status()
                state, done, total = status["status"], status["done"], status["total"]
            game, lists, prior = key
            rows.append(
                {
                    "game": game,
                    "lists": lists,
                    "prior": prior,
                    "state": state,
                    "done": done,
                    "total": total,
                }
            )
        return rows

    def close(self) -> None:
        """Drop the preparations waiting their turn (one building finishes in the background)."""
        self._queue.put((STOP, next(self._order), None))

    def _prepare(self, key: TableKey, priority: int) -> Preparation:
        with self._lock:
            preparation = self._preparations.get(key)
            if preparation is not None and not preparation.future.done():
                if priority < preparation.priority:  # wanted now: queued again, ahead
                    preparation.priority = priority
                    self._queue.put((priority, next(self._order), preparation))
                return preparation
            if preparation is not None and preparation.future.exception() is None:
                return preparation
            preparation = Preparation(key, priority)
            self._preparations[key] = preparation
        self._queue.put((priority, next(self._order), preparation))
        return preparation

    def _serve(self) -> None:
        lower_this_thread()  # builds for later: the server's answers go first
        while True:
            priority, _, preparation = self._queue.get()
            if priority == STOP or preparation is None:
                return
            if preparation.started_at is None:  # not queued twice over
                self._build(preparation)

    def _build(self, preparation: Preparation) -> None:
        preparation.started_at = time.monotonic()
        try:
            key = preparation.key
            with exclusive(service.table_lock(key), preparation.elsewhere):
                service.load_matrix(key, preparation.progress)
        except BaseException as error:  # told to the requests that wait for it
            preparation.future.set_exception(error)
            return
        preparation.future.set_result(None)


def patience(request: Request, seconds: float, asked: float | None = None) -> float:
    """Seconds a request waits for a table or a job: ``asked`` (a ``wait`` parameter), else its
    ``Prefer: wait=N`` header (RFC 7240), else ``seconds``, and never more than ``seconds``."""
    if asked is None:
        found = _PREFER_WAIT.search(request.headers.get("prefer", ""))
        asked = float(found.group(1)) if found else seconds
    return min(asked, seconds)


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


async def prepared(body: GameRequest, request: Request, *, prior: str | None = UNIFORM) -> None:
    """Wait for the table the body needs (see :meth:`Tables.ready`): uniform, or the body's
    ``prior`` for the endpoints that play priors (suggestions, explanations, evaluations,
    reviews)."""
    seconds = request.app.state.lanes.seconds
    await _tables(request).ready(body, patience(request, seconds), prior)


router = APIRouter(prefix="/api")


@router.get("/tables")
def tables_report(request: Request) -> dict[str, Any]:
    """The pattern tables this server process (``process``: its id) prepares, by game, list
    set and prior: ``ready``, ``preparing``, ``waiting`` (for another table) or ``cold`` (not
    asked for yet), with the build's progress (a game played streamed: its first turn's)."""
    return {"process": os.getpid(), "tables": _tables(request).report()}


def still_preparing(_: Request, error: Exception) -> JSONResponse:
    """The 202 answer of a request whose table (or job) is not ready: ask again shortly."""
    assert isinstance(error, StillPreparing)
    return JSONResponse(error.status, status_code=202, headers={"Retry-After": "1"})

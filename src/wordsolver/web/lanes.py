"""Lanes: where each kind of request's library call runs, so that no kind waits behind another.

- ``quick``: suggestions of the greedy strategies over matrices already loaded, hands and
  screen text, on one thread of the server, where the matrices and indexes loaded once serve
  every later call. They take milliseconds, so nothing long ever stands in their way.
- ``large``: suggestions whose matrix is not loaded yet, or is huge (Tonguess 4), on another
  thread of the server: it loads the matrix into the shared caches, for the quick lane after.
- ``search``: evaluations and the exact search; ``ocr``: screenshots. Each runs in child
  processes (:class:`~wordsolver.web.processes.ProcessWorker`) that are killed at the deadline,
  so a call past its time limit is really stopped and its worker is free for the next request.

Every lane has its own workers and its own bounded queue: when a lane is full a request is told
at once that the server is busy (503) rather than left to wait out its time limit, and the
other lanes go on as before.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from wordsolver.web.limits import CLIENT_GONE, ClientGone, Deadline, TimeLimitExceeded
from wordsolver.web.priority import lower_this_thread
from wordsolver.web.processes import GRACE, ProcessWorker

T = TypeVar("T")

#: Seconds, past a process lane's deadline and grace, after which the request stops waiting
#: for the worker thread to report the kill.
KILL_SECONDS = 2.0


@dataclass
class Running(Generic[T]):
    """A call given to a lane, and the child process running it (process lanes), if any."""

    call: Callable[[Deadline], T]
    worker: ProcessWorker | None = None
    cancelled: bool = False


def _ignored(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


class LaneBusy(Exception):
    """A lane's workers and queue are full (the API answers 503 at once)."""


class Lane(ABC):
    """Workers for one kind of call, each call within the time limit, with a bounded queue."""

    def __init__(
        self,
        name: str,
        seconds: float,
        workers: int,
        max_waiting: int,
        initializer: Callable[[], None] | None = None,
    ) -> None:
        self.name = name
        self.seconds = seconds
        self.workers = workers
        self.max_waiting = max_waiting
        self._executor = ThreadPoolExecutor(
            workers, thread_name_prefix=f"wordsolver-{name}", initializer=initializer
        )
        self._pending = 0  # calls submitted and not finished (running or queued)
        self._count_lock = threading.Lock()

    @property
    def pending(self) -> int:
        """Calls running or waiting in this lane."""
        return self._pending

    async def run(self, call: Callable[[Deadline], T]) -> T:
        """``call(deadline)`` on one of the lane's workers; TimeLimitExceeded when too slow."""
        deadline = Deadline.after(self.seconds)
        with self._count_lock:
            if self._pending >= self.workers + self.max_waiting:
                raise LaneBusy(
                    f"the server is busy with {self._pending} other {self.name} requests;"
                    " try again shortly"
                )
            self._pending += 1
        running = Running(call)
        future = self._submit(running, deadline)
        future.add_done_callback(self._finished)
        answer = asyncio.wrap_future(future)
        gone = CLIENT_GONE.get(None)
        watching = asyncio.ensure_future(gone.wait()) if gone is not None else None
        try:
            waiting: set[asyncio.Future[Any]] = {answer}
            if watching is not None:
                waiting.add(watching)
            done, _ = await asyncio.wait(
                waiting, timeout=self._patience(deadline), return_when=asyncio.FIRST_COMPLETED
            )
            if answer in done:
                return answer.result()
            future.cancel()  # a call still waiting in the queue never starts
            if watching is not None and watching in done:
                running.cancelled = True
                self._stop(running)
                answer.add_done_callback(_ignored)  # its WorkerLost is nobody's to hear
                raise ClientGone("the client went away; its computation was stopped")
            raise TimeLimitExceeded(deadline.message())
        finally:
            if watching is not None:
                watching.cancel()

    def close(self) -> None:
        """Drop queued calls and stop the workers."""
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _finished(self, _: Future[Any]) -> None:
        with self._count_lock:
            self._pending -= 1

    @abstractmethod
    def _submit(self, call: Running[T], deadline: Deadline) -> Future[T]:
        """Start the call (or queue it) on a worker."""

    @abstractmethod
    def _stop(self, running: Running[Any]) -> None:
        """Stop a call whose client went away."""

    @abstractmethod
    def _patience(self, deadline: Deadline) -> float:
        """Seconds the request waits for the call's answer."""


class ThreadLane(Lane):
    """Calls on threads of the server process: no start-up cost, shared caches, but a call
    past its deadline cannot be stopped (it finishes, and its result stays in the caches)."""

    def _submit(self, call: Running[T], deadline: Deadline) -> Future[T]:
        return self._executor.submit(call.call, deadline)

    def _patience(self, deadline: Deadline) -> float:
        return deadline.remaining()

    def _stop(self, running: Running[Any]) -> None:
        """A thread cannot be stopped: a call already running finishes (in milliseconds, on
        these lanes), one still queued never starts."""


class ProcessLane(Lane):
    """Calls in child processes, each killed when its call passes the deadline."""

    def __init__(self, name: str, seconds: float, workers: int, max_waiting: int) -> None:
        super().__init__(name, seconds, workers, max_waiting)
        self._all = [ProcessWorker(f"{name}-{k}") for k in range(workers)]
        self._idle: queue.SimpleQueue[ProcessWorker] = queue.SimpleQueue()
        for worker in self._all:
            self._idle.put(worker)

    @property
    def pids(self) -> list[int]:
        """Process ids of the children running now (for tests and the load benchmark)."""
        return [pid for worker in self._all if (pid := worker.pid) is not None]

    def warm(self) -> None:
        """Start every child now rather than on first use."""
        for worker in self._all:
            worker.warm()

    def _submit(self, call: Running[T], deadline: Deadline) -> Future[T]:
        return self._executor.submit(self._in_child, call, deadline)

    def _in_child(self, running: Running[T], deadline: Deadline) -> T:
        worker = self._idle.get()  # one thread per worker: never waits
        running.worker = worker
        try:
            if running.cancelled:  # its client left before it started
                raise ClientGone("the client went away")
            return worker.call(running.call, deadline)
        finally:
            running.worker = None
            self._idle.put(worker)

    def _stop(self, running: Running[Any]) -> None:
        """Kill the child running the call: the search stops at once, the next call gets a
        fresh child."""
        worker = running.worker
        if worker is not None:
            worker.stop()

    def _patience(self, deadline: Deadline) -> float:
        return deadline.remaining() + GRACE + KILL_SECONDS

    def close(self) -> None:
        super().close()
        for worker in self._all:
            worker.close()


@dataclass(frozen=True, slots=True)
class LaneSettings:
    """How many workers each lane has, and how many requests may wait for one."""

    search_workers: int = 1
    ocr_workers: int = 1
    #: Requests that may wait in the quick lane (each takes milliseconds) and in a long one.
    quick_queue: int = 64
    long_queue: int = 8


@dataclass(frozen=True, slots=True)
class Lanes:
    """The server's lanes, one per kind of call."""

    quick: ThreadLane
    large: ThreadLane
    search: ProcessLane
    ocr: ProcessLane

    @classmethod
    def start(cls, seconds: float, settings: LaneSettings) -> Lanes:
        """The lanes with the given time limit; child processes start on first use."""
        waiting = settings.long_queue
        return cls(
            ThreadLane("quick", seconds, 1, settings.quick_queue),
            ThreadLane("large", seconds, 1, waiting, initializer=lower_this_thread),
            ProcessLane("search", seconds, settings.search_workers, waiting),
            ProcessLane("ocr", seconds, settings.ocr_workers, waiting),
        )

    @property
    def seconds(self) -> float:
        """The time limit of every call."""
        return self.quick.seconds

    def close(self) -> None:
        """Stop every lane."""
        for lane in (self.quick, self.large, self.search, self.ocr):
            lane.close()

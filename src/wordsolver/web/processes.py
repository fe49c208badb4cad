"""Library calls in a child process that is killed at the call's deadline.

A thread cannot be stopped from outside: a computation past its time limit would go on holding
a core (and the worker) after its request has been answered. A child process can: when its
call passes the deadline the process is killed, with anything it started (Tesseract), and the
next call gets a fresh one. Children are forked from a server process that has imported the
service once, so a replacement is ready in milliseconds; each child keeps the matrices it loaded
for the calls after, as the thread worker does.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from wordsolver.web.limits import Deadline, TimeLimitExceeded
from wordsolver.web.priority import lower_this_process

T = TypeVar("T")

#: Seconds a child may run past the deadline to report it stopped itself, before it is killed.
GRACE = 0.5
#: Seconds an idle child has to exit when the server stops, before it is killed.
STOP_SECONDS = 2.0
#: Modules the children share, imported once by the server that forks them.
PRELOAD = ["wordsolver.web.service"]

_context = multiprocessing.get_context("forkserver")
_context.set_forkserver_preload(PRELOAD)


class WorkerLost(Exception):
    """The child process died during a call (killed from outside, or out of memory)."""


class ProcessWorker:
    """One child process that runs calls one at a time; it is started on first use."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._process: Any = None
        self._connection: Connection | None = None
        self._lock = threading.Lock()

    @property
    def pid(self) -> int | None:
        """The child's process id (None when none is running)."""
        return None if self._process is None else int(self._process.pid)

    def warm(self) -> None:
        """Start the child now rather than on the first call (whose deadline would pay for it)."""
        with self._lock:
            self._started()

    def call(self, call: Callable[[Deadline], T], deadline: Deadline) -> T:
        """``call(deadline)`` in the child; the child is killed if the answer is late.

        Blocks the calling thread; raises what the call raised, :class:`TimeLimitExceeded` at
        the deadline, or :class:`WorkerLost`.
        """
        with self._lock:
            if deadline.remaining() <= 0:
                raise TimeLimitExceeded(deadline.message())
            connection = self._started()
            try:
                connection.send((call, deadline))
                if not connection.poll(deadline.remaining() + GRACE):
                    self._kill()
                    raise TimeLimitExceeded(deadline.message())
                ok, value = connection.recv()
            except (EOFError, OSError):
                self._kill()
                raise WorkerLost(f"the {self.name} worker stopped during the computation") from None
        if ok:
            return value  # type: ignore[no-any-return]
        raise value

    def stop(self) -> None:
        """Kill the child in the middle of its call (which ends in :class:`WorkerLost`); the
        next call starts a fresh one."""
        process = self._process
        if process is not None and process.pid is not None:
            _kill_group(process.pid)  # not under the lock, which the running call holds

    def close(self) -> None:
        """Stop the child: an idle one is asked to exit, a busy one is killed (its call ends in
        :class:`WorkerLost`)."""
        if self._lock.acquire(blocking=False):
            try:
                if self._connection is not None and self._process is not None:
                    with contextlib.suppress(OSError):
                        self._connection.send(None)
                    self._process.join(timeout=STOP_SECONDS)
                self._kill()
            finally:
                self._lock.release()
            return
        process = self._process
        if process is not None and process.pid is not None:
            _kill_group(process.pid)  # not under the lock, which the running call holds
        with self._lock:
            self._kill()

    def _started(self) -> Connection:
        if self._process is None or not self._process.is_alive():
            self._kill()
            parent, child = _context.Pipe()
            process = _context.Process(
                target=_serve, args=(child,), name=f"wordsolver-{self.name}", daemon=True
            )
            try:
                process.start()
            finally:
                child.close()
            self._process, self._connection = process, parent
        assert self._connection is not None
        return self._connection

    def _kill(self) -> None:
        """Kill the child's whole process group (it may have started Tesseract) and reap it."""
        if self._process is not None:
            if self._process.pid is not None and self._process.exitcode is None:
                _kill_group(self._process.pid)
            self._process.join()
            self._process = None
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # already gone
        os.killpg(pid, signal.SIGKILL)


def _serve(connection: Connection) -> None:
    """The child's loop: run each call received and send back its result or its exception."""
    os.setpgrp()  # its own group: the parent kills it and its children together
    lower_this_process()  # long work: the server's answers go first
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    # This process starts none of its own. Under a fork start method numba's parallel kernels
    # take a named semaphore, which a child killed at a deadline would leave behind.
    multiprocessing.set_start_method("spawn", force=True)
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return  # the server is gone
        if job is None:
            return  # asked to stop
        call, deadline = job
        try:
            answer: tuple[bool, Any] = (True, call(deadline))
        except Exception as error:  # every failure goes back to the request
            answer = (False, _portable(error))
        try:
            connection.send(answer)
        except (EOFError, OSError):
            return
        except Exception as error:  # an answer that cannot be pickled: a bug
            connection.send((False, RuntimeError(f"{type(error).__name__}: {error}")))


def _portable(error: Exception) -> Exception:
    """The error, or the nearest of its base classes that survives pickling with its message.

    An exception is rebuilt from its arguments on unpickling, which fails for one whose
    constructor takes others (``UnknownNameError(kind, name, choices)``).
    """
    for kind in type(error).__mro__:
        try:
            candidate = error if kind is type(error) else kind(str(error))
            pickle.loads(pickle.dumps(candidate))
        except Exception:  # not this one: try its base class
            continue
        return candidate
    return RuntimeError(str(error))

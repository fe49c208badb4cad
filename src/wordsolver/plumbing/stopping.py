"""Stopping long work at once on Ctrl-C.

Python raises KeyboardInterrupt when Ctrl-C arrives, but only between two steps of Python code:
while a compiled kernel (numba, C++) runs, the interrupt waits until it returns. So long work is
cut into :func:`pieces` that each take about :data:`PIECE_SECONDS`, and the interrupt lands
between two of them.

An interrupt can also be lost: raised inside a callback from C (numba's compiler calls back
into Python from LLVM), it is printed and dropped, and the work goes on. :func:`catch_interrupts`,
which the command line holds for the length of a command, remembers every Ctrl-C: an interrupt
dropped that way is raised again at once, and :func:`check` (called between pieces) raises it
again if it was swallowed anywhere else.

Ctrl-C that lands while the JIT compiler runs (the first run after an install compiles the
kernels) is not raised at all: unwound half-way, LLVM's objects can be freed twice and the
process crash. The command stops at once instead (:func:`catch_interrupts`' ``farewell``): the
temporary files of saves under way (:func:`unfinished`) are removed, it says its last words and
the process exits.

>>> [piece for piece in pieces(12, first=4)]
[(0, 4), (4, 12)]
"""

from __future__ import annotations

import _thread
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

#: Wall seconds a piece of long work aims to take: well inside the second a user waits.
PIECE_SECONDS = 0.1
#: How much a piece may grow over the one before (a cheap piece may have been cheap by chance).
_GROWTH = 4

_interrupted = threading.Event()
#: Modules whose Python code runs inside the JIT compiler: numba's passes, llvmlite's LLVM.
_COMPILER_MODULES = ("numba.", "llvmlite.")
#: Temporary files of saves under way, removed when the command stops at once.
_unfinished: set[Path] = set()
#: What the command says and returns when it stops at once (None: it never does).
_farewell: Callable[[], int] | None = None


def interrupted() -> bool:
    """Whether Ctrl-C arrived during the current command (held by :func:`catch_interrupts`)."""
    return _interrupted.is_set()


def check() -> None:
    """Raise KeyboardInterrupt if Ctrl-C arrived (again, if something swallowed it)."""
    if _interrupted.is_set():
        raise KeyboardInterrupt


def pieces(total: int, *, first: int = 1) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` ranges that cover ``range(total)`` in order, each sized so that the
    work the caller does on it takes about :data:`PIECE_SECONDS` of wall time (measured on the
    pieces before: the first has ``first`` items, each next at most four times the last, and
    a piece takes in a rest of less than a quarter of its size); a pending Ctrl-C is raised
    before each piece."""
    seconds = PIECE_SECONDS
    start, size = 0, max(1, first)
    while start < total:
        check()
        stop = min(total, start + size)
        if total - stop < size // _GROWTH:  # a last piece that small: done in this one
            stop = total
        began = time.perf_counter()
        yield start, stop
        took = time.perf_counter() - began
        start = stop
        size = max(1, min(size * _GROWTH, int(size * seconds / max(took, 1e-6))))


@contextmanager
def unfinished(temporary: Path) -> Iterator[None]:
    """For the body: ``temporary`` is a file being written, removed if the command stops at once."""
    _unfinished.add(temporary)
    try:
        yield
    finally:
        _unfinished.discard(temporary)


def _in_compiler(frame: FrameType | None) -> bool:
    """Whether the frame runs inside the JIT compiler (called from it, at any depth)."""
    while frame is not None:
        if str(frame.f_globals.get("__name__", "")).startswith(_COMPILER_MODULES):
            return True
        frame = frame.f_back
    return False


def _stop_at_once(farewell: Callable[[], int]) -> None:
    """End the process now: the saves under way removed, the last words said."""
    for temporary in list(_unfinished):
        temporary.unlink(missing_ok=True)
    code = farewell()
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    os._exit(code)


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    """Remember the Ctrl-C and raise KeyboardInterrupt, as Python's own handler does (once the
    command is over, only remember it; inside the JIT compiler, stop at once)."""
    _interrupted.set()
    if _over.is_set():
        return
    if _farewell is not None and _in_compiler(frame):
        _stop_at_once(_farewell)
    raise KeyboardInterrupt


_over = threading.Event()
_raisers: list[threading.Thread] = []


def _raise_again() -> None:
    """Deliver the interrupt to the main thread again, a moment later: raised at once it would
    land in the very callback that dropped it."""
    time.sleep(0.01)
    if not _over.is_set():
        _thread.interrupt_main(signal.SIGINT)


def _unraisable(hook: Any) -> Any:
    """A ``sys.unraisablehook`` that raises a dropped interrupt again, and prints nothing for
    it nor for what fails once Ctrl-C arrived (the command is stopping: its one line says so);
    anything else goes to ``hook``."""

    def handle(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            if not _over.is_set():
                raiser = threading.Thread(target=_raise_again, daemon=True)
                _raisers.append(raiser)
                raiser.start()
        elif not _interrupted.is_set():
            hook(unraisable)

    return handle


def _quiet_once_interrupted(hook: Any) -> Any:
    """A ``threading.excepthook`` that prints nothing for a thread that fails once Ctrl-C
    arrived (its work is being stopped); anything else goes to ``hook``."""

    def handle(failure: Any) -> None:
        if not _interrupted.is_set():
            hook(failure)

    return handle


def _settle() -> None:
    """Nothing: calling a Python function lets a pending interrupt reach its handler."""


@contextmanager
def catch_interrupts(farewell: Callable[[], int] | None = None) -> Iterator[None]:
    """For the body: Ctrl-C raises KeyboardInterrupt and is remembered, and an interrupt a
    callback from C swallows is raised again. Given a ``farewell`` (what a command says when
    stopped, returning its exit code), Ctrl-C inside the JIT compiler calls it and ends the
    process. Outside the main thread (where signals cannot be caught) it changes nothing."""
    global _farewell
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _farewell = farewell
    _interrupted.clear()
    _over.clear()
    previous_handler = signal.signal(signal.SIGINT, _on_interrupt)
    previous_hooks = sys.unraisablehook, threading.excepthook
    sys.unraisablehook = _unraisable(previous_hooks[0])
    threading.excepthook = _quiet_once_interrupted(previous_hooks[1])
    try:
        yield
    finally:
        _over.set()  # from here an interrupt is only remembered
        _farewell = None
        while _raisers:
            _raisers.pop().join()
        _settle()  # one raised again just now reaches the quiet handler, not the next one's
        signal.signal(signal.SIGINT, previous_handler)
        sys.unraisablehook, threading.excepthook = previous_hooks
        _interrupted.clear()

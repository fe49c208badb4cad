"""Ctrl-C in-process: pieces of work sized by time, an interrupt remembered, and one that a
callback from C drops raised again."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from wordsolver.plumbing import stopping
from wordsolver.plumbing.stopping import catch_interrupts, check, interrupted, pieces


def test_pieces_cover_the_range_in_order() -> None:
    covered = [index for start, stop in pieces(1000, first=3) for index in range(start, stop)]
    assert covered == list(range(1000))


def test_pieces_grow_when_cheap_and_shrink_when_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stopping, "PIECE_SECONDS", 0.02)
    sizes = []
    for start, stop in pieces(10**9, first=2):
        sizes.append(stop - start)
        if len(sizes) == 4:
            assert sizes == [2, 8, 32, 128]  # cheap: four times larger each time
        if len(sizes) > 4:
            time.sleep(0.05)  # now each item costs time
        if len(sizes) == 9:
            break
    assert sizes[-1] < sizes[4] / 10


def test_nothing_is_pending_outside_a_command() -> None:
    check()
    assert not interrupted()


def test_ctrl_c_raises_at_once_and_the_handler_is_put_back() -> None:
    before = signal.getsignal(signal.SIGINT)
    with catch_interrupts(), pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)
    assert signal.getsignal(signal.SIGINT) == before


def test_a_swallowed_interrupt_is_raised_again_by_the_next_check() -> None:
    with catch_interrupts():
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            pass  # as a careless library might
        assert interrupted()
        with pytest.raises(KeyboardInterrupt):
            list(pieces(10))
    assert not interrupted()


def test_an_interrupt_dropped_by_a_callback_from_c_is_raised_again(
    capfd: pytest.CaptureFixture[str],
) -> None:
    def interrupted_inside() -> None:  # what Ctrl-C during numba's compiler looks like
        raise KeyboardInterrupt

    callback = ctypes.CFUNCTYPE(None)(interrupted_inside)

    with catch_interrupts(), pytest.raises(KeyboardInterrupt):
        callback()  # ctypes prints and drops the exception; the hook raises it again
        for _ in range(500):
            time.sleep(0.01)
    assert "Exception ignored" not in capfd.readouterr().err


def test_a_thread_that_fails_once_ctrl_c_arrived_prints_nothing(
    capfd: pytest.CaptureFixture[str],
) -> None:
    def fail() -> None:
        raise RuntimeError("a worker stopped half-way")

    with catch_interrupts():
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            pass  # what the command line's main does
        worker = threading.Thread(target=fail)
        worker.start()
        worker.join()
    assert "a worker stopped half-way" not in capfd.readouterr().err


class _HalfMade:
    """An object whose constructor Ctrl-C cut short, as llvmlite's ``OutputString`` when the
    interrupt lands while numba compiles (a cold cache): its ``__del__`` then fails."""

    def __init__(self) -> None:
        raise KeyboardInterrupt

    def __del__(self) -> None:
        self.closed = self.__dict__["pointer"]  # never set: KeyError, which Python only prints


def _make_half_made() -> None:
    with contextlib.suppress(KeyboardInterrupt):
        _HalfMade()


def test_a_destructor_that_fails_once_ctrl_c_arrived_prints_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown: list[BaseException | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda failed: shown.append(failed.exc_value))
    with catch_interrupts():
        _make_half_made()  # before Ctrl-C: a real fault, shown as Python shows it
        assert [type(error) for error in shown] == [KeyError]
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            pass  # what the command line's main does
        _make_half_made()
    assert len(shown) == 1


_INSIDE_THE_COMPILER = """
import os, signal, sys, time
from pathlib import Path
from wordsolver.plumbing.files import atomic_writer
from wordsolver.plumbing.stopping import catch_interrupts

def farewell():
    print("stopped at once", flush=True)
    return 130

compiling = '''
def compile_kernel():  # Ctrl-C while the JIT compiler runs
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(5)
'''
passes = {"__name__": "numba.core.compiler", "os": os, "signal": signal, "time": time}
exec(compiling, passes)
with catch_interrupts(farewell=farewell), atomic_writer(Path(sys.argv[1])) as file:
    file.write(b"half")
    passes["compile_kernel"]()
print("unwound")
"""


def test_ctrl_c_inside_the_compiler_stops_at_once_and_leaves_no_temporary(tmp_path: Path) -> None:
    """Not unwound (LLVM's half-made objects could crash the process): the saves under way are
    removed, the command's last words said, its exit code returned."""
    target = tmp_path / "saved.json"
    ended = subprocess.run(
        [sys.executable, "-c", _INSIDE_THE_COMPILER, str(target)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert (ended.returncode, ended.stdout, ended.stderr) == (130, "stopped at once\n", "")
    assert list(tmp_path.iterdir()) == []

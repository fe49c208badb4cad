"""Ctrl-C as a terminal sends it: a command runs on a pseudo-terminal in a process group of its
own, and once it shows that its long work has begun (a progress bar's label on the screen),
SIGINT goes to the whole group. Used by the signal rows of the hostile catalogue and by the
benchmark that times how soon each command stops.
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

#: Escape sequences of a terminal (colours, cursor moves): dropped before the text is read.
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


@dataclass(frozen=True)
class Stopped:
    """How a command ended after Ctrl-C: exit code, the seconds from the signal to its last line
    and to its exit, and what the terminal showed (escapes removed)."""

    code: int
    line_seconds: float | None
    exit_seconds: float
    screen: str

    @property
    def lines(self) -> list[str]:
        """The non-blank lines shown, a progress bar's redraws each a line."""
        return [line.strip() for line in re.split(r"[\r\n]+", self.screen) if line.strip()]


class FinishedFirst(AssertionError):
    """The command ended (or never showed its marker) before it could be interrupted."""


def interrupt(
    args: list[str],
    ready: str,
    *,
    cwd: Path,
    env: dict[str, str] | None = None,
    settle: float = 0.3,
    patience: float = 120.0,
) -> Stopped:
    """Run ``wordsolver ARGS`` on a terminal, wait until ``ready`` is on its screen (then
    ``settle`` seconds more), send SIGINT to its process group, and wait for it to end (killed
    after 30 s: a hang)."""
    leader, follower = pty.openpty()
    command = [sys.executable, "-m", "wordsolver", *args]
    process = subprocess.Popen(
        command, stdin=follower, stdout=follower, stderr=follower, cwd=cwd,
        env={**os.environ, **(env or {}), "COLUMNS": "100"}, start_new_session=True,
    )  # fmt: skip
    os.close(follower)
    screen = _Screen(leader)
    try:
        started = time.monotonic()
        while ready not in screen.text():
            if process.poll() is not None or time.monotonic() - started > patience:
                raise FinishedFirst(f"{' '.join(args)}: no {ready!r} on screen: {screen.text()}")
            screen.read(0.05)
        screen.read(settle)
        if process.poll() is not None:
            raise FinishedFirst(f"{' '.join(args)} ended before Ctrl-C: {screen.text()}")
        shown = len(screen.text())
        os.killpg(process.pid, signal.SIGINT)
        sent = time.monotonic()
        line_at = None
        while process.poll() is None and time.monotonic() - sent < 30:
            screen.read(0.01)
            if line_at is None and "interrupted" in screen.text()[shown:]:
                line_at = time.monotonic() - sent
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        code = process.wait()
        exit_seconds = time.monotonic() - sent
        screen.read(0.1)
        if line_at is None and "interrupted" in screen.text()[shown:]:
            line_at = exit_seconds
        return Stopped(code, line_at, exit_seconds, screen.text()[shown:])
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        os.close(leader)


class _Screen:
    """What a pseudo-terminal has shown so far."""

    def __init__(self, leader: int) -> None:
        self.leader = leader
        self.raw = b""

    def read(self, seconds: float) -> None:
        """Take what the command writes for ``seconds``."""
        until = time.monotonic() + seconds
        while (left := until - time.monotonic()) > 0:
            ready, _, _ = select.select([self.leader], [], [], left)
            if not ready:
                return
            try:
                chunk = os.read(self.leader, 65536)
            except OSError:  # the command is gone and its terminal closed
                return
            if not chunk:
                return
            self.raw += chunk

    def text(self) -> str:
        return _ESCAPES.sub("", self.raw.decode("utf-8", "replace"))

"""Whole processes measured as a user runs them: wall seconds, CPU seconds, peak memory."""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ProcessRun:
    """One finished process: wall and CPU seconds, peak resident memory in MB, its output."""

    wall: float
    cpu: float
    peak_mb: float
    output: str


def run_process(
    command: list[str],
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    *,
    with_stderr: bool = True,
) -> ProcessRun:
    """Run a command to its end; RuntimeError with its output when it fails. The output is
    its standard output, and its standard error too unless ``with_stderr`` is False (for
    output read as JSON)."""
    errors = subprocess.STDOUT if with_stderr else subprocess.DEVNULL
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError(f"{command[0]} exited {code}: {text[-500:]}")
    return ProcessRun(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, text)


def medians(runs: list[ProcessRun]) -> ProcessRun:
    """The median of each measure (the output of the first run)."""
    return ProcessRun(
        statistics.median(r.wall for r in runs),
        statistics.median(r.cpu for r in runs),
        statistics.median(r.peak_mb for r in runs),
        runs[0].output,
    )


def load_average() -> float:
    """The one-minute load average: how busy the machine was while measuring."""
    return os.getloadavg()[0]

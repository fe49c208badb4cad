"""Ctrl-C in the middle of long work, sent to the process group of a real command on a terminal:
exit code 130, one line, nothing half-written (the rows are in ``signals.py``; how soon each
command stops is timed by ``benchmarks/bench_interrupt.py``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hostile.interrupts import interrupt
from tests.hostile.signals import LONG_RUNS, LongRun

#: Longest wait for the exit after Ctrl-C: anything past it is a hang (the budget of a second
#: is the benchmark's, on a machine that is not shared by the whole test suite).
HANG = 15.0


@pytest.mark.slow
@pytest.mark.parametrize("row", LONG_RUNS, ids=[row.name for row in LONG_RUNS])
def test_ctrl_c_stops_long_work_with_one_line(row: LongRun, tmp_path: Path) -> None:
    stopped = interrupt(row.argv(tmp_path), row.ready, cwd=tmp_path, env=row.environment(tmp_path))
    assert stopped.code == 130, stopped.screen
    assert stopped.exit_seconds < HANG
    assert stopped.lines[-1:] == ["interrupted"], stopped.screen
    said = stopped.screen
    if row.summary is not None:  # what it kept, in one line of its own before the last
        assert [line for line in stopped.lines if row.summary in line] == [
            line for line in stopped.lines if line.startswith(row.summary)
        ]
        assert said.count(row.summary) == 1, stopped.screen
        said = said.replace(row.summary, "")
    assert said.count("interrupted") == 1
    for mark in ("Traceback", "Exception ignored", "error:"):
        assert mark not in stopped.screen
    for pattern in row.absent:
        assert not list(tmp_path.glob(pattern)), pattern
    if row.kept is not None:
        row.kept(tmp_path)


def test_a_command_that_is_not_interrupted_is_left_alone(tmp_path: Path) -> None:
    """The runner itself: a command that ends before its marker shows is reported, not
    interrupted, so a row whose work got too fast fails instead of passing quietly."""
    from tests.hostile.interrupts import FinishedFirst

    with pytest.raises(FinishedFirst):
        interrupt(["games"], "never shown", cwd=tmp_path, env=dict(os.environ))

"""How soon Ctrl-C stops each long command: SIGINT to its process group, as a terminal sends it.

Run ``python benchmarks/bench_interrupt.py [--quick] [--rows TEXT]`` (``--rows``: only the rows
whose name holds TEXT). Each command of the hostile catalogue's signal rows
(``tests/hostile/signals.py``: a first Tonguess-4 table, an evaluation, a tree, an opener search,
Fallout simulations and sweeps, one while its kernels compile, a whole-game proof on a local
cluster, an optimal tree's proof, a study), and an evaluation of Tonguess 4 (too heavy for the
tests), runs on a pseudo-terminal; once its
progress bar shows that the long work has begun, and half a second more, SIGINT goes to its
process group. Measured: the seconds until the line ``interrupted`` is shown, and until the
process has exited. Median of 3 runs each (``--quick``: 1).

Budget, from the issue: every command exits (code 130, one line) within 1 s of Ctrl-C. On a
shared machine a process waits for a core as long as the others make it, so the load average
is printed beside the figures.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the runner and the rows live with the tests

from tests.hostile.interrupts import interrupt  # noqa: E402
from tests.hostile.signals import LONG_RUNS, LongRun  # noqa: E402

#: Rows too heavy for the test suite: the issue's own case, an evaluation of Tonguess 4 (its
#: 640 MB table is built once, into the cache the runs share, before the first is interrupted).
HEAVY_RUNS = [LongRun("an evaluation of tonguess4", ["evaluate", "tonguess4"], "entropy")]

#: Seconds from Ctrl-C to the exit.
BUDGET = 1.0


def main(argv: list[str]) -> int:
    repeats = 1 if "--quick" in argv else 3
    wanted = argv[argv.index("--rows") + 1] if "--rows" in argv else ""
    rows = [row for row in [*LONG_RUNS, *HEAVY_RUNS] if wanted in row.name]
    table = Table("command", "runs", "line s", "exit s", "codes", "budget", "result",
                  title=f"Ctrl-C in the middle of long work, median of {repeats}")  # fmt: skip
    loads = [os.getloadavg()[0]]
    failed = 0
    with tempfile.TemporaryDirectory(prefix="bench-interrupt-") as base:
        shared_cache = Path(base) / "cache"  # tables built once, as a user's cache holds them
        for row in rows:
            lines, exits, codes = [], [], []
            for run in range(repeats):
                scratch = Path(base) / f"{row.name}-{run}".replace(" ", "-")
                scratch.mkdir()
                env = row.environment(scratch, shared_cache)
                stopped = interrupt(
                    row.argv(scratch), row.ready, cwd=scratch, env=env, settle=0.5, patience=900
                )
                exits.append(stopped.exit_seconds)
                lines.append(stopped.line_seconds if stopped.line_seconds is not None else 99.0)
                codes.append(stopped.code)
            loads.append(os.getloadavg()[0])
            exit_median = statistics.median(exits)
            ok = exit_median <= BUDGET and set(codes) == {130}
            failed += not ok
            table.add_row(row.name, str(repeats), f"{statistics.median(lines):.2f}",
                          f"{exit_median:.2f}", ",".join(map(str, sorted(set(codes)))),
                          f"≤ {BUDGET:g} s", "PASS" if ok else "FAIL")  # fmt: skip
    console = Console(width=140)
    console.print(table)
    console.print(f"load average while measuring: {min(loads):.1f}–{max(loads):.1f} (2 cores)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

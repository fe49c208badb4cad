"""Time the Absurdle proofs: the shortest forced win on the original Wordle lists, found and
proven shortest (no 3-guess win exists), in normal and in hard mode.

Run ``python benchmarks/bench_absurdle.py [--runs N] [--quick]``. Each run is a whole process as
a user runs it (``wordsolver tree build absurdle --lists original -s optimal --json``), timed
from the outside: wall seconds, CPU seconds and peak memory of its rusage; the table gives the
medians over the runs (one warm-up run first compiles the kernels and builds the matrix cache,
and is not counted). The load average before and after is printed: on a shared machine the
wall times are only comparable at the same load. ``--quick`` proves on a small list instead.
``--every-first`` adds one run (normal mode) that tries every first guess and counts those that
start a shortest forced win (``tree build absurdle -s optimal --every-first``): on the original
lists that is the long one.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from processes import run_process
from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent
QUICK_WORDS = "crane,slate,trace,crate,grate,irate,plate,batch,catch,hatch,latch,match,patch"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--every-first", action="store_true")
    args = parser.parse_args(argv)
    lists = ["--words", QUICK_WORDS] if args.quick else ["--lists", "original"]
    console = Console()
    table = Table(
        "mode",
        "shortest win",
        "path",
        "wall s (median)",
        "CPU s (median)",
        "peak MB",
        "runs",
        "first guesses that start it",
        title="tree build absurdle -s optimal" + (" (quick list)" if args.quick else ""),
    )
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="bench-absurdle-") as folder:
        modes = ["normal", "hard"] + (["every first"] if args.every_first else [])
        for mode in modes:
            hard = ["--hard"] if mode == "hard" else []
            every = ["--every-first"] if mode == "every first" else []
            runs = 1 if every else args.runs
            output = str(Path(folder) / f"{mode}.json")
            command = [
                sys.executable, "-m", "wordsolver", "tree", "build", "absurdle", *lists,
                "-s", "optimal", *hard, *every, "--json", "-o", output,
            ]  # fmt: skip
            if not every:
                run_process(command)  # warm-up: kernels compiled, matrix cached
            measured = [run_process(command, with_stderr=False) for _ in range(runs)]
            walls = [m.wall for m in measured]
            cpus = [m.cpu for m in measured]
            peaks = [m.peak_mb for m in measured]
            result = json.loads(measured[-1].output)
            table.add_row(
                mode,
                str(result["shortest_win"]),
                " ".join(result["guesses"]),
                f"{statistics.median(walls):.1f}",
                f"{statistics.median(cpus):.1f}",
                f"{max(peaks):.0f}",
                str(runs),
                f"{len(result['first_guesses']):,}" if every else "",
            )
    console.print(table)
    print(f"load average before: {load_before:.2f}, after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

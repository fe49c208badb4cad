"""Multi-board speed against the budgets of the multi-board issue, printed as one table.

Run: ``python benchmarks/bench_boards.py [--games N]``. Budgets: ``suggest octordle`` on 8 full
boards ≤ 0.3 s, 1,000 Quordle games (``evaluate quordle --sample 1000``) ≤ 60 s. Both are timed
as whole processes (wall and CPU seconds, peak memory; medians of the runs), and the suggestion
in-process too (the pattern matrix loaded, a fresh scorer each run), since a whole process pays
the interpreter and library start-up the budget cannot cover.

No Python multi-board solver is among the peer programs in ``../shared/peers`` (only a C++
exact Wordle solver), so no peer runs beside these.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from rich.console import Console
from rich.table import Table

os.environ.setdefault("WORDSOLVER_CACHE_DIR", tempfile.mkdtemp(prefix="wordsolver-bench-"))

from wordsolver.boards import BoardScorer, BoardsSession, load_board_game
from wordsolver.matrix import pattern_matrix
from wordsolver.strategies import find_strategy

WORDSOLVER = [sys.executable, "-m", "wordsolver"]


def whole_process(args: list[str], repeat: int) -> tuple[float, float, float, str]:
    """Median wall and CPU seconds, peak memory (MB) of ``wordsolver ARGS``, and its output."""
    walls, cpus, peaks = [], [], []
    out = ""
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run([*WORDSOLVER, *args], capture_output=True, text=True, check=True)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        peaks.append(after.ru_maxrss / 1024)
        out = done.stdout
    return statistics.median(walls), statistics.median(cpus), max(peaks), out


def in_process_suggest(repeat: int) -> tuple[float, float]:
    """Median wall and CPU seconds of the first suggestion on 8 full boards, matrix loaded,
    scorer fresh."""
    game, boards = load_board_game("octordle")
    matrix = pattern_matrix(game)
    walls, cpus = [], []
    for _ in range(repeat + 1):  # the first run compiles nothing but warms the caches
        state = BoardsSession(matrix, boards)
        scorer = BoardScorer(find_strategy("entropy"))
        started, cpu = time.perf_counter(), time.process_time()
        state.suggest(scorer, top=5)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls[1:]), statistics.median(cpus[1:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="Quordle games to evaluate")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing")
    args = parser.parse_args()
    whole_process(["suggest", "octordle", "--top", "1"], 1)  # fills the matrix cache
    table = Table("what", "budget s", "wall s", "CPU s", "peak MB", "result")
    load_before = os.getloadavg()[0]
    inside, inside_cpu = in_process_suggest(args.repeat * 3)
    table.add_row(
        "suggest octordle, in-process", "0.3", f"{inside:.3f}", f"{inside_cpu:.3f}", "", ""
    )
    wall, cpu, peak, out = whole_process(["suggest", "octordle", "--json"], args.repeat)
    best = json.loads(out)["suggestions"][0]["word"]
    table.add_row(
        "suggest octordle, whole process", "0.3", f"{wall:.2f}", f"{cpu:.2f}", f"{peak:.0f}", best
    )
    evaluate = ["evaluate", "quordle", "--sample", str(args.games), "--seed", "1", "--json"]
    wall, cpu, peak, out = whole_process(evaluate, 1)
    result = json.loads(out)[0]
    summary = f"mean {result['mean']:.4f}, worst {result['worst']}, losses {result['losses']}"
    table.add_row(
        f"evaluate quordle, {args.games:,} games", "60" if args.games == 1000 else "",
        f"{wall:.1f}", f"{cpu:.1f}", f"{peak:.0f}", summary,
    )  # fmt: skip
    load = os.getloadavg()[0]
    Console().print(table)
    Console().print(
        f"load average {load_before:.2f} at the start, {load:.2f} at the end,"
        f" on {os.cpu_count()} cores"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Everyday commands as a user runs them: whole processes, warm caches, median of 5.

Budgets: ``wordsolver games`` and ``check`` ≤ 0.5 s; ``suggest GAME --top 1`` ≤ 0.5 s for the
small games; ``suggest tonguess4 --top 1`` ≤ 1.5 s and ≤ 800 MB peak. Each command runs once
before timing so its table is on disk (the first build is timed by ``bench_engine.py``).

Beside each run of a command, alternately, runs the floor every command stands on: the same
interpreter importing the libraries they all load (numpy, typer, rich). On a busy machine the
wall seconds grow with the wait for a core; the floor, measured at the same moments, shows
how much of a command's time is its own (the "over floor" column).
Usage: ``python benchmarks/bench_commands.py [--quick]`` (``--quick``: 3 runs).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from processes import ProcessRun, load_average, medians, run_process
from rich.console import Console
from rich.table import Table

#: (command, wall budget in s, peak memory budget in MB or None).
COMMANDS: list[tuple[list[str], float | None, float | None]] = [
    (["games"], 0.5, None),
    (["check", "--game", "wordle", "crane"], 0.5, None),
    (["suggest", "wordle", "--top", "1"], 0.5, None),
    (["suggest", "5bukv", "--top", "1"], 0.5, None),
    (["suggest", "tonguess3", "--top", "1"], 0.5, None),
    (["suggest", "bulls", "--top", "1"], 0.5, None),
    (["suggest", "mastermind", "--top", "1"], 0.5, None),
    (["suggest", "tonguess4", "--top", "1"], 1.5, 800.0),
]


#: What every command loads before doing anything of its own.
FLOOR = ["-c", "import numpy, typer, typer.main, rich.console, rich.table"]


def wordsolver() -> str:
    """The installed command beside this interpreter."""
    found = Path(sys.executable).parent / "wordsolver"
    return str(found) if found.exists() else shutil.which("wordsolver") or "wordsolver"


def main(argv: list[str]) -> int:
    repeats = 3 if "--quick" in argv else 5
    console = Console(width=120)
    program = wordsolver()
    table = Table("command", "wall s", "CPU s", "peak MB", "over floor s", "budget", "result",
                  title=f"everyday commands, median of {repeats} (warm caches)")  # fmt: skip
    failed = 0
    loads = [load_average()]
    floors: list[ProcessRun] = []
    for args, wall_budget, memory_budget in [(["--version"], None, None), *COMMANDS]:
        run_process([program, *args])  # warm: the table is built and cached
        runs = []
        for _ in range(repeats):
            floors.append(run_process([sys.executable, *FLOOR]))
            runs.append(run_process([program, *args]))
        measured = medians(runs)
        floor = medians(floors[-repeats:])
        ok = (wall_budget is None or measured.wall <= wall_budget) and (
            memory_budget is None or measured.peak_mb <= memory_budget
        )
        failed += not ok
        budget = (f"≤ {wall_budget:g} s" if wall_budget else "—") + (
            f", ≤ {memory_budget:g} MB" if memory_budget else ""
        )
        result = "—" if wall_budget is None else "PASS" if ok else "FAIL"
        table.add_row(" ".join(args), f"{measured.wall:.2f}", f"{measured.cpu:.2f}",
                      f"{measured.peak_mb:.0f}", f"{measured.wall - floor.wall:.2f}", budget,
                      result)  # fmt: skip
        loads.append(load_average())
    floor = medians(floors)
    table.add_row("floor (numpy, typer, rich imported)", f"{floor.wall:.2f}", f"{floor.cpu:.2f}",
                  f"{floor.peak_mb:.0f}", "", "—", "—")  # fmt: skip
    console.print(table)
    console.print(f"load average while measuring: {min(loads):.1f}–{max(loads):.1f} (2 cores)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

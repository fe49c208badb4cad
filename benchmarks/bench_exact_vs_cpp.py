"""Exact search side by side with Alex Selby's C++ Wordle solver, whole processes, one run.

Run: ``python benchmarks/bench_exact_vs_cpp.py [--quick] [--pairs N]``. The C++ solver is built
from ``../shared/peers/selby-wordle`` into ``benchmarks/build/`` (git-ignored) with its own
flags plus ``-march=native``; without ``g++`` the pairs are skipped with a message.

Each row runs both programs as a user would, alternately (ours, theirs, ours, theirs, …), on
the original lists (``tests/data/wordle``): ours as ``wordsolver tree build wordle
--answers … --allowed … -s optimal --opener W`` (``--beam K`` without an opener for the whole
game), theirs as ``selby-wordle -a … -h … -w W`` (``-n K``). For each program the median of the
pairs is reported: wall seconds, CPU seconds (user + system of the child, from its rusage),
peak memory (its maximum resident set), and the ratios ours / theirs; the verdict says whether
ours took less CPU and at most twice the memory. Both totals must be the proven values (the
beams: the same best value), else the row fails.

``--quick``: one pair of the after-salet proof and of the 10-word beam. ``--case TEXT`` (may be
repeated): only the rows whose label contains TEXT.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from processes import run_process
from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent
PEER = HERE.parent.parent / "shared" / "peers" / "selby-wordle"
DATA = HERE.parent / "tests" / "data" / "wordle"
BUILD = HERE / "build"
BINARY = BUILD / "selby-wordle"
PAIRS = 3
#: Memory the issue allows: at most this many times the C++ solver's peak.
MEMORY_RATIO = 2.0


@dataclass(frozen=True, slots=True)
class Case:
    """One proof (or beam) run by both programs, with the total both must print."""

    label: str
    ours: tuple[str, ...]
    theirs: tuple[str, ...]
    expected: int


CASES = (
    Case("after salet", ("--opener", "salet"), ("-w", "salet"), 7920),
    Case("after salet, hard mode", ("--opener", "salet", "--hard"), ("-w", "salet", "-H"), 8122),
    Case("after reast", ("--opener", "reast"), ("-w", "reast"), 7923),
    Case("after crate", ("--opener", "crate"), ("-w", "crate"), 7926),
    Case("after trace", ("--opener", "trace"), ("-w", "trace"), 7926),
    Case("whole game, --beam 10 / -n 10", ("--beam", "10"), ("-n", "10"), 7920),
    Case("whole game, --beam 100 / -n 100", ("--beam", "100"), ("-n", "100"), 7920),
)
QUICK = (CASES[0], CASES[5])


@dataclass(frozen=True, slots=True)
class Run:
    """One whole process: wall and CPU seconds, peak memory (MB) and the total it printed."""

    wall: float
    cpu: float
    peak_mb: float
    total: int | None


def note(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def build_peer() -> Path | None:
    """The C++ solver's binary (built when missing or older than its source), or None."""
    compiler = shutil.which("g++")
    if compiler is None:
        note("skipped: no g++ to build the C++ solver")
        return None
    source = PEER / "wordle.cpp"
    if not source.exists():
        note(f"skipped: no C++ solver source at {source}")
        return None
    if BINARY.exists() and BINARY.stat().st_mtime >= source.stat().st_mtime:
        return BINARY
    BUILD.mkdir(exist_ok=True)
    note(f"building {BINARY.relative_to(HERE.parent)}")
    command = [compiler, "-O3", "-march=native", "-std=c++17", '-DCOMMITDESC="8fd3f1b"']
    subprocess.run([*command, "-o", str(BINARY), str(source)], check=True)
    return BINARY


def run_ours(case: Case, folder: Path) -> Run:
    command = [
        *(sys.executable, "-m", "wordsolver", "tree", "build", "wordle"),
        *("--answers", str(DATA / "answers.txt"), "--allowed", str(DATA / "allowed.txt")),
        *("-s", "optimal", *case.ours, "-o", str(folder / "tree.json"), "--json"),
    ]
    measured = run_process(command, folder)
    text = measured.output
    total = json.loads(text[text.index("{") :])["total_guesses"]
    return Run(measured.wall, measured.cpu, measured.peak_mb, int(total))


def run_theirs(binary: Path, case: Case, folder: Path) -> Run:
    command = [
        str(binary),
        *("-a", str(DATA / "allowed.txt"), "-h", str(DATA / "answers.txt"), *case.theirs),
    ]
    measured = run_process(command, folder)  # it writes two small word lists into the folder
    found = re.search(r"Best first guess score = (\d+)", measured.output)
    total = int(found.group(1)) if found else None
    return Run(measured.wall, measured.cpu, measured.peak_mb, total)


def median(runs: list[Run], field: str) -> float:
    return float(statistics.median(getattr(run, field) for run in runs))


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    pairs = 1 if quick else PAIRS
    if "--pairs" in argv:
        pairs = int(argv[argv.index("--pairs") + 1])
    binary = build_peer()
    if binary is None:
        return 0
    cases: tuple[Case, ...] = QUICK if quick else CASES
    wanted = [argv[k + 1] for k, arg in enumerate(argv[:-1]) if arg == "--case"]
    if wanted:
        cases = tuple(case for case in CASES if any(text in case.label for text in wanted))
    table = Table(
        "proof",
        "ours wall / CPU s",
        "C++ wall / CPU s",
        "ratio wall (CPU)",
        "peak MB ours / C++",
        "totals",
        "verdict",
        title=f"exact search vs the C++ solver, median of {pairs} alternating pair(s)",
    )
    failed = False
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for case in cases:
            ours: list[Run] = []
            theirs: list[Run] = []
            for number in range(pairs):
                note(f"{case.label}: pair {number + 1} of {pairs}")
                ours.append(run_ours(case, folder))
                theirs.append(run_theirs(binary, case, folder))
            totals = {run.total for run in ours} | {run.total for run in theirs}
            right = totals == {case.expected}
            wall, cpu = median(ours, "wall"), median(ours, "cpu")
            their_wall, their_cpu = median(theirs, "wall"), median(theirs, "cpu")
            peak, their_peak = median(ours, "peak_mb"), median(theirs, "peak_mb")
            speed = "CPU ok" if cpu < their_cpu else "CPU slower"
            memory = "memory ok" if peak <= MEMORY_RATIO * their_peak else "memory > 2×"
            verdict = "FAIL (total)" if not right else f"{speed}, {memory}"
            failed |= not right
            table.add_row(
                case.label,
                f"{wall:.2f} / {cpu:.2f}",
                f"{their_wall:.2f} / {their_cpu:.2f}",
                f"{wall / their_wall:.2f}× ({cpu / their_cpu:.2f}×)",
                f"{peak:.0f} / {their_peak:.0f}",
                ", ".join(str(total) for total in sorted(totals, key=str)),
                verdict,
            )
    Console(width=160).print(table)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

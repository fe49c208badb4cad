"""How long ``explain`` takes in-process for Wordle positions: the budget is 0.2 s a call.

Run ``python benchmarks/bench_explain.py [--runs N] [--quick]``. The game's matrix is loaded
once (as the web server and the assistant hold it); then each position is explained ``N`` times
(default 15; ``--quick``: 5) with a guess beside another, every call on a fresh session as the
``explain`` command and ``/api/explain`` make one, and the median wall and CPU seconds are
reported with the position's candidates and whether the exact search proved it. The positions:
the first guess; after one guess, the largest answer that leaves the exact search a chance (at
most 300 candidates: its time bound is spent in full there) and a middling one; after two.

The report starts with the machine's load average: other work on the machine slows every
number. Exit status 1 means a median missed the budget.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time

from rich.console import Console
from rich.table import Table

from wordsolver.explain import EXACT_MAX_CANDIDATES, explain
from wordsolver.games import find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.session import Session

#: Seconds one explanation may take (median), from the issue.
BUDGET = 0.2

#: (label, history, guess, the guess beside it)
POSITIONS: list[tuple[str, list[tuple[str, str]], str, str]] = [
    ("first guess", [], "crane", "salet"),
    ("after one, 86 left", [("salet", "....y")], "crane", "trace"),
    ("after two, 5 left", [("salet", "....y"), ("corny", ".yy..")], "crane", "trace"),
]


def largest_searchable(session: Session, guess: str) -> str:
    """The feedback to ``guess`` that leaves the most candidates the exact search is asked
    about (at most :data:`EXACT_MAX_CANDIDATES`)."""
    game = session.game
    row = game.guess_row(guess)
    patterns, counts = _counts(session.matrix.values[row])
    fitting = [(n, p) for p, n in zip(patterns, counts, strict=True) if n <= EXACT_MAX_CANDIDATES]
    return game.format_pattern(max(fitting)[1])


def _counts(values: object) -> tuple[list[int], list[int]]:
    import numpy as np

    patterns, counts = np.unique(np.asarray(values), return_counts=True)
    return patterns.tolist(), counts.tolist()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    runs = 5 if args.quick else args.runs
    console = Console()
    load = os.getloadavg()
    console.print(
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores"
        f" ({'busy' if load[0] > 0.5 else 'quiet'}); {runs} runs per position"
    )
    started = time.perf_counter()
    matrix = pattern_matrix(find_game("wordle"))
    console.print(f"matrix loaded in {time.perf_counter() - started:.2f} s (not counted)")
    probe = Session(matrix)
    positions = [
        *POSITIONS[:1],
        ("after one, largest searchable", [("salet", largest_searchable(probe, "salet"))],
         "crane", "trace"),
        *POSITIONS[1:],
    ]  # fmt: skip
    table = Table(
        "position", "candidates", "exact proved", "median wall s", "median CPU s", "max wall s",
        "budget", box=None, pad_edge=False,
    )  # fmt: skip
    missed = False
    for label, history, guess, versus in positions:
        walls, cpus, proved = [], [], set()
        for _ in range(runs):
            session = Session(matrix)
            session.replay(history)
            wall, cpu = time.perf_counter(), time.process_time()
            answer = explain(session, guess, versus=versus)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            proved.add(answer.exact is not None)
        median = statistics.median(walls)
        missed |= median > BUDGET
        table.add_row(
            label,
            str(answer.candidates_left),
            "/".join(sorted({"yes" if p else "no" for p in proved})),
            f"{median:.3f}",
            f"{statistics.median(cpus):.3f}",
            f"{max(walls):.3f}",
            "ok" if median <= BUDGET else f"MISSED (> {BUDGET} s)",
        )
    console.print(table)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    console.print(f"peak memory {peak:.0f} MB; load average now {os.getloadavg()[0]:.2f}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The whole Russian study against the issue's budget: 6 list pairs × 2 objectives × 6 algorithms
(opener searches included) in at most 15 minutes on a 2-core machine.

Run: ``python benchmarks/bench_study.py [--out DIR] [--check-beam]`` from the project root (reads
``tests/data/five-letters``). The study runs cold: a private, empty cache folder and no
earlier results. It prints the opener search time of every list pair and objective (2 words
exact, 3 to 5 words by beam), the evaluations' time and the wall time of the whole study, and
leaves the report in DIR (default: a temporary folder). ``--check-beam`` also searches the
3-word openers of the two smallest pairs exactly and compares them with the beam.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "five-letters"
os.environ["WORDSOLVER_CACHE_DIR"] = tempfile.mkdtemp(prefix="wordsolver-bench-")
sys.path.insert(0, str(ROOT))  # the list builder lives with the tests

from tests.study.russian_lists import STUDY_PAIRS, write_study_lists  # noqa: E402

from wordsolver.games import GameOverrides, find_game  # noqa: E402
from wordsolver.matrix import pattern_matrix  # noqa: E402
from wordsolver.search.openers import OpenerQuery, search_openers  # noqa: E402
from wordsolver.study import (  # noqa: E402
    ListPair,
    ResultsFile,
    StudyPlan,
    StudyResults,
    run_study,
    write_report,
)

#: The issue's budget for the whole study, in seconds.
BUDGET = 15 * 60


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="folder for the report")
    parser.add_argument("--check-beam", action="store_true", help="exact 3-word check")
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="wordsolver-study-"))
    lists = write_study_lists(DATA, Path(tempfile.mkdtemp(prefix="wordsolver-ru-")))
    pairs = tuple(ListPair(lists[a], lists[b]) for a, b in STUDY_PAIRS)
    console = Console(width=120)
    load = os.getloadavg()[0]

    started = time.perf_counter()
    plan = StudyPlan("5bukv", pairs)
    per_pair = len(plan.cells()) // len(pairs)
    done = [0]

    def advance(n: int) -> None:
        done[0] += n
        if done[0] % per_pair == 0:
            label = "|".join(STUDY_PAIRS[done[0] // per_pair - 1])
            console.print(f"{label} done at {time.perf_counter() - started:.0f} s")

    results = run_study(plan, ResultsFile(out / "results.json"), progress=advance)
    report = write_report(results, out)
    wall = time.perf_counter() - started
    console.print(search_table(results))
    verdict = "PASS" if wall <= BUDGET else "FAIL"
    console.print(
        f"whole study: {wall:.0f} s wall (budget {BUDGET} s): {verdict}; "
        f"load average before: {load:.1f}; report: {report}"
    )
    if args.check_beam:
        console.print(beam_check(lists))
    return 0 if verdict == "PASS" else 1


def search_table(results: StudyResults) -> Table:
    """Opener search seconds per list pair and objective, and the evaluations' seconds."""
    table = Table(
        "lists",
        "objective",
        "2 words (exact)",
        "3 (beam)",
        "4 (beam)",
        "5 (beam)",
        "evaluations",
        title="study time, seconds",
    )
    for pair in results.pairs:
        for goal in results.plan.goals:
            cells = [cell for cell in pair.cells if cell.goal == goal]
            searched = {len(c.opener.words): c.opener.seconds for c in cells if c.opener}
            table.add_row(
                pair.label,
                goal,
                *(f"{searched.get(k, 0):.1f}" for k in range(2, 6)),
                f"{sum(c.seconds for c in cells):.1f}",
            )
    return table


def beam_check(lists: dict[str, Path]) -> Table:
    """Best 3-word openers by exact search and by the default beam, with their times."""
    table = Table(
        "lists",
        "objective",
        "exact: opener, mean/worst left, s",
        "beam: opener, mean/worst left, s",
        title="3-word openers: exact search against the beam",
    )
    for answers, allowed in (("2066", "2066"), ("2066", "4109"), ("2066", "6826")):
        game = find_game("5bukv", GameOverrides(answers=lists[answers], allowed=lists[allowed]))
        matrix = pattern_matrix(game)
        for by in ("mean", "worst"):
            cells = []
            for exact_words in (3, 2):
                query = OpenerQuery(words=3, by=by, top=1, exact_words=exact_words)
                started = time.perf_counter()
                best = search_openers(matrix, query).final.openers[0]
                seconds = time.perf_counter() - started
                cells.append(f"{' '.join(best.words)}, {best.mean:.4f}/{best.worst}, {seconds:.0f}")
            table.add_row(f"{answers}|{allowed}", by, *cells)
    return table


if __name__ == "__main__":
    sys.exit(main())

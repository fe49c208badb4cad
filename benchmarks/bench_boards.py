"""Multi-board speed against the budgets of the multi-board issue, printed as one table.

Run: ``python benchmarks/bench_boards.py [--games N]``. Budgets: ``suggest octordle`` on 8 full
boards ≤ 0.3 s, 1,000 Quordle games (``evaluate quordle --sample 1000``) ≤ 60 s. Both are timed
as whole processes (wall and CPU seconds, peak memory; medians of the runs), and the suggestion
in-process too (the pattern matrix loaded, a fresh scorer each run), since a whole process pays
the interpreter and library start-up the budget cannot cover.

The peer is doddle (PyPI), a Python Wordle solver that plays simultaneous boards: ``--peer``
installs it in a throwaway venv under the benchmark's scratch folder (with numpy < 2: its code
uses ``numpy.bool8``, gone in numpy 2) and plays its own
benchmark, ``doddle benchmark --simul 4 --solver ENTROPY`` (1,000 Quordles drawn with its fixed
seed from the original Wordle lists, the same lists as ``--lists original`` here), beside
``wordsolver evaluate quordle --lists original -s entropy --sets FILE`` on exactly those 1,000
board sets (drawn by the same seed from doddle's own answer list, in the benchmark). The two run
alternately, ``--peer-runs`` times each; the table gives medians and the ratio. Doddle plays
its games in a pool of worker processes (both cores), this evaluation in one; CPU seconds count
every process of each run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from processes import ProcessRun, medians, run_process
from rich.console import Console
from rich.table import Table

os.environ.setdefault("WORDSOLVER_CACHE_DIR", tempfile.mkdtemp(prefix="wordsolver-bench-"))

from wordsolver.boards import BoardScorer, BoardsSession, load_board_game
from wordsolver.matrix import pattern_matrix
from wordsolver.strategies import find_strategy

WORDSOLVER = [sys.executable, "-m", "wordsolver"]
SCRATCH = Path(os.environ["WORDSOLVER_CACHE_DIR"])
#: The peer's package, and the seed and game count its ``benchmark --simul`` command plays.
PEER, PEER_SEED, PEER_GAMES = "doddle", 13, 1000
#: Prints the board sets the peer's simultaneous benchmark draws (its generator, seeded as it
#: seeds it, over its own answer list), one Quordle per line.
PEER_SAMPLE = f"""
import random
from doddle.factory import load_dictionary
answers = load_dictionary(5).common_words
random.seed({PEER_SEED})
for _ in range({PEER_GAMES}):
    print(",".join(str(answers.iloc[random.randrange(len(answers))]) for _ in range(4)))
"""


def whole_process(args: list[str], repeat: int, program: list[str] = WORDSOLVER) -> ProcessRun:
    """Medians of wall and CPU seconds and peak memory of ``program ARGS`` (``wordsolver``
    unless given) over ``repeat`` runs, each measured on its own (its workers included)."""
    return medians([run_process([*program, *args]) for _ in range(repeat)])


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


def peer_python() -> Path | None:
    """The peer's interpreter in a throwaway venv (made once per scratch folder), or None with a
    message when it cannot be installed."""
    venv = SCRATCH / "peer-venv"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        install = [str(python), "-m", "pip", "install", "-q", PEER, "numpy<2"]
        if subprocess.run(install, capture_output=True).returncode != 0:
            print(f"{PEER} could not be installed here: the peer pair is skipped")
            return None
    return python


def peer_pair(table: Table, runs: int) -> None:
    """Doddle's 1,000 Quordles beside this evaluation of the same board sets, alternately."""
    python = peer_python()
    if python is None:
        return
    sample = subprocess.run(
        [str(python), "-c", PEER_SAMPLE], capture_output=True, text=True, check=True
    ).stdout
    sets = SCRATCH / "doddle-quordles.txt"
    sets.write_text(sample, encoding="utf-8")
    ours_args = ["evaluate", "quordle", "--lists", "original", "--sets", str(sets), "--json"]
    peer_args = ["benchmark", "--simul", "4", "--solver", "ENTROPY"]
    peer_program = [str(python), "-m", PEER]
    ours: list[ProcessRun] = []
    theirs: list[ProcessRun] = []
    for _ in range(runs):  # alternately
        ours.append(whole_process(ours_args, 1))
        theirs.append(whole_process(peer_args, 1, peer_program))
    mine, peer = medians(ours), medians(theirs)
    mean = json.loads(mine.output)[0]["mean"]
    peer_mean = float(re.search(r"Mean:\s*([0-9.]+)", peer.output).group(1))  # type: ignore[union-attr]
    for name, run, result in (
        ("wordsolver, doddle's 1,000 Quordles", mine, f"mean {mean:.4f}"),
        ("doddle benchmark --simul 4 (peer)", peer, f"mean {peer_mean:.3f}"),
    ):
        table.add_row(name, "", f"{run.wall:.1f}", f"{run.cpu:.1f}", f"{run.peak_mb:.0f}", result)
    ratio_wall, ratio_cpu = mine.wall / peer.wall, mine.cpu / peer.cpu
    table.add_row("ratio ours / doddle", "", f"{ratio_wall:.2f}×", f"{ratio_cpu:.2f}×", "", "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="Quordle games to evaluate")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing")
    parser.add_argument("--peer", action="store_true", help="play doddle's Quordles beside ours")
    parser.add_argument("--peer-runs", type=int, default=1, help="runs of each side of the pair")
    args = parser.parse_args()
    whole_process(["suggest", "octordle", "--top", "1"], 1)  # fills the matrix cache
    table = Table("what", "budget s", "wall s", "CPU s", "peak MB", "result")
    load_before = os.getloadavg()[0]
    inside, inside_cpu = in_process_suggest(args.repeat * 3)
    table.add_row(
        "suggest octordle, in-process", "0.3", f"{inside:.3f}", f"{inside_cpu:.3f}", "", ""
    )
    run = whole_process(["suggest", "octordle", "--json"], args.repeat)
    best = json.loads(run.output)["suggestions"][0]["word"]
    table.add_row(
        "suggest octordle, whole process", "0.3", f"{run.wall:.2f}", f"{run.cpu:.2f}",
        f"{run.peak_mb:.0f}", best,
    )  # fmt: skip
    evaluate = ["evaluate", "quordle", "--sample", str(args.games), "--seed", "1", "--json"]
    run = whole_process(evaluate, 1)
    result = json.loads(run.output)[0]
    summary = f"mean {result['mean']:.4f}, worst {result['worst']}, losses {result['losses']}"
    table.add_row(
        f"evaluate quordle, {args.games:,} games", "60" if args.games == 1000 else "",
        f"{run.wall:.1f}", f"{run.cpu:.1f}", f"{run.peak_mb:.0f}", summary,
    )  # fmt: skip
    if args.peer:
        peer_pair(table, args.peer_runs)
    load = os.getloadavg()[0]
    Console().print(table)
    Console().print(
        f"load average {load_before:.2f} at the start, {load:.2f} at the end,"
        f" on {os.cpu_count()} cores"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

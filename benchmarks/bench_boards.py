"""Multi-board speed and strength against the budgets of the multi-board issues, printed as
tables.

Run: ``python benchmarks/bench_boards.py [--games N] [--peer] [--held-back SEEDS]``. Budgets:
``suggest octordle`` on 8 full boards ≤ 0.3 s, a Quordle suggestion in-process ≤ 20 ms, 1,000
Quordle games (``evaluate quordle --lists original --sample 1000``) ≤ 60 s; the same played
under today's prior (every accepted word possible, each board narrowed to the words that fit
it) are measured beside them, with no budget of their own. Whole processes are timed as a user
runs them (wall and CPU seconds, peak memory; medians of the runs), and the suggestions
in-process too (the pattern matrix loaded, a fresh scorer each run), since a whole process pays
the interpreter and library start-up the budget cannot cover. Full boards split as the lists'
first-turn table says, read from the cache as the matrix is (the first command fills both);
after a guess the boards' splits are counted.

The peer is doddle (PyPI), a Python Wordle solver that plays simultaneous boards: ``--peer``
installs it in a throwaway venv under the benchmark's scratch folder (with numpy < 2: its code
uses ``numpy.bool8``, gone in numpy 2) and plays its own benchmark, ``doddle benchmark --simul N
--solver S`` for N = 2, 4, 8 (1,000 games each, drawn with its fixed seed 13 from the original
Wordle lists, the same lists as ``--lists original`` here), beside ``wordsolver evaluate
dordle|quordle|octordle --lists original --sets FILE`` on exactly those board sets (drawn by
doddle's own generator, seeded as its benchmark seeds it, over its own answer list). The two run
alternately, ``--peer-runs`` times each; the table gives medians, each side's mean, worst game
and losses (games past the tries: doddle too plays every game to its end). Doddle plays its
games in a pool of worker processes (both cores), this evaluation in one; CPU seconds count
every process of each run.

``--held-back SEEDS`` plays board sets the scorer was not tuned on (doddle's generator with other
seeds, through doddle when ``--peer`` installed it, else this library's sampler) with the board
scorer as it plays and with the plain sum of the strategy's scores (no shortlist re-ranked), in
process, and prints both; with ``--peer``, doddle's entropy solver plays the same sets beside
them (its own benchmark with the seed changed: about 700 CPU seconds a Quordle seed). Each cell
counts the games as long as the worst, the tail the issue's "worst case" is about.
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
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from processes import ProcessRun, load_average, medians, run_process
from rich.console import Console
from rich.table import Table

os.environ.setdefault("WORDSOLVER_CACHE_DIR", tempfile.mkdtemp(prefix="wordsolver-bench-"))

from wordsolver.boards import BoardScorer, BoardsSession, load_board_game, parse_board_history
from wordsolver.boards.evaluation import evaluate_boards, parse_board_sets, sample_board_sets
from wordsolver.boards.scoring import FinishOptions
from wordsolver.games import GameOverrides
from wordsolver.matrix import pattern_matrix
from wordsolver.session import game_matrix
from wordsolver.strategies import find_strategy

WORDSOLVER = [sys.executable, "-m", "wordsolver"]
SCRATCH = Path(os.environ["WORDSOLVER_CACHE_DIR"])
#: The peer's package, and the seed and game count its ``benchmark --simul`` command plays.
PEER, PEER_SEED, PEER_GAMES = "doddle", 13, 1000
#: Prints the board sets the peer's simultaneous benchmark draws (its generator, seeded as it
#: seeds it, over its own answer list), one game per line: ``python -c PEER_SAMPLE BOARDS SEED``.
PEER_SAMPLE = f"""
import random, sys
from doddle.factory import load_dictionary
boards, seed = int(sys.argv[1]), int(sys.argv[2])
answers = load_dictionary(5).common_words
random.seed(seed)
for _ in range({PEER_GAMES}):
    secrets = (answers.iloc[random.randrange(len(answers))] for _ in range(boards))
    print(",".join(str(word).lower() for word in secrets))
"""
#: Plays the peer's own simultaneous benchmark (1,000 games) with another seed than its fixed 13,
#: printing its histogram as JSON: ``python -c PEER_SEEDED BOARDS SEED SOLVER``.
PEER_SEEDED = """
import json, random, sys
from doddle.enums import SolverType
from doddle.factory import create_simul_benchmarker
boards, seed, solver = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
seeded = random.seed
random.seed = lambda *_args, **_kwargs: seeded(seed)  # the benchmark seeds 13 itself
benchmarker = create_simul_benchmarker(5, solver_type=getattr(SolverType, solver), extras=[])
print(json.dumps(dict(benchmarker.run_benchmark([], boards).histogram)))
"""
#: The named board games the peer pair plays, by board count.
BOARD_GAMES = {2: "dordle", 4: "quordle", 8: "octordle"}
#: The tries of each, past which a game is lost.
TRIES = {2: 7, 4: 9, 8: 13}


def whole_process(args: list[str], repeat: int, program: list[str] = WORDSOLVER) -> ProcessRun:
    """Medians of wall and CPU seconds and peak memory of ``program ARGS`` (``wordsolver``
    unless given) over ``repeat`` runs, each measured on its own (its workers included)."""
    return medians([run_process([*program, *args]) for _ in range(repeat)])


def in_process_suggest(
    name: str, history: str, repeat: int, lists: str | None = None
) -> tuple[float, float]:
    """Median wall and CPU seconds of a suggestion for ``name`` after ``history`` (guesses
    separated by ``;``) with ``lists`` (None: the default, under its prior), the matrix loaded
    (or, under a prior, the first turn's table), the scorer fresh each run."""
    game, boards = load_board_game(name, GameOverrides(lists=lists))
    matrix = game_matrix(game)
    walls, cpus = [], []
    for _ in range(repeat + 1):  # the first run compiles nothing but warms the caches
        state = BoardsSession(matrix, boards)
        state.replay(parse_board_history(history))
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


def board_sets(python: Path | None, boards: int, seed: int) -> Path:
    """A file of 1,000 board sets drawn as doddle's benchmark draws them with ``seed`` (by doddle
    itself when installed, else by this library's sampler over the same lists)."""
    path = SCRATCH / f"sets-{boards}-{seed}.txt"
    if python is not None:
        command = [str(python), "-c", PEER_SAMPLE, str(boards), str(seed)]
        text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    else:
        game, _ = load_board_game(BOARD_GAMES[boards], GameOverrides(lists="original"))
        drawn = sample_board_sets(len(game.secrets), boards, PEER_GAMES, seed)
        words = game.secrets.words
        text = "".join(",".join(words[s] for s in row) + "\n" for row in drawn)
    path.write_text(text, encoding="utf-8")
    return path


@dataclass(frozen=True)
class Result:
    """One side's games: mean guesses, worst game, losses."""

    mean: float
    worst: int
    losses: int

    def cells(self) -> list[str]:
        return [f"{self.mean:.3f}", str(self.worst), str(self.losses)]

    @classmethod
    def of(cls, histogram: dict[int, int], tries: int) -> Result:
        """Mean, worst and losses of a histogram of game lengths."""
        played = {guesses: n for guesses, n in histogram.items() if n}
        mean = sum(g * n for g, n in played.items()) / sum(played.values())
        return cls(mean, max(played), sum(n for g, n in played.items() if g > tries))

    def summary(self, histogram: dict[int, int]) -> str:
        """``mean / worst (games that long) / losses``."""
        return f"{self.mean:.3f} / {self.worst} ({histogram[self.worst]}) / {self.losses}"


def doddle_result(output: str, tries: int) -> Result:
    """Mean, worst and losses read off doddle's histogram (``7 | *****  (412)``)."""
    counts = {
        int(m.group(1)): int(m.group(2).replace(",", ""))
        for m in re.finditer(r"^\s*(\d+) \|[ *]*\(([\d,]+)\)\s*$", output, re.MULTILINE)
    }
    return Result.of(counts, tries)


def peer_run(python: Path, boards: int, solver: str, saved: bool) -> tuple[ProcessRun | None, str]:
    """One run of doddle's benchmark on ``boards`` boards, and when it was measured. Every run
    is kept in the scratch folder (its output, times and the load around it); with ``saved``
    the kept one is read back instead of running doddle again (its entropy Octordle costs
    half an hour of CPU), and none is run when none is kept."""
    kept = SCRATCH / "peer-runs" / f"{boards}-{solver.lower()}.json"
    if saved:
        if not kept.exists():
            return None, "no kept run"
        data = json.loads(kept.read_text(encoding="utf-8"))
        run = ProcessRun(data["wall"], data["cpu"], data["peak_mb"], data["output"])
        return run, f"kept run of {data['date']}, load {data['load']}"
    before = load_average()
    peer_args = ["benchmark", "--simul", str(boards), "--solver", solver]
    run = whole_process(peer_args, 1, [str(python), "-m", PEER])
    load = f"{before:.1f}-{load_average():.1f}"
    kept.parent.mkdir(parents=True, exist_ok=True)
    data = {"wall": run.wall, "cpu": run.cpu, "peak_mb": run.peak_mb, "output": run.output}
    data |= {"date": time.strftime("%Y-%m-%d %H:%M"), "load": load}
    kept.write_text(json.dumps(data), encoding="utf-8")
    return run, f"load {load}"


def peer_pair(
    table: Table, runs: int, boards_list: list[int], solvers: list[str], saved: bool = False
) -> None:
    """Doddle's games on 2, 4 and 8 boards beside this evaluation of the same board sets,
    alternately: this side before and after each round of doddle's."""
    python = peer_python()
    if python is None:
        return
    for boards in boards_list:
        name, tries = BOARD_GAMES[boards], TRIES[boards]
        sets = board_sets(python, boards, PEER_SEED)
        ours_args = ["evaluate", name, "--lists", "original", "--sets", str(sets), "--json"]
        before = load_average()
        ours = [whole_process(ours_args, 1)]
        peer: dict[str, list[tuple[ProcessRun | None, str]]] = {s: [] for s in solvers}
        for _ in range(runs):  # alternately
            for solver in solvers:
                peer[solver].append(peer_run(python, boards, solver, saved))
            ours.append(whole_process(ours_args, 1))
        run = medians(ours)
        mine = json.loads(run.output)[0]
        result = Result(mine["mean"], mine["worst"], mine["losses"])
        when = f"load {before:.1f}-{load_average():.1f}"
        table.add_row(
            name, "wordsolver", *result.cells(), f"{run.wall:.1f}", f"{run.cpu:.1f}",
            f"{run.peak_mb:.0f}", when,
        )  # fmt: skip
        for solver, kept in peer.items():
            measured = [r for r, _ in kept if r is not None]
            if not measured:
                table.add_row(name, f"doddle {solver.lower()}", "", "", "", "", "", "", kept[0][1])
                continue
            run = medians(measured)
            result = doddle_result(run.output, tries)
            table.add_row(
                name, f"doddle {solver.lower()}", *result.cells(), f"{run.wall:.1f}",
                f"{run.cpu:.1f}", f"{run.peak_mb:.0f}", kept[0][1],
            )  # fmt: skip


def held_back(table: Table, seeds: list[int], boards_list: list[int], peer: bool) -> None:
    """The board scorer as it plays beside the plain sum of the strategy's scores, on board sets
    drawn with other seeds; with ``peer``, beside doddle's entropy solver on the same sets (its
    own benchmark, seeded with the seed: minutes of CPU a seed)."""
    python = SCRATCH / "peer-venv" / "bin" / "python"
    for boards in boards_list:
        game, _ = load_board_game(BOARD_GAMES[boards], GameOverrides(lists="original"))
        matrix = pattern_matrix(game)
        for seed in seeds:
            path = board_sets(python if python.exists() else None, boards, seed)
            sets = parse_board_sets(game, path.read_text(encoding="utf-8"), boards)
            cells = []
            for finish in (FinishOptions(shortlist=0), FinishOptions()):
                scorer = BoardScorer(find_strategy("entropy"), finish=finish)
                lengths = evaluate_boards(matrix, boards, scorer, sets=sets).guesses
                histogram = dict(Counter(int(length) for length in lengths))
                cells.append(Result.of(histogram, TRIES[boards]).summary(histogram))
            if peer and python.exists():
                command = [str(python), "-c", PEER_SEEDED, str(boards), str(seed), "ENTROPY"]
                answer = subprocess.run(command, capture_output=True, text=True, check=True)
                printed = answer.stdout.strip().splitlines()[-1]  # after doddle's own report
                histogram = {int(g): n for g, n in json.loads(printed).items()}
                cells.append(Result.of(histogram, TRIES[boards]).summary(histogram))
            table.add_row(BOARD_GAMES[boards], str(seed), *cells)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="Quordle games to evaluate")
    parser.add_argument(
        "--prior-games", type=int, default=300, help="Quordle games to evaluate under the prior"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing")
    parser.add_argument("--peer", action="store_true", help="play doddle's games beside ours")
    parser.add_argument("--peer-runs", type=int, default=1, help="runs of each side of the pair")
    parser.add_argument("--peer-boards", default="2,4,8", help="board counts of the pair")
    parser.add_argument("--peer-solver", default="ENTROPY", help="doddle's solvers, by commas")
    parser.add_argument(
        "--peer-saved", action="store_true", help="read doddle's kept runs, not run it again"
    )
    parser.add_argument(
        "--peer-only", action="store_true", help="only run doddle (kept for --peer-saved)"
    )
    parser.add_argument("--held-back", default="", help="seeds of held-back board sets")
    args = parser.parse_args()
    boards_list = [int(n) for n in args.peer_boards.split(",")]
    if args.peer_only:
        python = peer_python()
        if python is None:
            return 1
        for boards in boards_list:
            for solver in args.peer_solver.split(","):
                _, when = peer_run(python, boards, solver, saved=False)
                print(f"doddle {solver} on {boards} boards: {when}", flush=True)
        return 0
    for lists in ("original", "nyt"):  # fill the matrix cache and the first turn's table
        whole_process(["suggest", "octordle", "--lists", lists, "--top", "1"], 1)
    table = Table("what", "budget s", "wall s", "CPU s", "peak MB", "result")
    load_before = os.getloadavg()[0]
    for name, history, budget in (
        ("octordle", "", "0.3"),
        ("quordle", "", "0.02"),
        ("quordle", "crane .y...,..g..,....y,y....", "0.02"),
    ):
        for chosen in ("original", None):
            wall, cpu = in_process_suggest(name, history, args.repeat * 3, chosen)
            spot = f"after {history.split()[0]}" if history else "full boards"
            played = "under the prior" if chosen is None else f"lists {chosen}"
            table.add_row(
                f"suggest {name}, {spot}, {played}, in-process", budget if chosen else "",
                f"{wall:.3f}", f"{cpu:.3f}", "", "",
            )  # fmt: skip
    run = whole_process(["suggest", "octordle", "--json"], args.repeat)
    best = json.loads(run.output)["suggestions"][0]["word"]
    table.add_row(
        "suggest octordle, whole process", "0.3", f"{run.wall:.2f}", f"{run.cpu:.2f}",
        f"{run.peak_mb:.0f}", best,
    )  # fmt: skip
    for lists, games in (("original", args.games), ("nyt", args.prior_games)):
        evaluate = ["evaluate", "quordle", "--lists", lists, "--sample", str(games)]
        run = whole_process([*evaluate, "--seed", "1", "--json"], 1)
        result = json.loads(run.output)[0]
        summary = f"mean {result['mean']:.4f}, worst {result['worst']}, losses {result['losses']}"
        played = "under the prior, known answers" if lists == "nyt" else f"lists {lists}"
        table.add_row(
            f"evaluate quordle, {games:,} games, {played}",
            "60" if games == 1000 and lists == "original" else "",
            f"{run.wall:.1f}", f"{run.cpu:.1f}", f"{run.peak_mb:.0f}", summary,
        )  # fmt: skip
    Console(width=160).print(table)
    if args.peer:
        pair = Table(
            "game", "player", "mean", "worst", "losses", "wall s", "CPU s", "peak MB", "measured"
        )
        solvers = args.peer_solver.split(",")
        peer_pair(pair, args.peer_runs, boards_list, solvers, args.peer_saved)
        Console(width=160).print(pair)
    if args.held_back:
        seeds = [int(seed) for seed in args.held_back.split(",")]
        kept = Table(
            "game", "seed", "plain sum: mean / worst (games) / losses", "as played",
            *(["doddle entropy"] if args.peer else []),
        )  # fmt: skip
        held_back(kept, seeds, boards_list, args.peer)
        Console(width=160).print(kept)
    load = os.getloadavg()[0]
    Console(width=160).print(
        f"load average {load_before:.2f} at the start, {load:.2f} at the end,"
        f" on {os.cpu_count()} cores"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

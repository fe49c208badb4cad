"""Whole-game proofs (``wordsolver prove``) against the issue's targets, as whole processes.

Run: ``python benchmarks/bench_prove.py [--quick] [--row NAME ...] [--minutes M]`` (reads the
reference lists in ``tests/data``). Each row runs ``wordsolver prove GAME --workers 2 --json``
in a process of its own on a local Dask cluster of two worker processes, in a fresh cache and
results folder, and measures its wall time, the CPU time of the process tree (driver and
workers, sampled) and the peak memory of the tree (the sum over its processes, sampled).

Rows and targets (this 2-core machine):

- ``mastermind``: from scratch, 5,625 proven with a first guess of the ``aabc`` class, ≤ 10 min.
- ``bulls``: Bulls and Cows from scratch, the known optimum 26,274 (mean 5.2131), ≤ 60 min.
- ``5bukv``: 5 букв on the published study's lists (2,064 answers after dropping драже and кешью,
  4,108 allowed after dropping танок and такое), the best first word and its total, ≤ 60 min.
- ``wordle-answers``: Wordle with the 2,315 answers as the only guesses: 7,973 proven, in less
  than the 145 s (2.3 GB) the issue measured for a solver that bounds every first guess and
  refines the lowest.
- ``wordle``: Wordle's original lists (12,972 first guesses), salet 7,920 proven best, goal
  ≤ 60 min within 4 GB (every process together). When not finished within ``--minutes``,
  the throughput by kind (refuted / exact per hour, from the results file) and the projected
  time on N workers are printed. Then the exact values of the reference solver's top six first
  guesses are proven (one process, no cutoff): salet 7,920, reast 7,923, crate and trace 7,926,
  slate 7,928, crane 7,930.
- ``wordle-hard``: the same lists in hard mode: salet 8,122 proven best, goal ≤ 2 hours.
- ``wordlebot``: WordleBot's lists (3,158 answers, 14,855 guesses, equally likely): the best
  first guess and its proven total.
- ``tonguess3``: the proven whole-game lower bound from the bounds alone (``--time 1``), then
  after ``--minutes`` of proof (the same results file resumed).

``bulls``, ``5bukv``, ``wordle``, ``wordle-hard`` and ``wordlebot`` run with ``--time`` set
to ``--minutes`` (the top-6 values of ``wordle`` get as long again): a row that does not
finish shows its proven bound, and fails.
``--quick`` runs the Mastermind and Wordle answers-only rows only. Progress goes to stderr,
the table to stdout; exit code 1 when a target with a known answer is missed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
WORKERS = 2
sys.path.insert(0, str(ROOT))  # the study's list builder lives with the tests

from tests.study.russian_lists import write_study_lists  # noqa: E402


def note(message: str) -> None:
    """A progress line on stderr."""
    print(f"[bench_prove {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


@dataclass
class Run:
    """One ``wordsolver prove`` process: its report and what it took."""

    report: dict[str, Any] | None
    wall: float
    cpu: float
    peak_mb: float
    error: str = ""


def prove(args: list[str], folder: Path, *, seconds: float | None = None) -> Run:
    """Run ``wordsolver prove ARGS --workers 2 --json`` and sample its process tree."""
    command = [
        *(sys.executable, "-m", "wordsolver", "prove", *args, "--workers", str(WORKERS)),
        *("--results", str(folder / "results.jsonl"), "-o", str(folder / "best.tree.json")),
        "--json",
    ]
    if seconds is not None:
        command += ["--time", str(seconds)]
    env = {**os.environ, "WORDSOLVER_CACHE_DIR": str(folder / "cache")}
    started = time.perf_counter()
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    sampler = TreeSampler(process.pid)
    sampler.start()
    out, err = process.communicate()
    wall = time.perf_counter() - started
    sampler.stop()
    report = json.loads(out) if process.returncode == 0 else None
    return Run(report, wall, sampler.cpu, sampler.peak / 2**20, "" if report else err[-300:])


class TreeSampler(threading.Thread):
    """Samples a process and its descendants: CPU seconds (the last seen of each process,
    summed) and the peak of their summed resident memory."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.root = psutil.Process(pid)
        self.peak = 0
        self._cpu: dict[int, float] = {}
        self._done = threading.Event()

    @property
    def cpu(self) -> float:
        return sum(self._cpu.values())

    def run(self) -> None:
        while not self._done.wait(0.5):
            try:
                processes = [self.root, *self.root.children(recursive=True)]
            except psutil.Error:
                return
            total = 0
            for process in processes:
                try:
                    total += process.memory_info().rss
                    times = process.cpu_times()
                    self._cpu[process.pid] = times.user + times.system
                except psutil.Error:
                    continue
            self.peak = max(self.peak, total)

    def stop(self) -> None:
        self._done.set()
        self.join()


@dataclass
class Row:
    """A line of the table."""

    name: str
    result: str
    target: str
    run: Run | None
    verdict: str

    def cells(self) -> list[str]:
        run = self.run
        timing = ["", "", ""] if run is None else [f"{run.wall:.1f}", f"{run.cpu:.1f}"]
        if run is not None:
            timing.append(f"{run.peak_mb:,.0f}")
        return [self.name, self.result, *timing, self.target, self.verdict]


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def _best(run: Run) -> str:
    report = run.report
    if report is None:
        return f"error: {run.error}"
    if report["best"] is None:
        return f"no exact first guess yet; bound {report['lower_bound']:,}"
    proven = "proven" if report["complete"] else f"bound {report['lower_bound']:,}"
    return f"{report['best']} {report['total']:,} (mean {report['mean']:.4f}), {proven}"


def row_mastermind(folder: Path, minutes: float) -> Row:
    run = prove(["mastermind"], folder)
    report = run.report or {}
    ok = (
        report.get("complete") is True
        and report.get("total") == 5625
        and report.get("best") == "aabc"  # the first of its class (aabd, abac, ... too)
        and run.wall <= 600
    )
    return Row("mastermind", _best(run), "5,625 (aabc), ≤ 600 s", run, _verdict(ok))


def row_bulls(folder: Path, minutes: float) -> Row:
    run = prove(["bulls"], folder, seconds=minutes * 60)
    report = run.report or {}
    ok = report.get("complete") is True and report.get("total") == 26274 and run.wall <= 3600
    return Row("bulls", _best(run), "26,274, ≤ 3,600 s", run, _verdict(ok))


def study_lists(folder: Path) -> list[str]:
    """The study's lists as the issue gives them, written as files: the options naming them."""
    files = write_study_lists(DATA / "five-letters", folder / "lists")
    answers = set(files["2066"].read_text("utf-8").split()) - {"драже", "кешью"}
    allowed = set(files["4109"].read_text("utf-8").split()) - {"танок", "такое"}
    answers_file, allowed_file = folder / "answers.txt", folder / "allowed.txt"
    answers_file.write_text("\n".join(sorted(answers)), "utf-8")
    allowed_file.write_text("\n".join(sorted(allowed)), "utf-8")
    return ["--answers", str(answers_file), "--allowed", str(allowed_file)]


def row_5bukv(folder: Path, minutes: float) -> Row:
    run = prove(["5bukv", *study_lists(folder)], folder, seconds=minutes * 60)
    report = run.report or {}
    ok = report.get("complete") is True and run.wall <= 3600
    return Row("5bukv (2,064 / 4,108)", _best(run), "proven, ≤ 3,600 s", run, _verdict(ok))


def row_wordle_answers(folder: Path, minutes: float) -> Row:
    answers = DATA / "wordle" / "answers.txt"
    run = prove(["wordle", "--answers", str(answers)], folder)
    report = run.report or {}
    ok = report.get("complete") is True and report.get("total") == 7973 and run.wall < 145
    return Row("wordle answers-only", _best(run), "7,973, < 145 s", run, _verdict(ok))


def row_wordle_hard(folder: Path, minutes: float) -> Row:
    run = prove(["wordle", "--lists", "original", "--hard"], folder, seconds=minutes * 60)
    report = run.report or {}
    ok = (
        report.get("complete") is True
        and report.get("best") == "salet"
        and report.get("total") == 8122
        and run.wall <= 7200
    )
    return Row(
        "wordle original, hard", _best(run), "salet 8,122 proven, ≤ 7,200 s", run, _verdict(ok)
    )


def row_wordlebot(folder: Path, minutes: float) -> Row:
    run = prove(["wordle", "--lists", "wordlebot"], folder, seconds=minutes * 60)
    report = run.report or {}
    ok = report.get("complete") is True
    return Row(
        "wordlebot (3,158 / 14,855)", _best(run), "the best first guess proven", run, _verdict(ok)
    )


#: The reference solver's best first guesses on Wordle's original lists, and their totals.
WORDLE_TOP = {"salet": 7920, "reast": 7923, "crate": 7926, "trace": 7926, "slate": 7928}
WORDLE_TOP |= {"crane": 7930}


def row_wordle(folder: Path, minutes: float) -> list[Row]:
    run = prove(["wordle", "--lists", "original"], folder, seconds=minutes * 60)
    report = run.report or {}
    rows = [
        Row(
            "wordle original",
            _best(run),
            "salet 7,920 proven, ≤ 3,600 s, ≤ 4 GB",
            run,
            _verdict(
                report.get("complete") is True
                and report.get("best") == "salet"
                and report.get("total") == 7920
                and run.wall <= 3600
                and run.peak_mb <= 4 * 1024
            ),
        )
    ]
    if report and not report["complete"]:
        rows.append(_throughput(folder / "results.jsonl", report, run.wall))
    rows.append(_wordle_top(folder, minutes * 60))
    return rows


def _throughput(path: Path, report: dict[str, Any], wall: float) -> Row:
    """First guesses per hour by kind, and a linear projection of the searches still to run
    (the classes neither exact nor above the cutoff) onto N workers."""
    entries = [json.loads(line) for line in path.read_bytes().splitlines()[1:]]
    exact = sum(entry["exact"] for entry in entries)
    by_search = report["refuted"] - report["refuted_by_bound"]
    hours = wall / 3600
    left = report["classes"] - report["refuted"] - report["exact"]
    rate = (by_search + exact) / hours  # searches per hour on WORKERS workers
    projection = {n: left / (rate * n / WORKERS) if rate else float("inf") for n in (2, 8, 32)}
    text = (
        f"{report['refuted_by_bound']:,} refuted by bound at once; searched {by_search:,}"
        f" refuted + {exact:,} exact in {hours:.2f} h ({rate:,.0f}/h); {left:,} left:"
        f" {projection[2]:.1f} h more on 2 workers, {projection[8]:.1f} h on 8,"
        f" {projection[32]:.2f} h on 32"
    )
    return Row("  throughput", text, "", None, "")


def _wordle_top(folder: Path, seconds: float) -> Row:
    """The exact values of the reference solver's top first guesses, in one process, each
    printed as it is proven (those proven within ``seconds``)."""
    script = (
        "import json, sys\n"
        "from wordsolver.games import find_game, GameOverrides\n"
        "from wordsolver.proof.prover import FirstGuessProver, ProofSpec\n"
        "game = find_game('wordle', GameOverrides(lists='original'))\n"
        "prover = FirstGuessProver(ProofSpec(game))\n"
        "for w in sys.argv[1:]:\n"
        "    print(json.dumps([w, prover.value(game.guess_row(w)).total]), flush=True)\n"
    )
    env = {**os.environ, "WORDSOLVER_CACHE_DIR": str(folder / "cache")}
    started = time.perf_counter()
    command = [sys.executable, "-c", script, *WORDLE_TOP]
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=seconds)
        out, err = done.stdout, done.stderr
    except subprocess.TimeoutExpired as stopped:
        out, err = _text(stopped.stdout), f"stopped after {seconds:.0f} s"
    wall = time.perf_counter() - started
    values = dict(json.loads(line) for line in out.splitlines())
    text = ", ".join(f"{word} {total:,}" for word, total in values.items())
    if len(values) < len(WORDLE_TOP):
        text = f"{text} ({err[-200:].strip()})"
    run = Run(None, wall, 0.0, 0.0)
    return Row("  top 6 exact", text, "= the reference's", run, _verdict(values == WORDLE_TOP))


def _text(output: str | bytes | None) -> str:
    """What a stopped process printed."""
    return output.decode() if isinstance(output, bytes) else output or ""


def row_tonguess3(folder: Path, minutes: float) -> list[Row]:
    """The proven whole-game bound from the bounds alone (``--time 1``: no task finishes),
    then after ``minutes`` of proof resuming the same results file."""
    rows = []
    for label, seconds in (("bounds alone", 1.0), (f"after {minutes:g} min", minutes * 60)):
        run = prove(["tonguess3"], folder, seconds=seconds)
        report = run.report or {}
        if not report:
            rows.append(Row(f"tonguess3 {label}", _best(run), "", run, ""))
            break
        done = (
            f"{report['refuted']:,} refuted ({report['refuted_by_bound']:,} by bound alone),"
            f" {report['exact']:,} exact of {report['classes']:,} classes"
        )
        rows.append(Row(f"tonguess3 {label}", f"{_best(run)}; {done}", "", run, ""))
        if report["complete"]:
            break
    return rows


ROWS: dict[str, Callable[[Path, float], Row | list[Row]]] = {
    "mastermind": row_mastermind,
    "bulls": row_bulls,
    "5bukv": row_5bukv,
    "wordle-answers": row_wordle_answers,
    "wordle": row_wordle,
    "wordle-hard": row_wordle_hard,
    "wordlebot": row_wordlebot,
    "tonguess3": row_tonguess3,
}


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    chosen = [argv[k + 1] for k, arg in enumerate(argv) if arg == "--row"]
    minutes = next((float(argv[k + 1]) for k, arg in enumerate(argv) if arg == "--minutes"), 60.0)
    names = chosen or (["mastermind", "wordle-answers"] if quick else list(ROWS))
    table = Table(
        "row", "result", "wall s", "CPU s", "peak MB", "target", "verdict",
        title=f"wordsolver prove, {WORKERS} workers (load at start {os.getloadavg()[0]:.1f})",
    )  # fmt: skip
    failed = False
    for name in names:
        note(f"{name} (load {os.getloadavg()[0]:.1f})")
        with tempfile.TemporaryDirectory(prefix=f"bench-prove-{name}-") as scratch:
            made = ROWS[name](Path(scratch), minutes)
        for row in made if isinstance(made, list) else [made]:
            table.add_row(*row.cells())
            failed |= row.verdict == "FAIL"
            note(" | ".join(row.cells()))
    Console(width=200).print(table)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

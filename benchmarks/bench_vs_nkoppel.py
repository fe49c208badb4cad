"""Whole-game proofs beside nkoppel's OptimalWordleSolver (Rust, the best-first solver), on the
same lists, as whole processes, alternating, with CPU seconds and the peak memory of every
process each run has.

Run: ``python benchmarks/bench_vs_nkoppel.py [--row NAME ...] [--repeat N] [--cap-gb G]
[--minutes M]``. The peer is built from ``../shared/peers/nkoppel-wordle`` by its own
``build.sh`` into a temporary folder; where cargo or its Debian crates are missing the pair
is skipped with a message. It reads ``words/guess_words_2.txt`` and
``words/solution_words_2.txt`` from its working folder and prints the proven total last;
its whole-game run gets a memory cap (``--cap-gb``, ``ulimit -v``) and a time limit, so it
cannot take the machine down: capped, it reports the bound it had reached.

Rows (the lists come from wordsolver's own, written as the peer's files):

- ``answers``: Wordle's 2,315 original answers, the only guesses too (7,973).
- ``wordlebot-answers``: WordleBot's 3,158 answers, the only guesses too.
- ``original``: the original lists, 2,315 answers and 12,972 guesses (salet 7,920), once.

Ours is ``wordsolver prove wordle ... --workers 2 --json`` (a local Dask cluster of two worker
processes). Progress goes to stderr (each run's figures as it ends), the tables to stdout:
every run, then each row's medians per solver with nkoppel's CPU and peak memory over ours.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
PEER = ROOT.parent / "shared" / "peers" / "nkoppel-wordle"
sys.path.insert(0, str(ROOT))

from bench_prove import TreeSampler  # noqa: E402
from processes import load_average  # noqa: E402

from wordsolver.games import GameOverrides, find_game  # noqa: E402


def note(message: str) -> None:
    print(f"[bench_vs_nkoppel {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Lists:
    """A row's lists: the answers, and the guesses (None: the answers only)."""

    name: str
    answers: tuple[str, ...]
    guesses: tuple[str, ...] | None
    expected: int | None


def row_lists(name: str) -> Lists:
    original = find_game("wordle", GameOverrides(lists="original"))
    if name == "answers":
        return Lists(name, original.secrets.words, None, 7973)
    if name == "wordlebot-answers":
        wordlebot = find_game("wordle", GameOverrides(lists="wordlebot"))
        return Lists(name, wordlebot.secrets.words, None, None)
    if name == "original":
        return Lists(name, original.secrets.words, original.guesses.words, 7920)
    raise SystemExit(f"unknown row {name!r}: answers, wordlebot-answers, original")


@dataclass(frozen=True)
class Measured:
    """One process tree run to its end (or its limit): what it proved and what it took."""

    total: int | None
    proven: bool
    wall: float
    cpu: float
    peak_mb: float
    note: str = ""


def measure(
    command: list[str], cwd: Path, *, limit: float, cap_bytes: int | None
) -> tuple[str, float, float, float, int]:
    """Run ``command`` under a wall ``limit`` (and an address-space cap): its output, wall
    and CPU seconds (the process and every descendant it waited for) and peak summed
    resident memory of its tree (sampled), and its exit code."""

    def capped() -> None:
        if cap_bytes is not None:
            resource.setrlimit(resource.RLIMIT_AS, (cap_bytes, cap_bytes))

    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        process = subprocess.Popen(
            command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, preexec_fn=capped
        )
        sampler = TreeSampler(process.pid)
        sampler.start()
        deadline = started + limit
        status, usage = 0, None
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                process.kill()
                _, status, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.2)
        wall = time.perf_counter() - started
        sampler.stop()
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    cpu = usage.ru_utime + usage.ru_stime
    return (
        text,
        wall,
        max(cpu, sampler.cpu),
        sampler.peak / 2**20,
        os.waitstatus_to_exitcode(status),
    )


def run_ours(lists: Lists, folder: Path, limit: float) -> Measured:
    answers = folder / "ours-answers.txt"
    answers.write_text("\n".join(lists.answers) + "\n", "utf-8")
    game = ["--lists", "original"] if lists.guesses is not None else ["--answers", str(answers)]
    results = folder / "ours.jsonl"
    results.unlink(missing_ok=True)
    command = [
        *(sys.executable, "-m", "wordsolver", "prove", "wordle", *game, "--workers", "2"),
        *("--results", str(results), "-o", str(folder / "ours.tree.json"), "--json"),
        *("--time", str(limit)),
    ]
    env_folder = folder / "cache"
    os.environ["WORDSOLVER_CACHE_DIR"] = str(env_folder)
    text, wall, cpu, peak, code = measure(command, folder, limit=limit + 120, cap_bytes=None)
    if code != 0:
        return Measured(None, False, wall, cpu, peak, f"exit {code}: {text[-200:]}")
    report = json.loads(text[text.index("{") :])
    total = report["total"] if report["complete"] else report["lower_bound"]
    return Measured(total, bool(report["complete"]), wall, cpu, peak, report["best"] or "")


def run_theirs(binary: Path, lists: Lists, folder: Path, limit: float, cap: int) -> Measured:
    work = folder / "nkoppel"
    (work / "words").mkdir(parents=True, exist_ok=True)
    guesses = lists.guesses if lists.guesses is not None else lists.answers
    (work / "words" / "guess_words_2.txt").write_text("\n".join(guesses) + "\n")
    (work / "words" / "solution_words_2.txt").write_text("\n".join(lists.answers) + "\n")
    text, wall, cpu, peak, code = measure([str(binary)], work, limit=limit, cap_bytes=cap)
    lines = text.strip().splitlines()
    if code == 0 and lines and lines[-1].strip().isdigit():
        return Measured(int(lines[-1]), True, wall, cpu, peak, "")
    steps = [int(m.group(1)) for line in lines if (m := re.match(r"\d+ (\d+) ", line))]
    why = "time limit" if wall >= limit else f"exit {code} (memory cap {cap / 2**30:.0f} GB?)"
    return Measured(steps[-1] if steps else None, False, wall, cpu, peak, f"stopped: {why}")


def build_peer(folder: Path) -> Path | None:
    """The peer's binary, built by its build.sh; None (with a message) when it cannot be."""
    if not (PEER / "build.sh").exists():
        note(f"skipping the pair: no peer sources at {PEER}")
        return None
    if shutil.which("cargo") is None:
        note("skipping the pair: cargo is not installed")
        return None
    built = subprocess.run(
        ["bash", str(PEER / "build.sh"), str(folder / "build")], capture_output=True, text=True
    )
    if built.returncode != 0:
        note(f"skipping the pair: the peer does not build here ({built.stderr.strip()[-300:]})")
        return None
    return Path(built.stdout.strip().splitlines()[-1])


def summary(runs: dict[tuple[str, str], list[Measured]]) -> Table:
    """Each row's medians per solver, and how many times more nkoppel's took (its CPU
    seconds and peak memory over ours)."""
    table = Table("row", "solver", "runs", "median CPU s", "median wall s", "median peak MB")
    table.add_column("nkoppel / wordsolver: CPU, peak")
    for name in dict.fromkeys(row for row, _ in runs):
        medians = {
            who: (
                statistics.median(run.cpu for run in measured),
                statistics.median(run.wall for run in measured),
                statistics.median(run.peak_mb for run in measured),
            )
            for (row, who), measured in runs.items()
            if row == name
        }
        for who, (cpu, wall, peak) in medians.items():
            ratio = ""
            if who == "nkoppel" and "wordsolver" in medians:
                ours = medians["wordsolver"]
                ratio = f"{cpu / ours[0]:.2f}x, {peak / ours[2]:.2f}x"
            count = str(len(runs[name, who]))
            table.add_row(name, who, count, f"{cpu:.1f}", f"{wall:.1f}", f"{peak:,.0f}", ratio)
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--row", action="append", choices=["answers", "wordlebot-answers", "original"]
    )
    parser.add_argument("--repeat", type=int, default=3, help="pairs per answers-only row")
    parser.add_argument("--cap-gb", type=float, default=12.0, help="the peer's memory cap")
    parser.add_argument("--minutes", type=float, default=60.0, help="each run's time limit")
    args = parser.parse_args(argv)
    rows = args.row or ["answers", "wordlebot-answers"]
    table = Table("row", "solver", "proven total", "wall s", "CPU s", "peak MB", "note", "load")
    runs: dict[tuple[str, str], list[Measured]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-nkoppel-") as scratch:
        folder = Path(scratch)
        binary = build_peer(folder)
        for name in rows:
            lists = row_lists(name)
            repeat = 1 if name == "original" else args.repeat
            for k in range(repeat):
                pair = ["ours", "theirs"] if k % 2 == 0 else ["theirs", "ours"]
                for who in pair:
                    if who == "theirs" and binary is None:
                        continue
                    load = load_average()
                    note(f"{name} #{k + 1}: {who} (load {load:.1f})")
                    limit = args.minutes * 60
                    cap = int(args.cap_gb * 2**30)
                    run = (
                        run_ours(lists, folder, limit)
                        if who == "ours"
                        else run_theirs(binary, lists, folder, limit, cap)  # type: ignore[arg-type]
                    )
                    note(
                        f"{name} #{k + 1}: {who} {run.total} proven={run.proven} "
                        f"wall {run.wall:.1f} s, CPU {run.cpu:.1f} s, peak {run.peak_mb:,.0f} MB "
                        f"(load {load:.1f} → {load_average():.1f}) {run.note}"
                    )
                    solver = "wordsolver" if who == "ours" else "nkoppel"
                    if run.proven:
                        runs.setdefault((name, solver), []).append(run)
                    total = "" if run.total is None else f"{run.total:,}"
                    total += "" if run.proven else " (bound)"
                    table.add_row(
                        name,
                        solver,
                        total,
                        f"{run.wall:.1f}",
                        f"{run.cpu:.1f}",
                        f"{run.peak_mb:,.0f}",
                        run.note,
                        f"{load:.1f}",
                    )
    console = Console(width=160)
    console.print(table)
    console.print(summary(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

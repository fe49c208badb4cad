"""The proof on a local Dask cluster of worker processes: the same results as in one process;
a worker killed mid-run has its tasks run again, and a whole run killed resumes, with nothing
finished computed again."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.proof.conftest import game_named, plain_values, words_game
from wordsolver.proof import (
    DaskRunner,
    InProcessRunner,
    ProofCounts,
    ProofSpec,
    ResultsLog,
    dask_available,
    prove,
)

pytestmark = pytest.mark.skipif(not dask_available(), reason="the cluster extra is not installed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[DaskRunner]:
    """A local cluster of two worker processes, shared by the tests of this module."""
    runner = DaskRunner(workers=2)
    yield runner
    runner.close()


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().splitlines()[1:]]


@pytest.mark.parametrize("name", ["mastermind-3x4", "bulls-3of6", "words"])
def test_a_cluster_proves_what_one_process_does(
    name: str, cluster: DaskRunner, tmp_path: Path
) -> None:
    game = game_named(name)
    spec = ProofSpec(game, symmetric=False)
    top = len(game.guesses)
    here = prove(spec, InProcessRunner(), ResultsLog(tmp_path / "here.jsonl", game, False), top=top)
    there = prove(spec, cluster, ResultsLog(tmp_path / "there.jsonl", game, False), top=top)
    assert there.ranking == here.ranking
    assert {s.guess: (s.total, s.worst) for s in there.ranking} == plain_values(name)
    best = prove(ProofSpec(game), cluster, ResultsLog(tmp_path / "best.jsonl", game, False))
    assert best.best == here.best


def test_a_worker_killed_mid_run_loses_nothing(cluster: DaskRunner, tmp_path: Path) -> None:
    """Kill one worker process while it holds tasks: they run again on a worker, every first
    guess is recorded once, and the ranking is the one of a run without losses."""
    game = words_game()
    spec = ProofSpec(game)
    top = len(game.guesses)
    workers = cluster.client.run(os.getpid)
    killed: list[int] = []

    def progress(counts: ProofCounts) -> None:
        if counts.computed == 5 and not killed:
            victim = next(iter(workers.values()))
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    path = tmp_path / "r.jsonl"
    proof = prove(spec, cluster, ResultsLog(path, game, False), top=top, progress=progress)
    assert killed
    cluster.client.wait_for_workers(2, timeout=60)
    assert killed[0] not in cluster.client.run(os.getpid).values()  # it did die
    assert {s.guess: (s.total, s.worst) for s in proof.ranking} == plain_values("words")
    guesses = [entry["guess"] for entry in _lines(path)]
    assert sorted(guesses) == sorted(game.guesses.words)


def test_a_run_killed_resumes_where_it_stopped(tmp_path: Path) -> None:
    """kill -9 a `wordsolver prove` run on its local cluster once some first guesses are
    recorded; the same command then finishes, computing only the others."""
    game = game_named("words290")
    n = len(game.guesses)
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(game.secrets.words) + "\n", encoding="utf-8")
    results, tree = tmp_path / "r.jsonl", tmp_path / "t.json"
    command = [
        *(sys.executable, "-m", "wordsolver", "prove", "wordle", "--answers", str(answers)),
        *("--top", str(n), "--workers", "1", "--results", str(results), "-o", str(tree), "--json"),
    ]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and run.poll() is None:
        if results.exists() and len(results.read_bytes().splitlines()) > 10:
            break
        time.sleep(0.01)
    assert run.poll() is None, "the run ended before it could be killed"
    run.send_signal(signal.SIGKILL)
    run.wait()
    before = _lines(results)
    assert 10 <= len(before) < n
    again = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    report = json.loads(again.stdout)
    after = _lines(results)
    assert after[: len(before)] == before  # what was finished stays as it was
    guesses = [entry["guess"] for entry in after]
    assert len(guesses) == len(set(guesses)) == n, "a finished first guess was computed again"
    assert report["computed"] == n - len(before)
    plain = plain_values("words290")
    assert {row["guess"]: (row["total"], row["worst"]) for row in report["ranking"]} == plain

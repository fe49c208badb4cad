"""The proof on a cluster started the way a user with several machines starts one: a
``dask scheduler`` process and ``dask worker`` processes of their own, reached by address.
One worker (its nanny and its worker process, as a lost machine) is killed mid-run: the other
takes its tasks over and the proof ends with the values of a run without losses; the best
total proven so far reaches the workers' running tasks through the scheduler."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.proof.conftest import plain_values, results_entries, task_outcome, words_game
from wordsolver.proof import DaskRunner, ProofCounts, ProofSpec, ResultsLog, dask_available, prove

pytestmark = pytest.mark.skipif(not dask_available(), reason="the cluster extra is not installed")


def _start(module: str, *arguments: str) -> subprocess.Popen[bytes]:
    """``python -m distributed.cli.MODULE ARGS`` (what ``dask scheduler``/``dask worker``
    run) in a process group of its own, quiet."""
    return subprocess.Popen(
        [sys.executable, "-m", f"distributed.cli.{module}", *arguments],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


@pytest.fixture
def separate_cluster(tmp_path: Path) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A scheduler and two one-thread workers as separate processes: (address, workers)."""
    file = tmp_path / "scheduler.json"
    scheduler = _start(
        "dask_scheduler", "--scheduler-file", str(file), "--port", "0", "--no-dashboard"
    )
    workers: list[subprocess.Popen[bytes]] = []
    try:
        deadline = time.monotonic() + 60
        while not file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(file.read_text())["address"]
        worker = ("dask_worker", address, "--nthreads", "1", "--nworkers", "1", "--no-dashboard")
        workers.extend(_start(*worker) for _ in range(2))
        yield address, workers
    finally:
        for process in [*workers, scheduler]:
            _stop(process)


def test_a_proof_on_separate_processes_survives_a_lost_worker(
    separate_cluster: tuple[str, list[subprocess.Popen[bytes]]], tmp_path: Path
) -> None:
    address, workers = separate_cluster
    runner = DaskRunner(scheduler=address)
    try:
        runner.client.wait_for_workers(2, timeout=120)
        game = words_game()
        killed: list[int] = []

        def progress(counts: ProofCounts) -> None:
            if counts.computed >= 5 and not killed:
                killed.append(workers[0].pid)
                os.killpg(workers[0].pid, signal.SIGKILL)  # the nanny and its worker

        path = tmp_path / "r.jsonl"
        top = len(game.guesses)
        log = ResultsLog(path, game, False)
        proof = prove(ProofSpec(game), runner, log, top=top, progress=progress)
    finally:
        runner.close()
    assert killed and workers[0].wait(timeout=30) != 0
    assert proof.complete
    assert {s.guess: (s.total, s.worst) for s in proof.ranking} == plain_values("words")
    outcomes = [task_outcome(entry) for entry in results_entries(path)]
    assert len(outcomes) == len(set(outcomes))  # no task's outcome recorded twice


def test_the_best_total_reaches_running_tasks_through_the_scheduler(
    separate_cluster: tuple[str, list[subprocess.Popen[bytes]]], tmp_path: Path
) -> None:
    """The best first guess only (top 1): its total, shared as it falls, refutes the others;
    the ranking's exact value is the plain search's best."""
    address, _ = separate_cluster
    runner = DaskRunner(scheduler=address)
    try:
        runner.client.wait_for_workers(2, timeout=120)
        game = words_game()
        log = ResultsLog(tmp_path / "r.jsonl", game, False)
        proof = prove(ProofSpec(game), runner, log)
        shared = runner.client.run_on_scheduler(
            lambda dask_scheduler: [
                value
                for name, value in dask_scheduler.extensions["variables"].variables.items()
                if name.startswith("wordsolver-cutoff-")
            ]
        )
    finally:
        runner.close()
    plain = plain_values("words")
    best = min(plain.values())
    assert proof.complete and proof.best is not None
    assert (proof.best.total, proof.best.worst) == best
    # The run's Variable was lowered to the best exact total after each outcome came in,
    # never below the best.
    assert len(shared) == 1 and shared[0]["type"] == "msgpack"
    exact_totals = {standing.total for standing in proof.ranking if standing.exact}
    assert shared[0]["value"] in exact_totals and shared[0]["value"] >= proof.best.total

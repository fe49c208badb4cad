"""The proof on a local Dask cluster of worker processes: the same results as in one process,
and a worker killed mid-run has its tasks run again, with every task's outcome recorded once."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.proof.conftest import (
    game_named,
    plain_values,
    results_entries,
    task_outcome,
    words_game,
)
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
    """Kill one worker process while it holds tasks: they run again on a worker, every task's
    outcome (a first guess bounded, or searched) is recorded once, and the ranking is the one
    of a run without losses."""
    game = words_game()
    spec = ProofSpec(game)
    top = len(game.guesses)
    workers = cluster.client.run(os.getpid)
    killed: list[int] = []

    def progress(counts: ProofCounts) -> None:
        if counts.computed >= 5 and not killed:
            victim = next(iter(workers.values()))
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    path = tmp_path / "r.jsonl"
    proof = prove(spec, cluster, ResultsLog(path, game, False), top=top, progress=progress)
    assert killed
    cluster.client.wait_for_workers(2, timeout=60)
    assert killed[0] not in cluster.client.run(os.getpid).values()  # it did die
    assert {s.guess: (s.total, s.worst) for s in proof.ranking} == plain_values("words")
    tasks = [task_outcome(entry) for entry in results_entries(path)]
    assert len(tasks) == len(set(tasks))
    assert sorted({task[0] for task in tasks}) == sorted(game.guesses.words)

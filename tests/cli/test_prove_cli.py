"""``wordsolver prove``: the ranking and the tree file, resumed runs (a run killed on its local
cluster among them), the in-process fallback without Dask, and refusals before any work
(memory, an unreachable scheduler)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.conftest import Run, RunCli
from tests.proof.conftest import game_named, plain_values, results_entries
from wordsolver.proof import dask_available

TINY = ["mastermind", "--length", "3", "--alphabet", "abcd"]


def _prove(run_cli: RunCli, tmp_path: Path, *extra: str) -> Run:
    results, tree = tmp_path / "r.jsonl", tmp_path / "t.json"
    return run_cli("prove", *TINY, "--results", str(results), "-o", str(tree), *extra)


@pytest.mark.skipif(not dask_available(), reason="the cluster extra is not installed")
def test_prove_ranks_saves_the_tree_and_resumes(run_cli: RunCli, tmp_path: Path) -> None:
    first = _prove(run_cli, tmp_path, "--workers", "1", "--json")
    assert first.code == 0, first.err
    report = json.loads(first.out)
    assert (report["best"], report["total"], report["symmetric"]) == ("aab", 206, True)
    assert report["classes"] == 3 and report["computed"] > 0
    assert 0 <= report["refuted_by_bound"] <= report["refuted"] == 1
    assert len(report["ranking"]) == 64 and report["ranking"][0]["exact"]
    assert all(row["total"] >= 206 for row in report["ranking"])
    checked = run_cli("tree", "check", str(tmp_path / "t.json"), *TINY, "--json")
    assert checked.code == 0, checked.err
    tree = json.loads(checked.out)
    assert (tree["total_guesses"], tree["proven"], tree["lower_bound"]) == (206, True, 206)
    again = _prove(run_cli, tmp_path, "--workers", "1", "--json")
    assert again.code == 0, again.err
    resumed = json.loads(again.out)
    assert resumed["computed"] == 0
    assert resumed["ranking"] == report["ranking"]
    table = _prove(run_cli, tmp_path, "--workers", "1")
    assert "aab" in table.out and "exact" in table.out and "proven" in table.out


@pytest.mark.skipif(not dask_available(), reason="the cluster extra is not installed")
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
    before = results_entries(results)
    assert 10 <= len(before) < n
    again = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    report = json.loads(again.stdout)
    after = results_entries(results)
    assert after[: len(before)] == before  # what was finished stays as it was
    guesses = [entry["guess"] for entry in after]
    assert len(guesses) == len(set(guesses)) == n, "a finished first guess was computed again"
    assert report["computed"] == n - len(before)
    plain = plain_values("words290")
    assert {row["guess"]: (row["total"], row["worst"]) for row in report["ranking"]} == plain


def test_without_dask_the_proof_runs_in_process(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("wordsolver.cli.prove.dask_available", lambda: False)
    done = _prove(run_cli, tmp_path, "--json")
    assert done.code == 0, done.err
    assert "warning: Dask is not installed" in done.err and "in this process" in done.err
    assert json.loads(done.out)["total"] == 206
    refused = _prove(run_cli, tmp_path, "--scheduler", "tcp://127.0.0.1:1")
    assert refused.code == 2 and "needs Dask" in refused.err


def test_a_game_too_large_for_memory_is_refused_before_work(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("wordsolver.memory.memory_available", lambda: 50 << 20)
    done = run_cli("prove", "bulls", "--workers", "4", "--results", str(tmp_path / "r.jsonl"))
    assert done.code == 2
    assert "error: proving bulls on 5 processes needs" in done.err
    assert not (tmp_path / "r.jsonl").exists()


@pytest.mark.skipif(not dask_available(), reason="the cluster extra is not installed")
def test_an_unreachable_scheduler_is_one_line_within_ten_seconds(
    run_cli: RunCli, tmp_path: Path
) -> None:
    started = time.monotonic()
    done = _prove(run_cli, tmp_path, "--scheduler", "tcp://127.0.0.1:1")
    assert time.monotonic() - started < 10
    assert done.code == 2
    assert done.err.count("error:") == 1 and "no Dask scheduler answers" in done.err
    assert not (tmp_path / "r.jsonl").exists()


def test_prove_within_a_time_budget_reports_the_bound(run_cli: RunCli, tmp_path: Path) -> None:
    done = run_cli(
        "prove", "wordle", "--words", "crane,slate,trace,react,caret,salet,least,steal",
        "--time", "0.001", "--results", str(tmp_path / "r.jsonl"), "-o", str(tmp_path / "t"),
    )  # fmt: skip
    assert done.code == 0, done.err
    assert "not finished within --time: every play needs at least" in done.out
    assert "the same command goes on" in done.out

"""``wordsolver prove``: the ranking and the tree file, resumed runs (a run killed on its local
cluster among them), the in-process fallback without Dask, and refusals before any work
(memory, an unreachable scheduler); Ctrl-C during a proof and during the compiled search of
the commands that run it, as a real signal to a real process group."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest

from tests.cli.conftest import Run, RunCli
from tests.proof.conftest import game_named, plain_values, results_entries, task_outcome
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
    # The best is exact; of the other two, one or both are refuted (a class being searched
    # stops once the best total reaches it, or finishes first: it depends on timing).
    assert report["exact"] + report["refuted"] == 3 and report["refuted"] in (1, 2)
    assert 0 <= report["refuted_by_bound"] <= report["refuted"]
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


def _words290_proof(folder: Path) -> tuple[Path, list[str]]:
    """The results file and arguments of a proof that runs a while: Wordle on 290 answers,
    every first guess exact, one worker."""
    game = game_named("words290")
    answers = folder / "answers.txt"
    answers.write_text("\n".join(game.secrets.words) + "\n", encoding="utf-8")
    results, tree = folder / "r.jsonl", folder / "t.json"
    return results, [
        *("prove", "wordle", "--answers", str(answers), "--top", str(len(game.guesses))),
        *("--workers", "1", "--results", str(results), "-o", str(tree)),
    ]


@pytest.mark.skipif(not dask_available(), reason="the cluster extra is not installed")
def test_a_run_killed_resumes_where_it_stopped(tmp_path: Path) -> None:
    """kill -9 a `wordsolver prove` run on its local cluster once some first guesses are
    recorded; the same command then finishes, computing only the others."""
    results, arguments = _words290_proof(tmp_path)
    n = len(game_named("words290").guesses)
    command = [sys.executable, "-m", "wordsolver", *arguments, "--json"]
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
    assert 10 <= len(before) < 2 * n
    again = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    report = json.loads(again.stdout)
    after = results_entries(results)
    assert after[: len(before)] == before  # what was finished stays as it was
    tasks = [task_outcome(entry) for entry in after]
    assert len(tasks) == len(set(tasks)), "a finished task was computed again"
    assert len({task[0] for task in tasks}) == n
    assert report["computed"] == len(after) - len(before)
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
    monkeypatch.setattr("wordsolver.plumbing.memory.memory_available", lambda: 50 << 20)
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


#: How long a command may take to exit after Ctrl-C in these tests: under a second on a quiet
#: machine (docs/commands/prove.md), far longer on a loaded test machine; a search that does
#: not look at the signal runs on for minutes.
PATIENCE = 10.0


def _interrupt(command: list[str], ready: Callable[[], bool]) -> tuple[float, str, str, int]:
    """Start ``wordsolver COMMAND`` in a process group of its own, wait until ``ready()``,
    send SIGINT to the group (as Ctrl-C in a terminal does): (seconds to exit, stdout,
    stderr, exit code)."""
    run = subprocess.Popen(
        [sys.executable, "-m", "wordsolver", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and run.poll() is None and not ready():
            time.sleep(0.02)
        assert run.poll() is None, "the command ended before it could be interrupted"
        sent = time.monotonic()
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=60)
        return time.monotonic() - sent, out, err, run.returncode
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()


def _busy_for(pid_of: Callable[[], int], cpu_seconds: float) -> Callable[[], bool]:
    """Ready once the process has spent this much CPU (well into its search)."""

    def ready() -> bool:
        try:
            times = psutil.Process(pid_of()).cpu_times()
        except psutil.Error:
            return False
        return bool(times.user + times.system >= cpu_seconds)

    return ready


@pytest.mark.skipif(not dask_available(), reason="the cluster extra is not installed")
def test_ctrl_c_stops_a_proof_keeps_what_it_proved_and_the_proof_goes_on(
    tmp_path: Path,
) -> None:
    results, command = _words290_proof(tmp_path)

    def ready() -> bool:
        return results.exists() and len(results.read_bytes().splitlines()) > 5

    seconds, out, err, code = _interrupt(command, ready)
    assert code == 130 and err.strip().endswith("interrupted")
    assert seconds < PATIENCE
    assert "interrupted: every play needs at least" in out and str(results) in out
    before = results_entries(results)
    assert len(before) >= 5
    again = subprocess.run(
        [sys.executable, "-m", "wordsolver", *command, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    after = results_entries(results)
    assert after[: len(before)] == before  # nothing finished was computed again
    assert json.loads(again.stdout)["computed"] == len(after) - len(before)


@pytest.mark.parametrize(
    "command",
    [
        ["tree", "build", "bulls", "-s", "optimal", "--opener", "0123", "--time", "300"],
        ["suggest", "tonguess3", "-s", "optimal", "--history", "tar=0-0", "--time", "300"],
    ],
    ids=["tree-build", "suggest"],
)
def test_ctrl_c_stops_the_compiled_search_of_a_command(command: list[str], tmp_path: Path) -> None:
    """Both spend minutes in the compiled search: interrupted well into it (past the pattern
    matrix), they stop at once with the CLI's one line and exit code 130."""
    pid: list[int] = []
    started = _busy_for(lambda: pid[0], 8.0)

    def ready() -> bool:
        if not pid:
            pid.extend(p.pid for p in psutil.Process().children() if p.is_running())
        return bool(pid) and started()

    full = [*command, "-o", str(tmp_path / "t.json")] if command[0] == "tree" else command
    seconds, _, err, code = _interrupt(full, ready)
    assert code == 130 and err.strip() == "interrupted"
    assert seconds < PATIENCE

"""What the commands do when their surroundings are hostile: caches and save folders that cannot
be used, memory that is short, exact searches that would run for minutes."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import RunCli
from wordsolver.first_turn import table_key
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import StreamedMatrix, matrix_key


def test_an_unusable_cache_folder_is_worked_around(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("WORDSOLVER_CACHE_DIR", str(blocker))
    result = run_cli("suggest", "wordle", "--words", "crane,slate,trace", "--top", "1")
    assert result.code == 0
    assert result.err.startswith("warning: cannot use the cache folder")
    assert "3 possible" in result.out


def test_a_folder_at_a_cache_path_costs_the_entry_only(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDSOLVER_CACHE_DIR", str(tmp_path))
    uniform = find_game("wordle", GameOverrides(prior="uniform"))
    (tmp_path / f"matrix-{matrix_key(uniform)}.bin").mkdir()
    result = run_cli("suggest", "wordle", "--prior", "uniform", "--top", "1")
    assert result.code == 0 and "2315 possible" in result.out
    assert "warning: cannot write the cache file" in result.err
    # The first turn's table of a game played streamed, likewise.
    (tmp_path / f"first-turn-{table_key(StreamedMatrix(find_game('wordle')))}.bin").mkdir()
    result = run_cli("suggest", "wordle", "--top", "1")
    assert result.code == 0 and "14855 possible" in result.out
    assert "warning: cannot write the cache file" in result.err


def test_a_game_is_played_on_when_it_cannot_be_saved(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("WORDSOLVER_DATA_DIR", str(blocker))
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("crane\nslate\nquit\n"))
    result = run_cli("play", "wordle", "--seed", "1")
    assert result.code == 0
    assert result.out.count("cannot save the game") == 1  # said once, then played on
    assert "guess 3/6>" in result.out and "--resume continues" not in result.out


def test_a_damaged_save_is_kept_aside_and_replaced(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDSOLVER_DATA_DIR", str(tmp_path))
    games = tmp_path / "games"
    games.mkdir()
    (games / "wordle-solo.json").write_text("{damaged")
    resumed = run_cli("play", "wordle", "--resume")
    assert resumed.code == 2 and "a copy is kept as wordle-solo.damaged.json" in resumed.err
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("crane\nquit\n"))
    fresh = run_cli("play", "wordle", "--seed", "1")
    assert fresh.code == 0 and "damaged" in fresh.err
    assert (games / "wordle-solo.damaged.json").read_text() == "{damaged"
    assert json.loads((games / "wordle-solo.json").read_text())["guesses"] == ["crane"]


def test_a_matrix_too_large_for_memory_is_refused_before_it_is_built(tmp_path: Path) -> None:
    answers = tmp_path / "many.txt"
    letters = "abcdefghij"
    words = [
        a + b + c + d + e
        for a in letters
        for b in letters
        for c in letters
        for d in letters
        for e in letters
    ]
    answers.write_text("\n".join(words[:60_000]))
    limit = 3 << 30  # an address-space cap below the 3.4 GB table

    def capped() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    finished = subprocess.run(
        [sys.executable, "-m", "wordsolver", "suggest", "wordle", "--answers", str(answers)],
        capture_output=True,
        text=True,
        preexec_fn=capped,
        timeout=120,
        env={**os.environ, "WORDSOLVER_CACHE_DIR": str(tmp_path / "cache")},
    )
    assert finished.returncode == 2, finished.stderr
    assert finished.stderr.startswith("error: the pattern matrix of wordle (custom) needs 3.4 GB")
    assert "Traceback" not in finished.stderr


def test_an_exact_suggestion_past_its_time_gives_way_to_entropy(run_cli: RunCli) -> None:
    args = ("suggest", "wordle", "-s", "optimal", "--time", "0.5", "--json")
    result = run_cli(*args, "--prior", "uniform")
    assert result.code == 0
    assert "did not finish within 0.5 s" in result.err
    answer = json.loads(result.out)
    assert answer["strategy"] == "entropy" and "did not finish within 0.5 s" in answer["note"]
    # Every accepted word possible: the first turn is beyond the exact search at once.
    result = run_cli(*args)
    assert result.code == 0 and "cannot weigh all 14855 possible words" in result.err
    assert json.loads(result.out)["strategy"] == "entropy"


def test_openers_are_echoed_as_the_game_spells_them(run_cli: RunCli) -> None:
    result = run_cli("evaluate", "5bukv", "--opener", "КОТЁЛ", "--sample", "3", "--json")
    assert json.loads(result.out)[0]["options"]["openers"] == ["котел"]


def test_hint_with_an_odd_number_is_one_line(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("hint ²\nhint 3\nquit\n"))
    result = run_cli("solve", "wordle", "--words", "crane,slate,trace")
    assert result.code == 0
    assert "hint takes a number, not '²'" in result.out
    assert result.out.count("#  guess") >= 2  # the session went on

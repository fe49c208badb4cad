"""``study`` and ``openers --size K`` end to end, and ``evaluate --opener`` with several words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import RunCli
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.search.openers import OpenerQuery, search_openers


@pytest.fixture
def lists(small_lists: dict[str, Path]) -> list[str]:
    return ["--answers", str(small_lists["answers"]), "--allowed", str(small_lists["allowed"])]


def test_study_writes_the_report_and_resumes(
    run_cli: RunCli, lists: list[str], tmp_path: Path
) -> None:
    args = ("study", "5bukv", *lists, "--out", str(tmp_path), "--algorithm", "greedy,opener-2")
    first = run_cli(*args, "--objective", "mean")
    assert first.code == 0, first.err
    assert "report: " in first.out and "0 cells reused" in first.out
    assert "greedy" in first.out and "opener-2" in first.out
    assert {p.name for p in tmp_path.iterdir()} >= {"study.md", "results.json", "means.png"}
    again = run_cli(*args, "--objective", "mean,worst", "--json")
    payload = json.loads(again.out)
    assert payload["reused"] == 2
    cells = payload["pairs"][0]["cells"]
    assert [(c["goal"], c["algorithm"]) for c in cells] == [
        ("mean", "greedy"), ("mean", "opener-2"), ("worst", "greedy"), ("worst", "opener-2"),
    ]  # fmt: skip
    assert cells[1]["opener"]["exact"] is True


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--answers", "a.txt"), "give one --allowed per --answers (2 --answers, 1 --allowed)"),
        (("--algorithm", "opener-9"), "unknown algorithm 'opener-9'"),
        (("--objective", "median"), "unknown objective 'median'"),
    ],
)
def test_study_bad_input_is_one_line(
    run_cli: RunCli, lists: list[str], tmp_path: Path, extra: tuple[str, ...], message: str
) -> None:
    result = run_cli("study", "5bukv", *lists, "--out", str(tmp_path), *extra)
    assert result.code == 2
    assert result.err.count("\n") == 1 and message in result.err


def test_study_needs_lists(run_cli: RunCli) -> None:
    result = run_cli("study", "5bukv")
    assert result.code == 2 and "Missing option '--answers'" in result.err


def test_openers_size_k_matches_the_library(
    run_cli: RunCli, lists: list[str], small_matrix: PatternMatrix
) -> None:
    result = run_cli("openers", "5bukv", *lists, "--size", "2", "--top", "3", "--json")
    rows = json.loads(result.out)
    expected = search_openers(small_matrix, OpenerQuery(words=2, top=3)).final.openers
    assert [row["words"] for row in rows] == [list(o.words) for o in expected]
    assert [row["mean"] for row in rows] == [round(o.mean, 4) for o in expected]
    assert all(row["exact"] for row in rows)
    assert rows[0]["word"] == ",".join(rows[0]["words"])


def test_openers_table_says_beam_or_exact(run_cli: RunCli, lists: list[str]) -> None:
    beam = run_cli("openers", "5bukv", *lists, "-k", "3", "--by", "worst", "--top", "2")
    assert beam.code == 0 and "3-word openers" in beam.out and "a heuristic" in beam.out
    exact = run_cli("openers", "5bukv", *lists, "-k", "2", "--any", "--top", "2")
    assert "any allowed words; exact: the best of the search space" in exact.out


def test_openers_size_out_of_range(run_cli: RunCli) -> None:
    result = run_cli("openers", "5bukv", "--size", "6")
    assert result.code == 2 and "6 is not in the range 1<=x<=5" in result.err


def test_openers_of_a_custom_word_list(run_cli: RunCli) -> None:
    words = ("crane", "slate", "trace", "crate", "grate", "irate", "plate", "shore", "store")
    result = run_cli("openers", "wordle", "--words", ",".join(words), "--top", "2", "--json")
    game = find_game("wordle", GameOverrides(words=words))
    expected = search_openers(pattern_matrix(game, use_cache=False), OpenerQuery(top=2))
    assert [row["word"] for row in json.loads(result.out)] == [
        ",".join(o.words) for o in expected.final.openers
    ]
    table = run_cli("openers", "wordle", "--words", ",".join(words), "--top", "2")
    assert "over 9 secrets" in table.out


def test_evaluate_plays_a_three_word_opener(
    run_cli: RunCli, lists: list[str], small_matrix: PatternMatrix
) -> None:
    words = search_openers(small_matrix, OpenerQuery(words=3, top=1)).final.openers[0].words
    result = run_cli("evaluate", "5bukv", *lists, "-s", "expected-size",
                     "--opener", ",".join(words), "--json")  # fmt: skip
    (row,) = json.loads(result.out)
    assert row["options"]["openers"] == list(words)
    secrets = set(small_matrix.game.secrets.words)
    assert row["distribution"].get("1", 0) == (words[0] in secrets)
    plain = json.loads(run_cli("evaluate", "5bukv", *lists, "-s", "expected-size", "--json").out)
    assert plain[0]["mean"] < row["mean"]  # a fixed start costs tries against the greedy

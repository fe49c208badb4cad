"""``wordsolver explain``: the buckets, the histogram, the comparison and the verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import RunCli
from wordsolver.plumbing.optional import available

WORDS = "cat,car,bat,cot,dog"


def test_explain_shows_buckets_histogram_comparison_and_verdict(run_cli: RunCli) -> None:
    result = run_cli("explain", "fallout", "cat", "--words", WORDS, "--against", "car")
    assert result.code == 0, result.err
    assert "5 possible; cat leaves 2.2 on average, worst 3;" in result.out
    assert "car leaves 1.4 on average, worst 2" in result.out
    assert "bat car cot" in result.out  # the likeness-2 bucket of cat, named
    assert "bucket sizes" in result.out and "█" in result.out
    assert "exact: best play" in result.out


def test_explain_json_after_a_history(run_cli: RunCli) -> None:
    args = ("explain", "wordle", "curse", "--history", "crane:gy..g", "--json")
    result = run_cli(*args, "--exact-seconds", "10", "--prior", "uniform")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["candidates_left"] == 3
    assert [b["size"] for b in data["guess"]["buckets"]] == [1, 1, 1]
    assert data["exact"]["best_mean"] == pytest.approx(5 / 3)
    # Under the prior every accepted word that fits is possible, each bucket as likely as its
    # words, and the exact search weighs them so.
    data = json.loads(run_cli(*args, "--exact-seconds", "30").out)
    buckets = data["guess"]["buckets"]
    assert data["candidates_left"] == 9 and sum(b["size"] for b in buckets) == 9
    assert sum(b["probability"] for b in buckets) == pytest.approx(1.0)
    assert buckets[0]["probability"] > 0.3  # the likeliest bucket first
    assert data["exact"] is None or 1 < data["exact"]["best_mean"] < 2


def test_explain_lists_the_largest_buckets_and_sums_the_rest(run_cli: RunCli) -> None:
    result = run_cli("explain", "wordle", "crane", "--buckets", "3", "--exact-seconds", "0")
    assert result.code == 0, result.err
    assert "more feedbacks" in result.out
    assert "the exact search was not asked" in result.out


@pytest.mark.skipif(not available("matplotlib"), reason="needs the plots extra")
def test_explain_plot(run_cli: RunCli, tmp_path: Path) -> None:
    target = tmp_path / "h.png"
    result = run_cli("explain", "fallout", "cat", "--words", WORDS, "--plot", str(target))
    assert result.code == 0, result.err
    assert target.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("wordle", "zzzzz"), "zzzzz"),
        (("wordle", "crane", "--history", "crane:ggggg"), "found already"),
        (("wordle", "crane", "--against", "qqqqq"), "qqqqq"),
        (("wordle", "crane", "--exact-seconds", "-1"), "--exact-seconds"),
        (("wordle", "crane", "--exact-seconds", "nan"), "--exact-seconds"),
    ],
)
def test_explain_refuses_bad_input(run_cli: RunCli, args: tuple[str, ...], message: str) -> None:
    result = run_cli("explain", *args)
    assert result.code == 2 and message in result.err and "Traceback" not in result.err

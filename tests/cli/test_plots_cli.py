"""The commands' --plot files and ``evaluate --json``'s rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import RunCli
from tests.notebook.conftest import WORDS

pytest.importorskip("matplotlib")

PNG = b"\x89PNG\r\n\x1a\n"


def test_evaluate_json_gives_rows_and_plot_draws(run_cli: RunCli, tmp_path: Path) -> None:
    words = "--words", ",".join(WORDS)
    plot = tmp_path / "evaluate.png"
    result = run_cli("evaluate", "fallout", *words, "-s", "entropy,minimax", "--json",
                     "--plot", str(plot))  # fmt: skip
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert [len(one["rows"]) for one in data] == [len(WORDS), len(WORDS)]
    assert {row["secret"] for row in data[0]["rows"]} == set(WORDS)
    assert plot.read_bytes().startswith(PNG)


def test_evaluate_against_secrets_gives_rows_and_plot_draws(
    run_cli: RunCli, tmp_path: Path
) -> None:
    words = "--words", ",".join(WORDS)
    secrets = tmp_path / "secrets.txt"
    secrets.write_text("tab\ncat\narc\n", encoding="utf-8")
    plot = tmp_path / "secrets.png"
    result = run_cli("evaluate", "fallout", *words, "--secrets", str(secrets), "-s",
                     "entropy,minimax", "--json", "--plot", str(plot))  # fmt: skip
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert [[row["secret"] for row in one["rows"]] for one in data] == [["tab", "cat", "arc"]] * 2
    assert all("false_certainties" in one for one in data)
    assert plot.read_bytes().startswith(PNG)


def test_tree_stats_plot_and_a_bad_path(run_cli: RunCli, tmp_path: Path) -> None:
    small = "--length", "2", "--alphabet", "abcd"
    saved = tmp_path / "t.json"
    built = run_cli("tree", "build", "bulls", *small, "-s", "minimax", "-o", str(saved))
    assert built.code == 0, built.err
    plot = tmp_path / "depths.png"
    result = run_cli("tree", "stats", str(saved), *small, "--plot", str(plot))
    assert result.code == 0 and f"written to {plot}" in result.out
    assert plot.read_bytes().startswith(PNG)
    missing = run_cli("tree", "stats", str(saved), *small, "--plot", str(tmp_path / "no" / "x.png"))
    assert missing.code != 0 and "there is no folder" in missing.err and missing.out == ""

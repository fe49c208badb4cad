"""``tree build --weights`` end to end: the proven expected guesses, refusals and a tree whose
weights were tampered with."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tests.cli.conftest import RunCli
from tests.cli.test_tree_cli import WORDS, build, one_line_error
from tests.reference import brute_force
from tests.tree.conftest import NINE
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.tree import load_tree
from wordsolver.weights import load_weights

GAME = find_game("fallout", GameOverrides(words=NINE))


def test_build_with_weights_reports_the_proven_expected_guesses(
    run_cli: RunCli, tmp_path: Path, skewed: Path
) -> None:
    path = tmp_path / "weighted.tree.json"
    stats = build(run_cli, path, "--strategy", "optimal", "--weights", str(skewed))
    weights = load_weights(str(skewed), GAME)
    units = weights.units()
    total, _ = brute_force(GAME, weights=units.tolist()) or (0, 0)
    assert stats["proven"] and stats["weights"] == "weights.txt"
    assert stats["weighted_mean"] == pytest.approx(total / units.sum(), abs=1e-5)
    # The search adds weights in units of 2^-20 of the largest: its bound is exact in those.
    assert stats["weighted_lower_bound"] == pytest.approx(stats["weighted_mean"], abs=1e-5)
    tree = load_tree(path, pattern_matrix(GAME))
    assert tree.weights is not None and np.array_equal(tree.weights.values, weights.values)
    assert GAME.guesses.words[tree.root.guess] == "tot"
    shown = run_cli("tree", "stats", str(path), *WORDS)
    assert "expected guesses (weights.txt weights)" in shown.out and "proven optimal" in shown.out


def test_weights_need_the_optimal_strategy(run_cli: RunCli, tmp_path: Path, skewed: Path) -> None:
    result = run_cli(
        "tree", "build", "fallout", *WORDS, "-o", str(tmp_path / "t.json"), "--weights", str(skewed)
    )
    assert result.code != 0
    assert one_line_error(result.err) == "error: --weights needs --strategy optimal"


def test_missing_weights_file_is_one_line(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli(
        "tree", "build", "fallout", *WORDS, "--strategy", "optimal",
        "-o", str(tmp_path / "t.json"), "--weights", str(tmp_path / "none.txt"),
    )  # fmt: skip
    assert result.code != 0 and "cannot read" in one_line_error(result.err)
    assert not (tmp_path / "t.json").exists()


def test_tampered_weights_are_rejected(run_cli: RunCli, tmp_path: Path, skewed: Path) -> None:
    path = tmp_path / "weighted.tree.json"
    build(run_cli, path, "--strategy", "optimal", "--weights", str(skewed))
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["weights"]["values"]["cat"]
    path.write_text(json.dumps(document), encoding="utf-8")
    result = run_cli("tree", "stats", str(path), *WORDS)
    assert result.code != 0 and "damaged tree" in one_line_error(result.err)

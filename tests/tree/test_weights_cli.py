"""Secret weights: reading them (file, wordfreq), and ``tree build --weights`` end to end."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tests.cli.conftest import RunCli
from tests.reference import brute_force
from tests.tree.conftest import NINE
from tests.tree.test_tree_cli import WORDS, build, one_line_error
from wordsolver.errors import WordListError
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.tree import load_tree
from wordsolver.weights import SecretWeights, load_weights

GAME = find_game("fallout", GameOverrides(words=NINE))
#: A skewed distribution: tot is nearly certain.
WEIGHTS = {word: (500.0 if word == "tot" else float(i + 1)) for i, word in enumerate(NINE)}


def weights_file(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "weights.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def skewed(tmp_path: Path) -> Path:
    lines = ["# word weight", *(f"{word.upper()}\t{w:g}" for word, w in WEIGHTS.items())]
    return weights_file(tmp_path, [*lines, "zzz 3  # not a secret: ignored"])


def test_file_weights_follow_the_secret_order(skewed: Path) -> None:
    weights = load_weights(str(skewed), GAME)
    assert weights.source == "weights.txt"
    assert weights.values.tolist() == [WEIGHTS[word] for word in GAME.secrets.words]


def test_commas_and_semicolons_separate_fields(tmp_path: Path) -> None:
    path = weights_file(
        tmp_path, [f"{word},{i}" if i % 2 else f"{word};{i}" for i, word in enumerate(NINE)]
    )
    assert load_weights(str(path), GAME).values.tolist() == [
        float(NINE.index(w)) for w in GAME.secrets.words
    ]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["cat 1"], "8 secrets have no weight (bar, bat, car, cot, rat, …)"),
        ([*(f"{w} 1" for w in NINE), "cat many"], ":10: 'many' is not a number"),
        ([*(f"{w} 1" for w in NINE), "cat -2"], ":10: a weight must be a number ≥ 0"),
        ([*(f"{w} 1" for w in NINE), "cat 1 2"], ":10: expected 'word weight'"),
        ([f"{w} 0" for w in NINE], "every weight is zero"),
    ],
)
def test_bad_weight_files_name_the_problem(tmp_path: Path, lines: list[str], message: str) -> None:
    with pytest.raises(WordListError, match=None) as raised:
        load_weights(str(weights_file(tmp_path, lines)), GAME)
    assert message in str(raised.value)


def test_wordfreq_weights_favour_common_words() -> None:
    pytest.importorskip("wordfreq")
    game = find_game("fallout", GameOverrides(words=("house", "xylyl", "water")))
    weights = load_weights("wordfreq", game)
    by_word = dict(zip(game.secrets.words, weights.values, strict=True))
    assert by_word["house"] > by_word["xylyl"] > 0 and by_word["water"] > by_word["xylyl"]


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


def test_secret_weights_expected_guesses() -> None:
    weights = SecretWeights("demo", np.array([3.0, 1.0]))
    assert weights.expected(np.array([1, 5])) == pytest.approx(2.0)

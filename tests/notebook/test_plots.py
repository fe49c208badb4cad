"""Plot helpers return figures; the commands' --plot files are drawn by them."""

from __future__ import annotations

from pathlib import Path

import pytest

import wordsolver
from tests.notebook.conftest import WORDS
from wordsolver.api import LoadedGame

pytest.importorskip("matplotlib")

PNG = b"\x89PNG\r\n\x1a\n"


def bar_heights(figure: object) -> list[list[float]]:
    """The heights of each bar series of each panel of a figure."""
    return [
        [patch.get_height() for patch in container]
        for axes in figure.axes  # type: ignore[attr-defined]
        for container in axes.containers
    ]


def test_guess_distribution_draws_each_strategy(small: LoadedGame, tmp_path: Path) -> None:
    both = wordsolver.evaluate(small, ["entropy", "minimax"])
    figure = wordsolver.plots.guess_distribution(both)
    heights = bar_heights(figure)
    labels = wordsolver.plots.legend(figure.axes[0])
    assert [label.split()[0] for label in labels] == ["entropy", "minimax"]
    assert len(heights) == 2
    for drawn, evaluation in zip(heights, both, strict=True):
        expected = [100 * evaluation.distribution.get(k, 0) / len(WORDS) for k in range(1, 5)]
        assert drawn[: len(expected)] == pytest.approx(expected)
    path = wordsolver.plots.save_png(figure, tmp_path / "both.png")
    assert path.read_bytes().startswith(PNG)


def test_bucket_histogram_holds_every_candidate(small: LoadedGame) -> None:
    answer = wordsolver.explain(small, "cat", versus="bar")
    heights = bar_heights(wordsolver.plots.bucket_histogram(answer))
    assert [sum(series) for series in heights] == [len(WORDS), len(WORDS)]


def test_depth_histogram_counts_secrets_and_nodes(small: LoadedGame) -> None:
    tree = wordsolver.tree(small, "entropy")
    solved, nodes = bar_heights(wordsolver.plots.depth_histogram(tree))
    assert sum(solved) == pytest.approx(100)
    assert sum(nodes) == tree.size

"""Figures of results, drawn with matplotlib (the ``plots`` extra) and returned to the caller.

A notebook shows a returned figure; :func:`save_png` writes one to a file, whole or not at all.
The commands' ``--plot FILE`` options and the study's report draw through these functions too,
so a chart looks the same wherever it is made:

- :func:`guess_distribution`: the share of secrets solved in 1, 2, 3... guesses, for one
  evaluation or several side by side (``wordsolver.evaluate(game, ["entropy", "minimax"])``);
- :func:`bucket_histogram`: how a guess splits the candidates, by bucket size (``explain``);
- :func:`depth_histogram`: a decision tree's secrets solved and guesses played at each depth.

Figures are made with matplotlib's object API (no pyplot, no global state, no display needed).

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.strategies import Player, PlayOptions, find_strategy
>>> from wordsolver.tree import grow_tree
>>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat", "cot", "dog")))
>>> matrix = pattern_matrix(game, use_cache=False)
>>> tree = grow_tree(Player(matrix, find_strategy("entropy"), PlayOptions()))
>>> figure = depth_histogram(tree)
>>> [axes.get_title() for axes in figure.axes]
['secrets solved at each guess', 'guesses played at each depth']
>>> from wordsolver.evaluation import Evaluation
>>> [legend(axes) for axes in guess_distribution(Evaluation.of_tree(tree)).axes]
[['entropy (mean 2.0000)']]
>>> from wordsolver.explain import explain
>>> from wordsolver.session import Session
>>> answer = explain(Session(matrix), "cat", versus="car")
>>> [legend(axes) for axes in bucket_histogram(answer).axes]
[['cat leaves 2.2 on average, worst 3', 'car leaves 1.4 on average, worst 2']]

"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from wordsolver.evaluation import Evaluation, Played
from wordsolver.explain import Explanation
from wordsolver.plumbing.files import write_output
from wordsolver.plumbing.optional import require
from wordsolver.tree.node import DecisionTree

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: Pixels per inch of the PNG files.
DPI = 110


@dataclass(frozen=True, slots=True)
class Series:
    """One set of bars of a guess distribution: its legend, the number of secrets solved in
    each number of guesses, and the number of secrets in all."""

    label: str
    counts: Mapping[int, int]
    total: int


def new_figure(width: float, height: float) -> Figure:
    """An empty figure of this size in inches (WordsolverError names the extra to install when
    matplotlib is missing)."""
    figure_class: type[Figure] = require("matplotlib.figure", "drawing figures", "plots").Figure
    return figure_class(figsize=(width, height), dpi=DPI, layout="constrained")


def png_bytes(figure: Figure) -> bytes:
    """The figure as a PNG file's bytes."""
    image = io.BytesIO()
    figure.savefig(image, format="png", metadata={"Software": None})
    return image.getvalue()


def save_png(figure: Figure, path: Path) -> Path:
    """Write the figure as a PNG where the user asked (never half-written; UserFileError when it
    cannot be written)."""
    write_output(path, png_bytes(figure))
    return path


def draw_distribution(
    axes: Axes, series: Sequence[Series], max_tries: int | None, longest: int | None = None
) -> None:
    """Bars of the share of secrets solved in 1, 2, ... guesses (to ``longest``, by default the
    most any series needed), the series side by side, a dashed line past the tries allowed."""
    longest = longest or max(max(s.counts, default=1) for s in series)
    tries = np.arange(1, longest + 1)
    width = 0.8 / len(series)
    for k, one in enumerate(series):
        shares = [100 * one.counts.get(int(t), 0) / one.total for t in tries]
        axes.bar(tries + (k - (len(series) - 1) / 2) * width, shares, width, label=one.label)
    if max_tries is not None and max_tries < longest:
        axes.axvline(max_tries + 0.5, color="grey", linestyle="--", linewidth=1)
    axes.set_xticks(tries)
    axes.set_xlabel("guesses")
    axes.set_ylabel("% of secrets")
    axes.legend(fontsize=7)


def guess_distribution(results: Played | Sequence[Played]) -> Figure:
    """The guess distribution of one evaluation, or of several side by side (a
    :class:`~wordsolver.evaluation.Comparison`, or any list of evaluations of one game)."""
    chosen = [results] if isinstance(results, Played) else list(results)
    first = chosen[0]
    figure = new_figure(6.4, 3.8)
    axes = figure.add_subplot()
    series = [Series(f"{e.strategy} (mean {e.mean:.4f})", e.distribution, e.total) for e in chosen]
    draw_distribution(axes, series, first.max_tries)
    axes.set_title(f"{first.game}: guesses per secret, {first.total:,} secrets")
    return figure


def bucket_histogram(answer: Explanation) -> Figure:
    """The bucket sizes of the explained guess (and the one beside it) as bars: how many
    candidates sit in buckets of each size, sizes binned 1, 2, 3-4, 5-8..."""
    splits = [s for s in (answer.guess, answer.versus) if s is not None]
    labels = sorted({b.label: b.low for s in splits for b in s.size_bins()}.items(), key=_second)
    figure = new_figure(6.4, 3.6)
    axes = figure.add_subplot()
    width = 0.8 / len(splits)
    for k, chosen in enumerate(splits):
        held = {b.label: b.candidates for b in chosen.size_bins()}
        axes.bar(
            [x + (k - (len(splits) - 1) / 2) * width for x in range(len(labels))],
            [held.get(label, 0) for label, _ in labels],
            width=width,
            label=chosen.summary(),
        )
    axes.set_xticks(range(len(labels)), [label for label, _ in labels])
    axes.set_xlabel("candidates left after the feedback (bucket size)")
    axes.set_ylabel("candidates in such buckets")
    axes.set_title(f"{answer.game}: {answer.candidates_left} candidates now")
    axes.legend()
    return figure


def depth_histogram(tree: DecisionTree) -> Figure:
    """A tree's shape by depth: the secrets solved at each guess (its guess distribution) and
    the guesses (nodes) it plays at each depth."""
    game = tree.matrix.game
    solved = Evaluation.of_tree(tree).distribution
    nodes = Counter(_node_depths(tree))
    figure = new_figure(9.6, 3.6)
    left, right = figure.subplots(1, 2)
    label = f"{tree.strategy} ({len(game.secrets):,} secrets)"
    draw_distribution(left, [Series(label, solved, len(game.secrets))], game.max_tries)
    left.set_title("secrets solved at each guess")
    depths = np.arange(1, max(nodes) + 1)
    right.bar(depths, [nodes.get(int(d), 0) for d in depths])
    right.set_xticks(depths)
    right.set_xlabel("depth (guess number)")
    right.set_ylabel("guesses in the tree")
    right.set_title("guesses played at each depth")
    figure.suptitle(f"{game.name}: {tree.strategy} tree, {tree.size:,} nodes")
    return figure


def _node_depths(tree: DecisionTree) -> list[int]:
    """The depth of every node, the root at 1."""
    depths, level, depth = [], [tree.root], 1
    while level:
        depths += [depth] * len(level)
        level = [child for node in level for child in node.children.values()]
        depth += 1
    return depths


def _second(item: tuple[str, int]) -> int:
    return item[1]


def legend(axes: Axes) -> list[str]:
    """The labels of a panel's legend, in order (none without one)."""
    drawn = axes.get_legend()
    return [] if drawn is None else [text.get_text() for text in drawn.get_texts()]

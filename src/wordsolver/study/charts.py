"""PNG charts of a study: guess-count distributions per list pair, and a matrix of mean tries.

Drawn with matplotlib's object API on the Agg canvas (no display, no global pyplot state);
matplotlib is imported only when a chart is drawn.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from wordsolver.files import atomic_write_bytes
from wordsolver.optional import require
from wordsolver.study.runner import PairResults, StudyResults

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: Pixels per inch of the PNG files.
DPI = 110


def means_chart(results: StudyResults, path: Path) -> Path:
    """A heat map: one row per list pair, one column per objective and algorithm, mean tries."""
    columns = [(g, a) for g in results.plan.goals for a in results.plan.algorithms]
    grid = np.array([[p.cell(g, a).mean for g, a in columns] for p in results.pairs])
    figure = _figure(width=1.1 * len(columns) + 2.5, height=0.55 * len(results.pairs) + 2.2)
    axes = figure.add_subplot()
    image = axes.imshow(grid, cmap="viridis_r", aspect="auto")
    axes.set_xticks(range(len(columns)), [f"{a}\n({g})" for g, a in columns], fontsize=8)
    axes.set_yticks(range(len(results.pairs)), [p.label for p in results.pairs])
    middle = (grid.min() + grid.max()) / 2
    for (row, column), value in np.ndenumerate(grid):
        colour = "white" if value > middle else "black"
        axes.text(column, row, f"{value:.3f}", ha="center", va="center", fontsize=8, color=colour)
    axes.set_xlabel("algorithm (objective)")
    axes.set_ylabel("answers | allowed")
    axes.set_title(f"{results.plan.game}: mean tries")
    figure.colorbar(image, ax=axes, label="mean tries")
    return _save(figure, path)


def distribution_chart(pair: PairResults, goals: tuple[str, ...], path: Path) -> Path:
    """One panel per objective: the share of secrets won in 1, 2, … tries, per algorithm."""
    longest = max(cell.worst for cell in pair.cells)
    tries = np.arange(1, longest + 1)
    figure = _figure(width=5.5 * len(goals), height=4.0)
    for index, goal in enumerate(goals):
        axes = figure.add_subplot(1, len(goals), index + 1)
        cells = [cell for cell in pair.cells if cell.goal == goal]
        width = 0.8 / len(cells)
        for k, cell in enumerate(cells):
            shares = [100 * cell.distribution.get(int(t), 0) / cell.total for t in tries]
            label = f"{cell.algorithm} ({cell.mean:.3f})"
            axes.bar(tries + (k - (len(cells) - 1) / 2) * width, shares, width, label=label)
        if pair.max_tries is not None and pair.max_tries < longest:
            axes.axvline(pair.max_tries + 0.5, color="grey", linestyle="--", linewidth=1)
        axes.set_xticks(tries)
        axes.set_xlabel("tries")
        axes.set_ylabel("% of secrets")
        axes.set_title(f"{pair.label}, objective {goal}")
        axes.legend(fontsize=7)
    return _save(figure, path)


def _figure(width: float, height: float) -> Figure:
    figure_class: type[Figure] = require("matplotlib.figure", "drawing charts", "plots").Figure
    return figure_class(figsize=(width, height), dpi=DPI, layout="constrained")


def _save(figure: Figure, path: Path) -> Path:
    image = io.BytesIO()
    figure.savefig(image, format="png", metadata={"Software": None})
    atomic_write_bytes(path, image.getvalue())
    return path

"""PNG charts of a study: guess-count distributions per list pair, and a matrix of mean tries.

Drawn through :mod:`wordsolver.plots` (matplotlib's object API, no display, no global pyplot
state; matplotlib is imported only when a chart is drawn), so a study's distributions look like
``evaluate --plot``'s.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from wordsolver.plots import Series, draw_distribution, new_figure, png_bytes
from wordsolver.plumbing.files import atomic_write_bytes
from wordsolver.study.runner import PairResults, StudyResults


def means_chart(results: StudyResults, path: Path) -> Path:
    """A heat map: one row per list pair, one column per objective and algorithm, mean tries."""
    columns = [(g, a) for g in results.plan.goals for a in results.plan.algorithms]
    grid = np.array([[p.cell(g, a).mean for g, a in columns] for p in results.pairs])
    figure = new_figure(width=1.1 * len(columns) + 2.5, height=0.55 * len(results.pairs) + 2.2)
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
    atomic_write_bytes(path, png_bytes(figure))
    return path


def distribution_chart(pair: PairResults, goals: tuple[str, ...], path: Path) -> Path:
    """One panel per objective: the share of secrets won in 1, 2, … tries, per algorithm."""
    longest = max(cell.worst for cell in pair.cells)
    figure = new_figure(width=5.5 * len(goals), height=4.0)
    for index, goal in enumerate(goals):
        axes = figure.add_subplot(1, len(goals), index + 1)
        series = [
            Series(f"{cell.algorithm} ({cell.mean:.3f})", cell.distribution, cell.total)
            for cell in pair.cells
            if cell.goal == goal
        ]
        draw_distribution(axes, series, pair.max_tries, longest)
        axes.set_xlabel("tries")
        axes.set_title(f"{pair.label}, objective {goal}")
    atomic_write_bytes(path, png_bytes(figure))
    return path

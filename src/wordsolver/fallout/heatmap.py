"""Heat maps of a sweep: one PNG per strategy and metric (matplotlib, the ``plots`` extra).

Maps of one metric share one colour scale across strategies so they compare at a glance; the
harder end is always the dark one. Drawn with matplotlib's object API and its Agg canvas, so no
display and no global backend are involved.
"""

from __future__ import annotations

import io
from pathlib import Path
from types import ModuleType

from wordsolver.fallout.report import grid, metrics_for
from wordsolver.fallout.sweep import Sweep
from wordsolver.plumbing.files import atomic_write_bytes
from wordsolver.plumbing.optional import require


def _figure_module() -> ModuleType:
    return require("matplotlib.figure", "drawing heat maps", "plots")


def check_heatmaps() -> None:
    """Fail early, before a long sweep, when heat maps cannot be drawn."""
    _figure_module()


def draw_heatmaps(sweep: Sweep, folder: Path) -> list[Path]:
    """Write ``STRATEGY-METRIC.png`` for every strategy and metric into ``folder``."""
    figure_module = _figure_module()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for metric in metrics_for(sweep.options):
        grids = {strategy: grid(sweep, strategy, metric) for strategy in sweep.strategies}
        low = min(float(values.min()) for values in grids.values())
        high = max(float(values.max()) for values in grids.values())
        colours = "magma_r" if metric.higher_is_harder else "magma"
        for strategy, values in grids.items():
            width = 2.5 + 0.55 * len(sweep.word_counts)
            height = 1.8 + 0.4 * len(sweep.lengths)
            figure = figure_module.Figure(figsize=(width, height), layout="constrained")
            axes = figure.subplots()
            image = axes.imshow(
                values, cmap=colours, vmin=low, vmax=high, origin="lower", aspect="auto"
            )
            axes.set_xticks(range(len(sweep.word_counts)), [str(n) for n in sweep.word_counts])
            axes.set_yticks(range(len(sweep.lengths)), [str(n) for n in sweep.lengths])
            axes.set_xlabel("words on screen")
            axes.set_ylabel("letters per word")
            middle = (low + high) / 2
            for y, row in enumerate(values):
                for x, value in enumerate(row):
                    dark = (value > middle) == metric.higher_is_harder
                    axes.text(
                        x, y, metric.format(value).rstrip("%"), ha="center", va="center",
                        fontsize=7, color="white" if dark else "black",
                    )  # fmt: skip
            figure.colorbar(image, ax=axes, label=metric.heading(sweep.options))
            axes.set_title(
                f"{strategy}: {metric.heading(sweep.options)}\n"
                f"{sweep.options.trials} terminals per cell, {Path(sweep.dictionary).name}",
                fontsize=10,
            )
            path = folder / f"{strategy}-{metric.name}.png"
            image_file = io.BytesIO()
            figure.savefig(image_file, format="png", dpi=110)
            atomic_write_bytes(path, image_file.getvalue())  # never half an image
            written.append(path)
    return written

"""Sweep results as tables: the metrics, a grid per strategy and metric, Markdown and CSV.

>>> METRICS["mean-tries"].heading(SimulationOptions(max_tries=4))
'mean tries to solve'
>>> METRICS["solved"].format(0.875)
'87.5%'
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wordsolver.evaluation import Evaluation
from wordsolver.fallout.simulate import SimulationOptions
from wordsolver.fallout.sweep import Sweep
from wordsolver.plumbing.arrays import FloatArray


@dataclass(frozen=True, slots=True)
class Metric:
    """A number read off one evaluation, how it is printed, and which way means harder."""

    name: str  # used in file names
    title: str  # ``{tries}`` stands for the tries allowed
    value: Callable[[Evaluation], float]
    spec: str  # format spec of one value
    higher_is_harder: bool
    needs_tries: bool = False  # meaningless when terminals are played until solved

    def heading(self, options: SimulationOptions) -> str:
        """The title with the tries filled in."""
        return self.title.format(tries=options.max_tries)

    def format(self, value: float) -> str:
        """One value as printed in tables."""
        return f"{value:{self.spec}}"


METRICS: dict[str, Metric] = {
    metric.name: metric
    for metric in (
        Metric("mean-tries", "mean tries to solve", lambda e: e.mean, ".2f", True),
        Metric(
            "solved",
            "share solved within {tries} tries",
            lambda result: result.solved_share,
            ".1%",
            False,
            True,
        ),
    )
}


def metrics_for(options: SimulationOptions) -> list[Metric]:
    """The metrics that mean something for these options."""
    return [m for m in METRICS.values() if options.max_tries is not None or not m.needs_tries]


def grid(sweep: Sweep, strategy: str, metric: Metric) -> FloatArray:
    """Values of one strategy and metric: a row per word length, a column per word count."""
    return np.array(
        [
            [metric.value(sweep.result(length, n_words, strategy)) for n_words in sweep.word_counts]
            for length in sweep.lengths
        ],
        dtype=np.float64,
    )


def pivot_rows(sweep: Sweep, strategy: str, metric: Metric) -> list[list[str]]:
    """The grid as text: each row starts with its word length."""
    values = grid(sweep, strategy, metric)
    return [
        [str(length), *(metric.format(v) for v in row)]
        for length, row in zip(sweep.lengths, values, strict=True)
    ]


def sweep_markdown(sweep: Sweep) -> str:
    """One Markdown table per strategy and metric: letters down, words on screen across."""
    header = "| letters \\ words | " + " | ".join(map(str, sweep.word_counts)) + " |"
    rule = "|---:|" + "---:|" * len(sweep.word_counts)
    parts = [
        f"# Fallout terminals: {sweep.options.trials} random terminals per cell from"
        f" {Path(sweep.dictionary).name} (seed {sweep.options.seed})"
    ]
    for metric in metrics_for(sweep.options):
        for strategy in sweep.strategies:
            lines = [f"## {strategy}: {metric.heading(sweep.options)}", "", header, rule]
            lines += ["| " + " | ".join(row) + " |" for row in pivot_rows(sweep, strategy, metric)]
            parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def sweep_csv(sweep: Sweep) -> str:
    """Every cell and strategy as one CSV row (long format, for spreadsheets and plotting)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["length", "words", "strategy", "trials", "mean_tries", "worst", "solved", "max_tries"]
    )
    for (length, n_words, strategy), result in sweep.results.items():
        writer.writerow(
            [
                length,
                n_words,
                strategy,
                result.total,
                f"{result.mean:.6f}",
                result.worst,
                f"{result.solved_share:.6f}",
                result.max_tries if result.max_tries is not None else "",
            ]
        )
    return out.getvalue()

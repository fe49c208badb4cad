"""The study as a Markdown report with PNG charts, written into one folder.

``study.md`` holds a matrix of mean tries and one of losses (all list pairs × algorithms), then per
list pair the openers used and the full guess-count distribution of every cell, each section with
its chart.
"""

from __future__ import annotations

import re
from pathlib import Path

from wordsolver.plumbing.files import atomic_write_bytes
from wordsolver.plumbing.optional import available
from wordsolver.study.charts import distribution_chart, means_chart
from wordsolver.study.plan import ALGORITHMS, GOALS
from wordsolver.study.results import CellResult, OpenerChoice
from wordsolver.study.runner import PairResults, StudyResults

#: The report's file name inside its folder.
REPORT_NAME = "study.md"


#: Said in place of the charts when matplotlib is missing.
NO_CHARTS = "(The charts need matplotlib: `pip install 'wordsolver[plots]'`.)"


def write_report(results: StudyResults, folder: Path) -> Path:
    """Write ``study.md`` and its charts into ``folder`` (the charts only when matplotlib is
    installed: the tables are the report); return the report's path."""
    charts = available("matplotlib")
    if charts:
        means_chart(results, folder / "means.png")
    lines = [*_header(results), *_matrices(results, charts)]
    for pair in results.pairs:
        chart = None
        if charts:
            path = folder / f"tries-{_slug(pair)}.png"
            chart = distribution_chart(pair, results.plan.goals, path).name
        lines += _pair_section(pair, results.plan.goals, chart)
    path = folder / REPORT_NAME
    atomic_write_bytes(path, "\n".join(lines).encode("utf-8"))
    return path


def _header(results: StudyResults) -> list[str]:
    plan = results.plan
    n_cells = sum(len(pair.cells) for pair in results.pairs)
    lines = [
        f"# {plan.game}: openers and ways of playing",
        "",
        f"{len(results.pairs)} list pairs × {len(plan.goals)} objectives × "
        f"{len(plan.algorithms)} algorithms = {n_cells} cells, each a game against every secret.",
        f"Compute time {results.compute_seconds:.0f} s (evaluations and opener searches); this run"
        f" took {results.wall_seconds:.0f} s and reused {results.reused} finished cells.",
        "",
        "| objective | greedy strategy | openers ranked by |",
        "| --- | --- | --- |",
        *(f"| {g} | {GOALS[g].strategy} | {GOALS[g].description} |" for g in plan.goals),
        "",
        "| algorithm | what it plays |",
        "| --- | --- |",
        *(f"| {a} | {ALGORITHMS[a].description} |" for a in plan.algorithms),
        "",
        "Openers use words without a repeated letter and share no letter. The 2-word openers are"
        " the proven best of that space; larger ones come from a beam of"
        f" {plan.beam_width} sets per size (a heuristic: marked *beam*). A loss is a secret that"
        " needs more tries than the game allows.",
        "",
    ]
    return lines


def _matrices(results: StudyResults, charts: bool) -> list[str]:
    plan = results.plan
    columns = [(g, a) for g in plan.goals for a in plan.algorithms]
    head = ["| lists | " + " | ".join(f"{a} ({g})" for g, a in columns) + " |"]
    head.append("| --- |" + " ---: |" * len(columns))
    means = [
        f"| {_cell_text(p.label)} | "
        + " | ".join(f"{p.cell(g, a).mean:.4f}" for g, a in columns)
        + " |"
        for p in results.pairs
    ]
    losses = [
        f"| {_cell_text(p.label)} | "
        + " | ".join(_losses(p, p.cell(g, a)) for g, a in columns)
        + " |"
        for p in results.pairs
    ]
    return [
        "## Mean tries",
        "",
        *head,
        *means,
        "",
        "![Mean tries per list pair and algorithm](means.png)" if charts else NO_CHARTS,
        "",
        "## Losses",
        "",
        *head,
        *losses,
        "",
    ]


def _pair_section(pair: PairResults, goals: tuple[str, ...], chart: str | None) -> list[str]:
    longest = max(cell.worst for cell in pair.cells)
    tries = range(1, longest + 1)
    lines = [
        f"## {_cell_text(pair.label)}",
        "",
        f"Answers `{pair.pair.answers}` ({pair.n_secrets} secrets), allowed `{pair.pair.allowed}`"
        f" ({pair.n_guesses} guesses, the secrets included); "
        + (f"{pair.max_tries} tries." if pair.max_tries else "unlimited tries."),
        "",
        "| objective | algorithm | opener | left after it (mean / worst) | mean | worst | losses | "
        + " | ".join(str(t) for t in tries)
        + " | seconds |",
        "| --- | --- | --- | --- | ---: | ---: | ---: |" + " ---: |" * (len(tries) + 1),
    ]
    for goal in goals:
        for cell in (c for c in pair.cells if c.goal == goal):
            opener = cell.opener
            words = "" if opener is None else ", ".join(opener.words)
            kind = "" if opener is None else f" ({_how(opener)}, {opener.seconds:.1f} s)"
            left = "" if opener is None else f"{opener.mean_left:.3f} / {opener.worst_left}"
            counts = " | ".join(str(cell.distribution.get(t, "")) for t in tries)
            lines.append(
                f"| {goal} | {cell.algorithm} | {words}{kind} | {left} | {cell.mean:.4f} | "
                f"{cell.worst} | {_losses(pair, cell)} | {counts} | {cell.seconds:.1f} |"
            )
    title = f"Share of secrets won in each number of tries, {pair.label}"
    return [*lines, "", f"![{title}]({chart})" if chart else NO_CHARTS, ""]


def _how(opener: OpenerChoice) -> str:
    return "exact" if opener.exact else "*beam*"


def _losses(pair: PairResults, cell: CellResult) -> str:
    return "-" if pair.max_tries is None else str(cell.losses)


def _cell_text(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|")


def _slug(pair: PairResults) -> str:
    return re.sub(r"[^0-9A-Za-z]+", "-", pair.label).strip("-")

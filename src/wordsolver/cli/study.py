"""``study``: compare openers and ways of playing over several list pairs; write a report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from wordsolver.cli.base import app, stdout
from wordsolver.cli.options import GameArgument, JsonOption, split_names
from wordsolver.cli.progress import progress_bar
from wordsolver.errors import OptionError
from wordsolver.plumbing.files import output_folder
from wordsolver.search.openers import BEAM_WIDTH
from wordsolver.study import (
    ALGORITHMS,
    GOALS,
    REPORT_NAME,
    ListPair,
    ResultsFile,
    StudyPlan,
    StudyResults,
    run_study,
    write_report,
)

#: The results file inside the output folder; a later run with the same folder resumes from it.
RESULTS_NAME = "results.json"


@app.command("study")
def study(
    game_name: GameArgument,
    answers: Annotated[
        list[Path],
        typer.Option(help="file of possible secrets; repeat, each paired with the same --allowed"),
    ],
    allowed: Annotated[
        list[Path],
        typer.Option(help="file of allowed guesses, for the --answers at the same position"),
    ],
    out: Annotated[
        Path, typer.Option(help=f"folder for {REPORT_NAME}, its charts and {RESULTS_NAME}")
    ] = Path("study"),
    objective: Annotated[
        list[str], typer.Option(help=f"one of {', '.join(GOALS)}; repeat or comma-separate")
    ] = list(GOALS),  # noqa: B006 (Typer reads the default, never mutates it)
    algorithm: Annotated[
        list[str], typer.Option(help=f"one of {', '.join(ALGORITHMS)}; repeat or comma-separate")
    ] = list(ALGORITHMS),  # noqa: B006
    beam_width: Annotated[
        int, typer.Option(min=1, help="sets kept per size by the opener beam")
    ] = BEAM_WIDTH,
    as_json: JsonOption = False,
) -> None:
    """Mean tries, losses and distributions for every list pair × objective × algorithm.

    Each --answers is paired with the --allowed at the same position. Finished cells are kept in
    OUT/results.json, so running the same command again resumes where it stopped.
    """
    if len(answers) != len(allowed):
        raise OptionError(
            f"give one --allowed per --answers ({len(answers)} --answers, {len(allowed)} --allowed)"
        )
    output_folder(out)
    plan = StudyPlan(
        game_name,
        tuple(ListPair(a, b) for a, b in zip(answers, allowed, strict=True)),
        _names(objective, "objective"),
        _names(algorithm, "algorithm"),
        beam_width,
    )
    with progress_bar("study", len(plan.cells())) as advance:
        results = run_study(plan, ResultsFile(out / RESULTS_NAME), progress=advance)
    report = write_report(results, out)
    if as_json:
        payload = {
            "report": str(report),
            "results": str(out / RESULTS_NAME),
            "wall_seconds": round(results.wall_seconds, 3),
            "compute_seconds": round(results.compute_seconds, 3),
            "reused": results.reused,
            "pairs": [
                {"label": pair.label, "cells": [cell.to_json() for cell in pair.cells]}
                for pair in results.pairs
            ],
        }
        stdout.print_json(json.dumps(payload, ensure_ascii=False))
        return
    stdout.print(_summary(results))
    stdout.print(
        f"report: {report} ({results.wall_seconds:.0f} s, {results.reused} cells reused)",
        markup=False,
    )


def _names(items: list[str], what: str) -> tuple[str, ...]:
    return tuple(split_names(items, what))


def _summary(results: StudyResults) -> Table:
    """Mean tries (and losses) per list pair and algorithm, one column per objective."""
    plan = results.plan
    table = Table("lists", "algorithm", *plan.goals, title=f"{plan.game}: mean tries (losses)")
    for pair in results.pairs:
        for name in plan.algorithms:
            cells = [pair.cell(goal, name) for goal in plan.goals]
            table.add_row(pair.label, name, *(f"{c.mean:.4f} ({c.losses})" for c in cells))
    return table

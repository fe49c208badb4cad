"""``openers``: every allowed first guess ranked by the candidates it leaves."""

from __future__ import annotations

import json
from typing import Annotated

import numpy as np
import typer
from rich.table import Table

from wordsolver.cli.base import app, stdout
from wordsolver.cli.options import JsonOption, game_command
from wordsolver.errors import InvalidWordError
from wordsolver.games import Game
from wordsolver.matrix import pattern_matrix
from wordsolver.partition import partition_stats


@app.command("openers")
@game_command
def openers(
    game: Game,
    top: Annotated[int, typer.Option(min=1, help="how many first guesses to show")] = 10,
    by: Annotated[str, typer.Option(help="rank by mean or worst candidates left")] = "mean",
    as_json: JsonOption = False,
) -> None:
    """The best starting words: mean and worst number of candidates left after each."""
    if by not in ("mean", "worst"):
        raise InvalidWordError(f"unknown --by {by!r}; choose from: mean, worst")
    matrix = pattern_matrix(game)
    everything = np.arange(len(game.secrets), dtype=np.intp)
    rows = np.arange(len(game.guesses), dtype=np.intp)
    stats = partition_stats(matrix, rows, everything)
    rows = stats.rows
    mean, worst = stats.sum_squares, stats.worst  # Σ size² orders like the mean, exactly
    keys = (rows, worst, mean) if by == "mean" else (rows, mean, worst)
    order = np.lexsort(keys)[:top]
    words = game.guesses.words
    rows_out = [
        {
            "word": words[rows[k]],
            "mean": round(float(stats.expected_size[k]), 4),
            "worst": int(stats.worst[k]),
            "buckets": int(stats.n_buckets[k]),
            "bits": round(float(stats.entropy[k]), 4),
        }
        for k in order
    ]
    if as_json:
        stdout.print_json(json.dumps(rows_out, ensure_ascii=False))
        return
    table = Table(
        "#",
        "word",
        "mean left",
        "worst",
        "buckets",
        "bits",
        title=f"{game.name}: first guesses over {len(game.secrets)} secrets",
    )
    for rank, row in enumerate(rows_out, 1):
        table.add_row(
            str(rank),
            str(row["word"]),
            f"{row['mean']:.4f}",
            str(row["worst"]),
            str(row["buckets"]),
            f"{row['bits']:.3f}",
        )
    stdout.print(table)

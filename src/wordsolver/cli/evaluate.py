"""``evaluate``: play every secret with one or more strategies and compare."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from wordsolver.cli.base import app, stdout
from wordsolver.cli.boards import evaluate_boards_command
from wordsolver.cli.options import (
    BoardsOption,
    GuessFromOption,
    HardOption,
    JsonOption,
    OpenerOption,
    boards_command,
    play_options,
    split_names,
)
from wordsolver.cli.progress import pattern_table, progress_bar
from wordsolver.errors import OptionError
from wordsolver.evaluation import Evaluation, evaluate, sample_secrets
from wordsolver.games import Game
from wordsolver.strategies import Player, find_strategy

#: Board sets ``evaluate`` plays on several boards unless ``--sample`` says.
BOARD_SAMPLE = 1_000


@app.command("evaluate")
@boards_command
def evaluate_command(
    game: Game,
    boards: BoardsOption = None,
    strategy: Annotated[
        list[str],
        typer.Option("--strategy", "-s", help="strategy name; repeat or comma-separate to compare"),
    ] = ["entropy"],  # noqa: B006 (Typer reads the default, never mutates it)
    hard: HardOption = False,
    guess_from: GuessFromOption = "allowed",
    opener: OpenerOption = None,
    sample: Annotated[
        int | None,
        typer.Option(
            min=1,
            help=f"play N random secrets only (on several boards: N random board sets,"
            f" {BOARD_SAMPLE:,} unless given)",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(min=0, help="seed of --sample and of the random strategy")
    ] = 0,
    sets: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="on several boards: play the board sets of FILE, a game per line"
            " (cigar,rebut,sissy,humph), instead of random ones",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Play every secret and report mean guesses, distribution, worst case and losses.

    On several boards (--boards, dordle, quordle, octordle) the secret sets are too many to
    play all: --sample N random sets (seeded by --seed), or the sets of --sets FILE, are played
    to the end, and a game needing more guesses than the tries allowed counts as a loss.
    """
    names = split_names(strategy, "strategy")
    options = play_options(hard, guess_from, opener)
    board_count = boards or 1
    if sets is not None and board_count == 1:
        raise OptionError("--sets gives the board sets of a multi-board game (quordle, --boards)")
    if sets is not None and sample is not None:
        raise OptionError("--sets plays the sets it gives: leave out --sample")
    if board_count > 1:
        size = BOARD_SAMPLE if sample is None else sample
        played = evaluate_boards_command(game, board_count, names, options, size, seed, sets)
        if as_json:
            stdout.print_json(json.dumps([r.to_json() for r in played], ensure_ascii=False))
            return
        drawn = "random board sets" if sets is None else f"board sets from {sets.name}"
        count = played[0].total
        title = f"{played[0].game}: {count:,} {drawn}, {len(game.guesses)} allowed guesses"
        stdout.print(comparison_table(title, played))
        return
    matrix = pattern_table(game)
    secrets = None if sample is None else sample_secrets(len(game.secrets), sample, seed)
    results: list[Evaluation] = []
    for name in names:
        player = Player(matrix, find_strategy(name, seed=seed), options)
        with progress_bar(f"{name}", sample or len(game.secrets)) as advance:
            results.append(evaluate(player, secrets=secrets, progress=advance))
    if as_json:
        stdout.print_json(json.dumps([r.to_json() for r in results], ensure_ascii=False))
    else:
        title = f"{game.name}: {results[0].total} secrets, {len(game.guesses)} allowed guesses"
        stdout.print(comparison_table(title, results))


def comparison_table(title: str, results: Sequence[Evaluation]) -> Table:
    """One row per strategy: mean, worst, losses and share solved (when tries are limited), the
    distribution of guesses from the fewest any game needed, time."""
    longest = max(r.worst for r in results)
    fewest = min((min(r.distribution) for r in results if r.distribution), default=1)
    limit = results[0].max_tries
    limited = ["losses", f"solved ≤ {limit}"] if limit is not None else []
    table = Table("strategy", "mean", "worst", *limited, title=title)
    for guesses in range(fewest, longest + 1):
        table.add_column(str(guesses), justify="right")
    table.add_column("seconds", justify="right")
    for r in results:
        counts = r.distribution
        table.add_row(
            r.strategy,
            f"{r.mean:.4f}",
            str(r.worst),
            *([str(r.losses), f"{r.solved_share:.2%}"] if limit is not None else []),
            *(str(counts.get(k, "")) for k in range(fewest, longest + 1)),
            f"{r.seconds:.2f}",
        )
    return table

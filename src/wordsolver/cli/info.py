"""``games``, ``strategies`` and ``feedback``: what the tool knows, and the rules on one pair."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from wordsolver.cli.base import app, stdout
from wordsolver.cli.options import game_command
from wordsolver.games import GAMES, Game
from wordsolver.strategies import STRATEGIES


@app.command("games")
def list_games() -> None:
    """List the built-in games, their rules and word lists."""
    table = Table("game", "aliases", "letters", "tries", "description")
    for spec in GAMES:
        table.add_row(
            spec.name,
            ", ".join(spec.aliases),
            str(spec.length or "any"),
            str(spec.max_tries or "∞"),
            spec.description,
        )
    stdout.print(table)


@app.command("strategies")
def list_strategies() -> None:
    """List the strategies with a one-line description each."""
    table = Table("strategy", "description")
    for name, cls in STRATEGIES.items():
        table.add_row(name, cls.description)
    stdout.print(table)


@app.command("feedback")
@game_command
def feedback(
    game: Game,
    guess: Annotated[str, typer.Argument(help="the word played")],
    secret: Annotated[str, typer.Argument(help="the hidden word")],
) -> None:
    """Show the feedback a guess earns against a secret, as text and as its pattern int."""
    pattern = game.feedback(guess, secret)
    stdout.print(f"{game.format_pattern(pattern)}\t{pattern}")

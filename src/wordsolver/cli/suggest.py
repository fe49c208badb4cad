"""``suggest``: the best guesses now, given the history so far."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from wordsolver.cli.base import app, stdout
from wordsolver.cli.options import (
    GuessFromOption,
    HardOption,
    JsonOption,
    StrategyOption,
    game_command,
    play_options,
)
from wordsolver.games import Game
from wordsolver.matrix import pattern_matrix
from wordsolver.session import Session, parse_history
from wordsolver.strategies import Player, find_strategy

#: Candidates are listed by name when at most this many are left.
SHOW_CANDIDATES = 20


@app.command("suggest")
@game_command
def suggest(
    game: Game,
    history: Annotated[
        str, typer.Option(help='guesses and feedback so far, e.g. "crane:gy..g,slate:....g"')
    ] = "",
    strategy: StrategyOption = "entropy",
    top: Annotated[int, typer.Option(min=1, help="how many guesses to show")] = 5,
    hard: HardOption = False,
    guess_from: GuessFromOption = "allowed",
    seed: Annotated[int, typer.Option(help="seed of the random strategy")] = 0,
    as_json: JsonOption = False,
) -> None:
    """The top guesses now, with their scores and the number of candidates left."""
    session = Session(pattern_matrix(game))
    for guess, feedback in parse_history(history):
        session.push(guess, feedback)
    player = Player(
        session.matrix, find_strategy(strategy, seed=seed), play_options(hard, guess_from, None)
    )
    mask = session.consistent_mask() if hard else None
    ranked = player.strategy.rank(
        player.position(session.candidates, len(session.steps), mask), top
    )
    words = session.candidate_words()
    if as_json:
        payload = {
            "game": game.name,
            "strategy": player.strategy.name,
            "candidates_left": len(words),
            "candidates": words if len(words) <= SHOW_CANDIDATES else None,
            "suggestions": [
                {
                    "word": r.word,
                    "score": r.score,
                    "entropy": round(r.entropy, 6),
                    "expected_left": round(r.expected_size, 6),
                    "worst": r.worst,
                    "can_win": r.is_candidate,
                }
                for r in ranked
            ],
        }
        stdout.print_json(json.dumps(payload, ensure_ascii=False))
        return
    if session.solved:
        stdout.print(f"solved: {session.steps[-1].guess}")
        return
    shown = ": " + " ".join(words) if len(words) <= SHOW_CANDIDATES else ""
    stdout.print(f"{len(words)} candidate{'s' * (len(words) != 1)} left{shown}")
    standard = ("bits", "mean left", "worst")
    own = () if player.strategy.score_label in standard else (player.strategy.score_label,)
    table = Table("#", "guess", *own, *standard, "can win")
    for rank, r in enumerate(ranked, 1):
        table.add_row(
            str(rank),
            r.word,
            *(f"{r.score:.4g}" for _ in own),
            f"{r.entropy:.3f}",
            f"{r.expected_size:.2f}",
            str(r.worst),
            "yes" if r.is_candidate else "",
        )
    stdout.print(table)

"""``solve``: the interactive assistant for a game you play elsewhere, or one JSON answer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from wordsolver.assistant import Assistant, AssistantState, state_json, suggestions, terminal_lines
from wordsolver.cli.base import app, stdout
from wordsolver.cli.options import (
    GuessFromOption,
    HardOption,
    HistoryOption,
    JsonOption,
    SeedOption,
    StrategyOption,
    TopOption,
    game_command,
    play_options,
)
from wordsolver.games import Game
from wordsolver.matrix import pattern_matrix
from wordsolver.session import parse_history
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import load_tree
from wordsolver.tree.strategy import TreeStrategy


def replayed(
    game: Game, history: str, strategy: str, seed: int, options: PlayOptions
) -> tuple[AssistantState, Player]:
    """The assistant's state after ``--history``, and the player that suggests from there."""
    state = AssistantState(pattern_matrix(game))
    state.replay(parse_history(history))
    return state, Player(state.matrix, find_strategy(strategy, seed=seed), options)


@app.command("solve")
@game_command
def solve(
    game: Game,
    history: HistoryOption = "",
    strategy: StrategyOption = "entropy",
    top: TopOption = 5,
    hard: HardOption = False,
    guess_from: GuessFromOption = "allowed",
    seed: SeedOption = 0,
    tree: Annotated[
        Path | None,
        typer.Option(help="follow a tree from `wordsolver tree build` (instant answers)"),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Help with a game you are playing: type each guess and the game's answer, get the best next.

    With --json, print the state after --history and the suggestions, then exit. With --tree,
    the suggestions follow a saved decision tree (the strategy answers off the tree).
    """
    state, player = replayed(game, history, strategy, seed, play_options(hard, guess_from, None))
    if tree is not None:
        player = Player(
            state.matrix,
            TreeStrategy(load_tree(tree, state.matrix), fallback=player.strategy),
            player.options,
        )
    if as_json:
        ranked = suggestions(player, state.session, top, removed=state.removed)
        stdout.print_json(json.dumps(state_json(state, player, ranked), ensure_ascii=False))
        return
    assistant = Assistant(stdout, state, player, top=top, seed=seed)
    assistant.run(terminal_lines(stdout, assistant.completions))

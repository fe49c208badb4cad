"""``solve``: the interactive assistant for a game you play elsewhere, or one JSON answer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from wordsolver.boards.scoring import BoardScorer
from wordsolver.cli.absurdle import solve_adversary
from wordsolver.cli.base import app, stdout
from wordsolver.cli.boards import boards_state, suggest_boards
from wordsolver.cli.options import (
    DEFAULT_SEARCH_SECONDS,
    AllowedOption,
    AlphabetOption,
    AnswersOption,
    BoardsOption,
    GameArgument,
    GuessFromOption,
    HardOption,
    HistoryOption,
    JsonOption,
    LengthOption,
    ListsOption,
    PriorOption,
    SearchTimeOption,
    SeedOption,
    SkipBadOption,
    StrategyOption,
    TopOption,
    TriesOption,
    WordsOption,
    open_boards,
    play_options,
)
from wordsolver.cli.progress import progress_bar
from wordsolver.cli.ranking import ranked_now, replayed, suggested_json
from wordsolver.cli.repl import Assistant, terminal_lines
from wordsolver.cli.repl.boards import BoardsAssistant
from wordsolver.errors import OptionError
from wordsolver.games import Game
from wordsolver.strategies import Player, PlayOptions
from wordsolver.tree import load_tree
from wordsolver.tree.strategy import TreeStrategy


def _solve_boards(
    game: Game,
    boards: int,
    history: str,
    strategy: str,
    options: PlayOptions,
    top: int,
    seed: int,
    as_json: bool,
) -> None:
    """``solve`` on several boards: one JSON answer, or the assistant."""
    if as_json:
        suggest_boards(game, boards, history, strategy, options, top, seed, as_json=True)
        return
    state = boards_state(game, boards, history)
    scorer = BoardScorer.of(strategy, seed)
    state.suggest(scorer, options, top=1)  # refuses what boards cannot play before the prompt
    assistant = BoardsAssistant(
        stdout, state, scorer, options=options, top=top, seed=seed, progress=progress_bar
    )
    assistant.run(terminal_lines(stdout, assistant.completions))


@app.command("solve")
def solve(
    game_name: GameArgument,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    prior: PriorOption = None,
    boards: BoardsOption = None,
    history: HistoryOption = "",
    strategy: StrategyOption = "entropy",
    top: TopOption = 5,
    hard: HardOption = False,
    guess_from: GuessFromOption = "allowed",
    seed: SeedOption = 0,
    seconds: SearchTimeOption = DEFAULT_SEARCH_SECONDS,
    tree: Annotated[
        Path | None,
        typer.Option(help="follow a tree from `wordsolver tree build` (instant answers)"),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Help with a game you are playing: type each guess and the game's answer, get the best next.

    With --json, print the state after --history and the suggestions, then exit. With --tree,
    the suggestions follow a saved decision tree (the strategy answers off the tree). On several
    boards (--boards, dordle, quordle, octordle) each answer is one pattern per board.
    For absurdle, --history lists guesses only (the host answers them) and the answer is the
    guess that forces the win soonest, proven.
    """
    game, boards = open_boards(
        game_name,
        boards,
        lists=lists,
        length=length,
        alphabet=alphabet,
        tries=tries,
        answers=answers,
        allowed=allowed,
        words=words,
        skip_bad=skip_bad,
        prior=prior,
    )
    if game.adversarial:  # no secret: the guesses alone decide the answers
        solve_adversary(game, history, hard, as_json)
        return
    options = play_options(hard, guess_from, None)
    if boards > 1:
        if tree is not None:
            raise OptionError("a tree plays one board: leave out `tree`", ("tree",))
        _solve_boards(game, boards, history, strategy, options, top, seed, as_json)
        return
    state, player = replayed(game, history, strategy, seed, options, seconds)
    if tree is not None:
        player = Player(
            state.matrix,
            TreeStrategy(load_tree(tree, state.matrix), fallback=player.strategy),
            player.options,
        )
    if as_json:
        answer = suggested_json(state, ranked_now(player, state, top))
        stdout.print_json(json.dumps(answer, ensure_ascii=False))
        return
    assistant = Assistant(stdout, state, player, top=top, seed=seed, progress=progress_bar)
    assistant.run(terminal_lines(stdout, assistant.completions))

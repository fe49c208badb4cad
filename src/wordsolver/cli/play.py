"""``play``: the program hosts a game (or a duel) and reviews your play at the end."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import typer

from wordsolver.boards.host import HostedBoards, board_secrets, daily_board_secrets
from wordsolver.boards.resume import boards_slot, restore_boards
from wordsolver.boards.scoring import BoardScorer
from wordsolver.cli.base import app, stdout, warn
from wordsolver.cli.options import (
    AllowedOption,
    AlphabetOption,
    AnswersOption,
    BoardsOption,
    GameArgument,
    HardOption,
    LengthOption,
    ListsOption,
    SkipBadOption,
    StrategyOption,
    TriesOption,
    WordsOption,
    open_boards,
)
from wordsolver.cli.progress import pattern_table, progress_bar
from wordsolver.cli.repl import terminal_lines
from wordsolver.cli.repl.absurdle import AdversaryRepl
from wordsolver.cli.repl.boards import BoardsHostRepl
from wordsolver.cli.repl.hosting import DuelRepl, HostRepl, SoloRepl
from wordsolver.errors import OptionError
from wordsolver.hosted.absurdle import AdversarialGame
from wordsolver.hosted.host import HostedGame
from wordsolver.hosted.picking import daily_secret, hardest_secret, random_secret
from wordsolver.hosted.resume import SOLO, VERSUS, restore_duel, restore_solo
from wordsolver.hosted.saves import SaveError, SaveSlot
from wordsolver.matrix import PatternMatrix
from wordsolver.strategies import Player, PlayOptions, find_strategy


@app.command("play")
def play(
    game_name: GameArgument,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    boards: BoardsOption = None,
    seed: Annotated[
        int | None, typer.Option(min=0, help="pick the secret (and break ties) reproducibly")
    ] = None,
    daily: Annotated[
        bool,
        typer.Option("--daily", help="play the word (on several boards, the words) of the day"),
    ] = False,
    versus: Annotated[
        bool, typer.Option("--versus", help="duel: you and the computer guess each other's word")
    ] = False,
    resume: Annotated[
        bool, typer.Option("--resume", help="continue the game saved when you last left")
    ] = False,
    strategy: StrategyOption = "entropy",
    hard: HardOption = False,
) -> None:
    """Guess a secret the program picks; at the end, see your game beside the solver's.

    In an adversarial game (absurdle) the program holds no secret: it answers each guess so
    that as many words as possible stay possible. On several boards (--boards, dordle, quordle,
    octordle) a secret is picked per board and each guess is played on every board not solved
    yet; such a game is saved after every move too.
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
    )
    matrix = pattern_table(game)
    if boards > 1:
        if versus or hard:
            raise OptionError("--versus and --hard play one board: leave them out")
        boards_repl = _boards(matrix, boards, seed, daily, resume, strategy)
        boards_repl.run(terminal_lines(stdout, boards_repl.completions))
        return
    if game.adversarial:
        if daily or versus or resume:
            raise typer.BadParameter(
                f"{game.name} has no secret to pick or save: leave out --daily, --versus, --resume"
            )
        adversary = AdversaryRepl(
            stdout, AdversarialGame(matrix, hard=hard), _player(matrix, strategy, hard, seed)
        )
        adversary.run(terminal_lines(stdout, adversary.completions))
        return
    slot = SaveSlot.for_game(game, VERSUS if versus else SOLO)
    repl = (
        _resumed(matrix, slot, versus, seed)
        if resume
        else _new(matrix, slot, versus, seed, daily, strategy, hard)
    )
    repl.run(terminal_lines(stdout, repl.completions))


def _player(matrix: PatternMatrix, strategy: str, hard: bool, seed: int | None) -> Player:
    return Player(matrix, find_strategy(strategy, seed=seed or 0), PlayOptions(hard=hard))


def _resumed(matrix: PatternMatrix, slot: SaveSlot, versus: bool, seed: int | None) -> HostRepl:
    saved = slot.read()
    player = _player(matrix, saved.strategy, saved.hard, seed)
    if versus:
        duel = restore_duel(saved, player)
        return DuelRepl(
            stdout, player, duel.human.secret, duel=duel, slot=slot, progress=progress_bar
        )
    return SoloRepl(stdout, restore_solo(saved, player), player, slot=slot, progress=progress_bar)


def _new(
    matrix: PatternMatrix,
    slot: SaveSlot,
    versus: bool,
    seed: int | None,
    daily: bool,
    strategy: str,
    hard: bool,
) -> HostRepl:
    if daily and (versus or seed is not None):
        raise typer.BadParameter("--daily picks the secret by date: leave out --seed and --versus")
    player = _player(matrix, strategy, hard, seed)
    _warn_of_save(slot)
    game = matrix.game
    if versus:
        with progress_bar("choosing my secret", len(game.secrets)) as advance:
            secret = hardest_secret(player, seed, advance)
        return DuelRepl(stdout, player, secret, slot=slot, progress=progress_bar)
    secret = daily_secret(game, date.today()) if daily else random_secret(game, seed)
    hosted = HostedGame(matrix, secret, hard=hard)
    return SoloRepl(stdout, hosted, player, slot=slot, progress=progress_bar)


def _warn_of_save(slot: SaveSlot) -> None:
    """Before a new game: say that the saved one will be replaced (or was damaged)."""
    if slot.exists():
        try:
            slot.read()
        except SaveError as error:
            warn(str(error))
        else:
            warn(
                "your saved game will be replaced on your first move"
                " (quit now, then --resume continues it)"
            )


def _boards(
    matrix: PatternMatrix,
    boards: int,
    seed: int | None,
    daily: bool,
    resume: bool,
    strategy: str,
) -> BoardsHostRepl:
    """A game on several boards: resumed from its save, the day's board set, or a random one."""
    game = matrix.game
    slot = boards_slot(game, boards)
    if resume:
        saved = slot.read()
        hosted = restore_boards(saved, matrix, boards)
        strategy = saved.strategy
    else:
        if daily and seed is not None:
            raise typer.BadParameter("--daily picks the secrets by date: leave out --seed")
        _warn_of_save(slot)
        secrets = (
            daily_board_secrets(game, boards, date.today())
            if daily
            else board_secrets(len(game.secrets), boards, seed)
        )
        hosted = HostedBoards(matrix, secrets)
    scorer = BoardScorer.of(strategy, seed or 0)
    return BoardsHostRepl(stdout, hosted, scorer, progress_bar, slot=slot)

"""Multi-board games found by name: Dordle, Quordle, Octordle, and N boards of any colours game.

A multi-board game is a colours game (Wordle, 5 букв) played on several boards at once: each
guess is played on every board not solved yet, and the game is won when every board is. The
named games are Wordle on 2, 4 and 8 boards; ``boards`` plays any colours game so, with one try
more than the single game per extra board unless ``tries`` says otherwise (which gives the named
games' 7, 9 and 13).

>>> board_setup("quordle")
BoardSetup(base='wordle', boards=4, tries=9)
>>> board_setup("5bukv", boards=3)
BoardSetup(base='5bukv', boards=3, tries=8)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from wordsolver.errors import OptionError
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.games.registry import find_spec

#: Most boards a game may have (each guess is scored on every board).
MAX_BOARDS = 32


@dataclass(frozen=True, slots=True)
class BoardGameSpec:
    """A named multi-board game: ``boards`` boards of the game ``base``, ``tries`` guesses."""

    name: str
    base: str
    boards: int
    tries: int
    description: str


BOARD_GAMES: tuple[BoardGameSpec, ...] = (
    BoardGameSpec("dordle", "wordle", 2, 7, "Wordle on 2 boards at once, 7 tries"),
    BoardGameSpec("quordle", "wordle", 4, 9, "Wordle on 4 boards at once, 9 tries"),
    BoardGameSpec("octordle", "wordle", 8, 13, "Wordle on 8 boards at once, 13 tries"),
)
_BY_NAME = {spec.name: spec for spec in BOARD_GAMES}


@dataclass(frozen=True, slots=True)
class BoardSetup:
    """What a game name and the ``boards``/``tries`` options ask for: the single-board game to
    play, on how many boards, in how many tries (None: unlimited)."""

    base: str
    boards: int
    tries: int | None


def board_game_names() -> list[str]:
    """The names of the named multi-board games."""
    return list(_BY_NAME)


def board_setup(name: str, boards: int | None = None, tries: int | None = None) -> BoardSetup:
    """The board count and tries of ``name`` (a multi-board game or any game) with the options.

    One board is the plain game; more need a colours game (the boards are told apart by their
    colours, and a board is solved when the secret is guessed).
    """
    named = _BY_NAME.get(name.casefold())
    if boards is not None and not 1 <= boards <= MAX_BOARDS:
        raise OptionError(f"`boards` must be from 1 to {MAX_BOARDS}, not {boards}", ("boards",))
    if named is not None:
        if boards is not None and boards != named.boards:
            raise OptionError(
                f"{named.name} is played on {named.boards} boards: leave out `boards`,"
                f" or play {named.base} with `boards` {boards}",
                ("boards",),
            )
        return BoardSetup(named.base, named.boards, tries or named.tries)
    count = boards or 1
    spec = find_spec(name)
    if count > 1 and spec.adversarial:
        raise OptionError(
            f"{spec.name} has no secret to put on boards (each answer keeps the most words"
            " possible): play it on one board, leave out `boards`",
            ("boards",),
        )
    if count > 1 and not spec.rule.several_boards:
        raise OptionError(
            f"`boards` plays colours games (wordle, 5bukv), not {spec.name}", ("boards",)
        )
    if tries is None and spec.max_tries is not None:
        tries = spec.max_tries + count - 1
    return BoardSetup(spec.name, count, tries)


def board_game_name(game: Game, boards: int, tries: int | None = None) -> str:
    """How a game on ``boards`` boards is named: its own name when it is a named one
    (``quordle``), else ``wordle ×3``; ``tries`` are the whole game's (None: the game's)."""
    if boards == 1:
        return game.name
    tries = game.max_tries if tries is None else tries
    for spec in BOARD_GAMES:
        if spec.base == game.name and spec.boards == boards and spec.tries == tries:
            return spec.name
    return f"{game.name} ×{boards}"


def load_board_game(
    name: str, overrides: GameOverrides | None = None, boards: int | None = None
) -> tuple[Game, int]:
    """The single-board game (its tries those of the whole game) and the board count.

    >>> game, boards = load_board_game("dordle")
    >>> game.name, game.max_tries, boards
    ('wordle', 7, 2)
    """
    wanted = overrides or GameOverrides()
    setup = board_setup(name, boards, wanted.tries)
    return find_game(setup.base, replace(wanted, tries=setup.tries)), setup.boards

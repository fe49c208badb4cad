"""Options shared by every command that takes a game, and by every command that plays one.

Each option is a type alias, defined once here and listed by every command that takes it in its
own ``def`` (so ``--help`` shows them in the order the ``def`` gives them):

    def feedback(
        game_name: GameArgument,
        guess: ...,
        lists: ListsOption = None,
        ...
        skip_bad: SkipBadOption = False,
    ) -> None:
        game = open_game(game_name, lists=lists, ..., skip_bad=skip_bad)

:func:`open_game` (one board) and :func:`open_boards` (a game that may be played on several
boards) turn the values into a :class:`~wordsolver.games.Game`; a command that names its game
itself (a tree file records it) takes the same options without the GAME argument and gets a
:class:`~wordsolver.games.GameOverrides` from :func:`game_overrides`. Only a command that plays
under a prior takes ``--prior``; the others play the list set's answers alike.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, TypedDict, Unpack

import typer

from wordsolver.cli.base import JsonOption as JsonOption  # re-exported for commands
from wordsolver.cli.base import warn
from wordsolver.games import Game, GameOverrides, find_game, game_names
from wordsolver.lexicon import BUILTIN_LISTS
from wordsolver.strategies import PlayOptions

GameArgument = Annotated[
    str, typer.Argument(metavar="GAME", help=f"one of: {', '.join(game_names())}")
]
ListsOption = Annotated[
    str | None,
    typer.Option(metavar="NAME", help="the game's word lists to play (see `wordsolver games`)"),
]
LengthOption = Annotated[int | None, typer.Option(help="word length of a custom game")]
AlphabetOption = Annotated[
    str | None, typer.Option(help="latin, cyrillic, digits, or the letters themselves")
]
TriesOption = Annotated[int | None, typer.Option(help="guesses allowed before a loss")]
AnswersOption = Annotated[
    Path | None, typer.Option(help="file of possible secrets, one word per line")
]
AllowedOption = Annotated[
    Path | None, typer.Option(help="file of extra allowed guesses (secrets are allowed too)")
]
WordsOption = Annotated[
    str | None, typer.Option(help="the possible secrets inline, e.g. the words on screen")
]
SkipBadOption = Annotated[
    bool, typer.Option("--skip-bad", help="skip bad lines of word files with a warning")
]
PriorOption = Annotated[
    str | None,
    typer.Option(
        metavar="NAME",
        help="how likely each word is to be the secret: the list set's own unless given;"
        " uniform plays its answers alike (see `wordsolver games`)",
    ),
]


class GameValues(TypedDict, total=False):
    """The values of the game options a command takes (by name, as the command's parameters);
    one left out is the option's default, and ``prior`` then ``uniform``."""

    lists: str | None
    length: int | None
    alphabet: str | None
    tries: int | None
    answers: Path | None
    allowed: Path | None
    words: str | None
    skip_bad: bool
    prior: str | None


def game_overrides(**values: Unpack[GameValues]) -> GameOverrides:
    """The custom-game options as one value (commands that take no ``--prior`` play the
    uniform one)."""
    words = values.get("words")
    return GameOverrides(
        prior=values.get("prior", "uniform"),
        lists=values.get("lists"),
        length=values.get("length"),
        alphabet=values.get("alphabet"),
        tries=values.get("tries"),
        answers=values.get("answers"),
        allowed=values.get("allowed"),
        words=tuple(words.replace(",", " ").split()) if words is not None else None,
        skip_bad=values.get("skip_bad", False),
    )


def load_game(game_name: str, overrides: GameOverrides) -> Game:
    """The game the options describe, warning about skipped lines of the user's lists (what a
    game's own list holds that it cannot use is told by `wordsolver games`)."""
    game = find_game(game_name, overrides)
    if game.secrets.skipped and game.secrets.name not in BUILTIN_LISTS:
        warn(f"skipped {game.secrets.skipped} bad word(s) in {game.secrets.name}")
    return game


def open_game(game_name: str, **values: Unpack[GameValues]) -> Game:
    """The game a command's GAME argument and game options name."""
    return load_game(game_name, game_overrides(**values))


BoardsOption = Annotated[
    int | None,
    typer.Option(
        help="play N boards at once, each guess on every board (dordle is wordle on 2,"
        " quordle on 4, octordle on 8); tries default to the game's plus one per extra board"
    ),
]


def open_boards(
    game_name: str, boards: int | None, **values: Unpack[GameValues]
) -> tuple[Game, int]:
    """The game of a command that also plays on several boards (GAME may be dordle, quordle or
    octordle; ``--boards`` counts them): one board's game, its tries those of the whole game,
    and the number of boards (1 is the plain game)."""
    from wordsolver.boards.games import board_setup  # the boards: only commands that play

    setup = board_setup(game_name, boards, values.get("tries"))
    if setup.boards > 1 or game_name.casefold() != setup.base:
        values["tries"] = setup.tries
    return open_game(setup.base, **values), setup.boards


HistoryOption = Annotated[
    str, typer.Option(help='guesses and feedback so far, e.g. "crane:gy..g,slate:....g"')
]
TopOption = Annotated[int, typer.Option(min=1, help="how many guesses to show")]
SeedOption = Annotated[int, typer.Option(min=0, help="seed of the random strategy")]
StrategyOption = Annotated[
    str, typer.Option("--strategy", "-s", help="see `wordsolver strategies`")
]
HardOption = Annotated[
    bool,
    typer.Option(
        "--hard",
        help="hard mode: in colour games greens stay and revealed letters are reused;"
        " elsewhere every guess fits all the feedback so far",
    ),
]
GuessFromOption = Annotated[
    str, typer.Option(help="allowed: any allowed word; candidates: only possible secrets")
]
OpenerOption = Annotated[
    str | None, typer.Option(help="fixed first guesses, e.g. salet or raise,clout")
]


def finite_seconds(value: float | None) -> float | None:
    """A time limit must be a positive number of seconds (not -1, not nan)."""
    if value is not None and not (math.isfinite(value) and value > 0):
        raise typer.BadParameter(f"a time limit is a positive number of seconds, not {value}")
    return value


#: How long an exact search may take before the suggestions fall back to entropy.
DEFAULT_SEARCH_SECONDS = 10.0
SearchTimeOption = Annotated[
    float,
    typer.Option(
        "--time",
        callback=finite_seconds,
        help="optimal: search at most this long, then rank by entropy",
    ),
]


def split_names(items: list[str], what: str) -> list[str]:
    """Names given by repeating an option or comma-separated (``-s entropy,minimax``); at least
    one."""
    names = [name.strip() for item in items for name in item.split(",") if name.strip()]
    if not names:
        raise typer.BadParameter(f"give at least one {what}")
    return names


def play_options(hard: bool, guess_from: str, opener: str | None) -> PlayOptions:
    """PlayOptions from the shared command-line flags (PlayOptions validates ``guess_from``)."""
    openers = tuple(w for w in (opener or "").replace(" ", ",").split(",") if w)
    return PlayOptions(hard=hard, guess_from=guess_from, openers=openers)  # type: ignore[arg-type]

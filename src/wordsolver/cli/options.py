"""Options shared by every command that takes a game, and by every command that plays one.

:func:`game_command` adds the game argument and the custom-game options (``--length``,
``--alphabet``, ``--tries``, ``--answers``, ``--allowed``, ``--words``, ``--skip-bad``) to a
command, and hands it a ready :class:`~wordsolver.games.Game` instead.
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from wordsolver.cli.base import warn
from wordsolver.games import Game, GameOverrides, find_game, game_names
from wordsolver.strategies import PlayOptions

Command = TypeVar("Command", bound=Callable[..., Any])

_GAME_PARAMETERS: dict[str, Any] = {
    "game_name": Annotated[
        str, typer.Argument(metavar="GAME", help=f"one of: {', '.join(game_names())}")
    ],
    "length": Annotated[int | None, typer.Option(help="word length of a custom game")],
    "alphabet": Annotated[
        str | None, typer.Option(help="latin, cyrillic, digits, or the letters themselves")
    ],
    "tries": Annotated[int | None, typer.Option(help="guesses allowed before a loss")],
    "answers": Annotated[
        Path | None, typer.Option(help="file of possible secrets, one word per line")
    ],
    "allowed": Annotated[
        Path | None, typer.Option(help="file of extra allowed guesses (secrets are allowed too)")
    ],
    "words": Annotated[
        str | None, typer.Option(help="the possible secrets inline, e.g. the words on screen")
    ],
    "skip_bad": Annotated[
        bool, typer.Option("--skip-bad", help="skip bad lines of word files with a warning")
    ],
}
_DEFAULTS: dict[str, Any] = {
    "length": None,
    "alphabet": None,
    "tries": None,
    "answers": None,
    "allowed": None,
    "words": None,
    "skip_bad": False,
}


def load_game(
    game_name: str,
    length: int | None = None,
    alphabet: str | None = None,
    tries: int | None = None,
    answers: Path | None = None,
    allowed: Path | None = None,
    words: str | None = None,
    skip_bad: bool = False,
) -> Game:
    """The game the options describe, warning about skipped lines."""
    inline = tuple(words.replace(",", " ").split()) if words is not None else None
    overrides = GameOverrides(length, alphabet, tries, answers, allowed, inline, skip_bad)
    game = find_game(game_name, overrides)
    if game.secrets.skipped:
        warn(f"skipped {game.secrets.skipped} bad word(s) in {game.secrets.name}")
    return game


def game_command(function: Command) -> Command:
    """Give a command the game argument and options; it receives ``game: Game`` instead."""
    signature = inspect.signature(function)
    hints = typing.get_type_hints(function, include_extras=True)
    own = [
        p.replace(annotation=hints[p.name])
        for p in signature.parameters.values()
        if p.name != "game"
    ]
    added = [
        inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            annotation=annotation,
            default=_DEFAULTS.get(name, inspect.Parameter.empty),
        )
        for name, annotation in _GAME_PARAMETERS.items()
    ]
    first = [added[0].replace(kind=inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    positional = [p for p in own if p.default is inspect.Parameter.empty]
    rest = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own if p not in positional]
    parameters = [*first, *positional, *added[1:], *rest]

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        bound = inspect.Signature(parameters).bind(*args, **kwargs)
        values = dict(bound.arguments)
        game_values = {name: values.pop(name) for name in _GAME_PARAMETERS if name in values}
        return function(game=load_game(**game_values), **values)

    wrapper.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in parameters}
    return wrapper  # type: ignore[return-value]


StrategyOption = Annotated[
    str, typer.Option("--strategy", "-s", help="see `wordsolver strategies`")
]
HardOption = Annotated[
    bool, typer.Option("--hard", help="only guesses consistent with all feedback so far")
]
GuessFromOption = Annotated[
    str, typer.Option(help="allowed: any allowed word; candidates: only possible secrets")
]
OpenerOption = Annotated[
    str | None, typer.Option(help="fixed first guesses, e.g. salet or raise,clout")
]
JsonOption = Annotated[bool, typer.Option("--json", help="machine-readable output")]


def play_options(hard: bool, guess_from: str, opener: str | None) -> PlayOptions:
    """PlayOptions from the shared command-line flags (PlayOptions validates ``guess_from``)."""
    openers = tuple(w for w in (opener or "").replace(" ", ",").split(",") if w)
    return PlayOptions(hard=hard, guess_from=guess_from, openers=openers)  # type: ignore[arg-type]

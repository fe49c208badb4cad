"""Options shared by every command that takes a game, and by every command that plays one.

:func:`game_command` adds the game argument, the list-set choice (``--lists``) and the
custom-game options (``--length``, ``--alphabet``, ``--tries``, ``--answers``, ``--allowed``,
``--words``, ``--skip-bad``) to a command, and hands it a ready :class:`~wordsolver.games.Game`
instead.
"""

from __future__ import annotations

import functools
import inspect
import math
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from wordsolver.cli.base import JsonOption as JsonOption  # re-exported for commands
from wordsolver.cli.base import warn
from wordsolver.errors import OptionError
from wordsolver.games import Game, GameOverrides, find_game, game_names
from wordsolver.lexicon import BUILTIN_LISTS
from wordsolver.strategies import PlayOptions

Command = TypeVar("Command", bound=Callable[..., Any])

_GAME_PARAMETERS: dict[str, Any] = {
    "game_name": Annotated[
        str, typer.Argument(metavar="GAME", help=f"one of: {', '.join(game_names())}")
    ],
    "lists": Annotated[
        str | None,
        typer.Option(metavar="NAME", help="the game's word lists to play (see `wordsolver games`)"),
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
    "prior": Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="how likely each word is to be the secret: the list set's own unless given;"
            " uniform plays its answers alike (see `wordsolver games`)",
        ),
    ],
}
#: The game options only commands that play under a prior take.
_PRIOR_OPTIONS = ("prior",)
_DEFAULTS: dict[str, Any] = {
    "lists": None,
    "length": None,
    "alphabet": None,
    "tries": None,
    "answers": None,
    "allowed": None,
    "words": None,
    "skip_bad": False,
    "prior": None,
}


def game_overrides(
    lists: str | None = None,
    length: int | None = None,
    alphabet: str | None = None,
    tries: int | None = None,
    answers: Path | None = None,
    allowed: Path | None = None,
    words: str | None = None,
    skip_bad: bool = False,
    prior: str | None = "uniform",
) -> GameOverrides:
    """The custom-game options as one value (commands that take no ``--prior`` play the
    uniform one)."""
    inline = tuple(words.replace(",", " ").split()) if words is not None else None
    return GameOverrides(
        prior=prior,
        lists=lists,
        length=length,
        alphabet=alphabet,
        tries=tries,
        answers=answers,
        allowed=allowed,
        words=inline,
        skip_bad=skip_bad,
    )


def load_game(game_name: str, overrides: GameOverrides) -> Game:
    """The game the options describe, warning about skipped lines of the user's lists (what a
    game's own list holds that it cannot use is told by `wordsolver games`)."""
    game = find_game(game_name, overrides)
    if game.secrets.skipped and game.secrets.name not in BUILTIN_LISTS:
        warn(f"skipped {game.secrets.skipped} bad word(s) in {game.secrets.name}")
    return game


def _with_game_options(
    function: Command,
    target: str,
    build: Callable[[dict[str, Any]], Any],
    with_name: bool,
    passed: tuple[str, ...] = (),
    priors: bool = False,
) -> Command:
    """Replace the parameter ``target`` of a command by the game options (and GAME argument,
    placed where ``target`` stood); the command receives ``build(those values)`` instead.

    The command's own parameters named in ``passed`` go to ``build`` too, which then returns
    the keyword arguments to call the command with (``target`` and those) instead. Only a
    command that plays under a prior (``priors``) takes ``--prior``."""
    hints = typing.get_type_hints(function, include_extras=True)
    own = inspect.signature(function).parameters
    # A command's own parameter wins over a game option of the same name (``openers --words K``).
    option_names = [
        name
        for name in _GAME_PARAMETERS
        if name != "game_name" and name not in own and (priors or name not in _PRIOR_OPTIONS)
    ]
    positional: list[inspect.Parameter] = []
    keyword: list[inspect.Parameter] = []
    for parameter in own.values():
        if parameter.name == target:
            if with_name:
                positional.append(
                    inspect.Parameter(
                        "game_name",
                        inspect.Parameter.POSITIONAL_OR_KEYWORD,
                        annotation=_GAME_PARAMETERS["game_name"],
                    )
                )
            continue
        parameter = parameter.replace(annotation=hints[parameter.name])
        if parameter.default is inspect.Parameter.empty:
            positional.append(parameter)
        else:
            keyword.append(parameter.replace(kind=inspect.Parameter.KEYWORD_ONLY))
    options = [
        inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            annotation=_GAME_PARAMETERS[name],
            default=_DEFAULTS[name],
        )
        for name in option_names
    ]
    signature = inspect.Signature([*positional, *options, *keyword])

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        values = dict(signature.bind(*args, **kwargs).arguments)
        names = [*option_names, "game_name", *passed]
        taken = {name: values.pop(name) for name in names if name in values}
        built = build(taken)
        return function(**(built if passed else {target: built}), **values)

    wrapper.__signature__ = signature  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in signature.parameters.values()}
    return wrapper  # type: ignore[return-value]


def game_command(function: Command, *, priors: bool = False) -> Command:
    """Give a command the GAME argument and custom-game options; it receives ``game: Game``.
    A command that plays under a prior (``priors``) also takes ``--prior``; others play the
    list set's answers alike."""

    def build(values: dict[str, Any]) -> Game:
        name = values.pop("game_name")
        return load_game(name, game_overrides(**values))

    return _with_game_options(function, "game", build, with_name=True, priors=priors)


def prior_game_command(function: Command) -> Command:
    """:func:`game_command` for a command that plays under the game's prior (``--prior``)."""
    return game_command(function, priors=True)


BoardsOption = Annotated[
    int | None,
    typer.Option(
        help="play N boards at once, each guess on every board (dordle is wordle on 2,"
        " quordle on 4, octordle on 8); tries default to the game's plus one per extra board"
    ),
]


def boards_command(function: Command, *, priors: bool = False) -> Command:
    """Give a command the GAME argument (which may also be dordle, quordle or octordle) and the
    custom-game options; its own ``boards`` option counts the boards. It receives ``game`` (one
    board's game, its tries those of the whole game) and ``boards`` (1 is the plain game).
    With ``priors`` one board is played under the game's prior (``--prior``); several boards
    play their answers alike."""

    def build(values: dict[str, Any]) -> dict[str, Any]:
        from wordsolver.boards.games import board_setup  # the boards: only commands that play

        name = values.pop("game_name")
        setup = board_setup(name, values.pop("boards"), values["tries"])
        if setup.boards > 1 or name.casefold() != setup.base:
            values["tries"] = setup.tries
        if setup.boards > 1 and values.get("prior") not in (None, "uniform"):
            raise OptionError("several boards are played with the uniform prior", ("prior",))
        if setup.boards > 1:
            values["prior"] = "uniform"
        return {"game": load_game(setup.base, game_overrides(**values)), "boards": setup.boards}

    return _with_game_options(
        function, "game", build, with_name=True, passed=("boards",), priors=priors
    )


def prior_boards_command(function: Command) -> Command:
    """:func:`boards_command` for a command that plays one board under the game's prior."""
    return boards_command(function, priors=True)


def overrides_command(function: Command) -> Command:
    """Give a command the custom-game options (no GAME argument: it names its game itself, e.g.
    from a file); it receives ``overrides: GameOverrides``."""
    return _with_game_options(
        function, "overrides", lambda values: game_overrides(**values), with_name=False
    )


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

"""Every command declares its parameters in its own ``def``: nothing rewrites a signature, and the
options several commands share are the aliases of ``cli/options.py``, listed in one order."""

from __future__ import annotations

import importlib
import inspect
import typing
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import typer

from wordsolver.cli import options
from wordsolver.cli.app import COMMAND_MODULES

#: The game options in the order every command lists them (``--help`` shows that order).
GAME_OPTIONS = {
    "lists": options.ListsOption,
    "length": options.LengthOption,
    "alphabet": options.AlphabetOption,
    "tries": options.TriesOption,
    "answers": options.AnswersOption,
    "allowed": options.AllowedOption,
    "words": options.WordsOption,
    "skip_bad": options.SkipBadOption,
    "prior": options.PriorOption,
}


def _commands(app: typer.Typer, path: str) -> Iterator[tuple[str, Callable[..., Any]]]:
    for command in app.registered_commands:
        assert command.callback is not None
        yield f"{path} {command.name}".strip(), command.callback
    for group in app.registered_groups:
        assert group.typer_instance is not None
        named = group.name if isinstance(group.name, str) else group.typer_instance.info.name
        yield from _commands(group.typer_instance, f"{path} {named}".strip())


def commands() -> dict[str, Callable[..., Any]]:
    """Every command of ``wordsolver`` with the function that runs it."""
    from wordsolver.cli import base

    for module in dict.fromkeys(COMMAND_MODULES.values()):
        importlib.import_module(module)
    return dict(_commands(base.app, ""))


COMMANDS = commands()


@pytest.mark.parametrize("name", COMMANDS)
def test_a_command_runs_the_def_that_declares_its_parameters(name: str) -> None:
    callback = COMMANDS[name]
    assert not hasattr(callback, "__wrapped__"), name
    assert "__signature__" not in vars(callback), name
    code = callback.__code__
    declared = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    assert tuple(inspect.signature(callback).parameters) == declared, name


@pytest.mark.parametrize("name", COMMANDS)
def test_the_game_options_come_together_in_one_order(name: str) -> None:
    callback = COMMANDS[name]
    hints = typing.get_type_hints(callback, include_extras=True)
    names = list(inspect.signature(callback).parameters)
    taken = [p for p in names if p in GAME_OPTIONS and hints[p] == GAME_OPTIONS[p]]
    if not taken:
        return
    assert taken == [p for p in GAME_OPTIONS if p in taken], name
    first = names.index(taken[0])
    assert names[first : first + len(taken)] == taken, name  # nothing between them
    assert {"lists", "length", "alphabet", "tries", "answers", "allowed", "skip_bad"} <= set(
        taken
    ), name  # a command takes them all
    if "game_name" in names:
        assert hints["game_name"] == options.GameArgument, name

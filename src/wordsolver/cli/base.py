"""What every command shares: the Typer app, exit codes and the consoles it prints to."""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any, cast
from weakref import WeakSet

import typer
from rich.console import Console
from rich.progress import Progress, ProgressColumn

import wordsolver


class ExitCode(enum.IntEnum):
    """Process exit codes of the ``wordsolver`` command."""

    OK = 0
    FAILURE = 1  # the command ran but the answer is "no" (e.g. a word is not in the dictionary)
    USAGE = 2  # bad input: unknown name, malformed word or feedback, unreadable file
    INTERRUPTED = 130


app = typer.Typer(
    name="wordsolver",
    help="Play word-guessing games well, explain the play, and solve anagram hands.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

#: The ``--json`` flag every command with a table or list offers.
JsonOption = Annotated[bool, typer.Option("--json", help="machine-readable output")]



@dataclass(frozen=True, slots=True)
class Environment:
    """Where a run of the command prints: results on ``stdout``, progress, warnings and errors
    on ``stderr``, so that ``--json`` output stays clean. :func:`~wordsolver.cli.app.main` is
    given one (the process's standard streams unless told otherwise)."""

    stdout: Console
    stderr: Console

    @classmethod
    def standard(cls) -> Environment:
        """Consoles on the process's standard output and error (piped: wide tables rather than
        truncated columns)."""
        consoles = (
            Console(highlight=False, soft_wrap=True),
            Console(stderr=True, highlight=False, soft_wrap=True),
        )
        for console in consoles:
            if not console.is_terminal:
                console.width = 160
        return cls(*consoles)


#: The environment of the process's standard streams.
STANDARD = Environment.standard()
_current = STANDARD


def environment() -> Environment:
    """The environment of the command running now (:data:`STANDARD` outside :func:`main`)."""
    return _current


@contextmanager
def running_in(env: Environment) -> Iterator[None]:
    """Print to ``env`` for the length of the block (one command's run), then as before."""
    global _current
    before, _current = _current, env
    try:
        yield
    finally:
        _current = before


class _Current:
    """A console that is always the running command's own (:func:`environment`): the commands
    print to ``stdout`` and ``stderr`` without being handed the consoles."""

    __slots__ = ("_stream",)

    def __init__(self, stream: str) -> None:
        self._stream = stream

    def __getattr__(self, name: str) -> Any:
        return getattr(getattr(_current, self._stream), name)

    # Special methods are looked up on the type, not through __getattr__.
    def __enter__(self) -> Console:
        return cast(Console, getattr(_current, self._stream).__enter__())

    def __exit__(self, *details: object) -> None:
        getattr(_current, self._stream).__exit__(*details)


stdout = cast(Console, _Current("stdout"))
stderr = cast(Console, _Current("stderr"))

#: The progress bars made so far (those still drawn are stopped by :func:`stop_bars`).
_bars: WeakSet[Progress] = WeakSet()


def new_bar(*columns: ProgressColumn | str) -> Progress:
    """A progress bar on stderr, drawn only on a terminal and gone once it stops."""
    console = environment().stderr
    bar = Progress(*columns, console=console, transient=True, disable=not console.is_terminal)
    _bars.add(bar)
    return bar


def stop_bars() -> None:
    """Stop every bar still drawn, so nothing is drawn after a command's last line."""
    for bar in list(_bars):
        bar.stop()


def _print_version(wanted: bool) -> None:
    if wanted:
        stdout.print(f"wordsolver {wordsolver.__version__}", markup=False)
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="print the version and exit"
        ),
    ] = False,
) -> None:
    """Play word-guessing games well, explain the play, and solve anagram hands."""


def refuse_non_finite(command: Any) -> None:
    """Make every number option of a command (and of its subcommands) refuse ``nan`` and
    ``inf``: the one check for all of them. Typer's float options take both, and ``nan`` passes
    every range check (``nan < 1`` is false), so ``serve --time-limit nan`` would start a
    server whose every search times out."""
    for parameter in command.params:
        if getattr(parameter.type, "name", None) in ("float", "float range"):
            parameter.type.__class__ = _finite(parameter.type.__class__)
    for subcommand in getattr(command, "commands", {}).values():
        refuse_non_finite(subcommand)


@functools.cache
def _finite(kind: Any) -> Any:
    """The float parameter type ``kind`` that also refuses what is not a finite number."""
    if getattr(kind, "refuses_non_finite", False):
        return kind

    class Finite(kind):  # type: ignore[misc]
        refuses_non_finite = True

        def convert(self, value: Any, parameter: Any, context: Any) -> Any:
            number = super().convert(value, parameter, context)
            if not math.isfinite(number):
                self.fail(f"{value} is not a finite number", parameter, context)
            return number

    return Finite


def warn(message: str) -> None:
    """Print a one-line warning on stderr."""
    stderr.print(f"warning: {message}", markup=False)

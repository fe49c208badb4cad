"""What every command shares: the Typer app, exit codes and the consoles it prints to."""

from __future__ import annotations

import enum
from typing import Annotated

import typer
from rich.console import Console

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

#: Results go to stdout; progress and warnings to stderr so ``--json`` output stays clean.
stdout = Console(highlight=False, soft_wrap=True)
stderr = Console(stderr=True, highlight=False, soft_wrap=True)
for _console in (stdout, stderr):
    if not _console.is_terminal:
        _console.width = 160  # piped output: wide tables rather than truncated columns


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


def warn(message: str) -> None:
    """Print a one-line warning on stderr."""
    stderr.print(f"warning: {message}", markup=False)

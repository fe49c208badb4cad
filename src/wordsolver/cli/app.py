"""Entry point: ``wordsolver`` and ``python -m wordsolver`` both call :func:`main`."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

import typer

from wordsolver.cli import base
from wordsolver.cli.base import ExitCode
from wordsolver.errors import WordsolverError

#: Modules whose import registers their commands on :data:`wordsolver.cli.base.app`.
COMMAND_MODULES = (
    "wordsolver.cli.info",
    "wordsolver.cli.suggest",
    "wordsolver.cli.evaluate",
    "wordsolver.cli.openers",
    "wordsolver.cli.study",
    "wordsolver.cli.words",
    "wordsolver.cli.tree",
    "wordsolver.cli.fallout",
    "wordsolver.cli.solve",
    "wordsolver.cli.play",
    "wordsolver.cli.serve",
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit code; errors become one line on stderr.

    ``--traceback`` anywhere in the arguments shows the full traceback of an error instead.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    show_traceback = "--traceback" in args
    args = [arg for arg in args if arg != "--traceback"]
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    command = typer.main.get_command(base.app)
    try:
        result = command.main(args=args, prog_name="wordsolver", standalone_mode=False)
    except WordsolverError as error:
        if show_traceback:
            raise
        base.stderr.print(f"error: {error}", markup=False)
        return ExitCode.USAGE
    except typer.TyperException as error:  # usage errors: bad option, missing argument
        base.stderr.print(f"error: {error.format_message()}", markup=False)
        return ExitCode.USAGE
    except (KeyboardInterrupt, typer.Abort):
        base.stderr.print("interrupted", markup=False)
        return ExitCode.INTERRUPTED
    if result == ExitCode.INTERRUPTED:  # Typer turns Ctrl-C into this exit code
        base.stderr.print("interrupted", markup=False)
    return int(result) if isinstance(result, int) else ExitCode.OK


if __name__ == "__main__":
    sys.exit(main())

"""Entry point: ``wordsolver`` and ``python -m wordsolver`` both call :func:`main`."""

from __future__ import annotations

import gc
import importlib
import sys
import warnings
from collections.abc import Sequence
from typing import NoReturn, TextIO

import typer

from wordsolver.cli import base
from wordsolver.cli.base import ExitCode, refuse_non_finite
from wordsolver.errors import UnknownNameError, WordsolverError
from wordsolver.plumbing.stopping import catch_interrupts, interrupted

#: Each command -> the module whose import registers it on :data:`wordsolver.cli.base.app`, in
#: the order ``--help`` lists them. A run imports only the module of the command it names (a
#: command's start is mostly imports); the help imports them all.
COMMAND_MODULES = {
    "games": "wordsolver.cli.info",
    "strategies": "wordsolver.cli.info",
    "feedback": "wordsolver.cli.info",
    "solve": "wordsolver.cli.solve",
    "suggest": "wordsolver.cli.suggest",
    "explain": "wordsolver.cli.explain",
    "evaluate": "wordsolver.cli.evaluate",
    "openers": "wordsolver.cli.openers",
    "study": "wordsolver.cli.study",
    "check": "wordsolver.cli.words",
    "hand": "wordsolver.cli.words",
    "pattern": "wordsolver.cli.words",
    "prove": "wordsolver.cli.prove",
    "play": "wordsolver.cli.play",
    "serve": "wordsolver.cli.serve",
    "tree": "wordsolver.cli.tree",
    "fallout": "wordsolver.cli.fallout",
    "cache": "wordsolver.cli.cache",
}


def command_modules(args: Sequence[str]) -> list[str]:
    """The command modules a run of ``wordsolver ARGS`` needs imported.

    The root takes no option with a value, so its first word that is not an option names the
    command; a word that names none is an :class:`UnknownNameError` with the closest command
    (no module needs loading to say so). ``--version`` alone needs none; the root's help (asked
    for before any command, or no arguments at all) lists every command, so it needs them all.

    >>> command_modules(["suggest", "wordle", "--top", "1"])
    ['wordsolver.cli.suggest']
    >>> command_modules(["--version"])
    []
    >>> command_modules(["gmaes"])
    Traceback (most recent call last):
    ...
    wordsolver.errors.UnknownNameError: unknown command 'gmaes' (did you mean games?); ...
    """
    words = [at for at, arg in enumerate(args) if not arg.startswith("-")]
    root = args[: words[0]] if words else args  # the options before the command
    if not args or "--help" in root:
        return list(dict.fromkeys(COMMAND_MODULES.values()))
    if not words:
        return []
    if args[words[0]] not in COMMAND_MODULES:
        raise UnknownNameError("command", args[words[0]], list(COMMAND_MODULES))
    return [COMMAND_MODULES[args[words[0]]]]


#: Longest error line printed (a megabyte argument is not echoed whole).
MAX_ERROR = 240


#: Library parameters whose command-line option is not simply ``--`` and the name in dashes.
FLAGS = {"any_words": "--any"}


def option_flag(parameter: str) -> str:
    """The command-line option of a library parameter: ``skip_bad`` is ``--skip-bad``."""
    return FLAGS.get(parameter, "--" + parameter.replace("_", "-"))


def one_line(message: str) -> str:
    """The message on one line of at most :data:`MAX_ERROR` characters.

    >>> one_line("bad word " + "x" * 1000)[-12:]
    'xxxxxxxxxxx…'
    """
    flat = " ".join(message.split())
    return flat if len(flat) <= MAX_ERROR else flat[: MAX_ERROR - 1] + "…"


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """Warnings of the library (a cache that cannot be used...) as one line, like the CLI's own."""
    base.warn(one_line(str(message)))


def main(argv: Sequence[str] | None = None, env: base.Environment | None = None) -> int:
    """Run one command and return its exit code; errors become one line on stderr, and Ctrl-C
    (see :mod:`wordsolver.plumbing.stopping`) the line ``interrupted`` and exit code 130.

    The command prints to ``env``'s consoles (None: the process's standard streams), and the
    library's warnings are shown there as one line each; when it returns, the process is as it
    was (the consoles, how warnings are shown).

    ``--traceback`` anywhere in the arguments shows the full traceback of an error instead.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    show_traceback = "--traceback" in args
    args = [arg for arg in args if arg != "--traceback"]
    with base.running_in(env or base.STANDARD), warnings.catch_warnings():
        warnings.showwarning = _show_warning
        return _caught(args, show_traceback)


def _caught(args: list[str], show_traceback: bool) -> int:
    """:func:`_run` with Ctrl-C caught for its length."""
    with catch_interrupts(farewell=_stopped_at_once):
        try:
            return _run(args, show_traceback)
        except (KeyboardInterrupt, typer.Abort):
            return _interrupted()
        except Exception:
            if interrupted() and not show_traceback:  # an error Ctrl-C caused
                return _interrupted()
            raise


def _interrupted() -> int:
    base.stderr.print("interrupted", markup=False)
    return ExitCode.INTERRUPTED


def _stopped_at_once() -> int:
    """The last words of a command stopped where it cannot unwind (inside the JIT compiler)."""
    base.stop_bars()
    return _interrupted()


def _run(args: list[str], show_traceback: bool) -> int:
    """:func:`main` once the arguments are read: the command, its errors as one line."""
    try:
        for module in command_modules(args):
            importlib.import_module(module)
        command = typer.main.get_command(base.app)
        refuse_non_finite(command)
        result = command.main(args=args, prog_name="wordsolver", standalone_mode=False)
    except WordsolverError as error:
        if show_traceback:
            raise
        if interrupted():
            return _interrupted()
        base.stderr.print(f"error: {one_line(error.worded(option_flag))}", markup=False)
        return ExitCode.USAGE
    except typer.TyperException as error:  # usage errors: bad option, missing argument
        if type(error).__name__ == "NoArgsIsHelpError":  # `wordsolver` alone: the help
            base.stdout.print(error.format_message(), markup=False)
            return ExitCode.OK
        base.stderr.print(f"error: {one_line(error.format_message())}", markup=False)
        return ExitCode.USAGE
    except MemoryError:
        if show_traceback:
            raise
        base.stderr.print("error: not enough memory for this: use smaller word lists", markup=False)
        return ExitCode.USAGE
    if result == ExitCode.INTERRUPTED:  # Typer turns Ctrl-C into this exit code
        return _interrupted()
    return int(result) if isinstance(result, int) else ExitCode.OK


def run() -> NoReturn:
    """The ``wordsolver`` program: :func:`main`, then exit with its code.

    Before the interpreter shuts down, every object is moved out of the garbage collector's
    sight (``gc.freeze``): its last collection would walk everything a command loaded (numba's
    compiler alone holds hundreds of thousands of objects) only to free memory the exit frees
    anyway, a third of a second on every command that ran compiled code, and on Ctrl-C.
    """
    code = main()
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    run()

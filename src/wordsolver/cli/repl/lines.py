"""Where the prompt's lines come from: a terminal (with history and tab completion) or a script.

A line source is a callable ``source(prompt) -> line`` that raises EOFError when input ends, so
the REPLs never touch ``sys.stdin`` and tests feed them scripted lines in-process.

>>> from io import StringIO
>>> from rich.console import Console
>>> screen = StringIO()
>>> source = scripted_lines(["crane gy..g"], Console(file=screen))
>>> source("guess 1> "), screen.getvalue()
('crane gy..g', 'guess 1> crane gy..g\\n')
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable

from rich.console import Console

LineSource = Callable[[str], str]


def scripted_lines(lines: Iterable[str], console: Console) -> LineSource:
    """Lines from a list or a pipe, echoed after the prompt so the output reads like a session."""
    remaining = iter(lines)

    def read(prompt: str) -> str:
        line = next(remaining, None)
        if line is None:
            raise EOFError
        line = line.rstrip("\r\n")
        console.print(f"{prompt}{line}", markup=False, highlight=False)
        return line

    return read


def terminal_lines(console: Console, completions: Callable[[], Iterable[str]]) -> LineSource:
    """Lines typed at a terminal (readline history and Tab completion of ``completions()``), or
    the lines of standard input when it is not a terminal."""
    if not sys.stdin.isatty():
        return scripted_lines(sys.stdin, console)
    try:
        import readline
    except ImportError:  # no readline on this platform: plain input still works
        return input
    matches: list[str] = []

    def complete(text: str, state: int) -> str | None:
        if state == 0:
            prefix = text.casefold()
            matches[:] = sorted({word for word in completions() if word.startswith(prefix)})
        return matches[state] if state < len(matches) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" \t")
    # macOS ships libedit, which spells the same binding differently.
    libedit = "libedit" in (readline.__doc__ or "")
    readline.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")
    return input

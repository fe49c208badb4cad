"""The terminal programs' tests: a plain screen, and REPLs driven by scripted lines."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

import pytest
from rich.console import Console

from wordsolver.cli.repl import Repl, scripted_lines


def screen() -> tuple[Console, io.StringIO]:
    """A plain console (no colour) and the text it collects."""
    text = io.StringIO()
    return Console(file=text, width=120, color_system=None, highlight=False), text


#: ``drive(make_repl, lines)``: run a REPL built on a fresh console with scripted lines.
Drive = Callable[[Callable[[Console], Repl], Iterable[str]], str]


@pytest.fixture
def drive() -> Drive:
    """Run a REPL on scripted input and return what the screen shows."""

    def run(make: Callable[[Console], Repl], lines: Iterable[str]) -> str:
        console, text = screen()
        make(console).run(scripted_lines(lines, console))
        return text.getvalue()

    return run

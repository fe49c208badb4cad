"""The terminal programs: the assistant (``solve``) and hosted games (``play``), driven by any
line source so tests script them in-process.

The names are imported when first used, so a command that only borrows the rendering
(``suggest`` prints a suggestion table) starts without the programs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wordsolver.plumbing.lazy import exports

if TYPE_CHECKING:
    from wordsolver.cli.repl.assist import Assistant
    from wordsolver.cli.repl.lines import LineSource, scripted_lines, terminal_lines
    from wordsolver.cli.repl.repl import Command, PromptError, Repl

#: Public name -> the module that defines it, imported on first use.
_LAZY = {
    "Assistant": "wordsolver.cli.repl.assist",
    "Command": "wordsolver.cli.repl.repl",
    "LineSource": "wordsolver.cli.repl.lines",
    "PromptError": "wordsolver.cli.repl.repl",
    "Repl": "wordsolver.cli.repl.repl",
    "scripted_lines": "wordsolver.cli.repl.lines",
    "terminal_lines": "wordsolver.cli.repl.lines",
}


__getattr__ = exports(__name__, _LAZY)


__all__ = [
    "Assistant",
    "Command",
    "LineSource",
    "PromptError",
    "Repl",
    "scripted_lines",
    "terminal_lines",
]

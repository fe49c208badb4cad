"""The terminal programs: the assistant (``solve``) and hosted games (``play``), driven by any
line source so tests script them in-process."""

from wordsolver.cli.repl.assist import Assistant
from wordsolver.cli.repl.lines import LineSource, scripted_lines, terminal_lines
from wordsolver.cli.repl.repl import Command, PromptError, Repl

__all__ = [
    "Assistant",
    "Command",
    "LineSource",
    "PromptError",
    "Repl",
    "scripted_lines",
    "terminal_lines",
]

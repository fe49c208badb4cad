"""Interactive terminal modes as library objects: the assistant (``solve``) and hosted games
(``play``), driven by any line source so tests script them in-process."""

from wordsolver.assistant.advice import state_json, suggestion_json, suggestions
from wordsolver.assistant.assist import Assistant
from wordsolver.assistant.lines import LineSource, scripted_lines, terminal_lines
from wordsolver.assistant.repl import Command, PromptError, Repl
from wordsolver.assistant.state import AssistantState, Removal

__all__ = [
    "Assistant",
    "AssistantState",
    "Command",
    "LineSource",
    "PromptError",
    "Removal",
    "Repl",
    "scripted_lines",
    "state_json",
    "suggestion_json",
    "suggestions",
    "terminal_lines",
]

"""The prompt loop shared by the assistant and the hosted games.

A line whose first word names a command runs it (commands live in a registry); any other line is
a move of the game. A mistake of any kind costs one line of explanation, then the prompt again:
the loop never ends on bad input, only on ``quit``, the end of the game or the end of input.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from rich.text import Text

from wordsolver.cli.repl.lines import LineSource
from wordsolver.errors import GameOverError, InconsistentFeedbackError, WordsolverError


class PromptError(WordsolverError):
    """A command was given the wrong arguments."""


@dataclass(frozen=True, slots=True)
class Command:
    """A prompt command: ``argument`` is its synopsis ("" takes none, "[N]" is optional)."""

    name: str
    run: Callable[[str], None]
    summary: str
    argument: str = ""
    aliases: tuple[str, ...] = ()

    def __call__(self, argument: str) -> None:
        """Run with the rest of the line, after checking an argument is given when needed."""
        if argument and not self.argument:
            raise PromptError(f"{self.name} takes no argument")
        if not argument and self.argument and not self.argument.startswith("["):
            raise PromptError(f"usage: {self.name} {self.argument}")
        self.run(argument)


class Repl(ABC):
    """Reads lines until quit or the end of input, running commands and moves."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.finished = False
        self.commands: dict[str, Command] = {}
        for command in self.command_list():
            for name in (command.name, *command.aliases):
                self.commands[name] = command

    @abstractmethod
    def command_list(self) -> list[Command]:
        """The commands of this mode, in the order help lists them."""

    @abstractmethod
    def prompt(self) -> str:
        """The prompt text, which says what is expected next."""

    @abstractmethod
    def move(self, text: str) -> None:
        """Handle a line that is not a command (a guess, feedback...)."""

    @abstractmethod
    def move_help(self) -> list[tuple[str, str]]:
        """(example, meaning) lines that explain moves in ``help``."""

    @abstractmethod
    def start(self) -> None:
        """Greet and show the first screen."""

    @abstractmethod
    def end_of_input(self) -> None:
        """Input ended (Ctrl-D, end of a script) before the game did."""

    def is_move(self, text: str) -> bool:
        """Whether a line that starts with a command name is a move after all."""
        return False

    def completions(self) -> Iterable[str]:
        """Words worth completing with Tab: the command names (modes add their words)."""
        return self.commands

    def run(self, lines: LineSource) -> None:
        """The loop: prompt, read, handle, until finished or out of input."""
        self.start()
        while not self.finished:
            try:
                line = lines(self.prompt())
            except EOFError:
                self.end_of_input()
                return
            self.handle(line)

    def handle(self, line: str) -> None:
        """Run one line; errors become one line on the console."""
        text = line.strip()
        if not text:
            return
        name, _, argument = text.partition(" ")
        command = self.commands.get(name.casefold())
        try:
            if command is None or self.is_move(text):
                self.move(text)
            else:
                command(argument.strip())
        except WordsolverError as error:
            self.error(self.described(error))

    def described(self, error: WordsolverError) -> str:
        """An error in the REPL's words: feedback that contradicts earlier moves can be taken
        back where the mode has ``undo``."""
        contradiction = isinstance(error, InconsistentFeedbackError) and not isinstance(
            error, GameOverError
        )
        if contradiction and "undo" in self.commands:
            return f"{error} — undo takes back the last move"
        return str(error)

    def error(self, message: str) -> None:
        """One line explaining what went wrong."""
        self.console.print(Text(f"✗ {message}", style="red"), soft_wrap=True)

    def show_help(self, _: str = "") -> None:
        """List the moves and the commands."""
        table = Table(box=None, show_header=False, pad_edge=False)
        for example, meaning in self.move_help():
            table.add_row(Text(example, style="bold"), meaning)
        seen = []
        for command in self.commands.values():
            if command not in seen:
                seen.append(command)
                usage = f"{command.name} {command.argument}".strip()
                table.add_row(Text(usage, style="bold cyan"), command.summary)
        self.console.print(table)

    def quit(self, _: str = "") -> None:
        """Leave the loop."""
        self.finished = True

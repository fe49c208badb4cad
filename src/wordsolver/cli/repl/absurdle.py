"""The prompt of an adversarial game (``wordsolver play absurdle``): you type guesses only; the
host answers each one itself, keeping as many words possible as it can."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Console
from rich.text import Text

from wordsolver.cli.repl.hosting import SoloRepl
from wordsolver.cli.repl.moves import read_move
from wordsolver.cli.repl.render import plural
from wordsolver.cli.repl.repl import Command, PromptError
from wordsolver.errors import InvalidPatternError
from wordsolver.hosted.absurdle import AdversarialGame, feedback_refused
from wordsolver.hosted.saves import SavedGame
from wordsolver.strategies import Player


class AdversaryRepl(SoloRepl):
    """Guess against the adversary; feedback typed is refused, and nothing is saved (an
    adversarial game is short, and its answers follow from the guesses alone)."""

    def __init__(self, console: Console, hosted: AdversarialGame, player: Player) -> None:
        super().__init__(console, hosted, player)
        self.adversary = hosted

    def command_list(self) -> list[Command]:
        unsaved = {
            "quit": "leave (an adversarial game is not saved)",
            "giveup": "end the game and see how many words were still possible",
        }
        return [
            replace(command, summary=unsaved.get(command.name, command.summary))
            for command in super().command_list()
        ]

    def saved(self) -> SavedGame:
        raise PromptError("adversarial games are not saved")

    def start(self) -> None:
        game = self.hosted.game
        self.console.print(
            Text.assemble(
                (f"wordsolver play: {game.name}", "bold"),
                ". I hold no secret: each answer keeps as many words possible as it can."
                " Type guesses only; help lists the commands.",
            )
        )

    def move(self, text: str) -> None:
        if len(text.split()) > 1 or _is_feedback(self.adversary, text):
            raise PromptError(feedback_refused(self.hosted.game.name))
        super().move(text)

    def finish(self) -> None:
        hosted = self.hosted
        if hosted.won:
            message = Text(f"solved in {plural(len(hosted.guesses), 'guess', 'guesses')}!")
            message.stylize("bold green")
        else:
            left = len(hosted.state.candidates)
            message = Text(
                f"{plural(left, 'word')} still possible, {hosted.secret_word} among them",
                style="bold yellow",
            )
        self.console.print(message)
        self.finished = True


def _is_feedback(hosted: AdversarialGame, text: str) -> bool:
    """Whether a lone token reads as feedback rather than as a guess."""
    try:
        return read_move(hosted.game, text).feedback is not None
    except InvalidPatternError:
        return True
    except PromptError:
        return False

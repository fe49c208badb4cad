"""The duel (``wordsolver play tonguess4 --versus``): you and the computer each hide a word and
take turns guessing the other's; fewer guesses wins, equal is a draw.

You guess first in each round and the computer answers with its turn, so after every round both
have used the same number of guesses and the result is decided as soon as one side has solved.
"""

from __future__ import annotations

import enum

from wordsolver.errors import WordsolverError
from wordsolver.hosted.host import HostedGame, solver_turn
from wordsolver.session import Step
from wordsolver.strategies import Player


class Outcome(enum.Enum):
    """How a duel ended, from your side."""

    WIN = "you win"
    LOSS = "the computer wins"
    DRAW = "a draw"


class Duel:
    """Both sides of a duel: ``human`` guesses the computer's secret, ``computer`` yours."""

    def __init__(self, player: Player, computer_secret: int, human_secret: int) -> None:
        hard = player.options.hard
        self.player = player
        self.human = HostedGame(player.matrix, computer_secret, hard=hard)
        self.computer = HostedGame(player.matrix, human_secret, hard=hard)

    @property
    def computer_due(self) -> bool:
        """Whether the computer owes its turn of this round."""
        return not self.computer.finished and len(self.computer.guesses) < len(self.human.guesses)

    @property
    def outcome(self) -> Outcome | None:
        """The result once decided, else None."""
        human, computer = self.human, self.computer
        if human.gave_up:
            return Outcome.LOSS
        if len(human.guesses) != len(computer.guesses):
            return None
        if human.won or computer.won:
            if human.won and computer.won:
                return Outcome.DRAW
            return Outcome.WIN if human.won else Outcome.LOSS
        return Outcome.DRAW if human.lost and computer.lost else None

    def guess(self, word: str) -> Step:
        """Your guess at the computer's secret."""
        if self.outcome is not None or self.computer_due:
            raise WordsolverError("it is not your turn")
        return self.human.guess(word)

    def computer_turn(self) -> Step:
        """The computer's guess at your secret, chosen by its strategy from the feedback alone."""
        if not self.computer_due:
            raise WordsolverError("it is not the computer's turn")
        return solver_turn(self.computer, self.player)

"""Games the program hosts: it knows the secret and scores each guess (``wordsolver play``).

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> game = find_game("wordle", GameOverrides(words=("crane", "slate", "trace")))
>>> hosted = HostedGame(pattern_matrix(game, use_cache=False), secret=2)
>>> game.format_pattern(hosted.guess("crane").pattern), hosted.won
('ygg.g', False)
>>> hosted.guess("trace").n_candidates, hosted.won
(1, True)
"""

from __future__ import annotations

from wordsolver.errors import GameOverError, InvalidWordError
from wordsolver.games import Game
from wordsolver.matrix import PatternMatrix
from wordsolver.session import Session, Step
from wordsolver.strategies import Player


class HostedGame:
    """One secret, the guesses made at it (``state``, as :class:`~wordsolver.boards.host.
    HostedBoards` keeps its boards'), and whether the game is won, lost or given up."""

    def __init__(self, matrix: PatternMatrix, secret: int, *, hard: bool = False) -> None:
        self.state = Session(matrix)
        self.secret = secret
        self.hard = hard
        self.gave_up = False

    @property
    def matrix(self) -> PatternMatrix:
        """The pattern matrix of the game."""
        return self.state.matrix

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.state.game

    @property
    def secret_word(self) -> str:
        """The hidden word."""
        return self.game.secrets.words[self.secret]

    @property
    def guesses(self) -> list[str]:
        """The words guessed so far."""
        return self.state.guesses

    @property
    def won(self) -> bool:
        """Whether the secret was guessed."""
        return self.state.solved

    @property
    def lost(self) -> bool:
        """Whether the tries ran out, or the player gave up."""
        return self.state.lost or self.gave_up

    @property
    def finished(self) -> bool:
        """Whether no more guesses may be made."""
        return self.won or self.lost

    def guess(self, word: str) -> Step:
        """Score a guess against the secret; InvalidWordError if it may not be played now."""
        if self.finished:
            raise GameOverError("this game is over: start a new one")
        row = self.game.guess_row(word)
        shown = self.game.guesses.words[row]
        if self.hard and not self.state.consistent_mask()[row]:
            raise InvalidWordError(f"hard mode: {shown} does not fit the feedback so far")
        return self.state.push(shown, self.answer(row))

    def answer(self, row: int) -> int:
        """The host's feedback to the allowed guess of that row: its pattern against the
        secret."""
        return int(self.matrix.values[row, self.secret])

    def give_up(self) -> None:
        """End the game as lost."""
        self.gave_up = True


def solver_turn(hosted: HostedGame, player: Player) -> Step:
    """Let the player (the computer) make the next guess of a hosted game."""
    session = hosted.state
    mask = session.consistent_mask() if player.options.hard else None
    row = player.next_guess(session.candidates, len(session.steps), mask)
    return hosted.guess(hosted.game.guesses.words[row])


def solver_path(player: Player, secret: int) -> list[Step]:
    """The guesses the player makes against a secret from the start, until won or out of tries."""
    hosted = HostedGame(player.matrix, secret, hard=player.options.hard)
    while not hosted.finished:
        solver_turn(hosted, player)
    return hosted.state.steps

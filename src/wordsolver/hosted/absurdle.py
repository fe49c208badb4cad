"""Absurdle: a hosted game with no secret. Each guess is answered by the adversary
(:mod:`wordsolver.adversary`), which keeps the largest bucket of secrets still possible, so the
game is won only when the guess is the one word left.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> game = find_game("absurdle", GameOverrides(words=("crane", "crate", "trace", "slate")))
>>> hosted = AdversarialGame(pattern_matrix(game, use_cache=False))
>>> game.format_pattern(hosted.guess("crate").pattern), hosted.won
('..ggg', False)
>>> hosted.guess("slate").n_candidates, hosted.won
(1, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from wordsolver.adversary import adversary_answer
from wordsolver.errors import InvalidPatternError
from wordsolver.hosted.host import HostedGame
from wordsolver.matrix import PatternMatrix

#: What a player is told who types feedback into a game whose host answers by itself.
HOST_ANSWERS = (
    "type only your guess: in {game} the host gives the feedback itself (it keeps as many"
    " words possible as it can)"
)


class AdversarialGame(HostedGame):
    """A hosted game whose host answers each guess adversarially. Until the game is won,
    :attr:`secret` is the first word still possible (the one revealed on giving up)."""

    def __init__(self, matrix: PatternMatrix, *, hard: bool = False) -> None:
        super().__init__(matrix, secret=0, hard=hard)

    def answer(self, row: int) -> int:
        """The adversary's feedback to the guess of that row: the largest bucket's."""
        answer = adversary_answer(self.matrix, self.state.candidates, row)
        self.secret = int(answer.bucket[0])
        return answer.pattern


def feedback_refused(game_name: str) -> str:
    """The line that refuses feedback typed into an adversarial game."""
    return HOST_ANSWERS.format(game=game_name)


def replay_guesses(
    matrix: PatternMatrix, guesses: Iterable[str], *, hard: bool = False
) -> AdversarialGame:
    """The game after these guesses, each answered by the adversary; a guess written with
    feedback (``crane:gy..g``, ``crane gy..g``) is refused: the host gives it."""
    hosted = AdversarialGame(matrix, hard=hard)
    for guess in guesses:
        if re.search(r"[:=\s]", guess.strip()):
            raise InvalidPatternError(feedback_refused(matrix.game.name))
        hosted.guess(guess.strip())
    return hosted

"""What the assistant knows: the guesses and feedback so far, the words the game ruled out, and
one undo log for both.

A :class:`~wordsolver.session.Session` holds the guesses; words removed by the user (a Fallout dud,
a word the game rejected) are kept beside it, because they are neither guesses nor feedback but
still shrink the candidates.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> game = find_game("fallout", GameOverrides(words=("bat", "car", "cat", "cot")))
>>> state = AssistantState(pattern_matrix(game, use_cache=False))
>>> state.play("cat", "2").guess
'cat'
>>> state.remove("bat").word, state.candidate_words()
('bat', ['car', 'cot'])
>>> state.undo() is not None, state.candidate_words()
(True, ['bat', 'car', 'cot'])
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

import numpy as np

from wordsolver.assistant.conflict import find_conflict
from wordsolver.errors import InconsistentFeedbackError, InvalidPatternError, InvalidWordError
from wordsolver.games import Game
from wordsolver.matrix import PatternMatrix
from wordsolver.session import Session, Step
from wordsolver.strategies.base import IdArray


def without(ids: IdArray, removed: Collection[int] | IdArray) -> IdArray:
    """``ids`` minus the ``removed`` ones, order kept.

    >>> without(np.arange(5), {1, 3}).tolist()
    [0, 2, 4]
    """
    return ids[~np.isin(ids, list(removed))] if len(removed) else ids


@dataclass(frozen=True, slots=True)
class Removal:
    """A word the user ruled out as the secret."""

    word: str
    secret: int


#: One undoable action: a guess with its feedback, or a removal.
Action = Step | Removal


class AssistantState:
    """A game in progress as the assistant sees it: play, remove, undo, reset."""

    def __init__(self, matrix: PatternMatrix) -> None:
        self.session = Session(matrix)
        self.removed: dict[int, str] = {}
        self.actions: list[Action] = []

    @property
    def matrix(self) -> PatternMatrix:
        """The pattern matrix of the game."""
        return self.session.matrix

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.session.game

    @property
    def steps(self) -> list[Step]:
        """The guesses so far, oldest first."""
        return self.session.steps

    @property
    def candidates(self) -> IdArray:
        """Secret ids that fit every feedback and were not removed."""
        return without(self.session.candidates, self.removed)

    def candidate_words(self) -> list[str]:
        """The candidates as words, in word order."""
        words = self.game.secrets.words
        return [words[i] for i in self.candidates]

    @property
    def solved(self) -> bool:
        """Whether the last guess was the secret."""
        return self.session.solved

    def play(self, guess: str, feedback: str | int) -> Step:
        """Record a guess and its feedback; InconsistentFeedbackError names the step to check."""
        if self.solved:
            raise InconsistentFeedbackError("the secret is found already: undo, or start anew")
        row = self.game.guess_row(guess)
        pattern = self.game.parse_pattern(feedback) if isinstance(feedback, str) else feedback
        if not 0 <= pattern < self.game.n_patterns:
            raise InvalidPatternError(f"pattern {pattern} is out of range for {self.game.name}")
        played = [(step.row, step.pattern) for step in self.steps]
        problem = find_conflict(self.matrix, played, (row, pattern), removed=self.removed)
        if problem is not None:
            raise InconsistentFeedbackError(problem)
        step = self.session.push(self.game.guesses.words[row], pattern)
        self.actions.append(step)
        return step

    def replay(self, history: Iterable[tuple[str, str]]) -> None:
        """Play every (guess, feedback) pair in order, e.g. from ``--history``."""
        for guess, feedback in history:
            self.play(guess, feedback)

    def remove(self, word: str) -> Removal:
        """Rule a word out as the secret."""
        row = self.game.guess_row(word)
        secret = int(self.game.secret_of_guess[row])
        shown = self.game.guesses.words[row]
        if secret < 0 or secret not in self.candidates:
            raise InvalidWordError(f"{shown} is not a candidate now")
        if len(self.candidates) == 1:
            raise InconsistentFeedbackError(f"{shown} is the last candidate: it cannot be removed")
        removal = Removal(shown, secret)
        self.removed[secret] = shown
        self.actions.append(removal)
        return removal

    def undo(self) -> Action | None:
        """Take back the last guess or removal (None when there is none)."""
        if not self.actions:
            return None
        action = self.actions.pop()
        if isinstance(action, Removal):
            del self.removed[action.secret]
        else:
            self.session.pop()
        return action

    def reset(self) -> None:
        """Forget everything: a new game."""
        self.session = Session(self.matrix)
        self.removed.clear()
        self.actions.clear()

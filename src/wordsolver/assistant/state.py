"""What the assistant knows: the guesses and feedback so far, the words the game ruled out, and
one undo log for both.

A :class:`~wordsolver.session.Session` holds the guesses; words removed by the user (a Fallout dud,
a word the game rejected) are kept beside it, because they are neither guesses nor feedback but
still shrink the candidates. When the feedback fits no answer but some allowed words, the state
plays on over those (:mod:`wordsolver.widen`) and says so (:attr:`AssistantState.widened`);
undoing back to feedback some answer fits returns to the answers.

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
from wordsolver.session import MAX_HISTORY, Session, Step
from wordsolver.strategies.base import IdArray
from wordsolver.widen import can_widen, widened_matrix


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
        self.base = matrix
        self.session = Session(matrix)
        self.removed_words: list[str] = []
        self.actions: list[Action] = []

    @property
    def removed(self) -> dict[int, str]:
        """The words the user ruled out, by their secret id in the matrix played now."""
        return self._removed_in(self.matrix)

    @property
    def matrix(self) -> PatternMatrix:
        """The pattern matrix played now: the game's, or the widened one."""
        return self.session.matrix

    @property
    def game(self) -> Game:
        """The game being played (its secrets are the allowed words that fit when widened)."""
        return self.session.game

    @property
    def widened(self) -> bool:
        """Whether no answer fits the feedback, so the candidates are allowed words that do."""
        return self.session.matrix is not self.base

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
        """Record a guess and its feedback; InconsistentFeedbackError names the step to check.

        Feedback that leaves no answer but fits some allowed words widens the game to those.
        """
        if self.solved:
            raise InconsistentFeedbackError("the secret is found already: undo, or start anew")
        if len(self.steps) >= MAX_HISTORY:
            raise InvalidPatternError(
                f"a game holds at most {MAX_HISTORY} guesses: undo, or start anew"
            )
        row = self.game.guess_row(guess)
        pattern = self.game.parse_pattern(feedback) if isinstance(feedback, str) else feedback
        if not 0 <= pattern < self.game.n_patterns:
            raise InvalidPatternError(f"pattern {pattern} is out of range for {self.game.name}")
        if not self._fits(row, pattern):
            played = [(step.row, step.pattern) for step in self.steps]
            wide = None if self.widened else widened_matrix(self.base, [*played, (row, pattern)])
            if wide is None:
                conflict = find_conflict(
                    self.base,
                    played,
                    (row, pattern),
                    removed=self._removed_in(self.base),
                    over_allowed=can_widen(self.base.game),
                )
                raise InconsistentFeedbackError(conflict or "no secret fits the feedback")
            self._play_on(wide)
        step = self.session.push(self.game.guesses.words[row], pattern)
        self.actions.append(step)
        return step

    def _fits(self, row: int, pattern: int) -> bool:
        """Whether a candidate that was not removed would give this pattern."""
        candidates = self.candidates
        return bool((self.matrix.values[row, candidates] == pattern).any())

    def _removed_in(self, matrix: PatternMatrix) -> dict[int, str]:
        """The removed words as secret ids of ``matrix`` (those that are secrets there)."""
        lookup = matrix.game.guess_index
        of_guess = matrix.game.secret_of_guess
        ids = {int(of_guess[lookup[word]]): word for word in self.removed_words}
        return {secret: word for secret, word in ids.items() if secret >= 0}

    def _play_on(self, matrix: PatternMatrix) -> None:
        """Carry the guesses over to another matrix of the same guesses."""
        steps = list(self.steps)
        self.session = Session(matrix)
        for step in steps:
            self.session.push(step.guess, step.pattern)

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
        self.removed_words.append(shown)
        self.actions.append(removal)
        return removal

    def undo(self) -> Action | None:
        """Take back the last guess or removal (None when there is none)."""
        if not self.actions:
            return None
        action = self.actions.pop()
        if isinstance(action, Removal):
            self.removed_words.remove(action.word)
        else:
            self.session.pop()
            if self.widened:
                self._settle()
        return action

    def _settle(self) -> None:
        """After an undo while widened: back to the answers if some answer fits again, else the
        allowed words that fit the shorter history."""
        played = [(step.row, step.pattern) for step in self.steps]
        session = Session(self.base)
        removed = self._removed_in(self.base)
        fits = True
        for step in self.steps:
            left = without(session.candidates, removed)
            if not (self.base.values[step.row, left] == step.pattern).any():
                fits = False
                break
            session.push(step.guess, step.pattern)
        if fits and len(without(session.candidates, removed)):
            self._play_on(self.base)
        else:
            wide = widened_matrix(self.base, played)
            assert wide is not None, "the allowed words that fit a longer history fit this one"
            self._play_on(wide)

    def reset(self) -> None:
        """Forget everything: a new game."""
        self.session = Session(self.base)
        self.removed_words.clear()
        self.actions.clear()

"""Interactive state: the history of guesses and feedback, and the candidates it leaves.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat")))
>>> session = Session(pattern_matrix(game, use_cache=False))
>>> session.push("cat", "2").n_candidates
2
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from wordsolver.errors import InconsistentFeedbackError, InvalidPatternError
from wordsolver.games import Game
from wordsolver.matrix import PatternMatrix
from wordsolver.strategies.base import IdArray
from wordsolver.strategies.player import BoolArray, consistent_after


@dataclass(frozen=True, slots=True, eq=False)
class Step:
    """One guess, its feedback, and what was left after it."""

    guess: str
    row: int
    pattern: int
    candidates: IdArray

    @property
    def n_candidates(self) -> int:
        """How many secrets still fit after this step."""
        return len(self.candidates)


class Session:
    """A game in progress: push a guess and its feedback, pop to undo."""

    def __init__(self, matrix: PatternMatrix) -> None:
        self.matrix = matrix
        self.steps: list[Step] = []
        self._all = np.arange(len(matrix.game.secrets), dtype=np.intp)

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.matrix.game

    @property
    def candidates(self) -> IdArray:
        """Secret ids consistent with every step so far."""
        return self.steps[-1].candidates if self.steps else self._all

    def candidate_words(self) -> list[str]:
        """The candidates as words, in word order."""
        words = self.game.secrets.words
        return [words[i] for i in self.candidates]

    def consistent_mask(self) -> BoolArray:
        """Hard-mode mask: allowed guesses that could have produced every feedback so far."""
        mask = np.ones(len(self.game.guesses), dtype=np.bool_)
        for step in self.steps:
            mask = consistent_after(self.matrix, mask, step.row, step.pattern)
        return mask

    def push(self, guess: str, feedback: str | int) -> Step:
        """Record a guess and its feedback; InconsistentFeedbackError if no secret would fit."""
        row = self.game.guess_row(guess)
        pattern = self.game.parse_pattern(feedback) if isinstance(feedback, str) else feedback
        if not 0 <= pattern < self.game.n_patterns:
            raise InvalidPatternError(f"pattern {pattern} is out of range for {self.game.name}")
        before = self.candidates
        after = before[self.matrix.values[row, before] == pattern]
        if len(after) == 0:
            word = self.game.guesses.words[row]
            shown = self.game.format_pattern(pattern)
            raise InconsistentFeedbackError(
                f"no secret fits {word} {shown} after the feedback before it"
                f" ({len(before)} candidates were left); check it or undo the previous guess"
            )
        step = Step(self.game.guesses.words[row], row, pattern, after)
        self.steps.append(step)
        return step

    def pop(self) -> Step | None:
        """Undo the last step (None when there is none)."""
        return self.steps.pop() if self.steps else None

    @property
    def solved(self) -> bool:
        """Whether the last guess was the secret."""
        return bool(self.steps) and self.steps[-1].pattern == self.game.win_pattern


#: Most guesses a history may hold: more than any game needs (and a bound on the work a typed
#: history can cause).
MAX_HISTORY = 64

_ITEM = re.compile(r"^\s*([^\s:=]+)\s*[:=\s]\s*(.+?)\s*$")


def parse_history(text: str) -> list[tuple[str, str]]:
    """Read ``"crane:gy..g, slate:....g"`` (``:``, ``=`` or a space between guess and feedback).

    >>> parse_history("crane:gy..g,tare 2-1")
    [('crane', 'gy..g'), ('tare', '2-1')]
    """
    parts = [part for part in re.split(r"[,;]", text) if part.strip()]
    if len(parts) > MAX_HISTORY:
        raise InvalidPatternError(
            f"a history holds at most {MAX_HISTORY} guesses, not {len(parts):,}"
        )
    items = []
    for part in parts:
        match = _ITEM.match(part)
        if match is None:
            raise InvalidPatternError(
                f"cannot read history item {part.strip()!r}: write GUESS:FEEDBACK, e.g. crane:gy..g"
            )
        items.append((match.group(1), match.group(2)))
    return items

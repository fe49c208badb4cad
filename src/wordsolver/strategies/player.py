"""Turns a strategy into play: which guesses are allowed now (hard mode, guessing only from the
candidates) and fixed openers played first."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

import numpy as np

from wordsolver.errors import OptionError
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import BoolArray, IdArray, without
from wordsolver.strategies.base import Position, Strategy

GuessFrom = Literal["allowed", "candidates"]


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """How a strategy is played.

    ``hard``: only guesses hard mode allows (the rule decides: Wordle keeps greens and reuses
    revealed letters; other games need guesses consistent with all feedback). ``guess_from``:
    ``candidates`` guesses only words that can still be the secret (as many people play).
    ``openers``: first guesses played in order, whatever the strategy says, while more than one
    candidate is left.
    """

    hard: bool = False
    guess_from: GuessFrom = "allowed"
    openers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.guess_from not in ("allowed", "candidates"):
            raise OptionError(
                f"unknown guess source {self.guess_from!r}; choose from: allowed, candidates",
                ("guess_from",),
            )

    def describe(self) -> dict[str, Any]:
        """The options as plain JSON values (saved with trees and evaluations)."""
        return {"hard": self.hard, "guess_from": self.guess_from, "openers": list(self.openers)}


class Player:
    """A strategy bound to a matrix and play options; answers "what next?" for a position."""

    def __init__(self, matrix: PatternMatrix, strategy: Strategy, options: PlayOptions) -> None:
        self.matrix = matrix
        self.strategy = strategy
        self.opener_rows = tuple(matrix.game.guess_row(word) for word in options.openers)
        # Openers as the game spells them (ё folded, lower case), so reports echo them so.
        spelled = tuple(matrix.game.guesses.words[row] for row in self.opener_rows)
        self.options = replace(options, openers=spelled)
        self._all_rows = np.arange(len(matrix.game.guesses), dtype=np.intp)

    def pool(
        self, candidates: IdArray, consistent: BoolArray | None, removed: IdArray | None = None
    ) -> IdArray:
        """Guess rows allowed now: every guess, or the candidates when the options say so, or
        those of the hard-mode mask ``consistent`` (None when not hard); never the rows of
        ``removed`` (words the player took out of the game)."""
        if self.options.guess_from == "candidates":
            rows = np.asarray(self.matrix.game.secret_rows[candidates], dtype=np.intp)
        elif consistent is not None:
            rows = np.flatnonzero(consistent)
        else:
            rows = self._all_rows
        return rows if removed is None else without(rows, removed.tolist())

    def position(
        self,
        candidates: IdArray,
        tries_used: int,
        consistent: BoolArray | None,
        removed: IdArray | None = None,
    ) -> Position:
        """What the strategy sees now (the candidates weighted by the game's prior, the
        guesses of :meth:`pool`)."""
        game = self.matrix.game
        return Position(
            self.matrix,
            candidates,
            self.pool(candidates, consistent, removed),
            tries_used,
            hard=self.options.hard,
            only_candidates=self.options.guess_from == "candidates",
            weights=None if game.uniform else game.probabilities[candidates],
        )

    def next_guess(
        self, candidates: IdArray, tries_used: int, consistent: BoolArray | None = None
    ) -> int:
        """The row to play: an opener, the last candidate, or the strategy's choice."""
        if len(candidates) == 1:
            return int(self.matrix.game.secret_rows[candidates[0]])
        if tries_used < len(self.opener_rows):
            return self.opener_rows[tries_used]
        return self.strategy.choose(self.position(candidates, tries_used, consistent))

    def start_mask(self) -> BoolArray | None:
        """Hard-mode mask before any guess (every guess allowed), or None when not hard."""
        return np.ones(len(self.matrix.game.guesses), dtype=np.bool_) if self.options.hard else None


def consistent_after(
    matrix: PatternMatrix, mask: BoolArray, guess_row: int, pattern: int
) -> BoolArray:
    """Hard-mode mask after a guess (the rule decides what hard mode allows)."""
    codes = matrix.game.guess_codes
    result: BoolArray = mask & matrix.game.rule.hard_mode_allows(codes, codes[guess_row], pattern)
    return result

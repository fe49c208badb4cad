"""After a hosted game: your path beside what the solver would have done from the same spots.

For each of your guesses the review says what the solver would have played there, how many words
were left after yours, and how many more guesses the solver would need from that spot on average
(every remaining candidate played as the secret), so "after your 2nd guess 7 words were left; the
solver would have needed 1.6 more on average" can be read off one row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from wordsolver.evaluation import Evaluation, evaluate
from wordsolver.session import Step
from wordsolver.strategies import Player, consistent_after
from wordsolver.strategies.base import IdArray
from wordsolver.strategies.player import BoolArray


def evaluate_from(
    player: Player,
    candidates: IdArray,
    *,
    tries_used: int = 0,
    consistent: BoolArray | None = None,
) -> Evaluation:
    """How the player does from a spot: each candidate played as the secret, guesses counted
    from the spot on. ``consistent`` is the hard-mode mask at the spot (None when not hard)."""
    mask = None if consistent is None else consistent.copy()
    return evaluate(player, secrets=candidates, start=(candidates, tries_used, mask))


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One of your guesses beside the solver's view of the same spot.

    ``solver_pick``: what the solver would have guessed instead (before your guess).
    ``you_needed``/``solver_needs``: guesses still needed after yours (None once solved, and
    ``you_needed`` also when you did not solve it).
    """

    number: int
    guess: str
    pattern: int
    left: int
    solver_pick: str
    you_needed: int | None
    solver_needs: float | None


#: Called once per reviewed guess.
Progress = Callable[[int], None]


def review(
    player: Player, steps: Sequence[Step], *, won: bool, progress: Progress | None = None
) -> list[ReviewRow]:
    """Compare each guess of a finished game with what the player would have done there."""
    matrix = player.matrix
    game = matrix.game
    candidates = np.arange(len(game.secrets), dtype=np.intp)
    mask = player.start_mask()
    rows = []
    for number, step in enumerate(steps, 1):
        pick = player.next_guess(candidates, number - 1, mask)
        if mask is not None:
            mask = consistent_after(matrix, mask, step.row, step.pattern)
        candidates = step.candidates
        solved = step.pattern == game.win_pattern
        needs = (
            None
            if solved
            else evaluate_from(player, candidates, tries_used=number, consistent=mask).mean
        )
        rows.append(
            ReviewRow(
                number=number,
                guess=step.guess,
                pattern=step.pattern,
                left=step.n_candidates,
                solver_pick=game.guesses.words[pick],
                you_needed=len(steps) - number if won and not solved else None,
                solver_needs=needs,
            )
        )
        if progress is not None:
            progress(1)
    return rows

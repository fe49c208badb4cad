"""After a game: your path beside what the solver would have done from the same spots.

For each of your guesses the review says what the solver would have played there (and, when the
secret is known, how many words its guess would have left), how many words were left after
yours, and how many more guesses the solver would need from that spot on average (every
remaining candidate played as the secret), so "after your 2nd guess 7 words were left; the
solver would have needed 1.6 more on average" can be read off one row. Each guess's ``lost`` is
what it cost against the solver's own play from the spot before it, in expected guesses (less
than 0: it saved some); the rows' losses add up to your guesses less the solver's mean from the
start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from wordsolver.evaluation import Evaluation, evaluate
from wordsolver.plumbing.arrays import BoolArray, IdArray
from wordsolver.plumbing.progress import Progress
from wordsolver.session import Step
from wordsolver.strategies import Player, consistent_after


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


def expected_from(player: Player, candidates: IdArray, **spot: Any) -> float:
    """The guesses the player needs from a spot on average, each candidate weighted by how
    likely the game's prior makes it (all alike under the uniform prior)."""
    played = evaluate_from(player, candidates, **spot)
    game = player.matrix.game
    if game.uniform:
        return played.mean
    weights = game.probabilities[played.secrets]
    return float(np.dot(weights, played.guesses) / weights.sum())


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One of your guesses beside the solver's view of the same spot.

    ``solver_pick``: what the solver would have guessed instead (before your guess).
    ``you_needed``/``solver_needs``: guesses still needed after yours (None once solved, and
    ``you_needed`` also when you did not solve it). ``before``: candidates before your guess;
    ``pick_left``: what the solver's guess would have left against the secret (None when the
    secret is not known); ``lost``: expected guesses your guess lost beside the solver's play
    from the spot before it (less than 0: saved).
    """

    number: int
    guess: str
    pattern: int
    left: int
    solver_pick: str
    you_needed: int | None
    solver_needs: float | None
    before: int = 0
    pick_left: int | None = None
    lost: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values (the web API)."""
        return {
            "number": self.number,
            "guess": self.guess,
            "pattern": self.pattern,
            "before": self.before,
            "left": self.left,
            "solver_pick": self.solver_pick,
            "pick_left": self.pick_left,
            "you_needed": self.you_needed,
            "solver_needs": None if self.solver_needs is None else round(self.solver_needs, 6),
            "lost": round(self.lost, 6),
        }


#: Called once per reviewed guess.


def review(
    player: Player,
    steps: Sequence[Step],
    *,
    won: bool,
    secret: int | None = None,
    progress: Progress | None = None,
    start: int = 0,
) -> list[ReviewRow]:
    """Compare each guess of a finished game with what the player would have done there.

    ``secret`` (a secret id) lets each row say what the solver's guess would have left; a won
    game knows it from its last guess. ``progress`` is called once per guess and once more for
    the solver's mean from the start. Under a prior the means weigh each candidate by its
    probability. ``start`` reviews the guesses after the first ``start`` only (a game played
    streamed: the player's matrix holds the words that fit the first guess, not every word).
    """
    matrix = player.matrix
    game = matrix.game
    candidates = (
        steps[start - 1].candidates if start else np.arange(len(game.secrets), dtype=np.intp)
    )
    if secret is None and won and steps:
        secret = int(game.secret_of_guess[steps[-1].row])
    mask = player.start_mask()
    for step in steps[:start]:
        if mask is not None:
            mask = consistent_after(matrix, mask, step.row, step.pattern)
    needed_before = expected_from(player, candidates, tries_used=start, consistent=mask)
    if progress is not None:
        progress(1)
    rows = []
    for number, step in enumerate(steps[start:], start + 1):
        pick = player.next_guess(candidates, number - 1, mask)
        pick_left = None if secret is None else matrix.left_after(pick, candidates, secret)
        before = len(candidates)
        if mask is not None:
            mask = consistent_after(matrix, mask, step.row, step.pattern)
        candidates = step.candidates
        solved = step.pattern == game.win_pattern
        needs = (
            None
            if solved
            else expected_from(player, candidates, tries_used=number, consistent=mask)
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
                before=before,
                pick_left=pick_left,
                lost=1 + (needs or 0.0) - needed_before,
            )
        )
        needed_before = needs or 0.0
        if progress is not None:
            progress(1)
    return rows

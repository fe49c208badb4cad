"""One guess further at the end of a multi-board game: the best few guesses valued by what the
best guess after them would leave, over every joint answer of the boards.

Near the end few candidates are left, and what a guess is worth depends on the guess it lets
come next: one that splits two boards so that a single next guess finishes both beats one that
looks as good alone. For each of the ``width`` best guesses by :mod:`wordsolver.boards.finish`,
each board's candidates are split into its buckets; for each joint answer (one bucket per
board) the next guess is the one of ``rows`` that leaves least to finish, and the guess is
worth the mean, over the joint answers weighted by their chance, of that next guess plus what
it leaves (nothing once every board is solved). The next guesses are valued per board and
bucket and added up across boards, so the joint answers cost a sum of small arrays each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import FloatArray, IdArray

#: Estimate of one board of these candidates (with these weights) after each guess of a row set.
BoardEstimate = Callable[[IdArray, FloatArray], FloatArray]

#: Most joint answers one guess is looked past (more: it keeps its one-guess estimate).
MAX_ANSWERS = 4096


def look_ahead(
    matrix: PatternMatrix,
    guesses: IdArray,
    rows: IdArray,
    boards: Sequence[tuple[IdArray, FloatArray]],
    estimate: BoardEstimate,
) -> FloatArray:
    """For each row of ``guesses``, the guesses still needed to finish every board when the
    next guess (one of ``rows``) is the best for the answer: ``boards`` holds each unsolved
    board's candidates and their weights; ``estimate(candidates, weights)`` gives one board's
    estimate after each of ``rows``. NaN where there are too many joint answers."""
    win = matrix.game.win_pattern
    values = np.full(len(guesses), np.nan)
    for k, guess in enumerate(guesses):
        # After the guess: per board, each bucket's chance and the next guesses' estimates.
        outcomes: list[tuple[FloatArray, FloatArray, np.ndarray]] = []
        answers = 1
        for candidates, weights in boards:
            patterns = matrix.values[guess, candidates]
            buckets = np.unique(patterns)
            answers *= len(buckets)
            chance = np.array([weights[patterns == p].sum() for p in buckets]) / weights.sum()
            after = np.array(
                [
                    np.zeros(len(rows))
                    if p == win
                    else estimate(candidates[patterns == p], weights[patterns == p])
                    for p in buckets
                ]
            )
            outcomes.append((chance, after, buckets != win))
        if answers > MAX_ANSWERS:
            continue
        chance, after, open_ = outcomes[0]
        for more_chance, more_after, more_open in outcomes[1:]:
            chance = (chance[:, None] * more_chance[None, :]).ravel()
            after = (after[:, None, :] + more_after[None, :, :]).reshape(-1, len(rows))
            open_ = (open_[:, None] | more_open[None, :]).ravel()
        best_next = np.where(open_, 1.0 + after.min(axis=1), 0.0)
        values[k] = float(chance @ best_next)
    return values

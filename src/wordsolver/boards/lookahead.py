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
from typing import NamedTuple

import numpy as np

from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import FloatArray, IdArray


class BoardLeft(NamedTuple):
    """An unsolved board: the game it is played over now (boards under a prior are narrowed
    apart, over the same guesses), its candidates and how likely each is (any scale; None: all
    alike)."""

    matrix: PatternMatrix
    candidates: IdArray
    weights: FloatArray | None


#: Estimate of one board after each guess of a row set.
BoardEstimate = Callable[[BoardLeft], FloatArray]

#: Most joint answers one guess is looked past (more: it keeps its one-guess estimate).
MAX_ANSWERS = 4096


def look_ahead(
    guesses: IdArray,
    rows: IdArray,
    boards: Sequence[BoardLeft],
    estimate: BoardEstimate,
) -> FloatArray:
    """For each row of ``guesses``, the guesses still needed to finish every board when the
    next guess (one of ``rows``) is the best for the answer: ``boards`` holds the unsolved
    boards; ``estimate(board)`` gives one board's estimate after each of ``rows``. NaN where
    there are too many joint answers."""
    values = np.full(len(guesses), np.nan)
    cells = [board.matrix.cells(board.candidates, guesses) for board in boards]
    for k in range(len(guesses)):
        # After the guess: per board, each bucket's chance and the next guesses' estimates.
        outcomes: list[tuple[FloatArray, FloatArray, np.ndarray]] = []
        answers = 1
        for board, board_cells in zip(boards, cells, strict=True):
            candidates, alike = board.candidates, board.weights is None
            weights = np.ones(len(candidates)) if board.weights is None else board.weights
            win = board.matrix.game.win_pattern
            patterns = board_cells[:, k]
            buckets = np.unique(patterns)
            answers *= len(buckets)
            chance = np.array([weights[patterns == p].sum() for p in buckets]) / weights.sum()
            after = np.array(
                [
                    np.zeros(len(rows))
                    if p == win
                    else estimate(
                        board._replace(
                            candidates=candidates[patterns == p],
                            weights=None if alike else weights[patterns == p],
                        )
                    )
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

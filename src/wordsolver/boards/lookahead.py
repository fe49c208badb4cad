"""One guess further at the end of a multi-board game: the best few guesses valued by what the
best guess after them would leave, over every joint answer of the boards.

Near the end few candidates are left, and what a guess is worth depends on the guess it lets
come next: one that splits two boards so that a single next guess finishes both beats one that
looks as good alone. For each of the ``width`` best guesses by :mod:`wordsolver.boards.finish`,
each board's candidates are split into its buckets; for each joint answer (one bucket per
board) the next guess is the one of ``rows`` that leaves least to finish, and the guess is
worth the mean, over the joint answers weighted by their chance, of that next guess plus what
it leaves (nothing once every board is solved). The next guesses are valued per board and
bucket and added up across boards, so the joint answers cost a sum of small arrays each; a
board's buckets under every guess looked past are valued in one count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from wordsolver.boards.finish import groups_to_finish
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import FloatArray, IdArray


class BoardLeft(NamedTuple):
    """An unsolved board: the game it is played over now (boards under a prior are narrowed
    apart, over the same guesses), its candidates and how likely each is (any scale; None: all
    alike)."""

    matrix: PatternMatrix
    candidates: IdArray
    weights: FloatArray | None


#: Most joint answers one guess is looked past (more: it keeps its one-guess estimate).
MAX_ANSWERS = 4096


def look_ahead(
    guesses: IdArray, rows: IdArray, boards: Sequence[BoardLeft], table: FloatArray
) -> FloatArray:
    """For each row of ``guesses``, the guesses still needed to finish every board when the
    next guess (one of ``rows``) is the best for the answer: ``boards`` holds the unsolved
    boards; each bucket a guess leaves on a board is valued after each of ``rows`` by
    :func:`~wordsolver.boards.finish.expected_to_finish` with ``table``. NaN where there are
    too many joint answers."""
    values = np.full(len(guesses), np.nan)
    splits = [_split_by_each(board, guesses, rows, table) for board in boards]
    for k in range(len(guesses)):
        if np.prod([float(len(split.chances[k])) for split in splits]) > MAX_ANSWERS:
            continue
        # After the guess: per board, each bucket's chance and the next guesses' estimates.
        chance, after, open_ = splits[0].outcome(k)
        for split in splits[1:]:
            more_chance, more_after, more_open = split.outcome(k)
            chance = (chance[:, None] * more_chance[None, :]).ravel()
            after = (after[:, None, :] + more_after[None, :, :]).reshape(-1, len(rows))
            open_ = (open_[:, None] | more_open[None, :]).ravel()
        best_next = np.where(open_, 1.0 + after.min(axis=1), 0.0)
        values[k] = float(chance @ best_next)
    return values


class _BoardSplit(NamedTuple):
    """One board split by each guess looked past: per guess, its buckets' chances, their
    estimates after each following guess (nothing left in the bucket that solves the board)
    and whether each leaves the board unsolved."""

    chances: list[FloatArray]
    estimates: list[FloatArray]
    unsolved: list[npt.NDArray[np.bool_]]

    def outcome(self, k: int) -> tuple[FloatArray, FloatArray, npt.NDArray[np.bool_]]:
        """The buckets the ``k``-th guess leaves."""
        return self.chances[k], self.estimates[k], self.unsolved[k]


def _split_by_each(
    board: BoardLeft, guesses: IdArray, rows: IdArray, table: FloatArray
) -> _BoardSplit:
    """The board split by each of ``guesses``, the buckets of every guess valued after each
    of ``rows`` in one count (see :func:`~wordsolver.boards.finish.groups_to_finish`)."""
    matrix, weights = board.matrix, board.weights
    n_patterns = matrix.game.n_patterns
    patterns = matrix.cells(board.candidates, guesses).astype(np.intp)  # a row per candidate
    # A bucket is a guess and a pattern, numbered guess by guess, then pattern by pattern; a
    # candidate stands once per guess, in the bucket that guess puts it in.
    keys = (patterns + np.arange(len(guesses)) * n_patterns).T.ravel()
    held, groups = np.unique(keys, return_inverse=True)
    following: npt.NDArray[np.integer] = np.tile(
        matrix.cells(board.candidates, rows), (len(guesses), 1)
    )
    if weights is None:
        chance = np.bincount(groups, minlength=len(held)) / len(board.candidates)
        within = None
    else:
        repeated = np.tile(weights, len(guesses))
        mass = np.array([repeated[groups == g].sum() for g in range(len(held))])
        chance = mass / weights.sum()
        within = repeated / mass[groups]  # each candidate's chance in its bucket
    estimates = groups_to_finish(matrix, following, groups, len(held), within, table)
    unsolved = held % n_patterns != matrix.game.win_pattern
    estimates[~unsolved] = 0.0
    cuts = np.searchsorted(held // n_patterns, np.arange(1, len(guesses)))
    return _BoardSplit(np.split(chance, cuts), np.split(estimates, cuts), np.split(unsolved, cuts))

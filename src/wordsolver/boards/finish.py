"""How many guesses a board still needs, and what a guess does to that: the score the board
scorer ranks its shortlist by.

A board with ``n`` candidates left needs about :func:`guesses_to_finish` ``(n)`` more guesses:
one when one candidate is left (it is played), ``2 - 1/n`` while one guess that is a candidate
can still split the others apart (it wins with chance ``1/n``, else the next guess does; when
the candidates are not alike, the likeliest is played and wins with its chance ``q``:
``2 - q``), and past ``split_apart`` candidates a share of a guess per bit left. That share
measured best at 0 on held-back board sets (0.1 to 0.5 played worse): the estimate only ranks
guesses, and a board's many candidates are split by every later guess anyway. After a
guess, a board's estimate is the mean of that estimate over the buckets the guess splits it
into, weighted by how likely each bucket is, with nothing left to do in the bucket that solves
the board: so a guess that may solve a board now earns it, and so does a guess that leaves a
board with one or two candidates.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> game = find_game("wordle", GameOverrides(words=("crane", "crate", "slate", "trace")))
>>> matrix = pattern_matrix(game, use_cache=False)
>>> table = guesses_to_finish(4)
>>> [round(float(h), 3) for h in table]
[0.0, 1.0, 1.5, 1.667, 1.75]
>>> rows = np.array([game.guess_row("crate"), game.guess_row("trace")])
>>> every = np.arange(4)
>>> [round(float(x), 3) for x in expected_to_finish(matrix, rows, every, np.ones(4), table)]
[0.75, 0.75]
"""

from __future__ import annotations

import numpy as np

from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import FloatArray, IdArray

#: The share of a guess per bit left, past :data:`SPLIT_APART` candidates (measured best: 0).
GUESS_PER_BIT = 0.0
#: Up to how many candidates one guess is taken to split the rest apart.
SPLIT_APART = 6


def guesses_to_finish(
    largest: int,
    per_bit: float = GUESS_PER_BIT,
    split_apart: int = SPLIT_APART,
) -> FloatArray:
    """The estimate for every candidate count from 0 to ``largest`` (0 for none: solved)."""
    sizes = np.arange(largest + 1, dtype=np.float64)
    table = 2.0 - 1.0 / np.maximum(sizes, 1.0)
    bits = np.log2(np.maximum(sizes, 1.0)) - np.log2(split_apart)
    table += per_bit * np.maximum(bits, 0.0)
    table[0] = 0.0
    return table


def expected_to_finish(
    matrix: PatternMatrix,
    rows: IdArray,
    candidates: IdArray,
    weights: FloatArray | None,
    table: FloatArray,
) -> FloatArray:
    """For each guess row, the guesses the board of ``candidates`` still needs after it, on
    average over its feedback: ``weights`` (one per candidate, any scale; None: all alike) say
    how likely each candidate is the secret; ``table`` is :func:`guesses_to_finish` of at least
    as many candidates."""
    n_patterns = matrix.game.n_patterns
    patterns = matrix.cells(candidates, rows)  # a row per candidate
    offsets = np.arange(len(rows), dtype=np.intp) * n_patterns
    buckets = (patterns.astype(np.intp) + offsets).ravel()
    cells = len(rows) * n_patterns
    sizes = np.bincount(buckets, minlength=cells)
    held = sizes > 0
    # Each bucket's chance times its estimate, summed over a guess's buckets.
    if weights is None:
        mass = sizes / len(candidates)
        each = mass * table[sizes]
    else:
        chance = np.asarray(weights, dtype=np.float64) / float(np.sum(weights))
        spread = np.broadcast_to(chance[:, None], patterns.shape).ravel()
        mass = np.bincount(buckets, weights=spread, minlength=cells).astype(np.float64)
        top = np.zeros(cells)
        np.maximum.at(top, buckets, spread)
        # The bucket's likeliest word is played first: it wins with its share q of the
        # bucket's chance, else the next guess does, so 2 - q where words alike give 2 - 1/n.
        each = np.zeros(cells)
        each[held] = mass[held] * (table[sizes[held]] + 1.0 / sizes[held]) - top[held]
    by_guess = each.reshape(len(rows), n_patterns)
    by_guess[:, matrix.game.win_pattern] = 0.0
    result: FloatArray = by_guess.sum(axis=1)
    return result

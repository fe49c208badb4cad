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
import numpy.typing as npt

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
    alone = np.zeros(len(candidates), dtype=np.intp)
    patterns = matrix.cells(candidates, rows)  # a row per candidate
    chances = None if weights is None else np.asarray(weights, dtype=np.float64)
    if chances is not None:
        chances = chances / float(np.sum(chances))
    estimates: FloatArray = groups_to_finish(matrix, patterns, alone, 1, chances, table)[0]
    return estimates


def groups_to_finish(
    matrix: PatternMatrix,
    patterns: npt.NDArray[np.integer],
    groups: IdArray,
    n_groups: int,
    chances: FloatArray | None,
    table: FloatArray,
) -> FloatArray:
    """:func:`expected_to_finish` of several boards at once, a row per board: the candidates
    of one board's ``patterns`` (their feedback against each guess, a row per candidate) are
    split into ``n_groups`` boards by ``groups`` (a board's number per candidate), as the
    buckets of one guess split a board; ``chances`` are each candidate's chance on its own
    board (summing to 1 per board; None: all alike). Counted together, so a look ahead pays
    one count per board, not one per bucket."""
    n_patterns = matrix.game.n_patterns
    n_rows = patterns.shape[1]
    offsets = (groups[:, None] * n_rows + np.arange(n_rows, dtype=np.intp)) * n_patterns
    keys = (patterns.astype(np.intp) + offsets).ravel()
    buckets, where, sizes = _held_buckets(keys, n_groups * n_rows * n_patterns)
    board_row = buckets // n_patterns  # a board's number times the rows, plus the row
    # Each bucket's chance times its estimate, summed over a guess's buckets.
    if chances is None:
        members = np.bincount(groups, minlength=n_groups)
        each = sizes / members[board_row // n_rows] * table[sizes]
    else:
        spread = np.broadcast_to(chances[:, None], patterns.shape).ravel()
        mass = np.bincount(where, weights=spread, minlength=len(buckets))
        top = np.zeros(len(buckets))
        np.maximum.at(top, where, spread)
        # The bucket's likeliest word is played first: it wins with its share q of the
        # bucket's chance, else the next guess does, so 2 - q where words alike give 2 - 1/n.
        each = mass * (table[sizes] + 1.0 / sizes) - top
    each[buckets % n_patterns == matrix.game.win_pattern] = 0.0
    by_guess = np.bincount(board_row, weights=each, minlength=n_groups * n_rows)
    result: FloatArray = np.asarray(by_guess, dtype=np.float64).reshape(n_groups, n_rows)
    return result


#: Counted by sorting past this many possible buckets per candidate and guess, else by a table.
_SPARSE = 8


def _held_buckets(keys: IdArray, cells: int) -> tuple[IdArray, IdArray, IdArray]:
    """The buckets of ``keys`` (each below ``cells``) that hold a candidate, in order, each key's
    place among them, and their sizes: one board and guess hold few of the possible patterns,
    and boards split apart hold fewer still, so those are sorted rather than tabled."""
    if cells > _SPARSE * len(keys):
        held, where, sizes = np.unique(keys, return_inverse=True, return_counts=True)
        return held, where, sizes
    counts = np.bincount(keys, minlength=cells)
    held = np.flatnonzero(counts)
    place = np.zeros(cells, dtype=np.intp)
    place[held] = np.arange(len(held))
    return held, place[keys], counts[held]

"""Under a prior, a strategy that plays for the mean weighs its best few guesses by the guesses
each leaves to finish the game, looked at one guess deeper.

A greedy score sees one guess ahead: entropy takes the guess that tells the most, whatever it
leaves to do. When the candidates are not alike, what the player wants is the fewest guesses
on average, so the :data:`LOOKED_AT` best guesses of the strategy's own order are weighed again:
each is played, every bucket it leaves gets its best second guess (of the :data:`HELPERS` most
telling guesses now and the bucket's own candidates, which may win), and what that second guess
leaves is valued by :data:`FINISH_CURVE`, the mean guesses still needed from a set of that many
bits. The guess of fewest expected guesses goes first; the greedy order breaks ties.

The curve was measured by playing entropy under today's Wordle prior against 3,000 secrets drawn
from the prior (seed 7): at every position passed, its entropy in bits and the guesses the game
then took, the next included, averaged in bins (``python -m scripts.finish_curve`` measures it
again). Sets of one and two secrets are valued exactly (1 and 2 − q).

With all candidates alike (the research lists) the strategies play as published: nothing here
runs.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import numpy as np

from wordsolver.games.rule import PatternArray
from wordsolver.partition import PartitionStats
from wordsolver.plumbing.arrays import FloatArray, IdArray
from wordsolver.strategies.base import Position, RankedGuess

#: (bits, mean guesses to finish, the next included) of a set of candidates, measured as the
#: module says; read between the points, flat beyond the last.
FINISH_CURVE = (
    (0.0, 0.0525, 0.93, 1.1, 1.71, 2.43, 3.46, 4.44, 5.45, 6.88, 8.22, 11.8),
    (1.0, 1.008, 1.409, 1.454, 1.774, 1.95, 2.145, 2.357, 2.587, 2.766, 2.969, 3.575),
)
#: Guesses of the strategy's own order weighed again.
LOOKED_AT = 10
#: Second guesses tried in every bucket besides its own candidates: the most telling now.
HELPERS = 100
#: Positions with more candidates than this keep the greedy order (the weighing would cost
#: more than a turn may take).
MAX_CANDIDATES = 3_000
#: Games with more feedback patterns than this keep the greedy order.
MAX_PATTERNS = 1_024


def weighs_deeper(position: Position) -> bool:
    """Whether the position's best guesses are weighed by the guesses they leave to finish:
    unequal candidates, at least three, held in memory, and not too many."""
    game = position.matrix.game
    return (
        position.weights is not None
        and 3 <= len(position.candidates) <= MAX_CANDIDATES
        and position.table is None
        and not position.matrix.streamed
        and game.n_patterns <= MAX_PATTERNS
    )


def expected_to_finish(position: Position, stats: PartitionStats, rows: IdArray) -> FloatArray:
    """For each guess of ``rows``, the mean guesses to finish the game when it is played now
    (see the module); ``stats``: the split of every guess allowed now, whose most telling ones
    are tried second."""
    game = position.matrix.game
    candidates = position.candidates
    assert position.weights is not None
    weights = position.weights / position.weights.sum()
    # In hard mode a second guess must fit the feedback: the bucket's own candidates do.
    helpers = rows[:0] if position.hard else stats.rows[_most_telling(stats.entropy, HELPERS)]
    matrix = position.matrix
    first, helper_patterns = (_guess_major(matrix.cells(candidates, r)) for r in (rows, helpers))
    own_rows = np.asarray(game.secret_rows[candidates], dtype=np.intp)
    # The compiled kernel is loaded only when a position is weighed: commands start without it.
    from wordsolver.strategies.finish_kernel import guesses_to_finish

    result: FloatArray = guesses_to_finish(
        first, helper_patterns, matrix.by_secret, candidates, own_rows, weights,
        game.n_patterns, game.win_pattern, _curve_table(),
    )  # fmt: skip
    return result


def _most_telling(entropy: FloatArray, count: int) -> IdArray:
    """The indices of the ``count`` largest entropies, largest first, ties in index order (as a
    stable sort of all of them would give, without sorting all of them)."""
    if len(entropy) > count:
        threshold = np.partition(entropy, len(entropy) - count)[len(entropy) - count]
        kept = np.flatnonzero(entropy >= threshold)
    else:
        kept = np.arange(len(entropy))
    order: IdArray = kept[np.argsort(-entropy[kept], kind="stable")[:count]]
    return order


@cache
def _curve_table() -> FloatArray:
    """:data:`FINISH_CURVE` read at every step of bits the kernel looks up, made once."""
    from wordsolver.strategies.finish_kernel import STEPS_PER_BIT

    bits, guesses = (np.array(points) for points in FINISH_CURVE)
    steps = np.arange(int(bits[-1] * STEPS_PER_BIT) + 2) / STEPS_PER_BIT
    table: FloatArray = np.interp(steps, bits, guesses)
    return table


def _guess_major(cells: PatternArray) -> PatternArray:
    """The block of cells (a row per secret) with a contiguous row per guess, as the kernel
    reads it."""
    block: PatternArray = np.ascontiguousarray(cells.T)  # type: ignore[assignment]
    return block


def weighed_deeper(
    position: Position, stats: PartitionStats, ranked: list[RankedGuess]
) -> list[RankedGuess]:
    """``ranked`` (the strategy's own order) with its first :data:`LOOKED_AT` ordered by the
    guesses each leaves to finish, each told that number; ties keep the strategy's order."""
    weighed = ranked[:LOOKED_AT]
    rows = np.array([guess.row for guess in weighed], dtype=np.intp)
    finish = expected_to_finish(position, stats, rows)
    best_first = np.argsort(np.round(finish, 9), kind="stable").tolist()
    reordered = [replace(weighed[k], to_finish=float(finish[k])) for k in best_first]
    return reordered + ranked[LOOKED_AT:]

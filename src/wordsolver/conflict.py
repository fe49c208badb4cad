"""Why feedback is impossible: which earlier guess it contradicts, so the user knows what to fix.

People mistype feedback. Saying only "no secret fits" leaves them guessing which line was wrong,
so :func:`find_conflict` replays the history against the new step: the first earlier step that,
together with the new one, leaves no secret is the one to check.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> game = find_game("fallout", GameOverrides(words=("bat", "car", "cat")))
>>> matrix = pattern_matrix(game, use_cache=False)
>>> print(find_conflict(matrix, [(0, 3)], (1, 3), removed=()))  # doctest: +ELLIPSIS
guess 2, car 3, contradicts guess 1, bat 3: no secret fits both (check them)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import numpy as np

from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import BoolArray
from wordsolver.widen import Played, allowed_fits


def find_conflict(
    matrix: PatternMatrix,
    steps: Sequence[Played],
    new: Played,
    *,
    removed: Collection[int],
    over_allowed: bool = False,
) -> str | None:
    """None when some secret fits every step and ``new``, else a one-line explanation.

    ``removed`` are secret ids the user ruled out (e.g. Fallout duds): they fit nothing. With
    ``over_allowed`` every allowed word counts as a possible secret, not only the answers.
    """
    game = matrix.game
    words = game.guesses.words if over_allowed else game.secrets.words
    fits_step: Callable[[Played], BoolArray] = (
        (lambda played: allowed_fits(game, played))
        if over_allowed
        else (lambda played: np.asarray(matrix.values[played[0]] == played[1]))
    )
    what = "allowed word" if over_allowed else "secret"
    number = len(steps) + 1
    fits = fits_step(new)
    allowed = np.ones(len(words), dtype=np.bool_)
    allowed[game.secret_rows[list(removed)] if over_allowed else list(removed)] = False
    together = fits.copy()
    for step in steps:
        together &= fits_step(step)
    if (together & allowed).any():
        return None
    if not fits.any():
        return f"no {what} of {game.name} gives {_shown(matrix, new)}: check the feedback"
    so_far = fits.copy()
    for index, step in enumerate(steps):
        so_far &= fits_step(step)
        if not so_far.any():
            return (
                f"guess {number}, {_shown(matrix, new)}, contradicts guess {index + 1},"
                f" {_shown(matrix, step)}: no {what} fits both"
                " (check them)"
            )
    ruled_out = ", ".join(words[i] for i in np.flatnonzero(together))
    return f"only words you removed fit guess {number}, {_shown(matrix, new)}: {ruled_out}"


def _shown(matrix: PatternMatrix, played: Played) -> str:
    row, pattern = played
    return f"{matrix.game.guesses.words[row]} {matrix.game.format_pattern(pattern)}"

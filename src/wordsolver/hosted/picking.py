"""Which secret the program hosts: a random one, the word of the day, or the hardest one for a
strong solver (the computer's own secret in a duel).

>>> from datetime import date
>>> from wordsolver.games import find_game
>>> game = find_game("tonguess3")
>>> daily_secret(game, date(2025, 3, 1)) == daily_secret(game, date(2025, 3, 1))
True
>>> random_secret(game, seed=7) == random_secret(game, seed=7)
True
"""

from __future__ import annotations

import contextlib
import json
from datetime import date

import numpy as np
import numpy.typing as npt

from wordsolver.evaluation import evaluate
from wordsolver.games import Game
from wordsolver.matrix import matrix_key
from wordsolver.plumbing.cache import read_sealed, write_sealed
from wordsolver.plumbing.progress import Progress
from wordsolver.strategies import Player

#: Day 0 of the word-of-the-day cycle.
EPOCH = date(2024, 1, 1)
#: Bump when the cached guess counts change meaning; old files are then recomputed.
NEEDED_FORMAT = 2  # 2: sealed with a checksum


def random_secret(game: Game, seed: int | None = None) -> int:
    """A uniformly random secret id; the same seed gives the same secret."""
    return int(np.random.default_rng(seed).integers(len(game.secrets)))


def daily_secret(game: Game, day: date) -> int:
    """The word of the day: every secret once per cycle, in an order fixed by the word list."""
    order = np.random.default_rng(int(game.secrets.digest(), 16)).permutation(len(game.secrets))
    return int(order[(day - EPOCH).days % len(order)])


def guesses_needed(player: Player, progress: Progress | None = None) -> npt.NDArray[np.int64]:
    """Guesses the player needs for every secret, evaluated once and then read from the cache."""
    game = player.matrix.game
    identity = json.dumps(
        [
            NEEDED_FORMAT,
            matrix_key(game),
            player.strategy.name,
            sorted((k, repr(v)) for k, v in getattr(player.strategy, "__dict__", {}).items()),
            player.options.describe(),
        ]
    )
    kept = read_sealed("needed", identity)
    if kept is not None:
        with contextlib.suppress(KeyError, TypeError, ValueError):  # damaged: recomputed below
            needed = np.asarray(kept["needed"], dtype=np.int64)
            if needed.shape == (len(game.secrets),):
                return needed
    needed = evaluate(player, progress=progress).guesses
    write_sealed("needed", identity, {"needed": needed.tolist()})
    return needed


def hardest_secret(
    player: Player, seed: int | None = None, progress: Progress | None = None
) -> int:
    """The secret the player needs most guesses for; ties are broken at random by ``seed``."""
    needed = guesses_needed(player, progress)
    hardest = np.flatnonzero(needed == needed.max())
    return int(np.random.default_rng(seed).choice(hardest))

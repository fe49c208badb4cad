"""Hard mode as the compiled core reads it: the tables a rule's hard mode gives it.

A rule states how its hard mode filters (:meth:`~wordsolver.games.FeedbackRule.hard_mode`); the
core (``engine/hard.hpp``) takes that as data, never naming the rule: for the general rule
(every guess consistent with the feedback so far) the pattern of guesses against guesses as
the secret; for Wordle's kept letters the guesses' letters and each pattern's marks.

The table of consistency covers every guess while it takes at most :data:`HARD_TABLE_BYTES`;
beyond, only the guesses a search can play (:class:`PoolTable`): in hard mode every pool is a
subset of the one the search starts from, so a table of that pool's guesses against each other
serves the whole search. A pool too large even for that (tonguess4's start: 358,800 guesses)
is refused (:class:`HardTableTooLarge`).

>>> from wordsolver.games import GameOverrides, find_game
>>> bulls = find_game("bulls", GameOverrides(length=2, alphabet="abc"))
>>> tables = hard_mode_tables(bulls)
>>> tables["feedback"].shape, compiled_hard_mode(bulls)
((6, 6), True)
>>> sorted(hard_mode_tables(find_game("wordle")))
['codes', 'digits']
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from typing import TypedDict

import numpy as np

from wordsolver.alphabet import LetterCodes
from wordsolver.games import Game
from wordsolver.games.rule import PatternArray
from wordsolver.matrix import FIRST_PIECE_CELLS
from wordsolver.plumbing.arrays import BoolArray, IdArray
from wordsolver.plumbing.stopping import pieces
from wordsolver.search.base import UNLIMITED_TRIES, Pool, SearchCoverageError
from wordsolver.search.core import CompiledCore

#: Longest words the core plays kept letters with (it packs a guess's letters in two 64-bit
#: words; ``MAX_KEPT_LENGTH`` in ``engine/hard.hpp``): longer than any game of kept letters
#: (Wordle's colours allow 10 letters). A letter's copies take 4 bits, or 8 when a guess
#: holds one letter more than 7 times.
HARD_LENGTH = 16
#: Most bytes of the table of guesses against guesses that the core reads for consistency
#: (a quarter of the memo's budget: Jotto's 10,554 words take 111 MB, tonguess3's 15,600
#: strings of distinct letters 243 MB). A larger game's table holds only the guesses of the
#: pool a search starts from (at most 16,384 of them with patterns of one byte).
HARD_TABLE_BYTES = 1 << 28
#: Most tries the core starts a consistent hard mode with (its memo keys hold every guess
#: played: ``MAX_SEEN + 1`` in ``engine/hard.hpp``).
HARD_TRIES = 33


class HardTableTooLarge(SearchCoverageError):
    """Consistent hard mode from a pool of more guesses than the core's table takes: beyond
    the search, so a suggestion gives way."""


class HardTables(TypedDict, total=False):
    """Hard mode's tables, as :class:`~wordsolver.search.core.CompiledCore` takes them."""

    feedback: PatternArray
    table_rows: IdArray
    codes: LetterCodes
    digits: LetterCodes


def compiled_hard_mode(game: Game) -> bool:
    """Whether the core plays the game's hard mode: kept letters for words of up to
    HARD_LENGTH letters; consistency within HARD_TRIES tries, from a pool of at most
    :func:`most_table_guesses` guesses (a larger one raises :class:`HardTableTooLarge`)."""
    if game.rule.hard_mode(game.length).consistent:
        return (game.max_tries or UNLIMITED_TRIES) <= HARD_TRIES
    return game.length <= HARD_LENGTH


def hard_mode_tables(game: Game) -> HardTables:
    """What the core needs to play the game's hard mode as its rule states it: the table of
    guesses against guesses (consistency: every guess's while it fits, else an empty one over
    no guess, which :class:`PoolTable` fills for each pool searched), or the guesses' letters
    and each pattern's marks (kept letters)."""
    marks = game.rule.hard_mode(game.length).marks
    if marks is None:
        if table_bytes(game) <= HARD_TABLE_BYTES:
            return {"feedback": guess_table(game)}
        none = np.zeros(0, dtype=np.intp)
        return {"feedback": guess_table(game, none), "table_rows": none}
    return {"codes": np.ascontiguousarray(game.guess_codes), "digits": marks}


def most_table_guesses(game: Game) -> int:
    """The most guesses a table of guesses against guesses holds within HARD_TABLE_BYTES."""
    itemsize = np.dtype(game.rule.pattern_dtype(game.length)).itemsize
    return math.isqrt(HARD_TABLE_BYTES // itemsize)


class PoolTable:
    """The guesses the core's table of consistency holds, replaced when a search starts from
    a pool it does not hold (for a game whose whole table passes HARD_TABLE_BYTES): the
    table of that pool's guesses against each other. The core's memo stays valid: its keys
    name guesses by their rows, not their places in the table."""

    def __init__(self, game: Game, core: CompiledCore) -> None:
        self.game = game
        self.core = core
        #: The guesses held (a mask over the game's guesses).
        self.held: BoolArray = np.zeros(len(game.guesses), dtype=np.bool_)
        self._lock = threading.Lock()

    def fits(self, pools: Sequence[Pool]) -> bool:
        """Whether one table holds every guess of these pools."""
        return len(_union(pools)) <= most_table_guesses(self.game)

    def holds(self, pool: Pool, guess: int) -> bool:
        """Whether the table holds ``guess`` and every guess of ``pool``."""
        return bool(self.held[guess] and self.held[pool].all())

    def cover(self, *pools: Pool) -> None:
        """Make the table hold every guess of ``pools`` (a search's pools must lie within
        it): unchanged when it does, else replaced by the table of their guesses. Call it
        between searches. Raises HardTableTooLarge when they are more than a table holds."""
        rows = _union(pools)
        with self._lock:
            if self.held[rows].all():
                return
            most = most_table_guesses(self.game)
            if len(rows) > most:
                raise HardTableTooLarge(
                    f"hard mode from {len(rows):,} possible guesses needs a table of"
                    f" {_size(table_bytes(self.game, len(rows)))}; the exact search reads at"
                    f" most {most:,} guesses ({_size(HARD_TABLE_BYTES)})"
                )
            self.core.set_hard_table(guess_table(self.game, rows), rows)
            self.held[:] = False
            self.held[rows] = True


def _size(n_bytes: int) -> str:
    """Bytes for the user, in binary units (256 MB is 2^28 bytes)."""
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20)):
        if n_bytes >= scale:
            return f"{round(n_bytes / scale, 1):,g} {unit}"
    return f"{round(n_bytes / 1024, 1):,g} kB"


def _union(pools: Sequence[Pool]) -> IdArray:
    return np.unique(np.concatenate([np.asarray(pool, dtype=np.intp) for pool in pools]))


def table_bytes(game: Game, n: int | None = None) -> int:
    """The size of a table of ``n`` guesses against the same (default: every guess)."""
    itemsize = np.dtype(game.rule.pattern_dtype(game.length)).itemsize
    return (len(game.guesses) if n is None else n) ** 2 * itemsize


def guess_table(game: Game, rows: IdArray | None = None) -> PatternArray:
    """The pattern of each guess of ``rows`` (default: every guess) against each as the
    secret, in the order given. Filled a few rows at a time (each piece's rows stay in the
    cache while the kernel walks the secrets), so Ctrl-C stops it at once."""
    codes = game.guess_codes if rows is None else game.guess_codes[rows]
    n = len(codes)
    table: PatternArray = np.empty((n, n), dtype=game.rule.pattern_dtype(game.length))
    for start, stop in pieces(n, first=max(1, FIRST_PIECE_CELLS // max(n, 1))):
        game.rule.fill_matrix(codes[start:stop], codes, table[start:stop])
    return table

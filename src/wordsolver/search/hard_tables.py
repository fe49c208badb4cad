"""Hard mode as the compiled core reads it: the tables a rule's hard mode gives it.

A rule states how its hard mode filters (:meth:`~wordsolver.games.FeedbackRule.hard_mode`); the
core (``engine/hard.hpp``) takes that as data, never naming the rule: for the general rule
(every guess consistent with the feedback so far) the pattern of every guess against every
guess as the secret; for Wordle's kept letters the guesses' letters and each pattern's marks.

>>> from wordsolver.games import GameOverrides, find_game
>>> bulls = find_game("bulls", GameOverrides(length=2, alphabet="abc"))
>>> tables = hard_mode_tables(bulls)
>>> tables["feedback"].shape, compiled_hard_mode(bulls)
((6, 6), True)
>>> sorted(hard_mode_tables(find_game("wordle")))
['codes', 'digits']
"""

from __future__ import annotations

from typing import TypedDict

import numpy as np

from wordsolver.alphabet import LetterCodes
from wordsolver.games import Game
from wordsolver.games.rule import PatternArray
from wordsolver.matrix import FIRST_PIECE_CELLS
from wordsolver.plumbing.stopping import pieces
from wordsolver.search.base import UNLIMITED_TRIES

#: Longest words the core plays kept letters with (it packs a guess's letters in two 64-bit
#: words; ``MAX_KEPT_LENGTH`` in ``engine/hard.hpp``): longer than any game of kept letters
#: (Wordle's colours allow 10 letters). A letter's copies take 4 bits, or 8 when a guess
#: holds one letter more than 7 times.
HARD_LENGTH = 16
#: Most bytes of the table of guesses against guesses that the core reads for consistency
#: (a quarter of the memo's budget: Jotto's 10,554 words take 111 MB, tonguess3's 15,600
#: strings of distinct letters 243 MB); it keeps the guesses
#: below the 2^16 the core's record of guesses played holds (``engine/hard.hpp``).
HARD_TABLE_BYTES = 1 << 28
#: Most tries the core starts a consistent hard mode with (its memo keys hold every guess
#: played: ``MAX_SEEN + 1`` in ``engine/hard.hpp``).
HARD_TRIES = 33


class HardTables(TypedDict, total=False):
    """Hard mode's tables, as :class:`~wordsolver.search.core.CompiledCore` takes them."""

    feedback: PatternArray
    codes: LetterCodes
    digits: LetterCodes


def compiled_hard_mode(game: Game) -> bool:
    """Whether the core plays the game's hard mode: kept letters for words of up to
    HARD_LENGTH letters, consistency while the table of guesses against guesses fits."""
    if game.rule.hard_mode(game.length).consistent:
        tries = game.max_tries or UNLIMITED_TRIES
        return table_bytes(game) <= HARD_TABLE_BYTES and tries <= HARD_TRIES
    return game.length <= HARD_LENGTH


def hard_mode_tables(game: Game) -> HardTables:
    """What the core needs to play the game's hard mode as its rule states it: the table of
    guesses against guesses (consistency), or the guesses' letters and each pattern's marks
    (kept letters)."""
    marks = game.rule.hard_mode(game.length).marks
    if marks is None:
        return {"feedback": guess_table(game)}
    return {"codes": np.ascontiguousarray(game.guess_codes), "digits": marks}


def table_bytes(game: Game) -> int:
    """The size of the game's table of guesses against guesses."""
    itemsize = np.dtype(game.rule.pattern_dtype(game.length)).itemsize
    return len(game.guesses) ** 2 * itemsize


def guess_table(game: Game) -> PatternArray:
    """The pattern of every guess (row) against every guess as the secret (column). Filled a
    few rows at a time (each piece's rows stay in the cache while the kernel walks the
    secrets), so Ctrl-C stops it at once."""
    n = len(game.guesses)
    table: PatternArray = np.empty((n, n), dtype=game.rule.pattern_dtype(game.length))
    codes = game.guess_codes
    for start, stop in pieces(n, first=max(1, FIRST_PIECE_CELLS // max(n, 1))):
        game.rule.fill_matrix(codes[start:stop], codes, table[start:stop])
    return table

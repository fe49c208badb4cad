"""When the feedback fits no answer: play on over every allowed word that still fits.

A game's answer list is what the real game is believed to pick from; a real secret can lie
outside it (the list missed it, or the game changed its list). So feedback that leaves no answer
is not yet a contradiction: if some allowed word still fits every feedback, the secret is one of
those, and the game is played on with them as the candidates. Only feedback that no allowed
word fits is contradictory.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> game = find_game("wordle", GameOverrides(lists="original"))
>>> matrix = pattern_matrix(game)
>>> crane = game.guess_row("crane")
>>> wide = widened_matrix(matrix, [(crane, game.parse_pattern("y.yg."))])
>>> wide.game.secrets.words  # no answer fits; three allowed words do
('acing', 'acini', 'adunc')
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wordsolver.arrays import BoolArray, IdArray
from wordsolver.errors import InconsistentFeedbackError
from wordsolver.games import Game, make_game
from wordsolver.lexicon import Lexicon
from wordsolver.matrix import PatternMatrix, pattern_matrix

#: A played step as (guess row, pattern).
Played = tuple[int, int]
#: Most cells the pattern matrix of a widened game may have (bytes, at one byte a cell).
MAX_WIDENED_CELLS = 120_000_000
#: How a widened game's secrets are named (so messages and saves can tell them apart).
WIDENED = "allowed words that fit"


def can_widen(game: Game) -> bool:
    """Whether the game allows words beyond its answers that could be a real secret: a word
    list larger than the answers, not every string of the alphabet (Tonguess, Bulls and Cows)."""
    return not game.guesses.generated and len(game.guesses) > len(game.secrets)


def allowed_fits(game: Game, played: Played) -> BoolArray:
    """Mask of the allowed guesses that, as the secret, would have earned the pattern played."""
    row, pattern = played
    codes = game.guess_codes
    patterns = np.empty((1, len(game.guesses)), dtype=game.rule.pattern_dtype(game.length))
    game.rule.fill_matrix(codes[row : row + 1], codes, patterns)
    fits: BoolArray = patterns[0] == pattern
    return fits


def fitting_guesses(game: Game, played: Sequence[Played]) -> IdArray:
    """Rows of the allowed guesses that would have earned every pattern played."""
    fits = np.ones(len(game.guesses), dtype=np.bool_)
    for step in played:
        fits &= allowed_fits(game, step)
    return np.flatnonzero(fits)


def widened_matrix(matrix: PatternMatrix, played: Sequence[Played]) -> PatternMatrix | None:
    """The game over the allowed words that fit everything played, or None when no allowed
    word fits (or the game has no such words).

    The widened game has the same guesses, so a guess row means the same word in both.
    """
    game = matrix.game
    if not can_widen(game):
        return None
    rows = fitting_guesses(game, played)
    if len(rows) == 0:
        return None
    if len(rows) * len(game.guesses) > MAX_WIDENED_CELLS:
        raise InconsistentFeedbackError(
            f"no answer of {game.name} fits, and {len(rows):,} allowed words do: too many to play"
            " on; check the feedback"
        )
    words = tuple(game.guesses.words[row] for row in rows)
    wide = make_game(
        game.name,
        game.rule,
        game.alphabet,
        game.length,
        game.max_tries,
        Lexicon(WIDENED, words),
        game.guesses,
        distinct_letters=game.distinct_letters,
        description=game.description,
        lists=game.lists,
    )
    return pattern_matrix(wide, use_cache=False)

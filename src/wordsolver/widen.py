"""Games over some of a game's words: the allowed words that fit when no answer does, and the
secrets that fit when the game is too large to hold whole.

A game's answer list is what the real game is believed to pick from; a real secret can lie
outside it (the list missed it, or the game changed its list). So feedback that leaves no answer
is not yet a contradiction: if some allowed word still fits every feedback, the secret is one of
those, and the game is played on with them as the candidates (:func:`widened_matrix`). Only
feedback that no allowed word fits is contradictory.

A game whose every accepted word may be the secret (under a prior) is too large to hold whole
(today's Wordle: 14,855 × 14,855 cells); after its first guess it is played on over the secrets
that fit, a few hundred, with their probabilities (:func:`narrowed_matrix`). Both are the same
thing: the game over the words of some rows, the feedback computed for those words only.

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
from dataclasses import replace

import numpy as np

from wordsolver.errors import InconsistentFeedbackError
from wordsolver.games import Game
from wordsolver.games.rule import PatternArray
from wordsolver.lexicon import Lexicon
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.plumbing.arrays import BoolArray, IdArray

#: A played step as (guess row, pattern).
Played = tuple[int, int]
#: Most cells the pattern matrix of a widened game may have (bytes, at one byte a cell).
MAX_WIDENED_CELLS = 120_000_000
#: How a widened game's secrets are named (so messages and saves can tell them apart).
WIDENED = "allowed words that fit"
#: How a narrowed game's secrets are named.
NARROWED = "secrets that fit"


def can_widen(game: Game) -> bool:
    """Whether the game allows words beyond its answers that could be a real secret: a word
    list larger than the answers, not every string of the alphabet (Tonguess, Bulls and Cows)."""
    return not game.guesses.generated and len(game.guesses) > len(game.secrets)


def feedback_against(game: Game, row: int, rows: IdArray | None = None) -> PatternArray:
    """The feedback the guess of ``row`` earns against each allowed word (or each of the words
    of ``rows``) as the secret: one row of the pattern matrix, computed for these words only."""
    codes = game.guess_codes
    words = codes if rows is None else codes[rows]
    patterns = np.empty((1, len(words)), dtype=game.rule.pattern_dtype(game.length))
    game.rule.fill_matrix(codes[row : row + 1], words, patterns)
    result: PatternArray = patterns[0]
    return result


def allowed_fits(game: Game, played: Played, rows: IdArray | None = None) -> BoolArray:
    """Mask of the allowed guesses (or of those of ``rows``) that, as the secret, would have
    earned the pattern played."""
    row, pattern = played
    fits: BoolArray = feedback_against(game, row, rows) == pattern
    return fits


def fitting_guesses(
    game: Game, played: Sequence[Played], rows: IdArray | None = None
) -> IdArray:
    """Rows of the allowed guesses (of ``rows`` when given) that would have earned every
    pattern played."""
    kept = np.arange(len(game.guesses), dtype=np.intp) if rows is None else rows
    for step in played:
        kept = kept[allowed_fits(game, step, kept)]
    return kept


def sub_game(game: Game, rows: IdArray, name: str) -> Game:
    """The game whose secrets are the words of these guess rows (in row order), each as likely
    as the game says when they are its secrets (renormalised), else all alike.

    The guesses are the game's own, so their letter codes are shared, not computed again.
    """
    words = tuple(game.guesses.words[row] for row in rows)
    secrets = game.secret_of_guess[rows]
    weights = None
    if not game.uniform and (secrets >= 0).all():
        chances = game.probabilities[secrets]
        weights = chances / chances.sum()
    sub = replace(
        game,
        secrets=Lexicon(name, words),
        weights=weights,
        prior=game.prior if weights is not None else "uniform",
    )
    # Rows are in guess order, which is word order: the secrets are sorted as make_game sorts.
    for shared in ("guess_codes", "guess_index"):
        if shared in game.__dict__:
            object.__setattr__(sub, shared, game.__dict__[shared])
    return sub


def narrowed_matrix(game: Game, played: Sequence[Played]) -> PatternMatrix | None:
    """The game over its secrets that fit everything played, with their probabilities (the
    feedback of every guess against those words only), or None when none fits."""
    rows = fitting_guesses(game, played, game.secret_rows)
    if len(rows) == 0:
        return None
    return pattern_matrix(sub_game(game, rows, NARROWED), use_cache=False)


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
    return pattern_matrix(sub_game(game, rows, WIDENED), use_cache=False)

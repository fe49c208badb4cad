"""Likeness (Fallout terminals): how many positions hold the same letter in guess and secret.

Encoding: the pattern is the likeness itself. Worked example: guess ``trade`` against secret
``crane`` matches at ``r``, ``a`` and ``e``: likeness 3, printed ``3``, pattern 3.

>>> LikenessRule().feedback("trade", "crane")
3
"""

from __future__ import annotations

from wordsolver.alphabet import LetterCodes
from wordsolver.errors import InvalidPatternError
from wordsolver.games.form import NUMBER_LIKENESS
from wordsolver.games.rule import FeedbackRule, PatternArray, Symmetries


class LikenessRule(FeedbackRule):
    """Number of positions where guess and secret agree."""

    name = "likeness"
    description = "Fallout likeness: letters right in the right place"
    form = NUMBER_LIKENESS
    #: A count of matches: renaming letters or reordering positions changes none.
    symmetries = Symmetries(letters=True, positions=True)
    #: A letter in no secret matches nothing.
    absent_letters_alike = True

    def n_patterns(self, length: int) -> int:
        return length + 1

    def win_pattern(self, length: int) -> int:
        return length

    def feedback(self, guess: str, secret: str) -> int:
        return sum(g == s for g, s in zip(guess, secret, strict=True))

    def fill_matrix(self, guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
        from wordsolver.games.kernels import likeness as kernels

        kernels.fill(guesses, secrets, out)

    def parse_pattern(self, text: str, length: int) -> int:
        stripped = text.strip()
        if stripped.isdecimal() and int(stripped) <= length:
            return int(stripped)
        raise InvalidPatternError(
            f"cannot read likeness {text!r}: give a number from 0 to {length}"
        )

    def format_pattern(self, pattern: int, length: int) -> str:
        return str(pattern)

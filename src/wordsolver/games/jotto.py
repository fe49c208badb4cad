"""Jotto: how many letters the guess and the secret share, counted as multisets.

Encoding: the pattern is the number of letters in common (``min`` of the counts of each letter);
the guess that is the secret earns its own pattern, ``length + 1``, printed ``win`` (an anagram
of the secret shares every letter but does not win). Worked example: guess ``crane`` against
secret ``react`` shares ``c``, ``r``, ``a`` and ``e``: 4, printed ``4``, pattern 4.

>>> rule = JottoRule()
>>> rule.feedback("crane", "react"), rule.feedback("tears", "rates")
(4, 5)
>>> rule.feedback("rates", "rates")
6
>>> rule.format_pattern(6, 5), rule.parse_pattern("WIN", 5)
('win', 6)
"""

from __future__ import annotations

from collections import Counter

from wordsolver.alphabet import LetterCodes
from wordsolver.errors import InvalidPatternError
from wordsolver.games.form import NUMBER_COMMON
from wordsolver.games.rule import FeedbackRule, PatternArray, Symmetries


class JottoRule(FeedbackRule):
    """Letters in common, as multisets; the secret itself wins."""

    name = "jotto"
    description = "Jotto: how many letters guess and secret share (the secret itself wins)"
    form = NUMBER_COMMON
    #: Letters in common as multisets, and whether the words are equal: renaming letters or
    #: reordering positions changes neither.
    symmetries = Symmetries(letters=True, positions=True)
    #: A letter in no secret is in common with none (and a guess holding one wins nowhere).
    absent_letters_alike = True

    def n_patterns(self, length: int) -> int:
        return length + 2

    def win_pattern(self, length: int) -> int:
        return length + 1

    def feedback(self, guess: str, secret: str) -> int:
        if guess == secret:
            return len(guess) + 1
        return sum((Counter(guess) & Counter(secret)).values())

    def fill_matrix(self, guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
        from wordsolver.games.kernels import jotto as kernels

        kernels.fill(guesses, secrets, out)

    def parse_pattern(self, text: str, length: int) -> int:
        stripped = text.strip().casefold()
        if stripped == self.form.win:
            return self.win_pattern(length)
        # Every letter in common without winning takes an anagram: none has one letter.
        most = length if length > 1 else length - 1
        if stripped.isascii() and stripped.isdecimal() and int(stripped) <= most:
            return int(stripped)
        raise InvalidPatternError(
            f"cannot read letters in common {text!r}: give a number from 0 to {length},"
            f" or {self.form.win} when the guess is the secret"
        )

    def format_pattern(self, pattern: int, length: int) -> str:
        return (
            self.form.win if pattern == self.win_pattern(length) and self.form.win else str(pattern)
        )

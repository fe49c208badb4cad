"""Wordle-style colours: green (right letter, right place), yellow (elsewhere), grey.

Duplicate letters follow the real game: greens are marked first, then yellows from left to right
only while the secret still has unmatched copies of that letter.

Encoding: each position is a base-3 digit (grey 0, yellow 1, green 2), the first letter most
significant, so the pattern reads as the number in base 3. Worked example: guess ``speed``
against secret ``abide`` gives grey, grey, yellow, grey, yellow: ``..y.y`` = ``00101`` =
0·81 + 0·27 + 1·9 + 0·3 + 1 = 10.

>>> rule = ColoursRule()
>>> rule.feedback("speed", "abide")
10
>>> rule.format_pattern(10, 5)
'..y.y'
>>> rule.parse_pattern("GY--G", 5) == rule.parse_pattern("21002", 5)
True
"""

from __future__ import annotations

import numpy as np

from wordsolver.alphabet import LetterCodes
from wordsolver.errors import InvalidPatternError
from wordsolver.games.colour_digits import GREEN, GREY, YELLOW
from wordsolver.games.form import MARKS_COLOURS
from wordsolver.games.rule import FeedbackRule, HardMode, PatternArray, Symmetries
from wordsolver.plumbing.arrays import BoolArray

_READ = {"g": GREEN, "2": GREEN, "y": YELLOW, "1": YELLOW}
_READ.update(dict.fromkeys(".-_x0b", GREY))
_WRITE = ".yg"


class ColoursRule(FeedbackRule):
    """Green/yellow/grey per position, duplicate letters as in Wordle."""

    name = "colours"
    description = "Wordle colours: green = right place, yellow = elsewhere, grey = absent"
    form = MARKS_COLOURS
    #: Renaming letters keeps every colour; reordering positions does not (yellows go left to
    #: right among copies of a letter).
    symmetries = Symmetries(letters=True)
    several_boards = True
    #: A letter in no secret is grey wherever it stands, and takes no colour from another.
    absent_letters_alike = True

    def n_patterns(self, length: int) -> int:
        return int(3**length)

    def win_pattern(self, length: int) -> int:
        return int(3**length) - 1

    def feedback(self, guess: str, secret: str) -> int:
        colours = [GREEN if g == s else GREY for g, s in zip(guess, secret, strict=True)]
        unmatched = [s for g, s in zip(guess, secret, strict=True) if g != s]
        for i, letter in enumerate(guess):
            if colours[i] != GREEN and letter in unmatched:
                unmatched.remove(letter)
                colours[i] = YELLOW
        return int("".join(map(str, colours)), 3)

    def fill_matrix(self, guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
        from wordsolver.games.kernels import colours as kernels

        kernels.fill(guesses, secrets, out)

    def hard_mode_allows(
        self, guesses: LetterCodes, played: LetterCodes, pattern: int
    ) -> BoolArray:
        """Wordle's own hard mode: green letters stay in place and every revealed letter
        (green or yellow, counting copies) is used again; grey letters may come back."""
        digits = np.array(
            [int(d) for d in np.base_repr(pattern, 3).zfill(len(played))], dtype=np.uint8
        )
        from wordsolver.games.kernels import colours as kernels

        result: BoolArray = kernels.hard_mode(guesses, played, digits)
        return result

    def hard_mode(self, length: int) -> HardMode:
        """Wordle's own hard mode as marks: each pattern's colours, one per position (grey
        FREE, yellow PRESENT, green PLACED)."""
        patterns = np.arange(self.n_patterns(length))
        places = 3 ** np.arange(length - 1, -1, -1)
        return HardMode(marks=(patterns[:, np.newaxis] // places % 3).astype(np.uint8))

    def parse_pattern(self, text: str, length: int) -> int:
        compact = text.strip().casefold().replace(" ", "")
        if len(compact) != length or any(ch not in _READ for ch in compact):
            raise InvalidPatternError(
                f"cannot read colours {text!r}: give {length} of g/y/. (or G/Y/-, or 2/1/0),"
                f" e.g. {'gy..g'[:length].ljust(length, '.')}"
            )
        return int("".join(str(_READ[ch]) for ch in compact), 3)

    def format_pattern(self, pattern: int, length: int) -> str:
        digits = []
        for _ in range(length):
            pattern, digit = divmod(pattern, 3)
            digits.append(_WRITE[digit])
        return "".join(reversed(digits))

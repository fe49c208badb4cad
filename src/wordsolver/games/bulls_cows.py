"""Bulls and Cows: (get, touch) = letters in the right place, letters present elsewhere.

Letters are counted as a multiset, so the same rule scores Tonguess (words with distinct letters),
classic Bulls and Cows (distinct digits) and Mastermind (black and white pegs, repeats allowed).

Encoding: ``pattern = get · (length + 1) + touch``. Worked example with 4 letters: guess ``tare``
against secret ``rate`` has ``a`` and ``e`` in place and ``t``, ``r`` elsewhere: get 2, touch 2,
printed ``2-2``, pattern 2·5+2 = 12.

>>> rule = BullsCowsRule()
>>> rule.feedback("tare", "rate")
12
>>> rule.format_pattern(12, 4)
'2-2'
>>> rule.parse_pattern("2 2", 4)
12
"""

from __future__ import annotations

import re

from wordsolver.alphabet import LetterCodes
from wordsolver.errors import InvalidPatternError
from wordsolver.games.form import COUNTERS_GET_TOUCH, FeedbackForm
from wordsolver.games.rule import FeedbackRule, PatternArray, Symmetries

_TEXT = re.compile(r"^\s*(\d+)\s*(?:[-\s,/:]\s*)?(\d+)\s*$")


class BullsCowsRule(FeedbackRule):
    """(get, touch) feedback: right place, present elsewhere (letters as a multiset).

    ``form`` names the two counts as the game does: get and touch (Tonguess), bulls and cows,
    black and white pegs (Mastermind).
    """

    name = "bulls-cows"
    description = "Bulls and Cows: get = right place, touch = present elsewhere"
    #: Counts of matches: renaming letters or reordering positions changes none.
    symmetries = Symmetries(letters=True, positions=True)
    #: A letter in no secret counts neither as get nor as touch.
    absent_letters_alike = True

    def __init__(self, form: FeedbackForm = COUNTERS_GET_TOUCH) -> None:
        self.form = form

    def n_patterns(self, length: int) -> int:
        return (length + 1) ** 2

    def win_pattern(self, length: int) -> int:
        return length * (length + 1)

    def feedback(self, guess: str, secret: str) -> int:
        get = sum(g == s for g, s in zip(guess, secret, strict=True))
        common = sum(min(guess.count(letter), secret.count(letter)) for letter in set(guess))
        return get * (len(guess) + 1) + (common - get)

    def fill_matrix(self, guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
        from wordsolver.games.kernels import bulls_cows as kernels

        kernels.fill(guesses, secrets, out)

    def parse_pattern(self, text: str, length: int) -> int:
        match = _TEXT.match(text)
        if match is None and re.fullmatch(r"\s*\d\d\s*", text):
            match = re.match(r"\s*(\d)(\d)", text)
        if match is not None:
            get, touch = int(match.group(1)), int(match.group(2))
            if get + touch <= length and not (get == length - 1 and touch == 1):
                return get * (length + 1) + touch
        first, second = self.form.names
        raise InvalidPatternError(
            f"cannot read {first}-{second} {text!r}: give two numbers with {first} + {second}"
            f" ≤ {length}, e.g. 2-1 or '2 1'"
        )

    def format_pattern(self, pattern: int, length: int) -> str:
        get, touch = divmod(pattern, length + 1)
        return f"{get}-{touch}"

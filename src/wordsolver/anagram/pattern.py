"""Crossword-style patterns: ``?`` is one letter, ``*`` any run of letters (even none).

A pattern may also require letters somewhere in the word (``contains``, counted: ``"ee"`` means
at least two e's) and forbid others (``excludes``). It becomes one regular expression run over
the whole list joined by newlines, which is much faster than matching word by word.

>>> pattern = WordPattern.parse("c?t*", excludes="u")
>>> pattern.matches(["cat", "cut", "cattle", "act", "cots"])
['cat', 'cattle', 'cots']
>>> WordPattern.parse("*", contains="qu").matches(["queen", "quiz", "iraq"])
['queen', 'quiz']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from wordsolver.alphabet import LATIN, Alphabet
from wordsolver.errors import InvalidWordError

#: Stands for exactly one letter.
ONE_LETTER = "?"
#: Stands for any run of letters, including none.
ANY_LETTERS = "*"

# A character class that matches nothing, for when every letter is excluded.
_NO_LETTER = r"[^\s\S]"


@dataclass(frozen=True, slots=True)
class WordPattern:
    """A normalised, validated pattern with the letters a match must and must not contain."""

    text: str
    contains: str = ""
    excludes: str = ""
    alphabet: Alphabet = LATIN

    @classmethod
    def parse(
        cls, text: str, contains: str = "", excludes: str = "", alphabet: Alphabet = LATIN
    ) -> WordPattern:
        """Normalise and check user input; mistakes raise :class:`InvalidWordError`."""
        pattern = alphabet.normalise(text)
        if not pattern:
            raise InvalidWordError("empty pattern: use letters, '?' and '*', e.g. 'c?t*'")
        foreign = alphabet.foreign_letters(pattern.replace(ONE_LETTER, "").replace(ANY_LETTERS, ""))
        if foreign:
            raise InvalidWordError(
                f"pattern {text!r} has characters other than {alphabet.name} letters, "
                f"{ONE_LETTER!r} and {ANY_LETTERS!r}: {foreign}"
            )
        required = _letters("required", contains, alphabet)
        excluded = _letters("excluded", excludes, alphabet)
        both = sorted(set(excluded) & (set(required) | set(pattern)))
        if both:
            raise InvalidWordError(f"letters both required and excluded: {''.join(both)}")
        return cls(pattern, required, excluded, alphabet)

    def regex(self) -> re.Pattern[str]:
        """A multi-line regular expression matching whole words, one per line."""
        allowed = [letter for letter in self.alphabet.letters if letter not in self.excludes]
        letter = f"[{''.join(map(re.escape, allowed))}]" if allowed else _NO_LETTER
        pieces = {ONE_LETTER: letter, ANY_LETTERS: f"{letter}*"}
        # Runs of '*' collapse to one, which spares the regex engine needless backtracking.
        text = re.sub(r"\*+", ANY_LETTERS, self.text)
        body = "".join(pieces.get(char, re.escape(char)) for char in text)
        required = "".join(
            f"(?=(?:[^\\n{re.escape(char)}]*{re.escape(char)}){{{count}}})"
            for char, count in Counter(self.contains).items()
        )
        return re.compile(f"^{required}{body}$", re.MULTILINE)

    def matches(self, words: Sequence[str]) -> list[str]:
        """The words that match, in alphabetical order."""
        if not words:  # the empty text would match a pattern such as '*'
            return []
        return sorted(found.group() for found in self.regex().finditer("\n".join(words)))


def _letters(role: str, text: str, alphabet: Alphabet) -> str:
    letters = alphabet.normalise(text)
    foreign = alphabet.foreign_letters(letters)
    if foreign:
        raise InvalidWordError(f"{role} letters must be {alphabet.name} letters, not: {foreign}")
    return letters

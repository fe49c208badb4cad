"""Crossword-style patterns: ``?`` is one letter, ``*`` any run of letters (even none).

A pattern may also require letters somewhere in the word (``contains``, counted: ``"ee"`` means
at least two e's) and forbid others (``excludes``). The whole list is matched in one compiled
pass that never backtracks (:mod:`~wordsolver.anagram.glob`), so no pattern makes it slow; a
pattern that needs more letters than the longest word has is refused.

>>> pattern = WordPattern.parse("c?t*", excludes="u")
>>> pattern.matches(["cat", "cut", "cattle", "act", "cots"])
['cat', 'cattle', 'cots']
>>> WordPattern.parse("*", contains="qu").matches(["queen", "quiz", "iraq"])
['queen', 'quiz']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from wordsolver.alphabet import LATIN, Alphabet
from wordsolver.errors import InvalidWordError

if TYPE_CHECKING:
    from wordsolver.anagram.glob import Points

#: Stands for exactly one letter.
ONE_LETTER = "?"
#: Stands for any run of letters, including none.
ANY_LETTERS = "*"


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

    @property
    def shortest(self) -> int:
        """The fewest letters a matching word has: the pattern's letters and ``?``."""
        return len(self.text) - self.text.count(ANY_LETTERS)

    def matches(self, words: Sequence[str]) -> list[str]:
        """The words that match, in alphabetical order.

        Raises :class:`InvalidWordError` when the pattern needs more letters than the longest
        word has: such a pattern is a mistake (or an attack), not a question.
        """
        if not words:
            return []
        from wordsolver.anagram.glob import ANY, SEPARATOR, matching_words

        pieces = self.text.split(ANY_LETTERS)
        bounds = np.cumsum([0, *map(len, pieces)], dtype=np.int64)
        required = Counter(self.contains)
        ids, longest = matching_words(
            _points(chr(SEPARATOR).join(words)),
            _points("".join(pieces).replace(ONE_LETTER, chr(ANY))),
            bounds,
            len(pieces) > 1,
            _points(self.excludes),
            _points("".join(required)),
            np.array(list(required.values()), dtype=np.int64),
        )
        if self.shortest > longest:
            raise InvalidWordError(
                f"the pattern needs at least {self.shortest:,} letters,"
                f" but no word of the list has more than {longest}"
            )
        if len(ids) == len(words):
            return sorted(words)
        return sorted(words[i] for i in ids.tolist())


def _points(text: str) -> Points:
    """The code points of ``text``, as the compiled matcher reads them."""
    return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)


def _letters(role: str, text: str, alphabet: Alphabet) -> str:
    letters = alphabet.normalise(text)
    foreign = alphabet.foreign_letters(letters)
    if foreign:
        raise InvalidWordError(f"{role} letters must be {alphabet.name} letters, not: {foreign}")
    return letters

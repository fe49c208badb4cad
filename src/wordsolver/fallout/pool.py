"""The dictionary random terminals are drawn from: its words grouped by length, sorted and coded.

>>> pool = WordPool.from_lexicon(Lexicon("demo", ("spies", "tires", "cat", "walls")))
>>> pool.words(5)
('spies', 'tires', 'walls')
>>> pool.codes(3).tolist()
[[2, 0, 19]]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from wordsolver.alphabet import LATIN, LetterCodes
from wordsolver.errors import InvalidWordError
from wordsolver.lexicon import Lexicon


@dataclass(frozen=True, eq=False)
class WordPool:
    """Words of a dictionary by length, each group sorted (a terminal's ids index into it)."""

    name: str
    by_length: Mapping[int, tuple[str, ...]]
    coded: Mapping[int, LetterCodes]

    @classmethod
    def from_lexicon(cls, lexicon: Lexicon) -> WordPool:
        """Group a lexicon's a-z words by length (other words are left out)."""
        groups: defaultdict[int, list[str]] = defaultdict(list)
        for word in lexicon.words:
            if not LATIN.foreign_letters(word):
                groups[len(word)].append(word)
        by_length = {length: tuple(sorted(words)) for length, words in sorted(groups.items())}
        coded = {length: LATIN.encode(words) for length, words in by_length.items()}
        return cls(lexicon.name, by_length, coded)

    def words(self, length: int) -> tuple[str, ...]:
        """The words of that length, sorted; an error names the lengths there are."""
        words = self.by_length.get(length)
        if words is None:
            lengths = ", ".join(map(str, self.by_length)) or "none"
            raise InvalidWordError(f"{self.name} has no {length}-letter words (lengths: {lengths})")
        return words

    def codes(self, length: int) -> LetterCodes:
        """The words of that length as letter codes, aligned with :meth:`words`."""
        self.words(length)
        return self.coded[length]

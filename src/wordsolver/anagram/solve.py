"""Solving a hand: every spellable word, scored and ranked.

Ranking is by score (highest first), then length (longest first), then alphabet. The ranked ids
and scores stay numpy arrays; words become :class:`HandMatch` objects only for the rows shown.

>>> from wordsolver.lexicon import Lexicon
>>> from wordsolver.anagram.hand import parse_hand
>>> from wordsolver.anagram.index import LetterIndex
>>> index = LetterIndex.build(Lexicon("demo", ("act", "cat", "tact", "taco", "at")))
>>> for match in solve_hand(index, parse_hand("tca*")).matches():
...     print(match.word, match.score, match.wildcards)
taco 5 (3,)
tact 5 (3,)
act 5 ()
cat 5 ()
at 2 ()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from wordsolver.anagram.hand import Hand, spell
from wordsolver.anagram.index import ANY_LENGTH, LONGEST_WORD, LengthRange, LetterIndex
from wordsolver.anagram.scoring import MAX_LETTER_VALUE, SCRABBLE, LetterValues

if TYPE_CHECKING:
    from wordsolver.anagram.kernel import Ids, Scores

#: No word scores more, which keeps ranking keys within 64 bits.
MAX_SCORE = MAX_LETTER_VALUE * LONGEST_WORD


@dataclass(frozen=True, slots=True)
class HandMatch:
    """One spellable word, its score, and the positions its wildcards fill (0-based)."""

    word: str
    score: int
    wildcards: tuple[int, ...]

    @property
    def length(self) -> int:
        """Letters in the word."""
        return len(self.word)


@dataclass(frozen=True, slots=True, eq=False)
class HandResult:
    """The ranked answer to one hand: row ids of the index and their scores, best first."""

    index: LetterIndex
    hand: Hand
    ids: Ids
    scores: Scores

    def __len__(self) -> int:
        return int(self.ids.size)

    def matches(self, top: int | None = None) -> list[HandMatch]:
        """The best ``top`` matches (all when None), marking which letters wildcards fill."""
        words = [self.index.words[i] for i in self.ids[:top].tolist()]
        return [
            HandMatch(word, score, _wildcards(word, self.hand))
            for word, score in zip(words, self.scores[:top].tolist(), strict=True)
        ]


def solve_hand(
    index: LetterIndex,
    hand: Hand,
    values: LetterValues = SCRABBLE,
    lengths: LengthRange = ANY_LENGTH,
) -> HandResult:
    """Every word of the index the hand can spell, ranked; wildcard letters score 0."""
    ids, scores = index.spellable(hand, lengths, values)
    # One int64 key sorts by score, length and alphabet at once (faster than a 3-key lexsort):
    # bits 40+ hold the score's shortfall from the maximum, 32-39 the length's, 0-31 the rank.
    shortfall = (MAX_SCORE - scores) << 40
    shorter = (LONGEST_WORD - index.lengths[ids].astype(np.int64)) << 32
    order = np.argsort(shortfall | shorter | index.ranks[ids])
    return HandResult(index, hand, ids[order], scores[order])


def _wildcards(word: str, hand: Hand) -> tuple[int, ...]:
    positions = spell(word, hand)
    if positions is None:
        raise AssertionError(f"the index says {hand} spells {word!r}, but it does not")
    return positions

"""The letter-count index: how often each letter occurs in each word of a list, as one matrix.

A hand query never tries permutations of the hand. It is one compiled pass over the matrix: a
word is spellable when the sum, over letters, of what it needs beyond the hand is at most the
number of wildcards. A bit mask of each word's letters rejects most words before their counts
are read.

>>> from wordsolver.lexicon import Lexicon
>>> from wordsolver.anagram.hand import parse_hand
>>> index = LetterIndex.build(Lexicon("demo", ("act", "cat", "tact", "taco")))
>>> ids, scores = index.spellable(parse_hand("tca*"))
>>> [index.words[i] for i in ids]
['act', 'cat', 'tact', 'taco']
>>> ids, scores = index.spellable(parse_hand("tca"), LengthRange(3, 3))
>>> [index.words[i] for i in ids]
['act', 'cat']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from wordsolver.alphabet import LATIN, Alphabet
from wordsolver.anagram.hand import Hand
from wordsolver.anagram.scoring import NO_VALUES, LetterValues
from wordsolver.errors import InvalidWordError, OptionError, WordListError
from wordsolver.lexicon import Lexicon
from wordsolver.plumbing.stopping import check

if TYPE_CHECKING:
    from wordsolver.anagram.kernel import Codes, Counts, HandCounts, Ids, Lengths, Masks, Scores

#: Counts and lengths are stored as uint8.
LONGEST_WORD = 255

_NOT_A_LETTER = 255


@dataclass(frozen=True, slots=True)
class LengthRange:
    """Which word lengths a query wants: from ``shortest`` to ``longest`` (None: no limit)."""

    shortest: int = 1
    longest: int | None = None

    def __post_init__(self) -> None:
        if self.shortest < 1:
            raise OptionError(f"word length must be at least 1, not {self.shortest}")
        if max(self.shortest, self.longest or 0) > LONGEST_WORD:
            raise OptionError(
                f"word length must be at most {LONGEST_WORD} (no word is longer)"
            )
        if self.longest is not None and self.longest < self.shortest:
            raise OptionError(f"longest length {self.longest} is below {self.shortest}")

    @classmethod
    def exactly(cls, length: int) -> LengthRange:
        """Words of one length only."""
        return cls(length, length)


#: Any length the hand can spell.
ANY_LENGTH = LengthRange()


@dataclass(frozen=True, slots=True, eq=False)
class LetterIndex:
    """Letter counts of every word of a lexicon, rows in the lexicon's order.

    ``ranks`` holds each word's position in alphabetical order, so results can be sorted without
    comparing strings.
    """

    alphabet: Alphabet
    digest: str
    words: tuple[str, ...]
    counts: Counts
    lengths: Lengths
    masks: Masks
    ranks: npt.NDArray[np.int32]

    @classmethod
    def build(cls, lexicon: Lexicon, alphabet: Alphabet = LATIN) -> LetterIndex:
        """Count the letters of every word (a fraction of a second for 400,000 words)."""
        words = lexicon.words
        lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
        if lengths.size and lengths.max() > LONGEST_WORD:
            long_word = words[int(lengths.argmax())]
            raise WordListError(
                f"{lexicon.name}: {long_word[:20]!r}... is longer than {LONGEST_WORD} letters"
            )
        codes = _letter_codes(lexicon, lengths, alphabet)
        from wordsolver.anagram.kernel import count_letters

        counts, masks = count_letters(codes, lengths, alphabet.size)
        ranks = _alphabetical_ranks(words, lengths, codes, alphabet)
        return cls(
            alphabet, lexicon.digest(), words, counts, lengths.astype(np.uint8), masks, ranks
        )

    def __len__(self) -> int:
        return len(self.words)

    def hand_counts(self, hand: Hand) -> HandCounts:
        """How many of each letter of the alphabet the hand holds."""
        foreign = self.alphabet.foreign_letters(hand.letters)
        if foreign:
            raise InvalidWordError(
                f"hand letters outside the {self.alphabet.name} alphabet: {foreign}"
            )
        codes = [self.alphabet.letters.index(letter) for letter in hand.letters]
        return np.bincount(np.array(codes, dtype=np.int64), minlength=self.alphabet.size)

    def spellable(
        self, hand: Hand, lengths: LengthRange = ANY_LENGTH, values: LetterValues = NO_VALUES
    ) -> tuple[Ids, Scores]:
        """The words the hand spells within the length range: row ids (in list order), scores.

        A score is the value of the letters taken from the hand; wildcards score 0.
        """
        from wordsolver.anagram.kernel import MASK_BITS, spellable_rows

        counts = self.hand_counts(hand)
        hand_mask = 0
        for code in np.flatnonzero(counts):
            hand_mask |= 1 << (int(code) % MASK_BITS)
        longest = hand.size if lengths.longest is None else min(lengths.longest, hand.size)
        return spellable_rows(
            self.counts,
            self.lengths,
            self.masks,
            counts,
            hand_mask,
            hand.wildcards,
            lengths.shortest,
            longest,
            values.array(self.alphabet),
        )


def _alphabetical_ranks(
    words: tuple[str, ...], lengths: npt.NDArray[np.int64], codes: Codes, alphabet: Alphabet
) -> npt.NDArray[np.int32]:
    """Each word's position in alphabetical order (of code points, as ``sorted`` orders them).

    The words are grouped by first letter, then each group is sorted on its own: one sort of
    millions of strings would hold up Ctrl-C for seconds, a group's sort a fraction of that.
    """
    ranks = np.empty(len(words), dtype=np.int32)
    if not words:
        return ranks
    starts = np.concatenate(([0], np.cumsum(lengths[:-1])))
    points = np.array([ord(letter) for letter in alphabet.letters], dtype=np.uint32)
    firsts = points[codes[starts]]
    by_first = np.argsort(firsts, kind="stable")
    placed = 0
    for group in np.split(by_first, np.flatnonzero(np.diff(firsts[by_first])) + 1):
        check()
        order = np.argsort(np.array([words[i] for i in group.tolist()]), kind="stable")
        ranks[group[order]] = np.arange(placed, placed + len(group), dtype=np.int32)
        placed += len(group)
    return ranks


def _letter_codes(lexicon: Lexicon, lengths: npt.NDArray[np.int64], alphabet: Alphabet) -> Codes:
    """Every letter of every word, end to end, as its index in the alphabet."""
    points = np.frombuffer("".join(lexicon.words).encode("utf-32-le"), dtype=np.uint32)
    letter_points = np.array([ord(letter) for letter in alphabet.letters], dtype=np.uint32)
    top = max(int(letter_points.max()), int(points.max()) if points.size else 0)
    table = np.full(top + 1, _NOT_A_LETTER, dtype=np.uint8)
    table[letter_points] = np.arange(alphabet.size, dtype=np.uint8)
    codes = table[points]
    bad = np.flatnonzero(codes == _NOT_A_LETTER)
    if bad.size:
        word = lexicon.words[int(np.searchsorted(np.cumsum(lengths), bad[0], side="right"))]
        raise WordListError(
            f"{lexicon.name}: {word!r} has letters outside the {alphabet.name} alphabet"
        )
    return codes

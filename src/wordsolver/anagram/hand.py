"""A hand of letters with wildcards, and how a hand spells one word.

A hand is written as its letters plus ``*`` for each wildcard (a blank tile that stands for any one
letter): ``"retains**"`` is eight letters and two wildcards. Each letter of the hand may be used
at most once per word, so a word is spellable when the letters it needs beyond the hand number no
more than the wildcards.

>>> hand = parse_hand("Cat*")
>>> hand
Hand(letters='cat', wildcards=1)
>>> spell("tact", hand)
(3,)
>>> spell("tatt", hand) is None
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from wordsolver.alphabet import LATIN, Alphabet
from wordsolver.errors import InvalidWordError

#: The character that stands for any one letter.
WILDCARD = "*"

#: More wildcards than this make nearly every word of a large list spellable, which answers
#: nothing and floods the output, so such hands are refused as bad input.
MAX_WILDCARDS = 8


@dataclass(frozen=True, slots=True)
class Hand:
    """Normalised letters (in the order given) and a number of wildcards."""

    letters: str
    wildcards: int = 0

    @property
    def size(self) -> int:
        """Tiles in the hand, wildcards included: the longest word it can spell."""
        return len(self.letters) + self.wildcards

    def __str__(self) -> str:
        return self.letters + WILDCARD * self.wildcards


def parse_hand(text: str, alphabet: Alphabet = LATIN) -> Hand:
    """Read a hand such as ``"RETAINS**"``; bad input raises :class:`InvalidWordError`.

    >>> try:
    ...     parse_hand("a1b")
    ... except InvalidWordError as error:
    ...     print(error)
    hand 'a1b' has characters that are neither latin letters nor '*': 1
    """
    normal = alphabet.normalise(text)
    if not normal:
        raise InvalidWordError("empty hand: give letters and '*' wildcards, e.g. 'retains*'")
    foreign = alphabet.foreign_letters(normal.replace(WILDCARD, ""))
    if foreign:
        raise InvalidWordError(
            f"hand {text!r} has characters that are neither {alphabet.name} letters nor "
            f"{WILDCARD!r}: {foreign}"
        )
    wildcards = normal.count(WILDCARD)
    if wildcards > MAX_WILDCARDS:
        raise InvalidWordError(
            f"hand {text!r} has {wildcards} wildcards; at most {MAX_WILDCARDS} are allowed"
        )
    return Hand(normal.replace(WILDCARD, ""), wildcards)


def spell(word: str, hand: Hand) -> tuple[int, ...] | None:
    """Positions in ``word`` filled by wildcards, or None when the hand cannot spell it.

    Letters are taken from the hand left to right while it has them, so when a letter repeats, its
    later copies are the ones marked as wildcards. This is also the slow, readable reference for
    the compiled filter in :mod:`wordsolver.anagram.kernel`.
    """
    left = Counter(hand.letters)
    positions: list[int] = []
    for position, letter in enumerate(word):
        if left[letter] > 0:
            left[letter] -= 1
        else:
            positions.append(position)
    return tuple(positions) if len(positions) <= hand.wildcards else None

"""Word validity, hand (anagram) solving with wildcards, and crossword patterns.

Independent of the guessing engine: it shares only word-list loading and normalisation. A hand
query runs over a letter-count index of the whole dictionary (:class:`LetterIndex`), cached on
disk (:func:`cached_index`), instead of trying permutations of the hand.

>>> from wordsolver.lexicon import Lexicon
>>> index = LetterIndex.build(Lexicon("demo", ("quiz", "quit", "suit", "it")))
>>> [(m.word, m.score) for m in solve_hand(index, parse_hand("tiuq*")).matches()]
[('quit', 13), ('quiz', 12), ('suit', 3), ('it', 2)]
"""

from wordsolver.anagram.dictionary import (
    DEFAULT_DICTIONARY,
    DICTIONARIES,
    WordCheck,
    check_words,
    load_dictionary,
    normalise_words,
)
from wordsolver.anagram.hand import MAX_WILDCARDS, WILDCARD, Hand, parse_hand, spell
from wordsolver.anagram.index import ANY_LENGTH, LengthRange, LetterIndex
from wordsolver.anagram.pattern import WordPattern
from wordsolver.anagram.scoring import (
    LETTER_VALUES,
    NO_VALUES,
    SCRABBLE,
    LetterValues,
    find_letter_values,
    read_letter_values,
)
from wordsolver.anagram.solve import HandMatch, HandResult, solve_hand
from wordsolver.anagram.store import cached_index

__all__ = [
    "ANY_LENGTH",
    "DEFAULT_DICTIONARY",
    "DICTIONARIES",
    "LETTER_VALUES",
    "MAX_WILDCARDS",
    "NO_VALUES",
    "SCRABBLE",
    "WILDCARD",
    "Hand",
    "HandMatch",
    "HandResult",
    "LengthRange",
    "LetterIndex",
    "LetterValues",
    "WordCheck",
    "WordPattern",
    "cached_index",
    "check_words",
    "find_letter_values",
    "load_dictionary",
    "normalise_words",
    "parse_hand",
    "read_letter_values",
    "solve_hand",
    "spell",
]

"""Dictionaries for the word commands: the built-in English list or a user's file, and checks.

>>> from wordsolver.lexicon import Lexicon
>>> check_words(Lexicon("demo", ("cat", "act")), normalise_words(["Cat", "tac"]))
[WordCheck(word='cat', found=True), WordCheck(word='tac', found=False)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from wordsolver.alphabet import LATIN
from wordsolver.anagram.names import path_or_unknown
from wordsolver.lexicon import Lexicon, WordRule, builtin_lexicon, read_word_file

#: The alphabet of every dictionary these commands load.
DICTIONARY_ALPHABET = LATIN

#: Dictionaries known by name (``--dict``): built-in word lists of Latin-letter words. ``english``
#: leaves out names and abbreviations, as Scrabble-style games do; ``birdigo`` is the word game
#: Birdigo's own list.
DICTIONARIES = ("english", "birdigo")

#: The dictionary used when none is named.
DEFAULT_DICTIONARY = "english"


def load_dictionary(spec: str = DEFAULT_DICTIONARY, *, skip_bad: bool = False) -> Lexicon:
    """A dictionary by name, or a word-list file (errors name the file and line).

    With ``skip_bad``, lines of a file that are not words are skipped and counted in
    :attr:`Lexicon.skipped` instead of being an error.
    """
    if spec in DICTIONARIES:
        return builtin_lexicon(spec)
    path = path_or_unknown("dictionary", spec, DICTIONARIES)
    return read_word_file(path, WordRule(DICTIONARY_ALPHABET), skip_bad=skip_bad)


@dataclass(frozen=True, slots=True)
class WordCheck:
    """Whether one (normalised) word is in the dictionary."""

    word: str
    found: bool


def normalise_words(words: Iterable[str]) -> list[str]:
    """Case-fold words to look up; one with characters outside the alphabet is an error."""
    rule = WordRule(DICTIONARY_ALPHABET)
    return [rule.validate(word) for word in words]


def check_words(lexicon: Lexicon, words: Iterable[str]) -> list[WordCheck]:
    """Look up words already passed through :func:`normalise_words`."""
    asked = list(words)
    known = set(asked).intersection(lexicon.words)  # one pass, no table of the whole list
    return [WordCheck(word, word in known) for word in asked]

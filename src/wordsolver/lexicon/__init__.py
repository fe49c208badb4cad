"""Word lists: the built-in ones shipped as package data, and loaders for users' files."""

from wordsolver.lexicon.builtin import BUILTIN_LISTS, builtin_lexicon
from wordsolver.lexicon.loading import Lexicon, WordRule, lexicon_from_words, read_word_file

__all__ = [
    "BUILTIN_LISTS",
    "Lexicon",
    "WordRule",
    "builtin_lexicon",
    "lexicon_from_words",
    "read_word_file",
]

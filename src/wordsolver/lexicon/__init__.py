"""Word lists: the built-in ones shipped as package data, and loaders for users' files."""

from wordsolver.lexicon.builtin import BUILTIN_LISTS, builtin_lexicon
from wordsolver.lexicon.loading import Lexicon, WordRule, lexicon_from_words, read_word_file
from wordsolver.lexicon.priors import BUILTIN_PRIORS, PriorTable, builtin_prior, prior_header

__all__ = [
    "BUILTIN_LISTS",
    "BUILTIN_PRIORS",
    "Lexicon",
    "PriorTable",
    "WordRule",
    "builtin_lexicon",
    "builtin_prior",
    "lexicon_from_words",
    "prior_header",
    "read_word_file",
]

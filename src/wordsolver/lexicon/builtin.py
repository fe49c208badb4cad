"""Built-in word lists shipped as package data (made by ``scripts/build_wordlists.py``).

Each file holds one normalised word per line; a ``.gz`` suffix means gzip-compressed.
"""

from __future__ import annotations

import gzip
from functools import cache
from importlib import resources

from wordsolver.errors import UnknownNameError
from wordsolver.lexicon.loading import Lexicon

#: Built-in list name -> (file name in ``wordsolver/lexicon/data``, what it holds).
BUILTIN_LISTS: dict[str, tuple[str, str]] = {
    "wordle-answers": ("wordle-answers.txt", "common English 5-letter words (possible secrets)"),
    "wordle-allowed": ("wordle-allowed.txt", "English 5-letter words accepted as guesses"),
    "5bukv-answers": ("5bukv-answers.txt", "frequent Russian 5-letter nouns (possible secrets)"),
    "5bukv-allowed": ("5bukv-allowed.txt", "Russian 5-letter common nouns accepted as guesses"),
    "tonguess3": ("tonguess3.txt", "English 3-letter words with no repeated letter"),
    "tonguess4": ("tonguess4.txt", "English 4-letter words with no repeated letter"),
    "english": ("english.txt.gz", "large English word list for word checks and hands"),
}


@cache
def builtin_lexicon(name: str) -> Lexicon:
    """A built-in list by name (see :data:`BUILTIN_LISTS`), read once per process."""
    if name not in BUILTIN_LISTS:
        raise UnknownNameError("word list", name, list(BUILTIN_LISTS))
    file_name, _ = BUILTIN_LISTS[name]
    data = resources.files("wordsolver.lexicon").joinpath("data", file_name).read_bytes()
    if file_name.endswith(".gz"):
        data = gzip.decompress(data)
    return Lexicon(name, tuple(data.decode("utf-8").split()))

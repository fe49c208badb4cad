"""Alphabets: which letters a game uses, how words are normalised, and letters as small ints.

Normalisation is case folding plus the alphabet's own folds (the Russian alphabet treats ё as е
everywhere: input, word lists and output).

>>> CYRILLIC.normalise("Ёжик")
'ежик'
>>> LATIN.encode(["cab"]).tolist()
[[2, 0, 1]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from wordsolver.errors import InvalidWordError, UnknownNameError

LetterCodes = npt.NDArray[np.uint8]


@dataclass(frozen=True, slots=True)
class Alphabet:
    """An ordered set of letters plus the folds applied before a word is checked."""

    name: str
    letters: str
    folds: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(set(self.letters)) != len(self.letters) or not self.letters:
            raise InvalidWordError(f"alphabet {self.name!r} must list distinct letters")
        if len(self.letters) > 255:
            raise InvalidWordError(f"alphabet {self.name!r} has more than 255 letters")

    @property
    def size(self) -> int:
        """Number of distinct letters."""
        return len(self.letters)

    def normalise(self, word: str) -> str:
        """Strip, case-fold and apply the alphabet's folds; does not validate."""
        return self.normalise_text(word.strip())

    def normalise_text(self, text: str) -> str:
        """Case-fold and apply the alphabet's folds to a whole text (its lines and spaces stay
        where they are): one pass in C for a whole word list."""
        folded = text.casefold()
        for source, target in self.folds.items():
            folded = folded.replace(source, target)
        return folded

    def foreign_letters(self, word: str) -> str:
        """The distinct letters of an already normalised word that the alphabet lacks, in order."""
        # Deleting the alphabet's letters is one pass in C, quick even over a megabyte of input.
        return "".join(dict.fromkeys(word.translate(dict.fromkeys(map(ord, self.letters)))))

    @property
    def sort_key(self) -> Callable[[str], Any] | None:
        """Key that sorts words in alphabet order (None: plain string order already is)."""
        if list(self.letters) == sorted(self.letters):
            return None
        rank = {letter: i for i, letter in enumerate(self.letters)}
        return lambda word: [rank[letter] for letter in word]

    def encode(self, words: Iterable[str]) -> LetterCodes:
        """Words of one length as a (n_words, length) uint8 array of letter indices."""
        listed = list(words)
        if not listed:
            return np.zeros((0, 0), dtype=np.uint8)
        points = np.frombuffer("".join(listed).encode("utf-32-le"), dtype=np.uint32)
        lookup = np.zeros(max(map(ord, self.letters)) + 1, dtype=np.uint8)
        lookup[[ord(letter) for letter in self.letters]] = np.arange(self.size, dtype=np.uint8)
        codes: LetterCodes = lookup[points].reshape(len(listed), -1)
        return codes


LATIN = Alphabet("latin", "abcdefghijklmnopqrstuvwxyz")
CYRILLIC = Alphabet("cyrillic", "абвгдежзийклмнопрстуфхцчшщъыьэюя", {"ё": "е"})
DIGITS = Alphabet("digits", "0123456789")

_NAMED = {alphabet.name: alphabet for alphabet in (LATIN, CYRILLIC, DIGITS)}


def find_alphabet(spec: str) -> Alphabet:
    """A named alphabet (``latin``, ``cyrillic``, ``digits``) or one made of the letters given.

    >>> find_alphabet("abcdef").size
    6
    """
    if spec in _NAMED:
        return _NAMED[spec]
    letters = spec.casefold()
    if len(letters) < 2 or not all(ch.isalnum() for ch in letters):
        raise UnknownNameError("alphabet", spec, [*_NAMED, "<letters, e.g. abcdef>"])
    return Alphabet(letters, letters)

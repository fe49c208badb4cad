"""Letter values for scoring words: Scrabble's English values built in, or a table from a file.

A word scores the sum of its letters' values, except that letters filled in by wildcards score
nothing, as blank tiles do in Scrabble. A value file has one ``letter value`` pair per line;
``#`` starts a comment and letters it leaves out are worth 0.

>>> SCRABBLE.value("q"), SCRABBLE.value("e")
(10, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from wordsolver.alphabet import LATIN, Alphabet
from wordsolver.anagram.names import path_or_unknown
from wordsolver.errors import InvalidWordError, WordListError
from wordsolver.plumbing.files import read_user_text

#: Letter values above this are refused; it bounds scores so ranking keys fit in 64 bits, and
#: no word game comes near it.
MAX_LETTER_VALUE = 1000


@dataclass(frozen=True, slots=True)
class LetterValues:
    """A named table of letter values; letters it lacks are worth 0."""

    name: str
    values: Mapping[str, int]

    def __post_init__(self) -> None:
        for letter, value in self.values.items():
            if not 0 <= value <= MAX_LETTER_VALUE:
                raise InvalidWordError(
                    f"{self.name}: {letter!r} is worth {value}; values go from 0 to "
                    f"{MAX_LETTER_VALUE}"
                )

    def value(self, letter: str) -> int:
        """What one letter is worth."""
        return self.values.get(letter, 0)

    @property
    def scores_anything(self) -> bool:
        """False for a table of zeros, whose scores are not worth showing."""
        return any(self.values.values())

    def array(self, alphabet: Alphabet) -> npt.NDArray[np.int64]:
        """The values in the alphabet's letter order, for scoring letter counts at once."""
        return np.array([self.value(letter) for letter in alphabet.letters], dtype=np.int64)


_SCRABBLE_GROUPS = {
    1: "aeilnorstu",
    2: "dg",
    3: "bcmp",
    4: "fhvwy",
    5: "k",
    8: "jx",
    10: "qz",
}

#: The tile values of English-language Scrabble.
SCRABBLE = LetterValues(
    "scrabble",
    {letter: value for value, letters in _SCRABBLE_GROUPS.items() for letter in letters},
)

#: Every letter worth 0: words are then ranked by length and alphabet alone.
NO_VALUES = LetterValues("none", {})

#: Tables known by name (``--score``).
LETTER_VALUES = {table.name: table for table in (SCRABBLE, NO_VALUES)}


def find_letter_values(spec: str, alphabet: Alphabet = LATIN) -> LetterValues:
    """A built-in table by name (``scrabble``, ``none``) or one read from a file."""
    if spec in LETTER_VALUES:
        return LETTER_VALUES[spec]
    return read_letter_values(path_or_unknown("score table", spec, LETTER_VALUES), alphabet)


def read_letter_values(path: Path, alphabet: Alphabet = LATIN) -> LetterValues:
    """Read ``letter value`` lines; errors name the file and the line."""
    text = read_user_text(path)
    values: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        where = f"{path}:{number}"
        if len(fields) != 2 or not (fields[1].isascii() and fields[1].isdigit()):
            raise WordListError(f"{where}: expected 'letter value' (a whole number), got {line!r}")
        letter = alphabet.normalise(fields[0])
        if len(letter) != 1 or alphabet.foreign_letters(letter):
            raise WordListError(f"{where}: {fields[0]!r} is not a {alphabet.name} letter")
        if letter in values:
            raise WordListError(f"{where}: {letter!r} is given a value twice")
        values[letter] = int(fields[1])
    return LetterValues(str(path), values)

"""Built-in priors: how likely each accepted word of a game is to be its secret (package data).

A prior file (``prior-wordle.tsv``...) is made by ``scripts/build_priors.py`` from the sources
its header names: ``# key: value`` lines (what the prior models, its words, its known answers,
the curve over the other words, the packages and the date it was built with), then one
``word<TAB>probability`` line per word, in word order. The probabilities sum to 1 up to their
printed precision; a game renormalises them over the words it plays.

>>> nyt = builtin_prior("prior-wordle")
>>> len(nyt.words), nyt.header["version"]
(14855, '1')
>>> nyt.probability("honor") > nyt.probability("hilch") > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources

import numpy as np

from wordsolver.errors import UnknownNameError, WordListError
from wordsolver.plumbing.arrays import FloatArray

#: The prior files of the package data, by name.
BUILTIN_PRIORS = ("prior-wordle", "prior-5bukv", "prior-tonguess3", "prior-tonguess4")


@dataclass(frozen=True, eq=False)
class PriorTable:
    """One prior file: its header and each word's probability (aligned with ``words``)."""

    name: str
    header: dict[str, str]
    words: tuple[str, ...]
    values: FloatArray = field(repr=False)

    @cached_property
    def index(self) -> dict[str, int]:
        """Word -> its position in :attr:`words`."""
        return {word: at for at, word in enumerate(self.words)}

    def probability(self, word: str) -> float:
        """The probability the file gives the word (0 for a word it does not hold)."""
        at = self.index.get(word)
        return 0.0 if at is None else float(self.values[at])

    def over(self, words: tuple[str, ...]) -> FloatArray:
        """The probabilities of ``words`` renormalised to sum to 1; WordListError naming the
        first word the file does not hold, or that it gives no chance."""
        index = self.index
        positions = np.array([index.get(word, -1) for word in words], dtype=np.intp)
        values = np.where(positions >= 0, self.values[positions], 0.0)
        if len(words) and not (values > 0).all():
            missing = words[int(np.flatnonzero(values <= 0)[0])]
            raise WordListError(f"the prior {self.name} gives {missing!r} no chance")
        total = values.sum()
        normalised: FloatArray = values / total if total > 0 else values
        return normalised

    def source(self) -> str:
        """One line naming what the prior models and how it was made."""
        return "; ".join(
            self.header[key] for key in ("known", "outside", "built") if key in self.header
        )


def parse_prior(name: str, text: str) -> PriorTable:
    """A prior from the text of its file (see the module docstring)."""
    header: dict[str, str] = {}
    words: list[str] = []
    values: list[float] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("#"):
            key, _, entry = line[1:].partition(":")
            header[key.strip()] = entry.strip()
            continue
        fields = line.split("\t")
        try:
            word, number_text = fields
            value = float(number_text)
        except ValueError:
            raise WordListError(f"{name}:{number}: expected 'word<TAB>probability'") from None
        if not value >= 0:
            raise WordListError(f"{name}:{number}: a probability must be ≥ 0")
        words.append(word)
        values.append(value)
    return PriorTable(name, header, tuple(words), np.array(values, dtype=np.float64))


@cache
def prior_header(name: str) -> dict[str, str]:
    """The header of a built-in prior (read without its words)."""
    if name not in BUILTIN_PRIORS:
        raise UnknownNameError("prior file", name, list(BUILTIN_PRIORS))
    path = resources.files("wordsolver.lexicon").joinpath("data", f"{name}.tsv")
    header: dict[str, str] = {}
    with path.open("r", encoding="utf-8") as file:
        for line in file:
            if not line.startswith("#"):
                break
            key, _, value = line[1:].partition(":")
            header[key.strip()] = value.strip()
    return header


@cache
def builtin_prior(name: str) -> PriorTable:
    """A built-in prior by name (see :data:`BUILTIN_PRIORS`), read once per process."""
    if name not in BUILTIN_PRIORS:
        raise UnknownNameError("prior file", name, list(BUILTIN_PRIORS))
    data = resources.files("wordsolver.lexicon").joinpath("data", f"{name}.tsv").read_bytes()
    return parse_prior(name, data.decode("utf-8"))

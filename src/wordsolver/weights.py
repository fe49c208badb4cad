"""How likely each secret is: weights for searches that minimise the expected number of guesses
rather than the plain mean over equally likely secrets.

Weights come from a file of ``word weight`` lines (any non-negative numbers: counts, shares,
per-million frequencies; ``#`` starts a comment; words that are not secrets of the game are
ignored) or from ``wordfreq`` (the word frequencies of the game's language, an optional
package). Every secret needs a weight, and at least one weight must be positive.

The exact search adds weights up in integers, so they are resolved to :data:`UNITS` parts of
the largest one (a weight smaller than half a part counts as nothing, but its secret is still
solved):

>>> import numpy as np
>>> SecretWeights("demo", np.array([4.0, 1.0, 0.0])).units().tolist()
[1048576, 262144, 0]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from wordsolver.errors import WordListError
from wordsolver.games import Game
from wordsolver.plumbing.arrays import FloatArray, Int64Array
from wordsolver.plumbing.digests import sha256_hex
from wordsolver.plumbing.files import read_user_text
from wordsolver.plumbing.optional import require

#: The largest weight in integer units of the exact search.
UNITS = 1 << 20
#: The name that asks for wordfreq's frequencies instead of a file.
WORDFREQ = "wordfreq"
#: wordfreq's language for each alphabet of the built-in games.
_LANGUAGES = {"latin": "en", "cyrillic": "ru"}


@dataclass(frozen=True, slots=True, eq=False)
class SecretWeights:
    """One non-negative weight per secret of a game (in the game's secret order)."""

    source: str
    values: FloatArray

    def units(self) -> Int64Array:
        """The weights as integers, the largest being :data:`UNITS`."""
        units: Int64Array = np.rint(self.values / self.values.max() * UNITS).astype(np.int64)
        return units

    def digest(self) -> str:
        """A short content hash, so a saved tree names the weights it was optimised for."""
        return sha256_hex(self.values.tobytes())[:16]

    def expected(self, guesses: npt.NDArray[np.int64]) -> float:
        """The expected number of guesses when secret ``i`` needs ``guesses[i]``."""
        return float(np.dot(self.values, guesses) / self.values.sum())


def load_weights(source: str, game: Game) -> SecretWeights:
    """The weights of the game's secrets from a file, or from wordfreq (``source = "wordfreq"``)."""
    if source == WORDFREQ:
        return SecretWeights(WORDFREQ, _wordfreq_weights(game))
    return SecretWeights(Path(source).name, _file_weights(Path(source), game))


def _file_weights(path: Path, game: Game) -> FloatArray:
    text = read_user_text(path)
    row_of = {word: row for row, word in enumerate(game.secrets.words)}
    values = np.full(len(row_of), np.nan)
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.split("#", 1)[0].replace(",", " ").replace(";", " ").split()
        if not fields:
            continue
        if len(fields) != 2:
            raise WordListError(f"{path}:{number}: expected 'word weight', got {line.strip()!r}")
        try:
            weight = float(fields[1])
        except ValueError:
            raise WordListError(f"{path}:{number}: {fields[1]!r} is not a number") from None
        if not (math.isfinite(weight) and weight >= 0):
            raise WordListError(f"{path}:{number}: a weight must be a number ≥ 0")
        row = row_of.get(game.alphabet.normalise(fields[0]))
        if row is not None:
            values[row] = weight
    missing = [game.secrets.words[row] for row in np.flatnonzero(np.isnan(values))]
    if missing:
        shown = ", ".join(missing[:5]) + (", …" if len(missing) > 5 else "")
        raise WordListError(f"{path}: {len(missing)} secrets have no weight ({shown})")
    return _checked(values, str(path))


def _wordfreq_weights(game: Game) -> FloatArray:
    language = _LANGUAGES.get(game.alphabet.name)
    if language is None:
        raise WordListError(
            f"wordfreq has no language for the {game.alphabet.name} alphabet; give a weights file"
        )
    wordfreq = require("wordfreq", "weights by word frequency", "weights")
    values = np.array([wordfreq.word_frequency(word, language) for word in game.secrets.words])
    known = values[values > 0]
    # Words wordfreq never saw are rarer than any it knows.
    floor = known.min() / 2 if len(known) else 1.0
    return _checked(np.maximum(values, floor), WORDFREQ)


def _checked(values: FloatArray, source: str) -> FloatArray:
    if values.max() <= 0:
        raise WordListError(f"{source}: every weight is zero")
    return values

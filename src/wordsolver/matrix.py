"""The pattern matrix: the pattern of every allowed guess against every secret, built once.

Cells are uint8 unless the game has more than 256 patterns (then uint16). Built by the rule's
compiled kernel and cached on disk keyed by game rules, both word lists' hashes and
:data:`FORMAT_VERSION`; each cache file carries a checksum that is verified on load, and a file
that does not match is rebuilt.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from wordsolver.cache import atomic_writer, cache_dir
from wordsolver.games import Game
from wordsolver.games.rule import PatternArray

#: Bump when the cell meaning or file layout changes; old cache files are then ignored.
FORMAT_VERSION = 1


@dataclass(frozen=True, eq=False)
class PatternMatrix:
    """``values[g, s]`` = pattern of guess row ``g`` against secret ``s`` of ``game``."""

    game: Game
    values: PatternArray

    @cached_property
    def by_secret(self) -> PatternArray:
        """The same cells secret-major (``by_secret[s, g]``), for kernels that scan all guesses."""
        return np.ascontiguousarray(self.values.T)  # type: ignore[return-value]


def matrix_key(game: Game) -> str:
    """Cache key: everything the cells depend on."""
    parts = [
        str(FORMAT_VERSION),
        game.rule.name,
        str(game.length),
        game.alphabet.letters,
        game.guesses.digest(),
        game.secrets.digest(),
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]


def build_values(game: Game) -> PatternArray:
    """Compute every cell with the rule's compiled kernel (no cache)."""
    dtype = game.rule.pattern_dtype(game.length)
    values: PatternArray = np.empty((len(game.guesses), len(game.secrets)), dtype=dtype)
    game.rule.fill_matrix(game.guess_codes, game.secret_codes(), values)
    return values


def pattern_matrix(game: Game, *, use_cache: bool = True) -> PatternMatrix:
    """The game's matrix, from the disk cache when a verified copy exists."""
    if not use_cache:
        return PatternMatrix(game, build_values(game))
    path = cache_dir() / f"matrix-{matrix_key(game)}.bin"
    expected_shape = (len(game.guesses), len(game.secrets))
    expected_dtype = np.dtype(game.rule.pattern_dtype(game.length))
    values = _load(path, expected_shape, expected_dtype)
    if values is None:
        values = build_values(game)
        _save(path, values)
    return PatternMatrix(game, values)


def _checksum(values: PatternArray) -> str:
    return hashlib.blake2b(np.ascontiguousarray(values).view(np.uint8).data).hexdigest()


def _save(path: Path, values: PatternArray) -> None:
    header = {
        "format": FORMAT_VERSION,
        "shape": list(values.shape),
        "dtype": values.dtype.str,
        "blake2b": _checksum(values),
    }
    with atomic_writer(path) as file:
        file.write(json.dumps(header).encode() + b"\n")
        file.write(np.ascontiguousarray(values).view(np.uint8).data)


def _load(
    path: Path,
    shape: tuple[int, int],
    dtype: np.dtype[np.unsignedinteger],
) -> PatternArray | None:
    """The cached cells, or None when missing, stale or damaged."""
    try:
        with path.open("rb") as file:
            header = json.loads(file.readline())
            raw = file.read()
    except (OSError, ValueError):
        return None
    if (
        not isinstance(header, dict)
        or header.get("format") != FORMAT_VERSION
        or header.get("shape") != list(shape)
        or header.get("dtype") != dtype.str
        or len(raw) != shape[0] * shape[1] * dtype.itemsize
    ):
        return None
    values = np.frombuffer(raw, dtype=dtype).reshape(shape)
    if _checksum(values) != header.get("blake2b"):
        return None
    return values

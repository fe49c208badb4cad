"""The first turn of a game too large to hold whole: how every guess splits every secret, counted
once, in parts, and kept on disk.

Under a prior over every accepted word, today's Wordle has 14,855 × 14,855 cells (220 MB): a
session never holds them (:class:`~wordsolver.matrix.StreamedMatrix`). Its first turn still
needs every guess's split over every secret, so :func:`first_turn_stats` fills the cells a
slice of guesses at a time (a few MB), keeps each guess's split statistics and forgets the
cells. The statistics (seven numbers a guess, under a megabyte) are written to the cache keyed
by the game's lists and prior, with a checksum, and read back in milliseconds by every later
process.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import BinaryIO
from weakref import WeakKeyDictionary

import numpy as np

from wordsolver.matrix import PatternMatrix, matrix_key, read_header
from wordsolver.partition import BucketMasses, PartitionStats, weighted_stats
from wordsolver.plumbing.arrays import IdArray
from wordsolver.plumbing.cache import cache_path, write_cache_entry
from wordsolver.plumbing.digests import sha256_hex
from wordsolver.plumbing.progress import Progress

#: Bump when the table's meaning or layout changes; older files are then ignored.
FORMAT_VERSION = 1
#: Guesses whose cells are filled at a time (× the secrets: 7 MB for today's Wordle).
SLICE = 512
#: The arrays of a table, in file order: int64 then float64.
_INTS = ("n_buckets", "sum_squares", "worst")
_FLOATS = ("size_log_size", "mass_log_mass", "mass_size", "mass_squares")


#: The whole tables read or counted in this process, by matrix (a session asks at every turn
#: it plays from the start; several boards ask once a board).
_HELD: WeakKeyDictionary[PatternMatrix, PartitionStats] = WeakKeyDictionary()


def table_key(matrix: PatternMatrix) -> str:
    """What the table depends on: the cells (the lists and rule) and the probabilities."""
    game = matrix.game
    weights = sha256_hex(np.ascontiguousarray(game.probabilities).tobytes())
    return sha256_hex(f"{FORMAT_VERSION}|{matrix_key(game)}|{weights}".encode())[:24]


def first_turn_stats(
    matrix: PatternMatrix,
    candidates: IdArray | None = None,
    *,
    progress: Progress | None = None,
) -> PartitionStats:
    """How every guess splits the ``candidates`` (all secrets when None), each weighted by the
    game's prior. Over all secrets the table comes from the cache when a verified copy is
    there, and is kept there once counted; ``progress(n)`` hears of the guesses counted."""
    game = matrix.game
    everything = candidates is None
    held = _HELD.get(matrix) if everything else None
    if held is not None:
        if progress is not None:
            progress(len(game.guesses))
        return held
    cands = np.arange(len(game.secrets), dtype=np.intp) if candidates is None else candidates
    path = cache_path(f"first-turn-{table_key(matrix)}.bin") if everything else None
    arrays = None if path is None else _load(path, len(game.guesses))
    if arrays is None:
        arrays = _count(matrix, cands, progress)
        if path is not None:
            _save(path, arrays, game.name)
    elif progress is not None:
        progress(len(game.guesses))
    ints = [arrays[name].astype(np.int64) for name in _INTS]
    stats = PartitionStats(
        matrix,
        np.arange(len(game.guesses), dtype=np.intp),
        cands,
        ints[0],
        ints[1],
        ints[2],
        arrays["size_log_size"],
        BucketMasses(arrays["mass_log_mass"], arrays["mass_size"], arrays["mass_squares"]),
    )
    if everything:
        _HELD[matrix] = stats
    return stats


def _count(
    matrix: PatternMatrix, candidates: IdArray, progress: Progress | None
) -> dict[str, np.ndarray]:
    """Fill the cells a slice of guesses at a time and keep only each guess's statistics."""
    game = matrix.game
    n = len(game.guesses)
    arrays = {name: np.empty(n, dtype=np.int64) for name in _INTS}
    arrays.update({name: np.empty(n, dtype=np.float64) for name in _FLOATS})
    weights = game.probabilities[candidates]
    secret_codes = game.guess_codes[game.secret_rows[candidates]]
    dtype = game.rule.pattern_dtype(game.length)
    every = np.arange(len(candidates), dtype=np.intp)
    for start in range(0, n, SLICE):
        stop = min(start + SLICE, n)
        cells = np.empty((len(candidates), stop - start), dtype=dtype)  # secret-major
        game.rule.fill_matrix(game.guess_codes[start:stop], secret_codes, cells.T)
        columns = np.arange(stop - start, dtype=np.intp)
        stats = weighted_stats(matrix, cells, columns, every, weights)
        assert stats.masses is not None
        for name in _INTS:
            arrays[name][start:stop] = getattr(stats, name)
        arrays["size_log_size"][start:stop] = stats.size_log_size
        for name in _FLOATS[1:]:
            arrays[name][start:stop] = getattr(stats.masses, name)
        if progress is not None:
            progress(stop - start)
    return arrays


def _body(arrays: dict[str, np.ndarray]) -> bytes:
    return b"".join(np.ascontiguousarray(arrays[name]).tobytes() for name in (*_INTS, *_FLOATS))


def _save(path: Path, arrays: dict[str, np.ndarray], game_name: str) -> None:
    body = _body(arrays)
    header = {
        "format": FORMAT_VERSION,
        "kind": "first turn",
        "guesses": len(arrays["worst"]),
        "crc32": zlib.crc32(body),
        "game": game_name,
    }

    def write(file: BinaryIO) -> None:
        file.write(json.dumps(header).encode() + b"\n")
        file.write(body)

    write_cache_entry(path, write)


def _load(path: Path, n_guesses: int) -> dict[str, np.ndarray] | None:
    """The cached arrays, or None when missing, stale or damaged."""
    found = read_header(path)
    if found is None:
        return None
    header, offset = found
    if header.get("format") != FORMAT_VERSION or header.get("guesses") != n_guesses:
        return None
    try:
        body = path.read_bytes()[offset:]
    except OSError:
        return None
    expected = 8 * n_guesses * (len(_INTS) + len(_FLOATS))
    if len(body) != expected or zlib.crc32(body) != header.get("crc32"):
        return None
    arrays: dict[str, np.ndarray] = {}
    for at, name in enumerate((*_INTS, *_FLOATS)):
        dtype = np.int64 if name in _INTS else np.float64
        arrays[name] = np.frombuffer(body, dtype=dtype, count=n_guesses, offset=8 * n_guesses * at)
    return arrays

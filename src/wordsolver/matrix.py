"""The pattern matrix: the pattern of every allowed guess against every secret, built once.

Cells are uint8 unless the game has more than 256 patterns (then uint16). They are stored
secret-major (the hot kernels read one secret's patterns against many guesses at a time);
:attr:`PatternMatrix.values` is the guess × secret view of that storage. Built by the rule's
compiled kernel and cached on disk keyed by game rules, both word lists' hashes and
:data:`FORMAT_VERSION`; each cache file carries a checksum that is verified on load, and a file
that does not match is rebuilt.
"""

from __future__ import annotations

import json
import os
import zlib
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from wordsolver.games import Game
from wordsolver.games.rule import PatternArray
from wordsolver.plumbing.arrays import IdArray
from wordsolver.plumbing.cache import cache_path, write_cache_entry
from wordsolver.plumbing.cores import usable_cores
from wordsolver.plumbing.digests import sha256_hex
from wordsolver.plumbing.files import UserFileError, open_regular
from wordsolver.plumbing.memory import TooLargeError, ensure_fits
from wordsolver.plumbing.stopping import pieces

#: Bump when the cell meaning, file layout or checksum changes; old cache files are then ignored.
FORMAT_VERSION = 5
#: The header field holding the cells' checksum: the CRC-32 of each :data:`CHECKSUM_CHUNK`-byte
#: chunk, in hexadecimal, computed on every core. A checksum here catches damage (a file cut
#: short or changed on disk), not tampering, and CRC-32 runs faster than any digest (3.8 GB/s
#: here against hardware SHA-256's 1.75: the 640 MB Tonguess-4 table is checked in 0.09 s of
#: wall time on 2 cores) without loading OpenSSL. Format 4 hashed the chunks with SHA-256,
#: format 3 the whole table in one piece, format 2 with BLAKE2b.
CHECKSUM = "chunk_crc32"
#: Bytes per checksummed chunk: fixed, so that the checksum does not depend on the machine.
CHECKSUM_CHUNK = 1 << 23
#: Cells of the first piece of a build (a few milliseconds): a small table is built in one.
FIRST_PIECE_CELLS = 1 << 20
#: ``progress(done, total)``: secrets filled so far, of how many.
BuildProgress = Callable[[int, int], None]


@dataclass(frozen=True, eq=False)
class PatternMatrix:
    """``values[g, s]`` = pattern of guess row ``g`` against secret ``s`` of ``game``."""

    game: Game
    values: PatternArray

    @cached_property
    def by_secret(self) -> PatternArray:
        """The same cells secret-major (``by_secret[s, g]``): kernels that scan many guesses for
        a few candidates read contiguous memory. Free when ``values`` is the transposed view of
        a secret-major array, as built and cached here."""
        cells: PatternArray = np.ascontiguousarray(self.values.T)  # type: ignore[assignment]
        return cells

    #: Whether the cells are held (False) or too many to hold: see :class:`StreamedMatrix`.
    streamed = False

    def keep(self, move: tuple[int, int], matrix: PatternMatrix) -> None:
        """Keep the game ``move`` (a first guess row and its pattern) narrows this one to, for
        the next session that plays it (only a streamed matrix keeps any; the oldest beyond
        :data:`KEPT_CELLS` cells are forgotten)."""

    def kept(self, move: tuple[int, int]) -> PatternMatrix | None:
        """The game ``move`` narrows this one to, if kept (it becomes the newest)."""
        return None

    def cells(self, secrets: IdArray, rows: IdArray) -> PatternArray:
        """The patterns of the guesses of ``rows`` against the ``secrets`` (ids), a row per
        secret: read from the table, or computed for these cells alone when it is not held."""
        block: PatternArray = self.by_secret[np.ix_(secrets, rows)]
        return block

    def left_after(self, row: int, candidates: IdArray, secret: int) -> int:
        """How many of ``candidates`` the guess of ``row`` would leave when ``secret`` is hidden
        (those that earn the feedback the secret earns)."""
        guess = np.array([row], dtype=np.intp)
        earned = self.cells(np.array([secret], dtype=np.intp), guess)[0, 0]
        return int(np.count_nonzero(self.cells(candidates, guess)[:, 0] == earned))


class StreamedMatrix(PatternMatrix):
    """The matrix of a game whose every word may be the secret, too large to hold (today's
    Wordle: 14,855 × 14,855 cells): only its game. Its cells are never read; a session
    computes the feedback of a guess against the words still possible (see
    :mod:`wordsolver.widen`), and the split of every first guess is counted once, in parts, and
    kept on disk (:mod:`wordsolver.first_turn`)."""

    streamed = True
    narrowed: OrderedDict[tuple[int, int], PatternMatrix]

    def __init__(self, game: Game) -> None:
        object.__setattr__(self, "game", game)
        #: The games over the secrets that fit a first move, by (guess row, pattern), that
        #: sessions made from this one: kept (at most :data:`KEPT_CELLS` cells, the oldest
        #: first to go) for the next session that plays the same move (a web page replays
        #: its history at every request).
        object.__setattr__(self, "narrowed", OrderedDict())

    def keep(self, move: tuple[int, int], matrix: PatternMatrix) -> None:
        kept = self.narrowed
        kept[move] = matrix
        while sum(m.values.size for m in kept.values()) > KEPT_CELLS and len(kept) > 1:
            kept.popitem(last=False)

    def kept(self, move: tuple[int, int]) -> PatternMatrix | None:
        found = self.narrowed.get(move)
        if found is not None:
            self.narrowed.move_to_end(move)
        return found

    def cells(self, secrets: IdArray, rows: IdArray) -> PatternArray:
        game = self.game
        block = np.empty((len(secrets), len(rows)), dtype=game.rule.pattern_dtype(game.length))
        codes = game.guess_codes
        game.rule.fill_matrix(codes[rows], codes[game.secret_rows[secrets]], block.T)
        return block

    @property
    def values(self) -> PatternArray:
        """Never held: TooLargeError."""
        raise TooLargeError(
            f"the {len(self.game.guesses):,} × {len(self.game.secrets):,} table of"
            f" {self.game.name} is not held in memory"
        )


#: Cells of the narrowed games a streamed matrix keeps (see :meth:`StreamedMatrix.keep`).
KEPT_CELLS = 60_000_000
#: Games whose table would have more cells than this, and whose secrets are not all alike,
#: are played streamed (:class:`StreamedMatrix`) by the sessions.
STREAMED_CELLS = 100_000_000


def should_stream(game: Game) -> bool:
    """Whether a session plays the game without its whole table: a prior over more words than
    it is worth holding the table of (the cells of a session's later turns are those of the
    words still possible)."""
    return (
        not game.uniform
        and not game.guesses.generated
        and len(game.secrets) * len(game.guesses) > STREAMED_CELLS
    )


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
    return sha256_hex("|".join(parts).encode())[:24]


def matrix_bytes(game: Game) -> int:
    """The memory the game's matrix takes."""
    itemsize = np.dtype(game.rule.pattern_dtype(game.length)).itemsize
    return len(game.secrets) * len(game.guesses) * itemsize


def build_values(game: Game, progress: BuildProgress | None = None) -> PatternArray:
    """Compute every cell with the rule's compiled kernel (no cache), reporting the secrets done
    to ``progress`` after each piece of work.

    The secrets are filled in :func:`~wordsolver.plumbing.stopping.pieces` of about a tenth of a
    second each, so Ctrl-C stops a build of minutes at once. The cells are stored secret-major; the
    result is its guess × secret transposed view. TooLargeError, before anything is allocated,
    when the matrix would not fit in memory.
    """
    size = f"{len(game.guesses):,} guesses × {len(game.secrets):,} secrets"
    ensure_fits(f"the pattern matrix of {size}", matrix_bytes(game))
    dtype = game.rule.pattern_dtype(game.length)
    n_secrets = len(game.secrets)
    storage: PatternArray = np.empty((n_secrets, len(game.guesses)), dtype=dtype)
    secrets = game.secret_codes()
    first = max(usable_cores(), FIRST_PIECE_CELLS // max(len(game.guesses), 1))
    for start, stop in pieces(n_secrets, first=first):
        game.rule.fill_matrix(game.guess_codes, secrets[start:stop], storage[start:stop].T)
        if progress is not None:
            progress(stop, n_secrets)
    return storage.T


def pattern_matrix(
    game: Game, *, use_cache: bool = True, progress: BuildProgress | None = None
) -> PatternMatrix:
    """The game's matrix, from the disk cache when a verified copy exists; ``progress`` hears
    of the build only when there is one (see :func:`build_values`)."""
    if not use_cache:
        return PatternMatrix(game, build_values(game, progress))
    path = cache_path(f"matrix-{matrix_key(game)}.bin")
    if path is None:
        return PatternMatrix(game, build_values(game, progress))
    ensure_fits(f"the pattern matrix of {game.name}", matrix_bytes(game))
    storage_shape = (len(game.secrets), len(game.guesses))
    expected_dtype = np.dtype(game.rule.pattern_dtype(game.length))
    storage = _load(path, storage_shape, expected_dtype)
    if storage is None:
        built: PatternArray = build_values(game, progress).T  # secret-major, contiguous
        _save(path, built, game)
        storage = built
    return PatternMatrix(game, storage.T)


def _checksum(storage: PatternArray) -> str:
    """The checksum of the cells (see :data:`CHECKSUM`), read in place: a mapped file's pages,
    no copy. The threads share the chunks; CRC-32 lets go of the interpreter's lock."""
    cells = storage.view(np.uint8).reshape(-1).data
    chunks = [cells[at : at + CHECKSUM_CHUNK] for at in range(0, len(cells), CHECKSUM_CHUNK)]
    pool = ThreadPoolExecutor(max(1, min(usable_cores(), len(chunks))))
    try:
        sums = list(pool.map(zlib.crc32, chunks))
    finally:  # on Ctrl-C, the chunks not yet begun are dropped
        pool.shutdown(cancel_futures=True)
    return "".join(f"{crc:08x}" for crc in sums)


def _save(path: Path, storage: PatternArray, game: Game) -> None:
    """Write the secret-major cells with a header that lets a reader verify them (and says,
    for ``wordsolver cache info``, which game and lists they are of)."""
    header = {
        "format": FORMAT_VERSION,
        "shape": list(storage.shape),
        "dtype": storage.dtype.str,
        CHECKSUM: _checksum(storage),
        "game": game.name,
        "lists": game.lists,
    }

    def write(file: BinaryIO) -> None:
        file.write(json.dumps(header).encode() + b"\n")
        file.write(storage.view(np.uint8).data)

    write_cache_entry(path, write)


def read_header(path: Path) -> tuple[dict[str, Any], int] | None:
    """A cache file's header and where its cells start, or None when it has none (or is no
    regular file: a pipe in its place is passed over, never waited on)."""
    try:
        with open_regular(path, limit=None) as file:
            header = json.loads(file.readline(4096))
            return (header, file.tell()) if isinstance(header, dict) else None
    except (UserFileError, OSError, ValueError):
        return None


def _load(
    path: Path,
    shape: tuple[int, int],
    dtype: np.dtype[np.unsignedinteger],
) -> PatternArray | None:
    """The cached secret-major cells, or None when missing, stale or damaged.

    The file is mapped, not read: pages are loaded as the cells are used and shared with every
    process that maps it, and nothing is copied (the mapping is copy-on-write, so the array is
    writable like a built one, and compiled kernels see one kind of array).
    """
    size = shape[0] * shape[1] * dtype.itemsize
    try:
        with open_regular(path, limit=None) as file:
            header = json.loads(file.readline(4096))
            offset = file.tell()
            if (
                not isinstance(header, dict)
                or os.fstat(file.fileno()).st_size != offset + size
                or header.get("format") != FORMAT_VERSION
                or header.get("shape") != list(shape)
                or header.get("dtype") != dtype.str
            ):
                return None
            mapped = np.memmap(file, dtype=dtype, mode="c", offset=offset, shape=shape)
    except (UserFileError, OSError, ValueError):
        return None
    storage: PatternArray = mapped.view(np.ndarray)
    if _checksum(storage) != header.get(CHECKSUM):
        return None
    return storage

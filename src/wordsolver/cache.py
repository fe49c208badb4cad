"""The on-disk cache: where it lives and how files are written so they are never half-written.

Cache entries are keyed by the caller (game, word-list hash, format version); a reader must verify
what it loads and rebuild on any mismatch, so a damaged or stale file costs time, never a wrong
answer. ``WORDSOLVER_CACHE_DIR`` overrides the location (tests point it at a temporary folder).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

import platformdirs


def cache_dir() -> Path:
    """The folder for cached matrices and indexes (created on first use)."""
    override = os.environ.get("WORDSOLVER_CACHE_DIR")
    folder = Path(override) if override else Path(platformdirs.user_cache_dir("wordsolver"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _umask() -> int:
    """The process umask (reading it means setting it, so it is put straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextmanager
def atomic_writer(path: Path) -> Iterator[BinaryIO]:
    """A binary file that appears at ``path`` only once it is completely written and synced."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            yield file
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o666 & ~_umask())  # as open() would have made it, not 0600
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write a file so readers see either the old content or the new, never a part of it."""
    with atomic_writer(path) as file:
        file.write(data)

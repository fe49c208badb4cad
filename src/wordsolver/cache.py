"""The on-disk cache: where it lives, and how entries are written so they are never half-written.

Cache entries are keyed by the caller (game, word-list hash, format version); a reader must verify
what it loads and rebuild on any mismatch, so a damaged or stale file costs time, never a wrong
answer. ``WORDSOLVER_CACHE_DIR`` overrides the location (tests point it at a temporary folder).

A cache is an aid, never a requirement: when the folder cannot be used (read-only, a file in its
place, a full disk) the work is done without it, and a :class:`CacheUnavailableWarning` says so
once per problem.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

import platformdirs

from wordsolver.digests import sha256_hex
from wordsolver.errors import WordsolverError
from wordsolver.files import atomic_writer
from wordsolver.sealed import seal, unseal


class CacheUnavailableWarning(UserWarning):
    """The cache folder or a cache file cannot be used; work goes on without it."""


@cache
def _warn_once(message: str) -> None:
    warnings.warn(message, CacheUnavailableWarning, stacklevel=3)


def cache_dir() -> Path | None:
    """The folder for cached matrices and indexes (created on first use), or None when it
    cannot be used."""
    override = os.environ.get("WORDSOLVER_CACHE_DIR")
    folder = Path(override) if override else Path(platformdirs.user_cache_dir("wordsolver"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        _warn_once(f"cannot use the cache folder {folder} ({error.strerror}): running without it")
        return None
    if not os.access(folder, os.W_OK | os.X_OK):
        _warn_once(f"the cache folder {folder} is not writable: running without it")
        return None
    return folder


def cache_path(name: str) -> Path | None:
    """Where the cache entry ``name`` lives, or None when there is no usable cache."""
    folder = cache_dir()
    return None if folder is None else folder / name


def write_cache_entry(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Write one entry atomically; a failure (a folder in its place, a full disk) costs the
    entry, with a warning, never the command."""
    try:
        with atomic_writer(path) as file:
            write(file)
    except OSError as error:
        _warn_once(f"cannot write the cache file {path} ({error.strerror}): running without it")


def sealed_name(kind: str, identity: str) -> str:
    """The file name of the sealed entry of this kind (a key of :data:`ENTRY_KINDS`) whose
    contents depend on ``identity`` (a text naming everything they depend on)."""
    return f"{kind}-{sha256_hex(identity.encode())[:24]}.json"


def read_sealed(kind: str, identity: str) -> dict[str, Any] | None:
    """What :func:`write_sealed` kept for this identity, or None when it is missing, damaged,
    changed or made for another identity (the caller then works it out again)."""
    path = cache_path(sealed_name(kind, identity))
    if path is None:
        return None
    try:
        kept = unseal(json.loads(path.read_text(encoding="utf-8")))  # None if changed
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(kept, dict) or kept.get("identity") != identity:
        return None
    return kept


def write_sealed(kind: str, identity: str, payload: dict[str, Any]) -> None:
    """Keep ``payload`` (JSON values) for this identity, sealed with a checksum and written
    atomically; no cache, no harm."""
    path = cache_path(sealed_name(kind, identity))
    if path is not None:
        document = json.dumps(seal({"identity": identity, **payload})).encode()
        write_cache_entry(path, lambda file: file.write(document))


#: What each kind of cache entry holds, by the prefix of its file name.
ENTRY_KINDS = {
    "matrix": "pattern table (every guess against every secret)",
    "anagram": "letter index of a dictionary (hand solving)",
    "needed": "guesses a player needs per secret (picking secrets by difficulty)",
    "openers": "exact best pairs ranked for the web page (kept once searched)",
}


@dataclass(frozen=True, slots=True)
class CacheEntry:
    """One finished cache file: its kind (a key of :data:`ENTRY_KINDS`), size and age."""

    path: Path
    kind: str
    size: int
    modified: float


def cache_entries() -> list[CacheEntry]:
    """The finished entries of the cache, largest first (files being written, and files the
    cache did not make, are left out)."""
    folder = cache_dir()
    if folder is None:
        return []
    entries = []
    for path in folder.iterdir():
        kind = path.name.split("-", 1)[0]
        if kind not in ENTRY_KINDS or path.name.startswith("."):
            continue
        try:
            stat = path.stat()
        except OSError:
            continue  # removed meanwhile
        if path.is_file():
            entries.append(CacheEntry(path, kind, stat.st_size, stat.st_mtime))
    return sorted(entries, key=lambda entry: (-entry.size, entry.path.name))


def remove_entries(entries: Iterable[CacheEntry]) -> int:
    """Delete the entries; the bytes freed. A process that has an entry mapped keeps reading
    its copy; the next run rebuilds it."""
    freed = 0
    for entry in entries:
        try:
            entry.path.unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            raise WordsolverError(f"cannot remove {entry.path} ({error.strerror})") from None
        freed += entry.size
    return freed

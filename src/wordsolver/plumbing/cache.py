"""The on-disk cache: where it lives, and how entries are written so they are never half-written.

Cache entries are keyed by the caller (game, word-list hash, format version); a reader must verify
what it loads and rebuild on any mismatch, so a damaged or stale file costs time, never a wrong
answer. ``WORDSOLVER_CACHE_DIR`` overrides the location (tests point it at a temporary folder).

A cache is an aid, never a requirement: when the folder cannot be used (read-only, a file in its
place, a full disk) the work is done without it, and a :class:`CacheUnavailableWarning` says so
once per problem.

The folder may hold files of the user's own. Every entry the cache writes is recorded in its
manifest (:data:`MANIFEST`: name, size and time of each write), and ``wordsolver cache clear``
deletes only a file the manifest names with that very size and time, or, for entries written
before there was a manifest, one whose name and contents are the cache's own (a table's header,
a sealed document's checksum, an index's arrays).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import warnings
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

import platformdirs

from wordsolver.errors import WordsolverError
from wordsolver.plumbing.digests import sha256_hex
from wordsolver.plumbing.files import (
    UserFileError,
    atomic_write_bytes,
    atomic_writer,
    open_regular,
    read_user_bytes,
)
from wordsolver.plumbing.sealed import seal, unseal


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
    """Write one entry atomically and record it in the manifest; a failure (a folder in its
    place, a full disk) costs the entry, with a warning, never the command."""
    try:
        with atomic_writer(path) as file:
            write(file)
        _record(path)
    except OSError as error:
        _warn_once(f"cannot write the cache file {path} ({error.strerror}): running without it")


#: The cache's record of what it wrote: a line per entry written, ``name<TAB>size<TAB>time`` (the
#: time in nanoseconds), appended in one write so that processes writing at once never mix lines.
MANIFEST = "manifest.tsv"
#: Largest manifest read (a line takes some 60 bytes).
_MANIFEST_LIMIT = 16 * 1024 * 1024


def _record(path: Path) -> None:
    """Append the entry just written at ``path`` to its folder's manifest."""
    info = path.stat()
    line = f"{path.name}\t{info.st_size}\t{info.st_mtime_ns}\n".encode()
    descriptor = os.open(path.parent / MANIFEST, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    try:
        os.write(descriptor, line)
    finally:
        os.close(descriptor)


def _recorded(folder: Path) -> dict[str, tuple[int, int]]:
    """Each entry the manifest names: the size and time of its last write."""
    try:
        text = read_user_bytes(folder / MANIFEST, _MANIFEST_LIMIT).decode("utf-8", "replace")
    except UserFileError:
        return {}
    recorded = {}
    for line in text.splitlines():
        fields = line.split("\t")
        if len(fields) == 3 and fields[1].isdecimal() and fields[2].isdecimal():
            recorded[fields[0]] = (int(fields[1]), int(fields[2]))
    return recorded


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
        kept = unseal(json.loads(read_user_bytes(path)))  # None if changed
    except (UserFileError, ValueError, RecursionError):
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
    "boards": "a first turn's guesses to finish several boards (under a prior)",
    "first-turn": "every first guess's split of every word (a game played under a prior)",
}
#: The names the cache gives each kind of entry.
_NAMES = {
    "matrix": re.compile(r"matrix-[0-9a-f]{24}\.bin"),
    "anagram": re.compile(r"anagram-\w+-[0-9a-f]{16}-v\d+\.npz"),
    "needed": re.compile(r"needed-[0-9a-f]{24}\.json"),
    "openers": re.compile(r"openers-[0-9a-f]{24}\.json"),
    "boards": re.compile(r"boards-[0-9a-f]{24}\.json"),
    "first-turn": re.compile(r"first-turn-[0-9a-f]{24}\.bin"),
}


@dataclass(frozen=True, slots=True)
class CacheEntry:
    """One finished cache file: its kind (a key of :data:`ENTRY_KINDS`), size and age."""

    path: Path
    kind: str
    size: int
    modified: float


def cache_entries() -> list[CacheEntry]:
    """The finished entries of the cache, largest first: the files it wrote itself (see the
    module's text), not files being written, not files of the user's own."""
    folder = cache_dir()
    if folder is None:
        return []
    recorded = _recorded(folder)
    entries = []
    for path in folder.iterdir():
        kind = next((kind for kind, name in _NAMES.items() if name.fullmatch(path.name)), None)
        if kind is None:
            continue
        try:
            info = path.lstat()
        except OSError:
            continue  # removed meanwhile
        if not stat.S_ISREG(info.st_mode):
            continue
        written = recorded.get(path.name) == (info.st_size, info.st_mtime_ns)
        if written or _holds_its_own(path, kind):
            entries.append(CacheEntry(path, kind, info.st_size, info.st_mtime))
    return sorted(entries, key=lambda entry: (-entry.size, entry.path.name))


def _holds_its_own(path: Path, kind: str) -> bool:
    """Whether a file the manifest does not name (an entry of an older version) holds what the
    cache writes there: a table's header, a sealed document, an index's arrays."""
    try:
        if kind in ("matrix", "first-turn"):
            with open_regular(path, limit=None) as file:
                header = json.loads(file.readline(4096))
            held = {"format", "shape", "dtype"} if kind == "matrix" else {"format", "guesses"}
            return isinstance(header, dict) and held <= set(header)
        if kind == "anagram":
            with open_regular(path, limit=None) as file, zipfile.ZipFile(file) as archive:
                return {"header.npy", "counts.npy"} <= set(archive.namelist())
        return unseal(json.loads(read_user_bytes(path))) is not None
    except (UserFileError, OSError, ValueError, RecursionError, zipfile.BadZipFile):
        return False


def remove_entries(entries: Iterable[CacheEntry]) -> int:
    """Delete the entries (and their lines of the manifest); the bytes freed. A process that
    has an entry mapped keeps reading its copy; the next run rebuilds it."""
    freed = 0
    removed = []
    for entry in entries:
        try:
            entry.path.unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            raise WordsolverError(f"cannot remove {entry.path} ({error.strerror})") from None
        freed += entry.size
        removed.append(entry.path)
    for folder in {path.parent for path in removed}:
        _forget(folder, {path.name for path in removed if path.parent == folder})
    return freed


def _forget(folder: Path, names: set[str]) -> None:
    """Rewrite the manifest without ``names`` and without entries no longer there."""
    kept = {
        name: written
        for name, written in _recorded(folder).items()
        if name not in names and (folder / name).exists()
    }
    lines = "".join(f"{name}\t{size}\t{time}\n" for name, (size, time) in kept.items())
    with contextlib.suppress(OSError):  # else a stale line names a file that is gone: harmless
        atomic_write_bytes(folder / MANIFEST, lines.encode())

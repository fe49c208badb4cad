"""Files the user names or the program keeps: written so nothing is ever half-written or
clobbered, read so nothing hangs or overflows.

- :func:`atomic_writer` writes a file the program owns (caches, saves, results): a temporary file
  beside it, synced, then renamed over it, so readers see the old content or the new. A crash
  leaves a temporary file named after its process; the next save of the same file removes those
  whose process is gone.
- :func:`write_output` writes where the user said (``-o PATH``): atomically when that is a regular
  file or a new one, through a symbolic link to its target, straight into a device or a pipe
  (``/dev/stdout``), and never over a folder.
- :func:`open_regular` opens every file the program reads (word lists, trees, saves, caches,
  results, images): a regular file (a pipe or ``/dev/zero`` would block or never end) of a
  bounded size; :func:`read_user_bytes` and :func:`read_user_text` read one whole.
- :func:`parse_json` reads JSON that may be hostile (nested 200,000 deep, 5,000-digit numbers).
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

from wordsolver.errors import WordsolverError
from wordsolver.plumbing.stopping import unfinished

#: Largest file the user may hand over as a word list or a saved tree (bytes).
MAX_USER_FILE = 256 * 1024 * 1024


class UserFileError(WordsolverError):
    """A file the user named cannot be read or written as asked."""


def _umask() -> int:
    """The process umask (reading it means setting it, so it is put straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _remove_stale_temporaries(path: Path) -> None:
    """Delete temporary files of earlier writes of ``path`` whose process no longer runs."""
    for leftover in path.parent.glob(f".{path.name}.*.tmp"):
        pid_text = leftover.name[len(path.name) + 2 :].split(".", 1)[0]
        if not pid_text.isdecimal() or int(pid_text) == os.getpid():
            continue
        try:
            os.kill(int(pid_text), 0)
        except ProcessLookupError:
            leftover.unlink(missing_ok=True)
        except OSError:  # alive, but another user's: leave it
            continue


@contextmanager
def atomic_writer(path: Path) -> Iterator[BinaryIO]:
    """A binary file that appears at ``path`` only once it is completely written and synced."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_temporaries(path)
    handle, temporary = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp"
    )
    with unfinished(Path(temporary)):
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


def check_output(path: Path) -> tuple[Path, int | None]:
    """Where :func:`write_output` would write for ``path`` (a link's target) and that target's
    file mode (None: a new file); UserFileError when nothing can be written there. Call it
    before long work, so a mistyped ``-o`` fails at once."""
    target = path.resolve() if path.is_symlink() else path
    try:
        mode: int | None = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise UserFileError(f"{path}: cannot write ({error.strerror})") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise UserFileError(f"{path} is a folder: give a file name")
    folder = target.parent
    if mode is None and not folder.is_dir():
        raise UserFileError(f"{path}: there is no folder {str(folder)!r}")
    if (mode is None or stat.S_ISREG(mode)) and not os.access(folder, os.W_OK | os.X_OK):
        raise UserFileError(f"{path}: the folder {str(folder)!r} is not writable")
    return target, mode


def write_output(path: Path, data: bytes) -> None:
    """Write ``data`` where the user asked, without ever replacing what stands there by
    something else: a regular (or new) file atomically, a link's target through the link, a
    device or a pipe directly. UserFileError, in one line, when it cannot be done."""
    target, mode = check_output(path)
    try:
        if mode is None or stat.S_ISREG(mode):
            atomic_write_bytes(target, data)
        else:
            with target.open("wb") as device:
                device.write(data)
    except OSError as error:
        raise UserFileError(f"{path}: cannot write ({error.strerror})") from None


def output_folder(path: Path) -> Path:
    """A folder for the files a command writes (``--out DIR``), created if needed."""
    if path.exists() and not path.is_dir():
        raise UserFileError(f"{path} is a file, not a folder: give a folder for the output")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UserFileError(f"{path}: cannot make the folder ({error.strerror})") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise UserFileError(f"{path}: the folder is not writable")
    return path


def open_regular(path: Path, limit: int | None = MAX_USER_FILE) -> BinaryIO:
    """``path`` opened for reading, when it is a regular file of at most ``limit`` bytes (None:
    any size): the one door through which the program reads a file, the user's or its own.

    A pipe, a device or a socket is refused, since reading it could block forever (a pipe no
    one writes to) or never end (``/dev/zero``): the path is opened without waiting for a
    writer, and the open file itself is checked, so nothing swapped in after a check is read.
    UserFileError, in one line, for anything else than such a file.
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        if error.errno == errno.ENXIO:  # a socket
            raise UserFileError(_NOT_REGULAR.format(path=path)) from None
        raise UserFileError(f"{path}: cannot read ({error.strerror})") from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise UserFileError(f"{path} is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise UserFileError(_NOT_REGULAR.format(path=path))
        if limit is not None and info.st_size > limit:
            raise UserFileError(f"{path} is {info.st_size:,} bytes; at most {limit:,} are read")
        os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


_NOT_REGULAR = "{path} is not a regular file (a pipe or a device): give a file"


def read_user_bytes(path: Path, limit: int = MAX_USER_FILE) -> bytes:
    """The content of a regular file of at most ``limit`` bytes; UserFileError otherwise."""
    with open_regular(path, limit) as file:
        try:
            size = os.fstat(file.fileno()).st_size
            # Asked for the size it has, a read takes a buffer of that size, not of the limit.
            data = file.read(size + 1)
            if len(data) > size:  # it grows while being read
                data += file.read(limit + 1 - len(data))
        except OSError as error:
            raise UserFileError(f"{path}: cannot read ({error.strerror})") from None
    if len(data) > limit:
        raise UserFileError(f"{path} grew past {limit:,} bytes while being read")
    return data


def read_user_text(path: Path, limit: int = MAX_USER_FILE) -> str:
    """The UTF-8 text (a byte-order mark allowed) of a file the user gave; one-line errors."""
    data = read_user_bytes(path, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UserFileError(f"{path}: not UTF-8 text ({error.reason})") from None


def parse_json(text: str | bytes) -> Any:
    """JSON values, or ValueError (one line) for text that is not JSON, nests too deeply for the
    parser, or holds a number too long to convert."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None

"""Work done once however many server processes want it: a lock file beside the cache.

``serve --workers N`` runs N processes that share the cache folder. A table or a ranking is built
by the first process that takes its lock; the others wait for the lock, then find the result the
first one saved in the cache. The system releases a lock whose process died, so a crashed
builder never blocks the others. A lock file that cannot be one (a folder, a pipe or a device put
in its place) is done without: the work may then be done twice, never wrongly, since every
result is written atomically.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from wordsolver.plumbing.cache import cache_dir


@contextlib.contextmanager
def exclusive(name: str, waiting: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the lock ``name`` (a file name) while the block runs; ``waiting()`` is called when
    another process holds it, before waiting for it. Without a cache folder there is nothing to
    share, and no lock."""
    folder = cache_dir()
    if folder is None:
        yield
        return
    locks = Path(folder) / "locks"
    locks.mkdir(exist_ok=True)
    descriptor = _open_lock(locks / f"{name}.lock")
    if descriptor is None:
        yield
        return
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if waiting is not None:
                waiting()
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)


def _open_lock(path: Path) -> int | None:
    """A descriptor of the lock file (made if missing), or None when what lies there is no
    regular file (opened without blocking: a pipe would wait for a writer)."""
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC, 0o666)
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        return None
    return descriptor

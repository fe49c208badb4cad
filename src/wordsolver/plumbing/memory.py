"""How much memory a process may still take, so a table too large to hold is refused before it
is allocated (with its size named) instead of failing half-way or swapping the machine to death.

>>> free = memory_available()
>>> free is None or free > 0
True
"""

from __future__ import annotations

import os
import resource
from pathlib import Path

from wordsolver.errors import WordsolverError


class TooLargeError(WordsolverError):
    """A table would need more memory than the process can have."""


def memory_available() -> int | None:
    """Bytes this process can still allocate: the smaller of the machine's available memory
    and what its address-space limit (``ulimit -v``) leaves; None when neither is known."""
    limits = [value for value in (_machine_available(), _address_space_left()) if value is not None]
    return min(limits) if limits else None


def ensure_fits(what: str, size: int) -> None:
    """TooLargeError, naming ``what`` and both sizes, when ``size`` bytes cannot be held."""
    available = memory_available()
    if available is not None and size > available:
        raise TooLargeError(
            f"{what} needs {_amount(size)} of memory and only {_amount(available)} is available:"
            " use smaller word lists"
        )


def _amount(size: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size:,} bytes"


def _machine_available() -> int | None:
    """MemAvailable of /proc/meminfo (Linux), in bytes."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _address_space_left() -> int | None:
    """The soft RLIMIT_AS minus the address space in use, or None when unlimited."""
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return None
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return soft
    return max(0, soft - pages * os.sysconf("SC_PAGE_SIZE"))

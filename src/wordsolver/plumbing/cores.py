"""The cores this process may run on: how many threads the searches, splits and checksums
share their work between.

>>> usable_cores() >= 1
True
"""

from __future__ import annotations

import os


def usable_cores() -> int:
    """The cores this process may run on (its affinity, where the system tells it)."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)

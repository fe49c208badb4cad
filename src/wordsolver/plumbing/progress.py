"""How long work says how far it has come, named once.

A :data:`Progress` callback is told how many more units of the work are done (secrets settled,
sets searched, games played); a bar on a terminal or a job's status on the web page adds them
up against the total it announced.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

Progress = Callable[[int], None]


def shared_out(progress: Progress, shares: int) -> Progress:
    """``progress`` for work cut into ``shares`` equal parts that each count the same units
    (every first guess of a whole game tried on all its secrets): each unit told passes on as
    ``1 / shares`` of a unit, in whole units with the remainder carried, so the parts together
    fill the bar once and its time remaining follows the parts done. Safe to call from
    several threads."""
    told = passed = 0
    lock = threading.Lock()

    def tell(units: int) -> None:
        nonlocal told, passed
        with lock:
            told += units
            due = told // shares - passed
            passed += due
        if due:
            progress(due)

    return tell

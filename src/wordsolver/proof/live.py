"""The best total a whole-game proof has proven so far, shared with the tasks it runs.

A task is given the best total known when it starts (its cutoff); on a cluster that total
often falls while the task runs (another worker proves a better first guess). The driver sets
it in a Dask ``Variable`` each time it falls, and a running task reads it now and then
(:class:`SharedCutoff`, at most every :data:`READ_EVERY` seconds), so that a first guess the
new total refutes stops at once instead of searching on against the old one.
"""

from __future__ import annotations

import time
from typing import Any

#: How often a running task asks the scheduler at most (a round trip each time).
READ_EVERY = 0.5
#: How long a read may wait for the scheduler before the task keeps the value it has.
READ_SECONDS = 2.0


def variable_name(proof_key: str, run: str) -> str:
    """The Variable's name for one proof run (several proofs may share a cluster)."""
    return f"wordsolver-cutoff-{proof_key}-{run}"


class SharedCutoff:
    """The proof's best total as a task sees it: the Variable ``name``, read at most every
    :data:`READ_EVERY` seconds (None until read: the task's own cutoff stands)."""

    def __init__(self, name: str, cutoff: int) -> None:
        self.name = name
        self.value = cutoff
        self._variable: Any = None
        self._next_read = 0.0

    def __call__(self) -> int:
        now = time.monotonic()
        if now >= self._next_read:
            self._next_read = now + READ_EVERY
            self.value = min(self.value, self._read())
        return self.value

    def _read(self) -> int:
        from distributed import Variable  # a task of a Dask cluster: Dask is there

        try:
            if self._variable is None:
                self._variable = Variable(self.name)  # type: ignore[no-untyped-call]
            return int(self._variable.get(timeout=READ_SECONDS))
        except (TimeoutError, OSError, ValueError):
            return self.value  # the scheduler is slow or gone: keep what is known

"""Long work runs at a lower CPU priority than the server's answers.

The server answers on its event loop and its quick lane in milliseconds, while table builds,
large matrices, evaluations, exact searches and OCR run beside them for seconds. On a machine
with few cores that long work would take every core (numba's parallel kernels start a thread
per core, Tesseract its own), and an answer of milliseconds would wait its turn for a time slice.
Lowered, the long work takes what the answers leave, and loses nothing when they are idle.
"""

from __future__ import annotations

import contextlib
import os
import sys

#: How much lower long work runs (a nice value added: 10 gets about a tenth of a core's share
#: against work at the server's own priority).
BACKGROUND_NICENESS = 10


def lower_this_process() -> None:
    """Lower the CPU priority of this process (a child that runs long work) and of everything
    it starts."""
    with contextlib.suppress(OSError):
        os.nice(BACKGROUND_NICENESS)


def lower_this_thread() -> None:
    """Lower the CPU priority of the calling thread and of the threads and processes it starts
    afterwards (numba's threads for its parallel kernels among them). Only Linux gives each
    thread a priority of its own; elsewhere the thread keeps the server's."""
    if sys.platform.startswith("linux"):
        lower_this_process()  # on Linux, nice() sets the calling thread's priority only

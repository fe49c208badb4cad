"""A Dask worker plugin for the local cluster a proof starts: its workers ignore Ctrl-C.

Ctrl-C reaches every process of the terminal's process group, the local cluster's worker
processes too; the proof stops them itself (:meth:`wordsolver.proof.runners.DaskRunner.close`),
so they need not print their own tracebacks. Imported only where Dask is installed.
"""

from __future__ import annotations

import signal

from distributed import Worker, WorkerPlugin


class IgnoreInterrupts(WorkerPlugin):
    """Each worker process ignores SIGINT from its start."""

    name = "wordsolver-ignore-interrupts"

    def setup(self, worker: Worker) -> None:
        """Runs in each worker process, on its main thread (the one signals go to)."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)

"""Where the first guesses of a proof are evaluated: in this process, or on a Dask cluster.

A runner pulls tasks ``(guess, cutoff)`` one at a time from the proof as it has room for them
(so each task gets the best cutoff known when it starts) and yields the outcomes as they
finish. :class:`DaskRunner` keeps a few tasks per worker thread in flight on a local cluster of
worker processes it starts, or on an existing cluster; a worker that dies mid-task has its
task run again elsewhere (Dask's own retry of lost tasks).

Dask is optional (``pip install 'wordsolver[cluster]'``): :func:`dask_available` says whether
it is installed.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import logging
import os
import queue
import signal
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Protocol

from wordsolver.errors import WordsolverError
from wordsolver.proof.live import variable_name
from wordsolver.proof.prover import (
    Outcome,
    ProofSpec,
    bound_first_guesses,
    evaluate_first_guess,
    evaluate_part,
    prover_for,
)
from wordsolver.search import INFEASIBLE, SearchInterrupted, SearchLimit

#: How long connecting to a scheduler may take before it is called unreachable.
CONNECT_SECONDS = 3.0
#: Tasks kept in flight per worker thread (one running, one waiting with its cutoff).
TASKS_PER_THREAD = 2


@dataclass(frozen=True, slots=True)
class Task:
    """Evaluate ``guess`` played first: exactly if its total is at most ``cutoff`` (without
    ``search``: its bounds alone, :meth:`~wordsolver.proof.prover.FirstGuessProver.evaluate`);
    or, with ``pattern`` given, one part of it (its bucket of that pattern, by the ``second``
    guess, -1: the whole bucket), exactly if that part's total is at most ``cutoff``."""

    guess: int
    cutoff: int
    pattern: int = -1
    second: int = -1
    search: bool = True
    #: More first guesses bounded by the same task (bounds only, the same cutoff).
    more: tuple[int, ...] = ()

    @property
    def whole(self) -> bool:
        """Whether the task is a first guess whole (not one part of it)."""
        return self.pattern < 0

    def call(
        self, shared: str | None = None
    ) -> tuple[Callable[..., Outcome | list[Outcome]], tuple[Any, ...]]:
        """The worker's function for the task and its arguments after the spec (``shared``:
        the Dask Variable of the proof's best total, for a first guess whole)."""
        if self.more:
            return bound_first_guesses, ((self.guess, *self.more), self.cutoff)
        if self.whole:
            return evaluate_first_guess, (self.guess, self.cutoff, self.search, shared)
        return evaluate_part, (self.guess, self.pattern, self.second, self.cutoff)


#: The proof's next task, or None when it has none to give until an outcome comes in.
NextTask = Callable[[], Task | None]
#: The proof's best total so far (the K-th best exact total; a task's cutoff may be lower: a
#: search for a total near its guess's bound), for the running tasks to prune by.
BestSoFar = Callable[[], int]


class SchedulerError(WordsolverError):
    """A Dask scheduler cannot be reached, or the address is not one."""


class WorkerError(WordsolverError):
    """The cluster's workers kept dying on a task."""


class Runner(Protocol):
    """Evaluates tasks somewhere and yields their outcomes as they finish."""

    #: Where the cluster's dashboard is served, when there is one.
    dashboard: str | None

    def run(
        self,
        spec: ProofSpec,
        next_task: NextTask,
        stop_at: float | None = None,
        best_so_far: BestSoFar = lambda: INFEASIBLE,
    ) -> Iterator[Outcome]:
        """Run tasks from ``next_task`` until it has none and none is left running, or
        (``stop_at``, in :func:`time.monotonic` seconds) until that time; the tasks running
        may prune by ``best_so_far`` as it falls."""
        ...

    def close(self) -> None:
        """Stop what the runner started."""
        ...


class InProcessRunner:
    """Every task in this process, one after another. A task running at the proof's stop time
    is finished first, so that a proof resumed again and again progresses however long its
    tasks; with ``strict`` it is stopped there and dropped (a caller bound by a deadline: a
    suggestion's time limit)."""

    dashboard: str | None = None

    def __init__(self, *, strict: bool = False) -> None:
        self.strict = strict

    def run(
        self,
        spec: ProofSpec,
        next_task: NextTask,
        stop_at: float | None = None,
        best_so_far: BestSoFar = lambda: INFEASIBLE,
    ) -> Iterator[Outcome]:
        """Each task in turn, until ``stop_at`` (see the class)."""
        while (task := next_task()) is not None:
            function, arguments = task.call()
            try:
                with self._stopping(spec, stop_at):
                    result = function(spec, *arguments)
            except SearchInterrupted:  # stopped at stop_at: the task is dropped
                return
            yield from _outcomes(result)

    @contextlib.contextmanager
    def _stopping(self, spec: ProofSpec, stop_at: float | None) -> Iterator[None]:
        """With ``strict``, the prover's search stops at ``stop_at`` while a task runs (it
        keeps only what it finished: the values it proved, bounds for the rest)."""
        if not self.strict or stop_at is None:
            yield
            return
        search = prover_for(spec).search
        kept = search.limit
        left = max(stop_at - time.monotonic(), 1e-3)
        search.limit = SearchLimit(left, kept.nodes, kept.beam)
        search.start_clock()
        try:
            yield
        finally:
            search.limit = kept
            search.start_clock()

    def close(self) -> None:
        """Nothing to stop."""


def dask_available() -> bool:
    """Whether Dask's distributed scheduler is installed."""
    return importlib.util.find_spec("distributed") is not None


class DaskRunner:
    """Tasks on a Dask cluster: a local one of ``workers`` processes (one thread each), or the
    cluster whose scheduler is at ``scheduler``."""

    def __init__(self, *, workers: int | None = None, scheduler: str | None = None) -> None:
        self._dask: Any = importlib.import_module("distributed")
        self._cluster: Any = None
        if scheduler is None:
            self._cluster = self._dask.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0" if _has_dashboard() else None,
                silence_logs=logging.ERROR,
            )
            self._client: Any = self._dask.Client(self._cluster, set_as_default=False)
            # Ctrl-C reaches the workers too (one process group): the proof stops them itself.
            from wordsolver.proof.quiet_workers import IgnoreInterrupts

            self._client.register_plugin(IgnoreInterrupts())
        else:
            self._client = _connect(self._dask, scheduler)
        self.dashboard: str | None = self._dashboard_link()
        self._spec: Any = None
        #: Whether the last run was interrupted (Ctrl-C): the local cluster is then killed.
        self._interrupted = False

    def _dashboard_link(self) -> str | None:
        if self._cluster is None:
            services = self._client.scheduler_info().get("services", {})
            return None if "dashboard" not in services else str(self._client.dashboard_link)
        return str(self._client.dashboard_link) if _has_dashboard() else None

    @property
    def client(self) -> Any:
        """The Dask client (for tests and callers that watch the workers)."""
        return self._client

    def threads(self) -> int:
        """Worker threads the cluster has now."""
        counts: dict[str, int] = self._client.nthreads()
        return max(1, sum(counts.values()))

    def run(
        self,
        spec: ProofSpec,
        next_task: NextTask,
        stop_at: float | None = None,
        best_so_far: BestSoFar = lambda: INFEASIBLE,
    ) -> Iterator[Outcome]:
        """Tasks on the cluster, a few per worker thread in flight; the ones still running at
        ``stop_at`` (or when the caller stops reading) are cancelled."""
        # One kernel thread per task: the cluster's threads are the parallelism. The spec goes
        # with every task rather than scattered once: scattered data lost with a killed worker
        # cannot be recovered, and every task needing it would be cancelled, not retried.
        shared = replace(spec, threads=1)
        running: set[Any] = set()
        finished: queue.Queue[Any] = queue.Queue()
        best = _SharedBest(self._dask, self._client, variable_name(spec.key, uuid.uuid4().hex))
        try:
            while True:
                while len(running) < TASKS_PER_THREAD * self.threads():
                    task = next_task()
                    if task is None:
                        break
                    function, arguments = task.call(best.name if task.whole else None)
                    future = self._client.submit(function, shared, *arguments, pure=False)
                    future.add_done_callback(finished.put)
                    running.add(future)
                if not running:
                    return
                left = None if stop_at is None else stop_at - time.monotonic()
                if left is not None and left <= 0:
                    return
                try:
                    future = finished.get(timeout=left)
                except queue.Empty:
                    return
                running.discard(future)
                yield from _outcomes(self._result(future))
                best.lower_to(best_so_far())  # the caller has taken the outcomes in
        except KeyboardInterrupt:
            self._interrupted = True
            raise
        finally:
            for future in running:
                future.cancel()

    def _result(self, future: Any) -> Outcome | list[Outcome]:
        try:
            outcome: Outcome | list[Outcome] = future.result()
        except self._dask.KilledWorker:
            raise WorkerError(
                "a first guess was lost with every worker that ran it (out of memory?)"
            ) from None
        return outcome

    def close(self) -> None:
        """Close the client, and the local cluster: at once after Ctrl-C (its worker
        processes killed mid-task: everything they finished is in the results file)."""
        if self._interrupted and self._cluster is not None:
            # The client's and nannies' complaints about the connections cut are expected.
            logging.getLogger("distributed").setLevel(logging.CRITICAL)
            for nanny in list(self._cluster.workers.values()):
                process = getattr(nanny, "process", None)
                pid = getattr(process, "pid", None)
                if pid is not None:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()


def _outcomes(result: Outcome | list[Outcome]) -> list[Outcome]:
    """A task's outcomes (a task bounding several first guesses has one for each)."""
    return result if isinstance(result, list) else [result]


class _SharedBest:
    """The proof's best total in a Dask Variable (:mod:`.live`), set when it falls. It is
    left on the scheduler when the run ends (one number): a task cancelled mid-run may still
    read it, and a Variable deleted under a reader makes the scheduler log an error."""

    def __init__(self, dask: Any, client: Any, name: str) -> None:
        self.name = name
        self._variable = dask.Variable(name, client=client)
        self._value = INFEASIBLE
        self._variable.set(INFEASIBLE)

    def lower_to(self, cutoff: int) -> None:
        if cutoff < self._value:
            self._value = cutoff
            self._variable.set(cutoff)


def _has_dashboard() -> bool:
    return importlib.util.find_spec("bokeh") is not None


def _connect(dask: Any, address: str) -> Any:
    """A client of the scheduler at ``address``, or one line saying why there is none: the
    scheduler must answer a greeting within :data:`CONNECT_SECONDS` (a client alone would
    wait on a peer that accepts and never speaks)."""
    try:
        asyncio.run(asyncio.wait_for(_greet(dask, address), CONNECT_SECONDS))
    except (OSError, TimeoutError) as error:
        reason = f" ({error})" if str(error) else ""
        raise SchedulerError(
            f"no Dask scheduler answers at {address} within {CONNECT_SECONDS:g} s{reason}"
        ) from None
    except (ValueError, TypeError) as error:
        raise SchedulerError(
            f"{address!r} is not a scheduler address (e.g. tcp://host:8786): {error}"
        ) from None
    return dask.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)


async def _greet(dask: Any, address: str) -> None:
    """Ask the scheduler at ``address`` who it is; OSError when what answers is not one."""
    comm = await dask.comm.connect(address, timeout=CONNECT_SECONDS)
    try:
        await comm.write({"op": "identity", "reply": True})
        reply = await comm.read()
    finally:
        comm.abort()
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise OSError(f"what answers at {address} is not a Dask scheduler")

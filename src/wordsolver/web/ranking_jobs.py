"""The exact best pairs, ranked once per game, list set and ranking in the background, then kept.

Searching every pair of a large game takes longer than one request may (Wordle's pairs: about
half a minute of CPU, more on a busy machine). So a pairs request starts the search as a job in
a child process of its own, with a far longer limit than a request's, that reports its progress
to a file; the request waits for the job up to the time limit and answers with the ranking if it
is done, else 202 with how far the job has got, and the page asks again until it is done. One
job runs at a time; a request for a ranking already under way joins its job.

The finished ranking (the best :data:`KEPT` openers; a smaller ``top`` is its head) is kept in
the user cache, as the pattern tables are: sealed, keyed by the table's key, the number of words,
the ranking and the search space, so later requests, after a restart too, answer at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import tempfile
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import matrix_key
from wordsolver.plumbing.cache import read_sealed, sealed_name, write_sealed
from wordsolver.plumbing.files import UserFileError, read_user_bytes
from wordsolver.web.lanes import LaneBusy
from wordsolver.web.limits import Deadline
from wordsolver.web.locks import exclusive
from wordsolver.web.models import MAX_TOP
from wordsolver.web.processes import ProcessWorker

#: Openers kept of every ranking: the most a request may ask for.
KEPT = MAX_TOP
#: Bump when the kept rankings change meaning; old files are then searched again.
RANKING_FORMAT = 1
#: A job may run this many times the request time limit before it is stopped.
JOB_FACTOR = 20
#: Rankings waiting for the one being searched, at most; more is "the server is busy".
MAX_WAITING = 4
#: Seconds between two looks at a job a request waits for.
POLL_SECONDS = 0.05


def ranking_identity(game: str, lists: str | None, words: int, by: str, any_words: bool) -> str:
    """What a kept ranking depends on: the game's table, the words, the ranking, the space."""
    chosen = find_game(game, GameOverrides(lists=lists))
    return json.dumps([RANKING_FORMAT, matrix_key(chosen), words, by, any_words, KEPT])


def kept_ranking(identity: str, kind: str = "openers") -> dict[str, Any] | None:
    """The ranking (or another job's answer: ``kind``) kept in the cache for this identity, or
    None (missing, stale or damaged)."""
    kept = read_sealed(kind, identity)
    answer = None if kept is None else kept.get("answer")
    return dict(answer) if isinstance(answer, dict) else None


def keep_ranking(identity: str, answer: dict[str, Any], kind: str = "openers") -> None:
    """Keep a finished ranking (or another job's answer) in the cache (written atomically; no
    cache, no harm)."""
    write_sealed(kind, identity, {"answer": answer})


class Search(Protocol):
    """A ranking's search, run in the job's child: ``search(deadline, progress)`` gives the
    answer (picklable, as the child is another process)."""

    def __call__(self, deadline: Deadline, progress: ProgressFile) -> dict[str, Any]: ...


class ProgressFile:
    """Work done of a job's total, written by the job's process and read by the server's."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.done = 0
        self.total: int | None = None

    def start(self, total: int) -> None:
        """The job knows its total work."""
        self.total = total
        self._write()

    def advance(self, units: int) -> None:
        """Units of work finished (a progress callback of the library)."""
        self.done += units
        self._write()

    def read(self) -> tuple[int, int | None]:
        """(done, total) as last written; (0, None) before the job has started."""
        try:
            done, total = json.loads(read_user_bytes(self.path, 4096))
            return int(done), None if total is None else int(total)
        except (UserFileError, ValueError, TypeError):
            return 0, None

    def _write(self) -> None:
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps([self.done, self.total]), encoding="utf-8")
        temporary.replace(self.path)


@dataclass
class RankingJob:
    """One ranking being searched (or waiting for its turn)."""

    future: Future[dict[str, Any]]
    progress: ProgressFile
    queued_at: float
    kind: str = "openers"
    searching: str = "every pair"  # what the search tries, as its 202 says it
    started_at: float | None = None
    in_another_process: bool = False

    def elsewhere(self) -> None:
        """Another server process searches it: this one waits, then reads what it kept."""
        self.in_another_process = True

    def status(self) -> dict[str, Any]:
        """How far the job has got, as the 202 answer says it."""
        done, total = self.progress.read()
        if self.started_at is None:
            waited = time.monotonic() - self.queued_at
            message = "waiting for another search to finish"
            return {
                "status": "waiting",
                "message": message,
                "done": 0,
                "total": None,
                "seconds": round(waited, 1),
            }
        seconds = time.monotonic() - self.started_at
        share = "" if not total else f" ({100 * done / total:.0f}% done)"
        what = self.searching
        where = " (in another server process)" if self.in_another_process else ""
        noun = "ranking" if self.kind == "openers" else "answer"
        message = f"searching {what}{where}{share}; each {noun} is searched once and then kept"
        return {
            "status": "running",
            "message": message,
            "done": done,
            "total": total,
            "seconds": round(seconds, 1),
        }


class RankingJobs:
    """The server's ranking jobs: one searched at a time in its own child process."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._jobs: dict[str, RankingJob] = {}
        self._lock = threading.Lock()
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="wordsolver-rankings")
        self._worker = ProcessWorker("rankings")
        self._folder: Path | None = None  # the progress files' (made for the first job)

    async def answer(
        self,
        identity: str,
        search: Search,
        patience: float,
        kind: str = "openers",
        searching: str = "every pair",
    ) -> tuple[dict[str, Any], bool]:
        """The ranking and True when it is done within ``patience`` seconds, else the job's
        status and False. ``search(deadline, progress)`` searches the ranking in a child; the
        answer is kept in the cache under ``kind``; ``searching`` says what it tries."""
        kept = kept_ranking(identity, kind)
        if kept is not None:
            return {**kept, "kept": True}, True
        job = self._job(identity, search, kind, searching)
        waited_until = time.monotonic() + patience
        while not job.future.done():  # polled: no callback into a loop that may be gone
            if time.monotonic() >= waited_until:
                return job.status(), False
            await asyncio.sleep(POLL_SECONDS)
        try:
            answer = job.future.result()
        except Exception:  # the job failed: told once, and the next request searches again
            with self._lock:
                if self._jobs.get(identity) is job:
                    del self._jobs[identity]
            raise
        return answer, True

    def _job(self, identity: str, search: Search, kind: str, searching: str) -> RankingJob:
        with self._lock:
            job = self._jobs.get(identity)
            if job is not None:
                return job
            if len(self._jobs) > MAX_WAITING:
                raise LaneBusy(
                    f"the server is searching {len(self._jobs)} rankings of pairs already;"
                    " try again shortly"
                )
            if self._folder is None:
                self._folder = Path(tempfile.mkdtemp(prefix="wordsolver-rankings-"))
            progress = ProgressFile(self._folder / sealed_name(kind, identity))
            future: Future[dict[str, Any]] = Future()
            job = RankingJob(future, progress, time.monotonic(), kind, searching)
            self._jobs[identity] = job
        self._executor.submit(self._run, identity, job, search)
        return job

    def _run(self, identity: str, job: RankingJob, search: Search) -> None:
        job.started_at = time.monotonic()
        try:
            # One server process searches it; another that wants it waits, then finds it kept.
            with exclusive(sealed_name(job.kind, identity), job.elsewhere):
                kept = kept_ranking(identity, job.kind)
                if kept is None:
                    call = partial(search, progress=job.progress)
                    answer = {**self._worker.call(call, Deadline.after(self.seconds))}
                    keep_ranking(identity, answer, job.kind)
                    answer["kept"] = False
                else:
                    answer = {**kept, "kept": True}
        except Exception as error:  # kept for the next request to be told (see answer)
            job.future.set_exception(error)
            return
        with self._lock:
            self._jobs.pop(identity, None)
        job.future.set_result(answer)

    def close(self) -> None:
        """Drop waiting jobs, stop the one running, remove the progress files."""
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._worker.close()
        if self._folder is not None:
            with contextlib.suppress(OSError):
                shutil.rmtree(self._folder)

"""The lanes: long calls run in child processes killed at the deadline, queues are bounded, and
a cheap request never waits behind a long one."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.hostile.cases_fallout import blank_png
from wordsolver.errors import TimeLimitError, WordsolverError
from wordsolver.web import WebSettings, create_app, service
from wordsolver.web.lanes import LaneBusy, Lanes, LaneSettings, ProcessLane
from wordsolver.web.limits import Deadline, TimeLimitExceeded
from wordsolver.web.models import ScreenRequest
from wordsolver.web.priority import BACKGROUND_NICENESS

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")


def _sleep(seconds: float, deadline: Deadline) -> str:
    """A call that ignores its deadline, as an uninterruptible library call would."""
    time.sleep(seconds)
    return "woke"


def _start_grandchild_then_hang(marker: str, deadline: Deadline) -> None:
    subprocess.Popen(["sleep", marker])
    time.sleep(60)


def _stuck_tesseract(command: str, image: bytes, deadline: Deadline) -> object:
    import pytesseract

    pytesseract.pytesseract.tesseract_cmd = command
    return service.screen_image(image, None, deadline)


def _running(marker: str) -> list[int]:
    """Processes, anywhere, whose command line holds ``marker`` and that are not zombies."""
    found = []
    for folder in Path("/proc").glob("[0-9]*"):
        try:
            command = (folder / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (folder / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker in command and state != "Z" and int(folder.name) != os.getpid():
            found.append(int(folder.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _started_lane(seconds: float) -> Iterator[ProcessLane]:
    started = ProcessLane("search", seconds, workers=1, max_waiting=1)
    started.warm()  # a cold start must not eat the time limit
    yield started
    started.close()


@pytest.fixture
def lane() -> Iterator[ProcessLane]:
    """A lane with a short time limit, for the tests of the limit."""
    yield from _started_lane(0.5)


@pytest.fixture
def roomy_lane() -> Iterator[ProcessLane]:
    """A lane whose time limit no call here comes near, even on a busy machine: for the tests
    of anything but the limit."""
    yield from _started_lane(30)


def test_a_call_past_its_deadline_is_killed_and_its_worker_freed(lane: ProcessLane) -> None:
    [first] = lane.pids  # started by warm(): no call of the test's own spends the short limit
    start = time.monotonic()
    with pytest.raises(TimeLimitExceeded, match=r"time limit of 0\.5 s"):
        asyncio.run(lane.run(partial(_sleep, 30)))
    assert time.monotonic() - start < 3
    assert not _alive(first), "the child that ran past the deadline is killed"
    lane.warm()  # the freed worker takes a fresh child (serving is timed by the roomy tests)
    [second] = lane.pids
    assert second != first and _alive(second)


def test_what_the_child_started_is_killed_with_it(lane: ProcessLane) -> None:
    marker = f"{time.time() % 1000 + 1000:.6f}"
    with pytest.raises(TimeLimitExceeded):
        asyncio.run(lane.run(partial(_start_grandchild_then_hang, marker)))
    time.sleep(0.2)
    assert _running(marker) == []


def test_errors_come_back_from_the_child(roomy_lane: ProcessLane) -> None:
    with pytest.raises(WordsolverError, match="no letters on the screen"):
        asyncio.run(
            roomy_lane.run(
                partial(service.screen_text, ScreenRequest(text="0xF4A0 !!!!", length=None))
            )
        )


def test_a_full_lane_refuses_at_once(roomy_lane: ProcessLane) -> None:
    answered: list[tuple[float, object]] = []

    async def timed() -> None:
        try:
            outcome: object = await roomy_lane.run(partial(_sleep, 0.3))
        except LaneBusy as busy:
            outcome = busy
        answered.append((time.monotonic(), outcome))

    async def three() -> None:
        await asyncio.gather(*(timed() for _ in range(3)))

    asyncio.run(three())
    busy = [outcome for _, outcome in answered if isinstance(outcome, LaneBusy)]
    assert len(busy) == 1, answered  # one runs, one waits, the third is told at once
    assert "busy with 2 other search requests" in str(busy[0])
    assert isinstance(answered[0][1], LaneBusy), "refused before either call finished"


def test_stuck_tesseract_is_killed_at_the_deadline(tmp_path: Path) -> None:
    marker = f"{time.time() % 1000 + 2000:.6f}"
    stuck = tmp_path / "tesseract"
    stuck.write_text(f"#!/bin/sh\nexec sleep {marker}\n")
    stuck.chmod(0o755)
    ocr = ProcessLane("ocr", 1.0, workers=1, max_waiting=1)
    ocr.warm()
    try:
        call = partial(_stuck_tesseract, str(stuck), blank_png(300, 200))
        # Stopped by the child (Tesseract's timeout) or, failing that, by the lane's kill.
        with pytest.raises((TimeLimitError, TimeLimitExceeded)):
            asyncio.run(ocr.run(call))
    finally:
        ocr.close()
    time.sleep(0.2)
    assert _running(marker) == []


def test_cheap_requests_do_not_wait_behind_an_exact_search() -> None:
    # Both tables loaded first: today's first turn is counted once, longer than the time limit
    # on a busy machine when this test runs first.
    service.builtin_matrix("wordle", None, None)
    service.builtin_matrix("wordle", None, "uniform")
    with TestClient(create_app(WebSettings(time_limit=6))) as client:
        suggest = {"game": "wordle", "strategy": "entropy", "top": 3}
        assert client.post("/api/suggest", json=suggest).status_code == 200
        # The exact search over the original answers runs to the time limit (under the prior
        # over every accepted word it cannot start: the first turn's cells are not held).
        long = {"game": "wordle", "prior": "uniform", "strategy": "optimal"}
        uniform = {**suggest, "prior": "uniform"}
        assert client.post("/api/suggest", json=uniform).status_code == 200
        answers: list[int] = []
        evaluation = threading.Thread(
            target=lambda: answers.append(client.post("/api/evaluate", json=long).status_code)
        )
        evaluation.start()
        time.sleep(1.5)  # the search is running in its lane by now
        start = time.monotonic()
        suggested = client.post("/api/suggest", json=suggest)
        hand = client.post("/api/hand", json={"letters": "retains"})
        waited = time.monotonic() - start
        still_running = evaluation.is_alive()
        evaluation.join()
    assert suggested.status_code == 200 and hand.status_code == 200
    assert still_running, "the search must still run while the cheap requests are answered"
    assert waited < 3, f"a suggestion and a hand waited {waited:.1f} s behind an exact search"
    assert answers == [503]


def test_loading_a_matrix_does_not_hold_up_quick_requests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first suggestion of a game loads its matrix (Tonguess 4: 10 to 15 s) on its own lane."""
    with TestClient(create_app(WebSettings(time_limit=20))) as client:
        wordle = {"game": "wordle", "top": 3}
        service.builtin_matrix("wordle", None, None)  # loaded (its first turn counted once)
        assert client.post("/api/suggest", json=wordle).status_code == 200
        hand = {"letters": "retains"}
        assert client.post("/api/hand", json=hand).status_code == 200  # its index loaded too
        real = service.pattern_matrix  # type: ignore[attr-defined]  # the name it calls

        def slow(*args: object, **kwargs: object) -> object:
            time.sleep(3)
            return real(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(service, "pattern_matrix", slow)
        not_loaded = ("tonguess3", "game", "uniform")
        monkeypatch.delitem(service._MATRICES, not_loaded, raising=False)
        first: list[int] = []
        loading = threading.Thread(
            target=lambda: first.append(
                client.post("/api/suggest", json={"game": "tonguess3", "top": 3}).status_code
            )
        )
        loading.start()
        time.sleep(0.5)
        start = time.monotonic()
        assert client.post("/api/suggest", json=wordle).status_code == 200
        assert client.post("/api/hand", json=hand).status_code == 200
        waited = time.monotonic() - start
        still_loading = loading.is_alive()
        loading.join()
    assert still_loading and first == [200]
    assert waited < 2, f"quick requests waited {waited:.1f} s behind a matrix being loaded"


def _niceness(_: Deadline) -> int:
    """The calling thread's nice value (on Linux each thread has its own)."""
    return os.getpriority(os.PRIO_PROCESS, 0)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads' own priorities")
def test_long_work_runs_below_the_server_s_answers() -> None:
    """Evaluations, OCR and large matrices run niced, so an answer of milliseconds does not wait
    for a time slice behind them; the quick lane keeps the server's priority."""
    own = os.getpriority(os.PRIO_PROCESS, 0)
    lanes = Lanes.start(30, LaneSettings())
    try:
        quick, large, search = (
            asyncio.run(lane.run(_niceness)) for lane in (lanes.quick, lanes.large, lanes.search)
        )
    finally:
        lanes.close()
    assert quick == own
    assert large == search == min(19, own + BACKGROUND_NICENESS)

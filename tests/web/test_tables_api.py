"""Tables prepared in the background: a request that needs one not loaded yet answers 202 with
its progress until it is ready, and ``GET /api/tables`` says what is prepared."""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import make_client
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import matrix_key
from wordsolver.plumbing.cache import cache_dir
from wordsolver.web import WebSettings, service

#: Seconds a test waits for a small table on a busy machine.
PATIENCE = 180.0
KEY = ("mastermind", "generated", "uniform")
WAIT = {"Prefer": "wait=1"}


def _until_ready(client: TestClient, address: str) -> list[int]:
    statuses = []
    stop = time.monotonic() + PATIENCE
    while time.monotonic() < stop:
        response = client.get(address, headers={"Prefer": "wait=0.2"})
        statuses.append(response.status_code)
        if response.status_code != 202:
            return statuses
        body = response.json()
        assert body["status"] in {"preparing", "waiting"} and "table" in body["message"]
        assert response.headers["retry-after"] == "1"
        assert response.headers["cache-control"] == "no-store"
    raise AssertionError(f"the table was not ready in {PATIENCE:g} s")


def test_a_table_not_loaded_answers_202_with_progress_then_the_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(service._MATRICES, KEY, raising=False)
    with make_client(WebSettings()) as client:
        first = client.post(
            "/api/suggest", json={"game": "mastermind", "top": 1}, headers={"Prefer": "wait=0"}
        )
        assert first.status_code == 202 and first.json()["seconds"] >= 0
        statuses = _until_ready(client, "/api/suggest?game=mastermind&top=1")
        assert statuses[-1] == 200
        assert service.is_loaded(KEY)


def test_without_prefer_a_request_waits_for_its_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(service._MATRICES, KEY, raising=False)
    with make_client(WebSettings(time_limit=PATIENCE)) as client:
        response = client.post("/api/suggest", json={"game": "mastermind", "top": 1})
    assert response.status_code == 200 and response.json()["suggestions"]


def test_tables_prepared_at_start_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(service._MATRICES, KEY, raising=False)
    with make_client(WebSettings(prepare=(KEY,))) as client:
        stop = time.monotonic() + PATIENCE
        while time.monotonic() < stop:
            (row,) = client.get("/api/tables").json()["tables"]
            assert row["game"] == "mastermind" and row["lists"] == "generated"
            if row["state"] == "ready":
                break
            assert row["state"] in {"preparing", "waiting", "cold"}
            time.sleep(0.2)
        assert row["state"] == "ready"
        # The search lane's child is started (and warmed) at start too, not by a first request.
        search = client.app.state.lanes.search  # type: ignore[attr-defined]
        while not search.pids and time.monotonic() < stop:
            time.sleep(0.1)
        assert search.pids


def test_an_unknown_game_is_refused_not_prepared(client: TestClient) -> None:
    response = client.post("/api/suggest", json={"game": "nosuch"}, headers={"Prefer": "wait=0"})
    assert response.status_code == 400 and response.json()["detail"].startswith("unknown game")


def test_a_table_another_process_builds_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(service._MATRICES, KEY, raising=False)
    game = find_game(*KEY[:1], GameOverrides(lists=KEY[1]))
    with held(f"matrix-{matrix_key(game)}"), make_client(WebSettings()) as client:
        response = client.post("/api/suggest", json={"game": "mastermind"}, headers=WAIT)
        assert response.status_code == 202
        assert "by another server process" in response.json()["message"]
        assert not service.is_loaded(KEY)
    # The other process is done (its lock released): this one loads the table.
    with make_client(WebSettings(time_limit=PATIENCE)) as client:
        assert client.post("/api/suggest", json={"game": "mastermind"}).status_code == 200


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_a_lock_file_that_is_no_file_is_done_without(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pipe or a folder where a lock file should be neither blocks nor fails the table: it
    is built without the lock (the result is written atomically all the same)."""
    monkeypatch.delitem(service._MATRICES, KEY, raising=False)
    game = find_game(*KEY[:1], GameOverrides(lists=KEY[1]))
    folder = cache_dir()
    assert folder is not None
    lock = folder / "locks" / f"matrix-{matrix_key(game)}.lock"
    lock.parent.mkdir(exist_ok=True)
    lock.unlink(missing_ok=True)
    if kind == "pipe":
        os.mkfifo(lock)
    else:
        lock.mkdir()
    with make_client(WebSettings(time_limit=PATIENCE)) as client:
        assert client.post("/api/suggest", json={"game": "mastermind"}).status_code == 200


@contextlib.contextmanager
def held(name: str) -> Iterator[None]:
    """The lock file of ``name`` held as another server process would hold it."""
    folder = cache_dir()
    assert folder is not None
    (folder / "locks").mkdir(exist_ok=True)
    with open(folder / "locks" / f"{name}.lock", "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)

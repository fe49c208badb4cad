"""Files written where the user says without clobbering anything, and read without hanging."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordsolver.plumbing.files import (
    UserFileError,
    atomic_write_bytes,
    output_folder,
    parse_json,
    read_user_bytes,
    write_output,
)


def test_a_new_or_regular_file_is_written_whole(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    write_output(path, b"one")
    write_output(path, b"two")
    assert path.read_bytes() == b"two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_a_link_is_written_through_not_replaced(tmp_path: Path) -> None:
    target, link = tmp_path / "target.json", tmp_path / "link.json"
    target.write_bytes(b"old")
    link.symlink_to(target)
    write_output(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"


def test_a_device_is_written_into_not_replaced() -> None:
    write_output(Path("/dev/null"), b"anything")
    assert Path("/dev/null").is_char_device()
    with pytest.raises(UserFileError, match="No space left"):
        write_output(Path("/dev/full"), b"x")
    assert Path("/dev/full").is_char_device()


def test_folders_are_refused(tmp_path: Path) -> None:
    with pytest.raises(UserFileError, match="is a folder"):
        write_output(tmp_path, b"x")
    with pytest.raises(UserFileError, match="there is no folder"):
        write_output(tmp_path / "missing" / "x.json", b"x")
    (tmp_path / "file").write_text("mine")
    with pytest.raises(UserFileError, match="is a file, not a folder"):
        output_folder(tmp_path / "file")
    assert (tmp_path / "file").read_text() == "mine"


def test_temporary_files_of_dead_writers_are_cleaned_on_the_next_save(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    stale = tmp_path / f".results.json.{dead.stdout.strip()}.abc.tmp"
    alive = tmp_path / f".results.json.{os.getppid()}.abc.tmp"  # a process that still runs
    stale.write_text("half")
    alive.write_text("being written")
    atomic_write_bytes(path, b"whole")
    assert not stale.exists() and alive.exists() and path.read_bytes() == b"whole"


def test_only_regular_files_of_bounded_size_are_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    for path in (tmp_path / "pipe", Path("/dev/zero")):
        with pytest.raises(UserFileError, match="not a regular file"):
            read_user_bytes(path)
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 1000)
    with pytest.raises(UserFileError, match="at most 100"):
        read_user_bytes(big, limit=100)
    assert read_user_bytes(big) == b"x" * 1000


def test_hostile_json_is_a_value_error() -> None:
    for text in ("[" * 200_000, '{"n": ' + "9" * 5000 + "}", "{bad"):
        with pytest.raises(ValueError):
            parse_json(text)
    assert parse_json('{"n": [1, 2]}') == {"n": [1, 2]}

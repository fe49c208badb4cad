"""``main(argv, env)``: a run prints to the consoles it is given, and leaves the process as it
found it (the consoles, how warnings are shown)."""

from __future__ import annotations

import io
import json
import warnings
from pathlib import Path

import pytest
from rich.console import Console

from wordsolver.cli import base
from wordsolver.cli.app import main
from wordsolver.cli.base import Environment, ExitCode


def _environment() -> tuple[Environment, io.StringIO, io.StringIO]:
    out, err = io.StringIO(), io.StringIO()
    env = Environment(Console(file=out, soft_wrap=True), Console(file=err, soft_wrap=True))
    return env, out, err


def test_a_run_prints_to_the_consoles_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    env, out, err = _environment()
    assert main(["games", "--json"], env) == ExitCode.OK
    assert "wordle" in {game["name"] for game in json.loads(out.getvalue())}
    assert main(["suggest", "wordel"], env) == ExitCode.USAGE
    assert err.getvalue().startswith("error: unknown game 'wordel' (did you mean wordle?)")
    assert capsys.readouterr() == ("", "")  # nothing on the process's own streams
    assert base.environment() is base.STANDARD


def test_a_warning_is_one_line_on_the_run_and_how_they_show_is_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("WORDSOLVER_CACHE_DIR", str(blocker))
    env, out, err = _environment()
    before = warnings.showwarning
    args = ["suggest", "wordle", "--words", "crane,slate,trace", "--top", "1"]
    assert main(args, env) == ExitCode.OK
    assert err.getvalue().startswith(f"warning: cannot use the cache folder {blocker}")
    assert "3 possible" in out.getvalue()
    assert warnings.showwarning is before

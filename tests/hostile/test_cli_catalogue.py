"""Every row of the bad-input catalogue gets one clear error line and exit code 2, in-process."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.hostile.catalogue import BadInput, all_cases
from wordsolver.cli.app import main

CASES = all_cases()


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_bad_input_gets_one_error_line(
    case: BadInput,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name, value in case.env.items():
        monkeypatch.setenv(name, value.replace("{tmp}", str(tmp_path)))
    monkeypatch.setattr("sys.stdin", io.StringIO(case.stdin))
    code = main(case.argv(tmp_path))
    captured = capsys.readouterr()
    errors = [line for line in captured.err.splitlines() if line.startswith("error:")]
    assert code == case.code, captured.err
    assert "Traceback" not in captured.err + captured.out
    if case.error is None:
        assert errors == [], captured.err
        return
    assert len(errors) == 1, captured.err
    assert case.error in errors[0]
    assert len(errors[0]) <= 300, "error lines are capped"

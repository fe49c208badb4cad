"""Commands that compute no feedback start without loading the compiled kernels (numba takes
most of a second to import)."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import sys
from wordsolver.cli.app import main
sys.argv = ["wordsolver", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print("numba loaded:", "numba" in sys.modules)
"""


@pytest.mark.parametrize(
    "args",
    [["games"], ["--help"], ["check", "obama"], ["check", "--game", "wordle", "crane"],
     ["suggest", "--help"]],
)  # fmt: skip
def test_command_starts_without_numba(args: list[str]) -> None:
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip().endswith("numba loaded: False"), run.stdout[-300:]


def test_probe_sees_numba_when_a_command_needs_it() -> None:
    run = subprocess.run(
        [sys.executable, "-c", PROBE, "hand", "retains"], capture_output=True, text=True
    )
    assert run.stdout.strip().endswith("numba loaded: True"), run.stdout[-300:]

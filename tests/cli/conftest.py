"""Run the CLI in-process and capture what a user would see.

The fixtures the commands' tests share with the tests of their subjects stay in the subjects'
conftest files and are imported here; pytest looks up a fixture's own fixtures from the test
that asks, so those come along too (``small_matrix`` needs ``small_game`` and the lists)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.anagram.conftest import TINY_WORDS
from tests.anagram.conftest import birdigo_path as birdigo_path
from tests.fallout.conftest import words_alpha as words_alpha
from tests.study.conftest import russian_lists as russian_lists
from tests.study.conftest import small_game as small_game
from tests.study.conftest import small_lists as small_lists
from tests.study.conftest import small_matrix as small_matrix
from tests.tree.conftest import skewed as skewed
from wordsolver.cli.app import main


@dataclass(frozen=True)
class Run:
    """Exit code and output of one command."""

    code: int
    out: str
    err: str


RunCli = Callable[..., Run]


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> RunCli:
    """Call ``wordsolver ARGS...`` in-process."""

    def run(*args: str) -> Run:
        code = main(list(args))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


@pytest.fixture
def tiny_file(tmp_path: Path) -> Path:
    """The tiny anagram list (:data:`tests.anagram.conftest.TINY_WORDS`) as a dictionary file."""
    path = tmp_path / "tiny.txt"
    path.write_text("\n".join(TINY_WORDS) + "\n", encoding="utf-8")
    return path

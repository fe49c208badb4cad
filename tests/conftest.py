"""Fixtures shared by all tests: a private cache folder and the reference word lists."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix

#: Reference lists published with public solvers, laid beside the project root.
SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Keep every test away from the user's cache (one folder for the whole run)."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORDSOLVER_CACHE_DIR", str(folder))
        yield folder


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The folder of reference word lists."""
    if not SHARED_DATA.is_dir():
        pytest.fail(f"reference word lists missing: {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(scope="session")
def original_wordle(shared_data: Path) -> Game:
    """Wordle with the original lists: 2,315 answers, 12,972 allowed guesses."""
    folder = shared_data / "wordle"
    return find_game(
        "wordle", GameOverrides(answers=folder / "answers.txt", allowed=folder / "allowed.txt")
    )


@pytest.fixture(scope="session")
def original_wordle_matrix(original_wordle: Game) -> PatternMatrix:
    """The pattern matrix of the original Wordle lists."""
    return pattern_matrix(original_wordle)

"""Fixtures of the study tests: small games, and the published Russian study's lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.study.russian_lists import write_study_lists
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix


@pytest.fixture(scope="session")
def russian_lists(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The 2066, 4109 and 6826 lists as files (2066, 4110 and 6827 words after folding ё)."""
    return write_study_lists(shared_data / "five-letters", tmp_path_factory.mktemp("ru-lists"))


@pytest.fixture(scope="session")
def small_lists(
    russian_lists: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    """Every 8th answer and every 4th allowed word of the study lists: a quick 5bukv game."""
    out = tmp_path_factory.mktemp("small")
    answers = russian_lists["2066"].read_text("utf-8").split()[::8]
    allowed = russian_lists["4109"].read_text("utf-8").split()[::4]
    files = {"answers": out / "answers.txt", "allowed": out / "allowed.txt"}
    files["answers"].write_text("\n".join(answers), "utf-8")
    files["allowed"].write_text("\n".join(allowed), "utf-8")
    return files


@pytest.fixture(scope="session")
def small_game(small_lists: dict[str, Path]) -> Game:
    return find_game(
        "5bukv", GameOverrides(answers=small_lists["answers"], allowed=small_lists["allowed"])
    )


@pytest.fixture(scope="session")
def small_matrix(small_game: Game) -> PatternMatrix:
    return pattern_matrix(small_game)

"""Fixtures of the tree tests: small games whose optimum a plain exhaustive search can find."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import run_cli  # noqa: F401 (the fixture, shared with the CLI tests)
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import DecisionTree, grow_tree, save_tree

#: Nine Fallout words (3 letters): small enough to check by hand, deep enough for three levels.
NINE = ("cat", "car", "bat", "bar", "cot", "rat", "rot", "tar", "tot")
NINE_OPTION = ",".join(NINE)


@pytest.fixture(scope="session")
def nine() -> PatternMatrix:
    """The pattern matrix of the nine-word Fallout terminal."""
    return pattern_matrix(find_game("fallout", GameOverrides(words=NINE)))


@pytest.fixture(scope="session")
def nine_entropy(nine: PatternMatrix) -> DecisionTree:
    """The entropy strategy's tree of the nine words."""
    return grow_tree(Player(nine, find_strategy("entropy"), PlayOptions()))


@pytest.fixture
def nine_file(nine_entropy: DecisionTree, tmp_path: Path) -> Path:
    """The entropy tree of the nine words, saved in a fresh file."""
    path = tmp_path / "nine.tree.json"
    save_tree(nine_entropy, path)
    return path

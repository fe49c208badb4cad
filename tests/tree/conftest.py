"""Fixtures of the tree tests: small games whose optimum a plain exhaustive search can find, and
secret weights for them."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import DecisionTree, grow_tree, save_tree

#: Nine Fallout words (3 letters): small enough to check by hand, deep enough for three levels.
NINE = ("cat", "car", "bat", "bar", "cot", "rat", "rot", "tar", "tot")
NINE_OPTION = ",".join(NINE)
#: Weights of the nine secrets, skewed: tot is nearly certain.
SKEWED_WEIGHTS = {word: (500.0 if word == "tot" else float(i + 1)) for i, word in enumerate(NINE)}


def weights_file(tmp_path: Path, lines: list[str]) -> Path:
    """A weights file of these lines in ``tmp_path``."""
    path = tmp_path / "weights.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


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


@pytest.fixture
def skewed(tmp_path: Path) -> Path:
    """A weights file of :data:`SKEWED_WEIGHTS`: upper case, a comment and a word that is no
    secret."""
    lines = ["# word weight", *(f"{word.upper()}\t{w:g}" for word, w in SKEWED_WEIGHTS.items())]
    return weights_file(tmp_path, [*lines, "zzz 3  # not a secret: ignored"])

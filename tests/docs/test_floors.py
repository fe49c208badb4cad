"""The floor plan of the architecture page (``python -m scripts.floors``) sees every import."""

from __future__ import annotations

import ast
import doctest

import pytest
import scripts.floors
from scripts.floors import floors, imported, imports, modules

#: A file of the package ``wordsolver.games`` (``from ..`` reaches the package root).
GAMES = ["wordsolver", "games"]


@pytest.mark.parametrize(
    ("source", "package", "expected"),
    [
        ("import wordsolver", GAMES, ["__init__"]),
        ("import wordsolver as ws", GAMES, ["__init__"]),
        ("import wordsolver.errors", GAMES, ["errors"]),
        ("import numpy, wordsolver.lexicon.loading", GAMES, ["lexicon"]),
        ("from wordsolver import __version__", GAMES, ["__init__"]),
        ("from wordsolver import errors, game", GAMES, ["errors", "__init__"]),
        ("from wordsolver import *", GAMES, ["__init__"]),
        ("from wordsolver.games.game import Game", ["wordsolver"], ["games"]),
        ("from . import rule", GAMES, ["games"]),
        ("from .. import errors", GAMES, ["errors"]),
        ("from ..lexicon import Lexicon", GAMES, ["lexicon"]),
        ("from . import errors", ["wordsolver"], ["errors"]),
        ("from numpy import array", GAMES, []),
        ("x = 1", GAMES, []),
    ],
)
def test_every_form_of_import_is_seen(source: str, package: list[str], expected: list[str]) -> None:
    statement = ast.parse(source).body[0]
    assert imported(statement, package, {"errors", "games", "lexicon"}) == expected


def test_compiled_extensions_and_the_package_itself_are_modules() -> None:
    assert {"__init__", "__main__", "_partition_split", "games", "errors"} <= modules()


def test_the_package_is_read_as_it_imports() -> None:
    """``from wordsolver import partition_kernels`` and the compiled split are imports of
    ``partition``; only the command line imports the front door (the package itself)."""
    graph = imports()
    assert {"_partition_split", "partition_kernels"} <= graph["partition"]
    assert {module for module, below in graph.items() if "__init__" in below} == {"cli"}
    assert floors(graph)["__init__"] < floors(graph)["cli"]


def test_the_plumbing_stands_below_the_games() -> None:
    """The generic helpers import nothing of the package but its errors, so every floor above
    (the alphabets and word lists included) may use them."""
    graph = imports()
    assert graph["plumbing"] <= {"errors"}
    assert floors(graph)["plumbing"] < floors(graph)["lexicon"] < floors(graph)["games"]


def test_a_cycle_is_named() -> None:
    with pytest.raises(ValueError, match="import cycle: a -> b -> a"):
        floors({"a": {"b"}, "b": {"a"}})


def test_the_script_s_examples_hold() -> None:
    assert doctest.testmod(scripts.floors).failed == 0

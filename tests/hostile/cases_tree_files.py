"""Tree files whose claims are false: ``tree check`` must say which, ``tree walk`` blame the file.

Each row writes a sound tree (the entropy tree of a nine-word Fallout terminal, or of Wordle)
and then edits one claim of its JSON, as a damaged or doctored file would have it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.hostile.catalogue import ArgsBuilder, BadInput
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import grow_tree
from wordsolver.tree.storage import tree_document

NINE = ("cat", "car", "bat", "bar", "cot", "rat", "rot", "tar", "tot")
NINE_GAME = ["fallout", "--words", ",".join(NINE)]

Edit = Callable[[dict[str, Any]], None]


@functools.cache
def _document(game: str) -> str:
    """The entropy tree of the game as its file's JSON (built once per test process), under
    the uniform prior the tree commands play."""
    overrides = GameOverrides(words=NINE) if game == "fallout" else GameOverrides(prior="uniform")
    matrix = pattern_matrix(find_game(game, overrides))
    return json.dumps(
        tree_document(grow_tree(Player(matrix, find_strategy("entropy"), PlayOptions())))
    )


def _tree_file(game: str, edit: Edit, command: list[str]) -> ArgsBuilder:
    def build(scratch: Path) -> list[str]:
        document = json.loads(_document(game))
        edit(document)
        path = scratch / "doctored.tree.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        game_args = NINE_GAME if game == "fallout" else [game]
        # walk reads the game from the file and takes only the overrides.
        return ["tree", *command, str(path), *game_args[command == ["walk"] :]]

    return build


def _set(**fields: Any) -> Edit:
    return lambda document: document.update(fields)


def _set_option(**options: Any) -> Edit:
    return lambda document: document["options"].update(options)


def _delete_first_branch(document: dict[str, Any]) -> None:
    branches = document["tree"]["next"]
    del branches[min(branches)]


def _first_branch(game: str) -> str:
    branches: dict[str, object] = json.loads(_document(game))["tree"]["next"]
    return min(branches)


CHECK = ["check"]

CASES = [
    BadInput(
        "proven with a lower bound above the tree's total",
        _tree_file("fallout", _set(proven=True, lower_bound=1000), CHECK),
        "the lower bound 1000 is above the tree's own total",
    ),
    BadInput(
        "proven with no lower bound",
        _tree_file("fallout", _set(proven=True, lower_bound=None), CHECK),
        "the file says proven but records no lower bound",
    ),
    BadInput(
        "proven with a lower bound below the tree's total",
        _tree_file("fallout", _set(proven=True, lower_bound=9), CHECK),
        "says proven optimal, but its lower bound 9 is below the tree's total",
    ),
    BadInput(
        "a negative lower bound",
        _tree_file("fallout", _set(lower_bound=-5), CHECK),
        "the lower bound -5 is negative",
    ),
    BadInput(
        "a lower bound that is text",
        _tree_file("fallout", _set(lower_bound="20"), CHECK),
        "the lower bound must be a number or null, not '20'",
    ),
    BadInput(
        "a strategy that is a number",
        _tree_file("fallout", _set(strategy=42), CHECK),
        "the strategy must be a name, not 42",
    ),
    BadInput(
        "proven as text",
        _tree_file("fallout", _set(proven="yes"), CHECK),
        "proven must be true or false, not 'yes'",
    ),
    BadInput(
        "hard mode as text",
        _tree_file("fallout", _set_option(hard="true"), CHECK),
        "options.hard must be true or false",
    ),
    BadInput(
        "an opener the tree does not play",
        _tree_file("fallout", _set_option(openers=["tot"]), CHECK),
        "is played where opener 1 is due",
    ),
    BadInput(
        "hard mode claimed for a tree that breaks it",
        _tree_file("wordle", _set_option(hard=True), CHECK),
        "breaks the hard mode the file claims",
    ),
    BadInput(
        "candidates-only claimed for a tree that probes",
        _tree_file("wordle", _set_option(guess_from="candidates"), CHECK),
        "is not a candidate, though the file says guesses are",
    ),
    BadInput(
        "a deleted branch on tree check",
        _tree_file("fallout", _delete_first_branch, CHECK),
        "no guess follows",
    ),
    BadInput(
        "a deleted branch on tree walk blames the file",
        _tree_file("fallout", _delete_first_branch, ["walk"]),
        "the file is damaged",
        stdin=f"{_first_branch('fallout')}\n",
    ),
]

"""The tree file: versioned JSON that records the game, the word lists' hashes, the strategy and
its options, so a tree can never be walked with the wrong lists.

Layout (``format`` = ``wordsolver-tree``, ``version`` = 1)::

    {"format": "wordsolver-tree", "version": 1,
     "game": {"name", "lists", "rule", "length", "alphabet", "max_tries", "secrets": digest,
              "guesses": digest, "n_secrets", "n_guesses"},
     "strategy": name, "options": {...}, "proven": bool, "lower_bound": number | null,
     "weights": null | {"source": name, "values": {secret: weight, ...}},
     "tree": {"guess": word, "next": {feedback text: subtree, ...}}}

``weights`` records the secret weights a tree was optimised for (files without it are
unweighted). A tree of the user's own lists (``"lists": "custom"``) also records them, as
``"words": {"secrets": [...], "guesses": [...]}`` (the allowed guesses that are not secrets), so
the file opens without the lists it was built with; generated guess lists are not stored.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from wordsolver.errors import WordsolverError
from wordsolver.games import Game
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.files import UserFileError, parse_json, read_user_bytes, write_output
from wordsolver.tree.export import nested_data
from wordsolver.tree.node import DecisionTree, Node
from wordsolver.weights import SecretWeights

FORMAT = "wordsolver-tree"
#: What reading a damaged document can raise: wrong types and values, missing keys, nesting
#: deeper than the recursion allows.
_DAMAGE = (KeyError, TypeError, ValueError, AttributeError, RecursionError, WordsolverError)
VERSION = 1


class TreeFileError(WordsolverError):
    """A tree file is unreadable, damaged, or made for other rules or word lists."""


def game_identity(game: Game) -> dict[str, Any]:
    """What a tree file records about its game."""
    return {
        "name": game.name,
        "lists": game.lists,
        "rule": game.rule.name,
        "length": game.length,
        "alphabet": game.alphabet.letters,
        "max_tries": game.max_tries,
        "secrets": game.secrets.digest(),
        "guesses": game.guesses.digest(),
        "n_secrets": len(game.secrets),
        "n_guesses": len(game.guesses),
    }


def tree_document(tree: DecisionTree) -> dict[str, Any]:
    """The whole file content as plain data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game_identity(tree.matrix.game),
        "strategy": tree.strategy,
        "options": tree.options,
        "proven": tree.proven,
        "lower_bound": tree.lower_bound,
        "weights": _weights_data(tree),
        "words": own_words(tree.matrix.game),
        "tree": nested_data(tree),
    }


def own_words(game: Game) -> dict[str, list[str]] | None:
    """The user's own lists of a custom game, for the tree file (None for built-in lists and
    for generated guess lists, which the game's rules rebuild)."""
    if game.lists != "custom" or game.guesses.generated:
        return None
    secrets = set(game.secrets.words)
    return {
        "secrets": list(game.secrets.words),
        "guesses": [word for word in game.guesses.words if word not in secrets],
    }


def save_tree(tree: DecisionTree, path: Path) -> None:
    """Write the tree file where asked: atomically (never half-written), and never over a
    folder, a device or a link (see :func:`wordsolver.plumbing.files.write_output`)."""
    text = json.dumps(tree_document(tree), ensure_ascii=False, separators=(",", ":"))
    write_output(path, text.encode("utf-8") + b"\n")


def read_tree_document(path: Path) -> dict[str, Any]:
    """The raw document of a tree file, checked for format and version only."""
    try:
        data = read_user_bytes(path)
    except UserFileError as error:
        raise TreeFileError(str(error)) from None
    return parse_tree_document(data, str(path))


def parse_tree_document(data: bytes, name: str) -> dict[str, Any]:
    """The raw document of a tree file's content (``name`` says where it came from in
    messages), checked for format and version only."""
    try:
        document = parse_json(data)
    except (UnicodeDecodeError, ValueError) as error:
        raise TreeFileError(f"{name}: not a tree file (damaged JSON: {error})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise TreeFileError(f"{name}: not a wordsolver tree file")
    if not isinstance(document.get("game"), dict):
        raise TreeFileError(f"{name}: damaged tree (no game record)")
    if document.get("version") != VERSION:
        raise TreeFileError(
            f"{name}: tree format version {document.get('version')!r}; this wordsolver reads"
            f" version {VERSION}"
        )
    return document


def load_tree(path: Path, matrix: PatternMatrix) -> DecisionTree:
    """Read a tree for this game; refuses one made for other rules or word lists."""
    return tree_from_document(read_tree_document(path), matrix, str(path))


def tree_from_document(document: dict[str, Any], matrix: PatternMatrix, name: str) -> DecisionTree:
    """The tree a document holds, for this game; refuses one made for other rules or word
    lists (``name`` says where it came from in messages)."""
    expected = game_identity(matrix.game)
    recorded = document.get("game", {})
    labels = ("name", "lists")  # what the lists are called; their digests decide
    differences = [
        key for key in expected if key not in labels and recorded.get(key) != expected[key]
    ]
    if differences:
        built_for = f"{recorded.get('name', '?')!r} with its {recorded.get('lists', '?')} lists"
        raise TreeFileError(
            f"{name}: made for other game rules or word lists ({', '.join(differences)} differ);"
            f" it was built for {built_for}"
        )
    try:
        root = _node_from_data(document["tree"], matrix.game)
        return DecisionTree(
            matrix=matrix,
            root=root,
            strategy=str(document["strategy"]),
            options=dict(document.get("options", {})),
            proven=bool(document.get("proven", False)),
            lower_bound=document.get("lower_bound"),
            weights=_weights_from_data(document.get("weights"), matrix.game),
        )
    except _DAMAGE as error:
        raise TreeFileError(f"{name}: damaged tree ({error})") from None


def _node_from_data(data: dict[str, Any], game: Game) -> Node:
    node = Node(game.guess_row(data["guess"]))
    for edge, child in data.get("next", {}).items():
        node.children[game.parse_pattern(edge)] = _node_from_data(child, game)
    return node


def _weights_data(tree: DecisionTree) -> dict[str, Any] | None:
    if tree.weights is None:
        return None
    words = tree.matrix.game.secrets.words
    values = tree.weights.values.tolist()
    return {"source": tree.weights.source, "values": dict(zip(words, values, strict=True))}


def _weights_from_data(data: dict[str, Any] | None, game: Game) -> SecretWeights | None:
    if data is None:
        return None
    values = np.array([float(data["values"][word]) for word in game.secrets.words])
    if not (np.isfinite(values).all() and (values >= 0).all() and values.max() > 0):
        raise WordsolverError("weights must be numbers ≥ 0, not all zero")
    return SecretWeights(str(data["source"]), values)

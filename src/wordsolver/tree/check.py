"""Prove a tree is sound: every secret is reached and every edge is a feedback that can happen."""

from __future__ import annotations

import numpy as np

from wordsolver.errors import WordsolverError
from wordsolver.tree.node import DecisionTree, IdArray, Node, split


class TreeCheckError(WordsolverError):
    """A tree misses a secret or holds an edge that no secret can produce."""


def check_tree(tree: DecisionTree) -> None:
    """Raise TreeCheckError describing the first fault; silent when the tree is sound."""
    game = tree.matrix.game
    words = game.guesses.words
    stack: list[tuple[Node, IdArray, str]] = [
        (tree.root, np.arange(len(game.secrets), dtype=np.intp), "")
    ]
    while stack:
        node, candidates, path = stack.pop()
        here = f"{path}{words[node.guess]}"
        groups = dict(split(tree.matrix.values[node.guess, candidates], candidates))
        for pattern in node.children.keys() - groups.keys():
            raise TreeCheckError(f"after {here}, edge {game.format_pattern(pattern)} cannot happen")
        for pattern, members in groups.items():
            if pattern == game.win_pattern:
                if pattern in node.children:
                    raise TreeCheckError(f"after {here}, a guess follows the win")
                continue
            child = node.children.get(pattern)
            if child is None:
                missing = game.secrets.words[members[0]]
                raise TreeCheckError(
                    f"after {here} {game.format_pattern(pattern)}, no guess follows"
                    f" ({len(members)} secrets, e.g. {missing!r}, are never reached)"
                )
            stack.append((child, members, f"{here} {game.format_pattern(pattern)} → "))

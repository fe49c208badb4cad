"""The decision tree: node = guess, edge = feedback pattern -> child. Built once, walked many times.

A tree is tied to a :class:`~wordsolver.matrix.PatternMatrix` (its game and word lists); every
question about it (how many guesses each secret needs, the distribution) is answered by walking it
with the matrix.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from wordsolver.errors import WordsolverError
from wordsolver.matrix import PatternMatrix
from wordsolver.partition import split
from wordsolver.plumbing.arrays import IdArray
from wordsolver.weights import SecretWeights

__all__ = ["DecisionTree", "IdArray", "Node", "split"]


@dataclass(eq=False, slots=True)
class Node:
    """A guess and, for every feedback other than the win, the subtree played next."""

    guess: int  # row in game.guesses
    children: dict[int, Node] = field(default_factory=dict)

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first."""
        yield self
        for child in self.children.values():
            yield from child.walk()


@dataclass(eq=False)
class DecisionTree:
    """A whole strategy for one game, with what it was built from.

    ``lower_bound`` is a proven lower bound on the total guesses of any tree for these secrets
    (equal to the tree's own total when ``proven``); None when nothing was proven. A tree
    optimised for ``weights`` counts its total as the number of secrets times the expected
    number of guesses, and so does its bound.
    """

    matrix: PatternMatrix
    root: Node
    strategy: str
    options: dict[str, Any] = field(default_factory=dict)
    proven: bool = False
    lower_bound: float | None = None
    weights: SecretWeights | None = None

    def guesses_needed(self, secrets: IdArray | None = None) -> npt.NDArray[np.int64]:
        """Guesses each secret takes (all secrets, or those given); error if one is not reached."""
        chosen = np.arange(len(self.matrix.game.secrets)) if secrets is None else secrets
        return np.array([len(self.path(int(secret))) for secret in chosen], dtype=np.int64)

    def path(self, secret: int) -> list[int]:
        """The guesses (rows) the tree plays against ``secret``, the winning one last; error if
        the tree does not reach it."""
        game = self.matrix.game
        values = self.matrix.values
        node = self.root
        played = [node.guess]
        while (pattern := int(values[node.guess, secret])) != game.win_pattern:
            child = node.children.get(pattern)
            if child is None:
                raise WordsolverError(
                    f"the tree does not reach secret {game.secrets.words[secret]!r}"
                )
            node = child
            played.append(node.guess)
        return played

    def moves_against(self, word: str) -> list[tuple[str, str]]:
        """The guesses the tree plays against the secret ``word`` typed by a user, each with
        the feedback it earns, the winning one last; an error when the game never hides the
        word or the tree does not reach it.

        >>> from wordsolver.games import GameOverrides, find_game
        >>> from wordsolver.matrix import pattern_matrix
        >>> from wordsolver.tree.optimal import optimal_tree
        >>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat", "bar")))
        >>> tree = optimal_tree(pattern_matrix(game, use_cache=False)).tree
        >>> tree.moves_against("bar"), tree.moves_against("cat")
        ([('bar', '3')], [('bar', '1'), ('cat', '3')])
        """
        game = self.matrix.game
        secret = game.secret_id(word)
        if secret < 0:
            raise WordsolverError(f"{word!r} is never the secret of {game.name}", ("secret",))
        patterns = self.matrix.values[:, secret]
        return [
            (game.guesses.words[row], game.format_pattern(int(patterns[row])))
            for row in self.path(secret)
        ]

    @property
    def size(self) -> int:
        """Number of nodes (guesses) in the tree."""
        return sum(1 for _ in self.root.walk())

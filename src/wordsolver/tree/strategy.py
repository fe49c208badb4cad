"""Play from a saved tree: the strategy a tree was built with, answered by lookup (instant).

Each node of a tree stands for one set of candidates; a position whose candidates are such a set
gets the node's guess. A position the tree never reaches (someone played another guess) is
answered by a fallback strategy.
"""

from __future__ import annotations

import numpy as np

from wordsolver.partition import partition_stats
from wordsolver.plumbing.arrays import IdArray
from wordsolver.strategies.base import Position, RankedGuess, Strategy
from wordsolver.tree.node import DecisionTree, Node, split


class TreeStrategy(Strategy):
    """A saved decision tree as a strategy, with a fallback for positions off the tree."""

    name = "tree"
    description = "follow a saved decision tree (instant); off the tree, a fallback strategy"
    score_label = "bits"

    def __init__(self, tree: DecisionTree, fallback: Strategy) -> None:
        self.tree = tree
        self.fallback = fallback
        self.guess_for: dict[bytes, int] = {}
        self._index(tree.root, np.arange(len(tree.matrix.game.secrets), dtype=np.intp))

    def _index(self, node: Node, candidates: IdArray) -> None:
        self.guess_for[candidates.tobytes()] = node.guess
        patterns = self.tree.matrix.values[node.guess, candidates]
        for pattern, members in split(patterns, candidates):
            child = node.children.get(pattern)
            if child is not None:
                self._index(child, members)

    def on_tree(self, position: Position) -> bool:
        """Whether the position's candidates are a node of the tree."""
        return self._guess(position) is not None

    def _guess(self, position: Position) -> int | None:
        """The tree's guess for the position; None off the tree, or in another game (a game
        widened to other secrets numbers them otherwise)."""
        if position.matrix is not self.tree.matrix:
            return None
        return self.guess_for.get(position.candidates.tobytes())

    def choose(self, position: Position) -> int:
        guess = self._guess(position)
        return self.fallback.choose(position) if guess is None else guess

    def rank(self, position: Position, top: int) -> list[RankedGuess]:
        ranked = self.fallback.rank(position, top)
        guess = self._guess(position)
        if guess is None:
            return ranked
        rows = np.array([guess], dtype=np.intp)
        stats = partition_stats(position.matrix, rows, position.candidates)
        first = RankedGuess(
            word=position.matrix.game.guesses.words[guess],
            row=guess,
            score=float(stats.entropy[0]),
            is_candidate=bool(position.can_win(rows)[0]),
            entropy=float(stats.entropy[0]),
            expected_size=float(stats.expected_size[0]),
            worst=int(stats.worst[0]),
            n_buckets=int(stats.n_buckets[0]),
        )
        return [first, *(r for r in ranked if r.row != guess)][:top]

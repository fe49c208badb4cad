"""A tree laid out to be explored a piece at a time: numbered nodes, the secrets that reach each,
the node where each secret is solved, and the path to it ("how is *vivid* solved?").

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.strategies import Player, PlayOptions, find_strategy
>>> from wordsolver.tree import grow_tree
>>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat")))
>>> tree = grow_tree(Player(pattern_matrix(game), find_strategy("minimax"), PlayOptions()))
>>> layout = TreeLayout.of(tree)
>>> [(layout.nodes[n].edge, layout.nodes[n].guess) for n in layout.path_to("cat")]
[(None, 'bat'), ('2', 'cat')]
>>> layout.nodes[0].reach, layout.nodes[0].solves
(3, True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from wordsolver.errors import WordsolverError
from wordsolver.plumbing.arrays import IdArray
from wordsolver.tree.node import DecisionTree, Node, split


@dataclass(slots=True)
class LaidOutNode:
    """One guess of the tree: the feedback that led to it, how many secrets reach it, whether
    one of them is solved by it, and its children's numbers in feedback order."""

    number: int
    guess: str
    edge: str | None
    parent: int | None
    depth: int
    reach: int
    solves: bool
    children: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class TreeLayout:
    """Every node of a tree numbered depth first (the root is 0), and where each secret ends."""

    nodes: tuple[LaidOutNode, ...]
    solved_at: dict[str, int]

    @classmethod
    def of(cls, tree: DecisionTree) -> TreeLayout:
        """Walk the tree with its matrix once; a secret the tree does not reach is an error."""
        game = tree.matrix.game
        values = tree.matrix.values
        words = game.guesses.words
        nodes: list[LaidOutNode] = []
        solved_at: dict[str, int] = {}
        everything = np.arange(len(game.secrets), dtype=np.intp)
        stack: list[tuple[Node, IdArray, str | None, int | None, int]] = [
            (tree.root, everything, None, None, 0)
        ]
        while stack:
            node, candidates, edge, parent, depth = stack.pop()
            number = len(nodes)
            laid = LaidOutNode(
                number, words[node.guess], edge, parent, depth, len(candidates), False
            )
            nodes.append(laid)
            if parent is not None:
                nodes[parent].children.append(number)
            groups = dict(split(values[node.guess, candidates], candidates))
            won = groups.pop(game.win_pattern, None)
            if won is not None:
                laid.solves = True
                solved_at[game.secrets.words[won[0]]] = number
            for pattern in sorted(groups, reverse=True):  # popped in increasing order
                child = node.children.get(pattern)
                if child is None:
                    missing = game.secrets.words[groups[pattern][0]]
                    raise WordsolverError(f"the tree does not reach secret {missing!r}")
                edge_text = game.format_pattern(pattern)
                stack.append((child, groups[pattern], edge_text, number, depth + 1))
        return cls(tuple(nodes), solved_at)

    def path_to(self, secret: str) -> list[int]:
        """The nodes from the root to the one that solves the secret."""
        number = self.solved_at.get(secret)
        if number is None:
            raise WordsolverError(f"{secret!r} is not a secret of this tree's game", ("secret",))
        path = [number]
        while (parent := self.nodes[path[-1]].parent) is not None:
            path.append(parent)
        return path[::-1]

    def below(self, number: int, depth: int) -> list[LaidOutNode]:
        """The node and its descendants down to ``depth`` levels below it, parents first."""
        if not 0 <= number < len(self.nodes):
            raise WordsolverError(f"the tree has no node {number}", ("node",))
        level, found = [self.nodes[number]], []
        for _ in range(depth + 1):
            found.extend(level)
            level = [self.nodes[child] for node in level for child in node.children]
        return found

    def depth_histogram(self) -> dict[int, int]:
        """Secrets by the number of guesses the tree needs for them."""
        counts = Counter(self.nodes[number].depth + 1 for number in self.solved_at.values())
        return dict(sorted(counts.items()))

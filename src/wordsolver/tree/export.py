"""Exports are visitors over one tree: each sees every node with the edge that led to it.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.strategies import Player, PlayOptions, find_strategy
>>> from wordsolver.tree import grow_tree
>>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat")))
>>> tree = grow_tree(Player(pattern_matrix(game), find_strategy("minimax"), PlayOptions()))
>>> print(render_text(tree))
bat
  1 → car
  2 → cat
"""

from __future__ import annotations

from typing import Any, Protocol

from wordsolver.tree.node import DecisionTree, Node


class TreeVisitor(Protocol):
    """Called for each node, parents before children; ``edge`` is None at the root."""

    def visit(self, node: Node, edge: str | None, depth: int) -> bool:
        """Handle a node; return False to skip its children."""
        ...


def traverse(tree: DecisionTree, visitor: TreeVisitor) -> None:
    """Visit every node of the tree depth first, children in pattern order."""
    game = tree.matrix.game
    stack: list[tuple[Node, str | None, int]] = [(tree.root, None, 0)]
    while stack:
        node, edge, depth = stack.pop()
        if visitor.visit(node, edge, depth):
            for pattern in sorted(node.children, reverse=True):
                stack.append((node.children[pattern], game.format_pattern(pattern), depth + 1))


class TextExport:
    """Indented text, one guess a line: ``feedback → guess``; ``max_depth`` cuts it short."""

    def __init__(self, tree: DecisionTree, max_depth: int | None = None) -> None:
        self.words = tree.matrix.game.guesses.words
        self.max_depth = max_depth
        self.lines: list[str] = []

    def visit(self, node: Node, edge: str | None, depth: int) -> bool:
        prefix = "" if edge is None else f"{edge} → "
        more = (
            f"  (+{len(node.children)} branches)"
            if depth == self.max_depth and node.children
            else ""
        )
        self.lines.append(f"{'  ' * depth}{prefix}{self.words[node.guess]}{more}")
        return self.max_depth is None or depth < self.max_depth


class DotExport:
    """Graphviz ``dot`` source: nodes are guesses, edges are labelled with feedback."""

    def __init__(self, tree: DecisionTree) -> None:
        self.words = tree.matrix.game.guesses.words
        self.lines = ["digraph strategy {", "  node [shape=box, fontname=monospace];"]
        self._ids: dict[int, int] = {}
        self._parents: list[int] = []

    def visit(self, node: Node, edge: str | None, depth: int) -> bool:
        number = len(self._ids)
        self._ids[id(node)] = number
        del self._parents[depth:]
        self.lines.append(f'  n{number} [label="{self.words[node.guess]}"];')
        if edge is not None:
            self.lines.append(f'  n{self._parents[-1]} -> n{number} [label="{edge}"];')
        self._parents.append(number)
        return True

    def source(self) -> str:
        """The finished dot text."""
        return "\n".join([*self.lines, "}"]) + "\n"


class JsonExport:
    """Nested plain data: ``{"guess": word, "next": {feedback: subtree, ...}}``."""

    def __init__(self, tree: DecisionTree) -> None:
        self.words = tree.matrix.game.guesses.words
        self.root: dict[str, Any] = {}
        self._path: list[dict[str, Any]] = []

    def visit(self, node: Node, edge: str | None, depth: int) -> bool:
        entry: dict[str, Any] = {"guess": self.words[node.guess]}
        if node.children:
            entry["next"] = {}
        del self._path[depth:]
        if edge is None:
            self.root = entry
        else:
            self._path[-1]["next"][edge] = entry
        self._path.append(entry)
        return True


def render_text(tree: DecisionTree, max_depth: int | None = None) -> str:
    """The tree as indented text."""
    export = TextExport(tree, max_depth)
    traverse(tree, export)
    return "\n".join(export.lines)


def render_dot(tree: DecisionTree) -> str:
    """The tree as Graphviz dot source."""
    export = DotExport(tree)
    traverse(tree, export)
    return export.source()


def nested_data(tree: DecisionTree) -> dict[str, Any]:
    """The tree as nested dicts of words and feedback texts."""
    export = JsonExport(tree)
    traverse(tree, export)
    return export.root

"""Decision trees: grow from a strategy or from the exact search, check, store, load, export,
walk, and lay out to explore a piece at a time.

Floors: trees stand on :mod:`wordsolver.strategies` (grown by a player) and
:mod:`wordsolver.search` (:mod:`wordsolver.tree.optimal`); neither imports a tree.
"""

from wordsolver.tree.check import TreeCheckError, check_tree
from wordsolver.tree.explore import TreeLayout
from wordsolver.tree.export import nested_data, render_dot, render_text
from wordsolver.tree.grow import grow_tree
from wordsolver.tree.node import DecisionTree, Node, split
from wordsolver.tree.storage import TreeFileError, load_tree, read_tree_document, save_tree

__all__ = [
    "DecisionTree",
    "Node",
    "TreeCheckError",
    "TreeFileError",
    "TreeLayout",
    "check_tree",
    "grow_tree",
    "load_tree",
    "nested_data",
    "read_tree_document",
    "render_dot",
    "render_text",
    "save_tree",
    "split",
]

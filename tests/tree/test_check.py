"""check_tree: sound trees pass; a missing branch, an impossible edge or a move after the win
is named in one line."""

from __future__ import annotations

import numpy as np
import pytest

from tests.reference import optimal, paths
from wordsolver.errors import WordsolverError
from wordsolver.matrix import PatternMatrix
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import DecisionTree, Node, TreeCheckError, check_tree, grow_tree

HEURISTICS = ["entropy", "expected-size", "minimax", "stdev", "eliminations", "random"]


def row(tree: DecisionTree, word: str) -> int:
    return tree.matrix.game.guess_row(word)


def fresh(nine: PatternMatrix) -> DecisionTree:
    """A tree nobody else holds (the tests below damage it)."""
    return grow_tree(Player(nine, find_strategy("entropy"), PlayOptions()))


@pytest.mark.parametrize("name", HEURISTICS)
@pytest.mark.parametrize("options", [PlayOptions(), PlayOptions(hard=True)], ids=["free", "hard"])
def test_grown_trees_are_sound(name: str, options: PlayOptions, nine: PatternMatrix) -> None:
    check_tree(grow_tree(Player(nine, find_strategy(name), options)))


def test_optimal_tree_is_sound(nine: PatternMatrix) -> None:
    check_tree(optimal(nine).tree)


def test_partial_tree_of_some_secrets_is_not_sound(nine: PatternMatrix) -> None:
    """grow_tree(secrets=...) grows only some branches: check_tree must notice the others."""
    tree = grow_tree(Player(nine, find_strategy("entropy"), PlayOptions()), secrets=np.array([0]))
    with pytest.raises(TreeCheckError, match="never reached"):
        check_tree(tree)


def test_missing_branch_names_a_secret(nine: PatternMatrix) -> None:
    tree = fresh(nine)
    pattern, _ = max(tree.root.children.items(), key=lambda item: item[1].guess)
    del tree.root.children[pattern]
    with pytest.raises(TreeCheckError, match=r"no guess follows .*e\.g\. '\w+'") as error:
        check_tree(tree)
    assert "\n" not in str(error.value)
    with pytest.raises(WordsolverError, match="does not reach secret"):
        tree.guesses_needed()


def test_impossible_edge_is_named_with_its_path(nine: PatternMatrix) -> None:
    tree = fresh(nine)
    game = tree.matrix.game
    node, impossible = next(
        (node, pattern)
        for node, history, candidates in paths(tree)
        if history
        for pattern in range(game.n_patterns)
        if pattern not in tree.matrix.values[node.guess, candidates]
    )
    node.children[impossible] = Node(row(tree, "cat"))
    with pytest.raises(TreeCheckError, match=rf"after \w+ \d → \w+, edge {impossible} cannot"):
        check_tree(tree)


def test_other_guess_at_the_root_is_refused(nine: PatternMatrix) -> None:
    tree = fresh(nine)
    tree.root.guess = row(tree, "cat") if tree.root.guess != row(tree, "cat") else row(tree, "tot")
    with pytest.raises(TreeCheckError):
        check_tree(tree)


def test_guess_that_cannot_tell_a_leaf_pair_apart_is_refused(nine: PatternMatrix) -> None:
    """A leaf that guesses a word other than the last secret leaves that secret unreached."""
    tree = fresh(nine)
    leaf_parent = next(
        node
        for node in tree.root.walk()
        if node.children and not any(child.children for child in node.children.values())
    )
    _, leaf = next(iter(leaf_parent.children.items()))
    others = [r for r in range(len(tree.matrix.game.guesses)) if r != leaf.guess]
    leaf.guess = others[0]
    with pytest.raises(TreeCheckError):
        check_tree(tree)


def test_move_after_the_win_is_refused(nine: PatternMatrix) -> None:
    """A child under the win pattern can never be played: the game is over.

    Fails now: check_tree skips the win bucket without looking for a child under it, so a
    tree file with a move after the win passes ``tree check`` (with one node too many).
    """
    tree = fresh(nine)
    win = tree.matrix.game.win_pattern
    tree.root.children[win] = Node(row(tree, "cat"))
    with pytest.raises(TreeCheckError):
        check_tree(tree)

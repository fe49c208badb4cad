"""The tree laid out for exploring agrees with walking the tree itself."""

from __future__ import annotations

import pytest

from wordsolver.errors import WordsolverError
from wordsolver.games import find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import DecisionTree, TreeLayout, grow_tree


@pytest.fixture(scope="module")
def grown() -> tuple[DecisionTree, TreeLayout]:
    matrix = pattern_matrix(find_game("tonguess3"))
    tree = grow_tree(Player(matrix, find_strategy("minimax"), PlayOptions()))
    return tree, TreeLayout.of(tree)


def test_every_secret_ends_where_the_tree_solves_it(grown: tuple[DecisionTree, TreeLayout]) -> None:
    tree, layout = grown
    game = tree.matrix.game
    needed = tree.guesses_needed()
    assert len(layout.nodes) == tree.size
    for secret, guesses in zip(game.secrets.words, needed, strict=True):
        path = layout.path_to(secret)
        assert len(path) == guesses and layout.nodes[path[-1]].guess == secret
    histogram = layout.depth_histogram()
    assert sum(histogram.values()) == len(game.secrets)
    assert histogram == {int(k): int((needed == k).sum()) for k in set(needed.tolist())}


def test_reach_is_split_among_the_children(grown: tuple[DecisionTree, TreeLayout]) -> None:
    _, layout = grown
    for node in layout.nodes:
        below = sum(layout.nodes[child].reach for child in node.children)
        assert below + node.solves == node.reach


def test_below_a_node_and_bad_numbers(grown: tuple[DecisionTree, TreeLayout]) -> None:
    _, layout = grown
    first = layout.below(0, 1)
    assert [n.number for n in first] == [0, *layout.nodes[0].children]
    assert layout.below(0, 0) == [layout.nodes[0]]
    with pytest.raises(WordsolverError, match="no node 99999"):
        layout.below(99_999, 1)
    with pytest.raises(WordsolverError, match="'qqq' is not a secret"):
        layout.path_to("qqq")


def test_the_moves_against_a_secret_are_the_layouts_path(
    grown: tuple[DecisionTree, TreeLayout],
) -> None:
    tree, layout = grown
    game = tree.matrix.game
    for secret in game.secrets.words[::37]:
        moves = tree.moves_against(secret.upper())
        path = layout.path_to(secret)
        assert [guess for guess, _ in moves] == [layout.nodes[n].guess for n in path]
        assert [game.feedback(guess, secret) for guess, _ in moves] == [
            game.parse_pattern(feedback) for _, feedback in moves
        ]
        assert moves[-1] == (secret, game.format_pattern(game.win_pattern))
    with pytest.raises(WordsolverError, match="'xqz' is never the secret of tonguess3"):
        tree.moves_against("xqz")

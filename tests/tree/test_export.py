"""Exports: text, dot and nested JSON visit every node once, in pattern order."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from tests.reference import optimal
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import DecisionTree, grow_tree, nested_data, render_dot, render_text

NINE_TEXT = """\
bar
  0 → cot
    2 → rot
      2 → tot
  1 → cat
    2 → rat
  2 → car
    1 → bat
    2 → tar"""

NINE_DOT = """\
digraph strategy {
  node [shape=box, fontname=monospace];
  n0 [label="bar"];
  n1 [label="cot"];
  n0 -> n1 [label="0"];
  n2 [label="rot"];
  n1 -> n2 [label="2"];
  n3 [label="tot"];
  n2 -> n3 [label="2"];
  n4 [label="cat"];
  n0 -> n4 [label="1"];
  n5 [label="rat"];
  n4 -> n5 [label="2"];
  n6 [label="car"];
  n0 -> n6 [label="2"];
  n7 [label="bat"];
  n6 -> n7 [label="1"];
  n8 [label="tar"];
  n6 -> n8 [label="2"];
}
"""

NODE_LINE = re.compile(r'^  n(\d+) \[label="([^"]+)"\];$')
EDGE_LINE = re.compile(r'^  n(\d+) -> n(\d+) \[label="([^"]+)"\];$')


def bulls() -> PatternMatrix:
    return pattern_matrix(find_game("bulls", GameOverrides(length=3, alphabet="abcd")))


def wordle() -> PatternMatrix:
    words = ("abbey", "abide", "speed", "spend", "crane")
    return pattern_matrix(find_game("wordle", GameOverrides(words=words)))


TREES: dict[str, Callable[[], DecisionTree]] = {
    "bulls-entropy": lambda: grow_tree(Player(bulls(), find_strategy("entropy"), PlayOptions())),
    "bulls-optimal": lambda: optimal(bulls()).tree,
    "wordle-minimax": lambda: grow_tree(Player(wordle(), find_strategy("minimax"), PlayOptions())),
}


@pytest.fixture(scope="module", params=list(TREES))
def tree(request: pytest.FixtureRequest) -> DecisionTree:
    return TREES[request.param]()


def test_text_golden(nine_entropy: DecisionTree) -> None:
    assert render_text(nine_entropy) == NINE_TEXT


def test_dot_golden(nine_entropy: DecisionTree) -> None:
    assert render_dot(nine_entropy) == NINE_DOT


def test_text_cut_at_depth_one(nine_entropy: DecisionTree) -> None:
    assert render_text(nine_entropy, 1).splitlines() == [
        "bar",
        "  0 → cot  (+1 branches)",
        "  1 → cat  (+1 branches)",
        "  2 → car  (+2 branches)",
    ]


def test_text_cut_at_the_root(nine_entropy: DecisionTree) -> None:
    assert render_text(nine_entropy, 0) == "bar  (+3 branches)"


def test_text_has_one_line_per_node(tree: DecisionTree) -> None:
    lines = render_text(tree).splitlines()
    assert len(lines) == tree.size
    assert not lines[0].startswith(" ")
    assert all(line.startswith("  ") and " → " in line for line in lines[1:])


def test_dot_is_well_formed(tree: DecisionTree) -> None:
    game = tree.matrix.game
    lines = render_dot(tree).splitlines()
    assert lines[0] == "digraph strategy {"
    assert lines[-1] == "}"
    nodes = [NODE_LINE.match(line) for line in lines if NODE_LINE.match(line)]
    edges = [EDGE_LINE.match(line) for line in lines if EDGE_LINE.match(line)]
    assert len(nodes) == tree.size
    assert len(edges) == tree.size - 1
    assert len(lines) == 3 + len(nodes) + len(edges)
    numbers = {int(match.group(1)) for match in nodes if match}
    assert numbers == set(range(tree.size))
    assert all(match and game.guess_row(match.group(2)) >= 0 for match in nodes)
    children = [int(match.group(2)) for match in edges if match]
    assert sorted(children) == list(range(1, tree.size))  # every node but the root has a parent
    for match in edges:
        assert match and int(match.group(1)) < int(match.group(2))
        game.parse_pattern(match.group(3))


def test_nested_data_is_json_and_counts_every_node(tree: DecisionTree) -> None:
    data = json.loads(json.dumps(nested_data(tree), ensure_ascii=False))

    def count(entry: dict[str, object]) -> int:
        below = entry.get("next", {})
        assert isinstance(below, dict)
        return 1 + sum(count(child) for child in below.values())

    assert count(data) == tree.size
    assert data["guess"] == tree.matrix.game.guesses.words[tree.root.guess]


def test_nested_data_edges_are_canonical_feedback(tree: DecisionTree) -> None:
    game = tree.matrix.game
    stack = [nested_data(tree)]
    while stack:
        entry = stack.pop()
        for edge, child in entry.get("next", {}).items():
            assert game.format_pattern(game.parse_pattern(edge)) == edge
            stack.append(child)


def test_leaves_have_no_next(nine_entropy: DecisionTree) -> None:
    data = nested_data(nine_entropy)
    assert data["next"]["1"]["next"]["2"] == {"guess": "rat"}

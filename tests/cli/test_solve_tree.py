"""``solve --tree``: suggestions come from a saved tree, and off the tree from the strategy."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from tests.cli.conftest import RunCli
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import grow_tree
from wordsolver.tree.strategy import TreeStrategy

WORDS = "spite,spike,spine,smile,shine,slime,swine,spice,snipe,trite"


def test_tree_strategy_plays_exactly_the_tree() -> None:
    matrix = pattern_matrix(find_game("fallout", GameOverrides(words=tuple(WORDS.split(",")))))
    tree = grow_tree(Player(matrix, find_strategy("minimax"), PlayOptions()))
    replayed = grow_tree(
        Player(matrix, TreeStrategy(tree, fallback=find_strategy("entropy")), PlayOptions())
    )
    assert np.array_equal(replayed.guesses_needed(), tree.guesses_needed())
    assert [node.guess for node in replayed.root.walk()] == [
        node.guess for node in tree.root.walk()
    ]


def test_solve_follows_the_tree_then_the_strategy(run_cli: RunCli, tmp_path: Path) -> None:
    tree_file = tmp_path / "fallout.json"
    built = run_cli(
        "tree", "build", "fallout", "--words", WORDS, "-s", "stdev", "-o", str(tree_file)
    )
    assert built.code == 0
    root = json.loads(tree_file.read_text())["tree"]["guess"]
    on_tree = run_cli("solve", "fallout", "--words", WORDS, "--tree", str(tree_file), "--json")
    assert json.loads(on_tree.out)["suggestions"][0]["word"] == root
    # Playing a word the tree would not play leaves the tree: the fallback strategy answers.
    other = next(word for word in WORDS.split(",") if word != root)
    likeness = sum(a == b for a, b in zip(other, "trite", strict=True))
    off_tree = run_cli(
        "solve", "fallout", "--words", WORDS, "--tree", str(tree_file),
        "--history", f"{other}:{likeness}", "--json",
    )  # fmt: skip
    assert off_tree.code == 0
    assert json.loads(off_tree.out)["suggestions"]


def test_solve_refuses_a_tree_of_other_words(run_cli: RunCli, tmp_path: Path) -> None:
    tree_file = tmp_path / "fallout.json"
    run_cli("tree", "build", "fallout", "--words", WORDS, "-o", str(tree_file))
    result = run_cli("solve", "fallout", "--words", "cat,car,bat", "--tree", str(tree_file))
    assert result.code == 2 and "made for other game rules or word lists" in result.err

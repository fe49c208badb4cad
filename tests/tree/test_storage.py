"""Tree files: a save/load round trip changes nothing; damaged or foreign files are refused."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.reference import optimal, small_game
from tests.tree.conftest import NINE
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import (
    DecisionTree,
    TreeFileError,
    grow_tree,
    load_tree,
    read_tree_document,
    render_text,
    save_tree,
)


def nine_game(**changes: Any) -> PatternMatrix:
    return pattern_matrix(find_game("fallout", GameOverrides(**{"words": NINE, **changes})))


def bulls() -> PatternMatrix:
    return pattern_matrix(find_game("bulls", GameOverrides(length=3, alphabet="abcd")))


def colours() -> PatternMatrix:
    return pattern_matrix(
        small_game("colours", ("abcd", "abdc", "acbd", "adcb", "bacd", "dcba"), ("abef", "efab"))
    )


def grown(make: Callable[[], PatternMatrix], name: str, options: PlayOptions) -> DecisionTree:
    return grow_tree(Player(make(), find_strategy(name), options))


TREES: dict[str, Callable[[], DecisionTree]] = {
    "fallout-entropy": lambda: grown(nine_game, "entropy", PlayOptions()),
    "fallout-minimax-opener": lambda: grown(nine_game, "minimax", PlayOptions(openers=("tot",))),
    "fallout-optimal": lambda: optimal(nine_game()).tree,
    "bulls-entropy-hard": lambda: grown(bulls, "entropy", PlayOptions(hard=True)),
    "bulls-optimal": lambda: optimal(bulls()).tree,
    "colours-random": lambda: grown(colours, "random", PlayOptions(guess_from="candidates")),
    "colours-optimal-hard": lambda: optimal(colours(), hard=True).tree,
}


@pytest.fixture(params=list(TREES))
def saved(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[DecisionTree, DecisionTree]:
    """(tree, the same tree saved and loaded again with a freshly built matrix)."""
    tree = TREES[request.param]()
    path = tmp_path / "tree.json"
    save_tree(tree, path)
    fresh = pattern_matrix(tree.matrix.game, use_cache=False)
    return tree, load_tree(path, fresh)


def test_round_trip_keeps_guesses_needed(saved: tuple[DecisionTree, DecisionTree]) -> None:
    tree, loaded = saved
    assert loaded.guesses_needed().tolist() == tree.guesses_needed().tolist()


def test_round_trip_keeps_the_text(saved: tuple[DecisionTree, DecisionTree]) -> None:
    tree, loaded = saved
    assert render_text(loaded) == render_text(tree)
    assert loaded.size == tree.size


def test_round_trip_keeps_strategy_options_and_proof(
    saved: tuple[DecisionTree, DecisionTree],
) -> None:
    tree, loaded = saved
    assert loaded.strategy == tree.strategy
    assert loaded.options == tree.options
    assert (loaded.proven, loaded.lower_bound) == (tree.proven, tree.lower_bound)


def test_saved_file_is_versioned_json_with_digests(nine_file: Path) -> None:
    document = json.loads(nine_file.read_text(encoding="utf-8"))
    assert (document["format"], document["version"]) == ("wordsolver-tree", 1)
    game = find_game("fallout", GameOverrides(words=NINE))
    assert document["game"]["secrets"] == game.secrets.digest()
    assert document["game"]["guesses"] == game.guesses.digest()
    assert document["game"]["n_secrets"] == 9
    assert document["strategy"] == "entropy"
    assert document["tree"]["guess"] in NINE


def test_save_leaves_no_temporary_file(nine_file: Path) -> None:
    assert [path.name for path in nine_file.parent.iterdir()] == [nine_file.name]


def test_save_overwrites_an_old_file(nine_entropy: DecisionTree, tmp_path: Path) -> None:
    path = tmp_path / "tree.json"
    path.write_text("old", encoding="utf-8")
    save_tree(nine_entropy, path)
    assert read_tree_document(path)["strategy"] == "entropy"


# --- files for other games ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("matrix", "differs"),
    [
        (lambda: nine_game(words=(*NINE[:-1], "toe")), "secrets"),
        (lambda: nine_game(words=NINE[:-1]), "n_secrets"),
        (lambda: nine_game(tries=5), "max_tries"),
        (lambda: pattern_matrix(find_game("wordle", GameOverrides(words=NINE, length=3))), "rule"),
    ],
    ids=["other-word", "fewer-words", "other-tries", "other-rule"],
)
def test_load_refuses_other_lists_or_rules(
    nine_file: Path, matrix: Callable[[], PatternMatrix], differs: str
) -> None:
    with pytest.raises(TreeFileError, match="made for other game rules or word lists") as error:
        load_tree(nine_file, matrix())
    assert differs in str(error.value)
    assert str(nine_file) in str(error.value)


def test_load_accepts_the_same_words_in_another_order(nine_file: Path) -> None:
    loaded = load_tree(nine_file, nine_game(words=NINE[::-1]))
    assert loaded.size == 9


# --- damaged files --------------------------------------------------------------------------


def rewrite(path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def set_key(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda document: document.__setitem__(key, value)


def test_missing_file(tmp_path: Path, nine: PatternMatrix) -> None:
    with pytest.raises(TreeFileError, match="cannot read"):
        load_tree(tmp_path / "nothing.json", nine)


def test_truncated_json(nine_file: Path, nine: PatternMatrix) -> None:
    text = nine_file.read_text(encoding="utf-8")
    nine_file.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(TreeFileError, match="damaged JSON"):
        load_tree(nine_file, nine)


def test_not_utf8(nine_file: Path, nine: PatternMatrix) -> None:
    nine_file.write_bytes(b"\xff\xfe{}")
    with pytest.raises(TreeFileError, match="not a tree file"):
        load_tree(nine_file, nine)


@pytest.mark.parametrize("content", ["[]", '"tree"', "{}", '{"format": "other", "version": 1}'])
def test_not_a_tree_file(nine_file: Path, nine: PatternMatrix, content: str) -> None:
    nine_file.write_text(content, encoding="utf-8")
    with pytest.raises(TreeFileError, match="not a wordsolver tree file"):
        load_tree(nine_file, nine)


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_wrong_version(nine_file: Path, nine: PatternMatrix, version: Any) -> None:
    rewrite(nine_file, set_key("version", version))
    with pytest.raises(TreeFileError, match="tree format version"):
        load_tree(nine_file, nine)


def test_changed_digest(nine_file: Path, nine: PatternMatrix) -> None:
    rewrite(nine_file, lambda document: document["game"].__setitem__("secrets", "0" * 16))
    with pytest.raises(TreeFileError, match=r"secrets differ|\(secrets"):
        load_tree(nine_file, nine)


@pytest.mark.parametrize(
    "change",
    [
        lambda document: document["tree"].__setitem__("guess", "zzz"),
        lambda document: document["tree"].__setitem__("guess", "cattle"),
        lambda document: document["tree"].__setitem__("guess", 7),
        lambda document: document["tree"].__setitem__("next", ["cat"]),
        lambda document: document["tree"]["next"].__setitem__("9", {"guess": "cat"}),
        lambda document: document["tree"]["next"].__setitem__("x", {"guess": "cat"}),
        lambda document: document["tree"]["next"].__setitem__("1", {"next": {}}),
        lambda document: document.__setitem__("tree", None),
        lambda document: document.pop("tree"),
        lambda document: document.pop("strategy"),
    ],
    ids=[
        "guess-not-allowed",
        "guess-too-long",
        "guess-not-text",
        "next-not-a-map",
        "edge-out-of-range",
        "edge-unreadable",
        "node-without-guess",
        "tree-null",
        "tree-missing",
        "strategy-missing",
    ],
)
def test_damaged_tree_is_refused(
    nine_file: Path, nine: PatternMatrix, change: Callable[[dict[str, Any]], None]
) -> None:
    rewrite(nine_file, change)
    with pytest.raises(TreeFileError, match="damaged tree"):
        load_tree(nine_file, nine)


@pytest.mark.parametrize("game", [None, [], "fallout"], ids=["null", "list", "text"])
def test_game_record_that_is_not_an_object_is_refused(
    nine_file: Path, nine: PatternMatrix, game: Any
) -> None:
    """Fails now: ``load_tree`` calls ``.get`` on the record and raises AttributeError."""
    rewrite(nine_file, set_key("game", game))
    with pytest.raises(TreeFileError):
        load_tree(nine_file, nine)


def test_missing_game_record_is_refused(nine_file: Path, nine: PatternMatrix) -> None:
    rewrite(nine_file, lambda document: document.pop("game"))
    with pytest.raises(TreeFileError):
        load_tree(nine_file, nine)


def test_read_document_checks_only_format_and_version(nine_file: Path) -> None:
    rewrite(nine_file, set_key("tree", None))
    assert read_tree_document(nine_file)["tree"] is None

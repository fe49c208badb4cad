"""``wordsolver tree build|stats|show|export|check|walk`` end to end, in-process."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import RunCli
from tests.reference import brute_force, paths
from tests.tree.conftest import NINE, NINE_OPTION
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.tree import load_tree

WORDS = ["--words", NINE_OPTION]
STATS_KEYS = {"total", "mean", "worst", "distribution", "proven", "lower_bound", "losses", "size"}


def build(run_cli: RunCli, path: Path, *options: str) -> dict[str, Any]:
    result = run_cli("tree", "build", "fallout", *WORDS, "-o", str(path), "--json", *options)
    assert result.code == 0, result.err
    payload: dict[str, Any] = json.loads(result.out)
    return payload


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    return lines[0]


@pytest.fixture
def entropy_file(run_cli: RunCli, tmp_path: Path) -> Path:
    path = tmp_path / "entropy.tree.json"
    build(run_cli, path, "--strategy", "entropy")
    return path


@pytest.fixture
def optimal_file(run_cli: RunCli, tmp_path: Path) -> Path:
    path = tmp_path / "optimal.tree.json"
    build(run_cli, path, "--strategy", "optimal")
    return path


# --- build and stats ------------------------------------------------------------------------


def test_build_entropy_prints_stats_and_saves(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "tree.json"
    stats = build(run_cli, path, "--strategy", "entropy")
    assert stats.keys() >= STATS_KEYS
    assert (stats["total"], stats["strategy"], stats["proven"]) == (9, "entropy", False)
    assert stats["lower_bound"] is None
    assert path.is_file()


def test_build_optimal_is_proven_and_matches_exhaustive_search(
    run_cli: RunCli, tmp_path: Path
) -> None:
    stats = build(run_cli, tmp_path / "tree.json", "--strategy", "optimal")
    total, worst = brute_force(find_game("fallout", GameOverrides(words=NINE)))  # type: ignore[misc]
    assert stats["proven"] is True
    assert stats["lower_bound"] == total == round(stats["mean"] * stats["total"])
    assert stats["worst"] == worst
    assert stats["losses"] == 0


def test_build_optimal_with_a_budget_is_not_proven(run_cli: RunCli, tmp_path: Path) -> None:
    stats = build(run_cli, tmp_path / "tree.json", "--strategy", "optimal", "--nodes", "1")
    assert stats["proven"] is False
    assert stats["lower_bound"] <= round(stats["mean"] * stats["total"])


def test_build_optimal_with_a_beam_is_not_proven(run_cli: RunCli, tmp_path: Path) -> None:
    stats = build(run_cli, tmp_path / "tree.json", "--strategy", "optimal", "--beam", "1")
    assert stats["proven"] is False


def test_build_hard_records_options(run_cli: RunCli, tmp_path: Path) -> None:
    stats = build(run_cli, tmp_path / "tree.json", "--strategy", "optimal", "--hard")
    assert stats["options"]["hard"] is True
    assert stats["proven"] is True


def test_build_with_an_opener_starts_with_it(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "tree.json"
    build(run_cli, path, "--strategy", "optimal", "--opener", "tot")
    tree = load_tree(path, pattern_matrix(find_game("fallout", GameOverrides(words=NINE))))
    assert tree.matrix.game.guesses.words[tree.root.guess] == "tot"


def test_build_optimal_with_opener_and_budget_never_repeats_a_guess(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Branches the budget cut short are finished by the entropy strategy; it must not play
    the opener again there.

    Fails now: in games without a limit of tries, ``_optimal_tree`` (cli/tree.py) starts the
    fallback at ``tries used = 0``, so the Player plays its opener once more: a wasted guess
    (abc, 0-0 → abc) that costs every secret of that branch one guess.
    """
    path = tmp_path / "tree.json"
    game = ["bulls", "--length", "3", "--alphabet", "abcdef"]
    result = run_cli(
        "tree", "build", *game, "--opener", "abc", "-s", "optimal", "--nodes", "1",
        "-o", str(path), "--json",
    )  # fmt: skip
    assert result.code == 0, result.err
    matrix = pattern_matrix(find_game("bulls", GameOverrides(length=3, alphabet="abcdef")))
    tree = load_tree(path, matrix)
    for node, history, _ in paths(tree):
        played = [guess for guess, _ in history]
        assert node.guess not in played, matrix.game.guesses.words[node.guess]


def test_build_default_output_name(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli("tree", "build", "fallout", *WORDS)
    assert result.code == 0, result.err
    assert (tmp_path / "fallout-entropy.tree.json").is_file()
    assert "saved fallout-entropy.tree.json" in result.out


def test_build_unknown_strategy_is_a_usage_error(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli("tree", "build", "fallout", *WORDS, "-s", "psychic", "-o", str(tmp_path / "t"))
    assert result.code == 2
    assert "psychic" in one_line_error(result.err)


def test_build_optimal_that_cannot_fit_the_tries_is_an_error(
    run_cli: RunCli, tmp_path: Path
) -> None:
    result = run_cli(
        "tree", "build", "fallout", "--words", "abc,def,ghi,jkl,mno", "-s", "optimal",
        "-o", str(tmp_path / "t.json"),
    )  # fmt: skip
    assert result.code == 2
    assert "no tree solves" in one_line_error(result.err)


def test_stats_json_keys(run_cli: RunCli, entropy_file: Path) -> None:
    result = run_cli("tree", "stats", str(entropy_file), *WORDS, "--json")
    assert result.code == 0, result.err
    stats = json.loads(result.out)
    assert stats.keys() >= STATS_KEYS
    assert sum(stats["distribution"].values()) == stats["total"] == 9
    assert stats["size"] == 9
    assert stats["worst"] == max(int(k) for k in stats["distribution"])


def test_stats_equal_build_stats(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "tree.json"
    built = build(run_cli, path, "--strategy", "optimal")
    again = json.loads(run_cli("tree", "stats", str(path), *WORDS, "--json").out)
    assert again == built


def test_stats_table(run_cli: RunCli, optimal_file: Path) -> None:
    result = run_cli("tree", "stats", str(optimal_file), *WORDS)
    assert result.code == 0
    assert "proven optimal" in result.out
    assert "mean guesses" in result.out


def test_stats_with_other_words_fails_clearly(run_cli: RunCli, entropy_file: Path) -> None:
    result = run_cli("tree", "stats", str(entropy_file), "--words", "cat,car,bat")
    assert result.code == 2
    line = one_line_error(result.err)
    assert "made for other game rules or word lists" in line
    assert "secrets" in line


def test_stats_of_a_file_without_game_record(run_cli: RunCli, entropy_file: Path) -> None:
    """Fails now: ``_open_tree`` (cli/tree.py) indexes ``["game"]`` and raises KeyError."""
    document = json.loads(entropy_file.read_text(encoding="utf-8"))
    del document["game"]
    entropy_file.write_text(json.dumps(document), encoding="utf-8")
    result = run_cli("tree", "stats", str(entropy_file), *WORDS)
    assert result.code == 2
    one_line_error(result.err)


# --- show and export ------------------------------------------------------------------------


def test_show_depth_one(run_cli: RunCli, entropy_file: Path) -> None:
    result = run_cli("tree", "show", str(entropy_file), *WORDS, "--depth", "1")
    assert result.code == 0
    assert result.out.splitlines() == [
        "bar",
        "  0 → cot  (+1 branches)",
        "  1 → cat  (+1 branches)",
        "  2 → car  (+2 branches)",
    ]


def test_show_whole_tree(run_cli: RunCli, entropy_file: Path) -> None:
    lines = run_cli("tree", "show", str(entropy_file), *WORDS).out.splitlines()
    assert len(lines) == 9
    assert sorted(line.split()[-1] for line in lines) == sorted(NINE)


def test_show_one_secret_follows_the_tree(run_cli: RunCli, entropy_file: Path) -> None:
    """The line of guesses against a secret: bar first (the root), then the branch its
    feedback takes, as ``show --depth 1`` lists them."""
    for secret in NINE:
        result = run_cli("tree", "show", str(entropy_file), *WORDS, "--secret", secret.upper())
        assert result.code == 0, result.err
        said, _, steps = result.out.strip().partition(": ")
        guesses = [step.split(" → ")[-1] for step in steps.split(", ")]
        assert guesses[0] == "bar" and guesses[-1] == secret
        counted = f"{len(guesses)} guess{'es' if len(guesses) > 1 else ''}"
        assert said == f"{secret} is solved in {counted}"
    second = run_cli("tree", "show", str(entropy_file), *WORDS, "--secret", "cot").out
    assert second.startswith("cot is solved in 2 guesses: bar, 0 → cot")


@pytest.mark.parametrize(
    ("secret", "message"),
    [("dog", "'dog' is not an allowed guess"), ("ca", "2 letters, expected 3")],
)
def test_show_a_word_that_is_no_secret_is_refused(
    run_cli: RunCli, entropy_file: Path, secret: str, message: str
) -> None:
    result = run_cli("tree", "show", str(entropy_file), *WORDS, "--secret", secret)
    assert result.code == 2
    assert message in one_line_error(result.err)


def test_show_negative_depth_is_refused(run_cli: RunCli, entropy_file: Path) -> None:
    result = run_cli("tree", "show", str(entropy_file), *WORDS, "--depth", "-1")
    assert result.code == 2
    one_line_error(result.err)


def test_export_json_parses_and_names_the_game(run_cli: RunCli, optimal_file: Path) -> None:
    result = run_cli("tree", "export", str(optimal_file), *WORDS, "--format", "json")
    assert result.code == 0
    document = json.loads(result.out)
    assert document["format"] == "wordsolver-tree"
    assert document["proven"] is True
    assert document == json.loads(optimal_file.read_text(encoding="utf-8"))


def test_export_dot_has_a_node_line_per_node(run_cli: RunCli, entropy_file: Path) -> None:
    result = run_cli("tree", "export", str(entropy_file), *WORDS, "--format", "dot")
    assert result.code == 0
    assert result.out.startswith("digraph")
    assert result.out.rstrip().endswith("}")
    assert sum("[label=" in line and "->" not in line for line in result.out.splitlines()) == 9
    assert sum("->" in line for line in result.out.splitlines()) == 8


def test_export_to_a_file(run_cli: RunCli, entropy_file: Path, tmp_path: Path) -> None:
    target = tmp_path / "tree.dot"
    result = run_cli(
        "tree", "export", str(entropy_file), *WORDS, "--format", "dot", "-o", str(target)
    )
    assert (result.code, result.out) == (0, "")
    assert target.read_text(encoding="utf-8").startswith("digraph strategy {")


def test_export_unknown_format(run_cli: RunCli, entropy_file: Path) -> None:
    result = run_cli("tree", "export", str(entropy_file), *WORDS, "--format", "svg")
    assert result.code == 2
    assert "svg" in one_line_error(result.err)


# --- check ----------------------------------------------------------------------------------


def check(run_cli: RunCli, path: Path, *extra: str) -> Any:
    return run_cli("tree", "check", str(path), "fallout", *WORDS, *extra)


def test_check_accepts_a_sound_tree(run_cli: RunCli, optimal_file: Path) -> None:
    result = check(run_cli, optimal_file)
    assert result.code == 0
    assert result.out.startswith("ok: all 9 secrets are reached")


def test_check_json(run_cli: RunCli, entropy_file: Path) -> None:
    payload = json.loads(check(run_cli, entropy_file, "--json").out)
    assert payload["ok"] is True
    assert payload["total"] == 9


def tamper(path: Path, change: Any) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")


def swap_root_guess(document: dict[str, Any]) -> None:
    """Another allowed word at the root: its likenesses differ, so edges no longer fit."""
    document["tree"]["guess"] = "cat" if document["tree"]["guess"] != "cat" else "tot"


def swap_leaf_guess(document: dict[str, Any]) -> None:
    """A leaf that guesses a word already ruled out: the secret it should find is unreached."""
    node = document["tree"]
    while "next" in node:
        node = next(iter(node["next"].values()))
    node["guess"] = "tot" if node["guess"] != "tot" else "cat"


def impossible_edge(document: dict[str, Any]) -> None:
    """Likeness 0 after cot against {cot, rot, tot} cannot happen."""
    node = document["tree"]["next"]["0"]
    assert node["guess"] == "cot"
    node.setdefault("next", {})["0"] = {"guess": "cat"}


def drop_branch(document: dict[str, Any]) -> None:
    document["tree"]["next"].pop("2")


TAMPERED = {
    "root-guess": (swap_root_guess, "cannot happen|never reached|no guess follows"),
    "leaf-guess": (swap_leaf_guess, "never reached|no guess follows"),
    "impossible-edge": (impossible_edge, "edge 0 cannot happen"),
    "dropped-branch": (drop_branch, "never reached"),
    "digest": (
        lambda document: document["game"].__setitem__("guesses", "f" * 16),
        "made for other game rules or word lists",
    ),
    "version": (lambda document: document.__setitem__("version", 2), "tree format version 2"),
    "format": (lambda document: document.__setitem__("format", "x"), "not a wordsolver tree"),
    "unknown-word": (
        lambda document: document["tree"].__setitem__("guess", "dog"),
        "damaged tree",
    ),
    "move-after-win": (
        lambda document: (
            document["tree"]["next"]["0"].setdefault("next", {}).__setitem__("3", {"guess": "cat"})
        ),
        "",
    ),
}


@pytest.mark.parametrize("name", TAMPERED)
def test_check_rejects_a_tampered_file(run_cli: RunCli, entropy_file: Path, name: str) -> None:
    change, message = TAMPERED[name]
    tamper(entropy_file, change)
    result = check(run_cli, entropy_file)
    assert result.code == 2, result.out
    assert result.out == ""
    assert re.search(message, one_line_error(result.err))


def test_check_rejects_a_truncated_file(run_cli: RunCli, entropy_file: Path) -> None:
    text = entropy_file.read_text(encoding="utf-8")
    entropy_file.write_text(text[:-20], encoding="utf-8")
    result = check(run_cli, entropy_file)
    assert result.code == 2
    assert "damaged JSON" in one_line_error(result.err)


@pytest.mark.parametrize("game", [None, "fallout"])
def test_check_rejects_a_file_whose_game_record_is_not_an_object(
    run_cli: RunCli, entropy_file: Path, game: Any
) -> None:
    """Fails now: AttributeError from ``load_tree`` escapes ``main`` (a traceback, not exit 2)."""
    tamper(entropy_file, lambda document: document.__setitem__("game", game))
    result = check(run_cli, entropy_file)
    assert result.code == 2
    one_line_error(result.err)


def test_check_with_other_words(run_cli: RunCli, entropy_file: Path) -> None:
    result = run_cli("tree", "check", str(entropy_file), "fallout", "--words", "cat,car,bat")
    assert result.code == 2
    assert "made for other game rules or word lists" in one_line_error(result.err)


def test_check_missing_file(run_cli: RunCli, tmp_path: Path) -> None:
    result = check(run_cli, tmp_path / "nothing.json")
    assert result.code == 2
    assert "cannot read" in one_line_error(result.err)


# --- walk -----------------------------------------------------------------------------------


def feed(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))


def answers_for(path: Path, secret: str) -> list[str]:
    """The feedback a player would type, guess after guess, when the secret is ``secret``."""
    tree = load_tree(path, pattern_matrix(find_game("fallout", GameOverrides(words=NINE))))
    game = tree.matrix.game
    node, typed = tree.root, []
    while True:
        pattern = game.feedback(game.guesses.words[node.guess], secret)
        typed.append(game.format_pattern(pattern))
        if pattern == game.win_pattern:
            return typed
        node = node.children[pattern]


@pytest.mark.parametrize("secret", NINE)
def test_walk_until_solved(
    run_cli: RunCli, optimal_file: Path, monkeypatch: pytest.MonkeyPatch, secret: str
) -> None:
    typed = answers_for(optimal_file, secret)
    feed(monkeypatch, *typed)
    result = run_cli("tree", "walk", str(optimal_file), *WORDS)
    assert result.code == 0
    guesses = re.findall(r"guess (\d+): (\w+)", result.out)
    assert [int(turn) for turn, _ in guesses] == list(range(1, len(typed) + 1))
    assert guesses[-1][1] == secret
    assert result.out.rstrip().endswith(f"solved in {len(typed)}")


def test_walk_bad_feedback_says_why_and_asks_again(
    run_cli: RunCli, entropy_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "green", "3")
    result = run_cli("tree", "walk", str(entropy_file), *WORDS)
    assert result.code == 0
    assert "cannot read likeness 'green'" in result.out
    assert result.out.count("guess 1: bar") == 2
    assert result.out.rstrip().endswith("solved in 1")


def test_walk_feedback_no_secret_gives(
    run_cli: RunCli, entropy_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "0", "0", "2", "2", "3")  # bar 0 → cot; 0 after cot is impossible
    result = run_cli("tree", "walk", str(entropy_file), *WORDS)
    assert "no secret gives 0 here" in result.out
    assert result.out.count("guess 2: cot") == 2
    assert result.out.rstrip().endswith("solved in 4")


def test_walk_quit(run_cli: RunCli, entropy_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "q")
    result = run_cli("tree", "walk", str(entropy_file), *WORDS)
    assert result.code == 0
    assert "solved" not in result.out


def test_walk_end_of_input(
    run_cli: RunCli, entropy_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "1")
    result = run_cli("tree", "walk", str(entropy_file), *WORDS)
    assert result.code == 0
    assert "guess 2: cat" in result.out


def test_walk_undo_left_and_help(
    run_cli: RunCli, entropy_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "help", "undo", "0", "left", "undo", "left", "3")
    result = run_cli("tree", "walk", str(entropy_file), *WORDS)
    out = result.out
    assert result.code == 0 and "the entropy tree of fallout" in out.splitlines()[0]
    assert "take the last feedback back" in out  # help lists the commands
    assert "nothing to undo: this is the first guess" in out
    first_left, second_left = (part.splitlines()[1] for part in out.split("feedback> left")[1:])
    assert first_left == "3 left: cot rot tot"  # what likeness 0 with bar leaves
    assert second_left == "9 left: bar bat car cat cot rat rot tar tot"  # back at the root
    assert out.count("guess 2: cot  (3 left)") == 2  # shown, then left; undo went back to bar
    assert out.rstrip().endswith("solved in 1")


def test_a_tree_of_your_own_lists_opens_without_them(run_cli: RunCli, tmp_path: Path) -> None:
    answers, allowed = tmp_path / "answers.txt", tmp_path / "allowed.txt"
    answers.write_text("crane\nslate\ntrace\ncrate\nplace\n")
    allowed.write_text("salet\nzzzzz\n")
    path = tmp_path / "own.json"
    built = run_cli("tree", "build", "wordle", "--answers", str(answers), "--allowed",
                    str(allowed), "-o", str(path), "--json")  # fmt: skip
    assert built.code == 0, built.err
    answers.unlink()
    allowed.unlink()
    shown = run_cli("tree", "stats", str(path), "--json")
    assert shown.code == 0, shown.err
    assert json.loads(shown.out)["total"] == json.loads(built.out)["total"]
    document = json.loads(path.read_text())
    assert document["words"]["guesses"] == ["salet", "zzzzz"]
    document["words"]["secrets"] = ["crane", "slate"]  # not the lists it was built for
    path.write_text(json.dumps(document))
    refused = run_cli("tree", "show", str(path))
    assert refused.code == 2 and "made for other game rules or word lists" in refused.err
    document["words"] = {"secrets": 5}
    path.write_text(json.dumps(document))
    damaged = run_cli("tree", "show", str(path))
    assert damaged.code == 2 and "own word lists are damaged" in damaged.err

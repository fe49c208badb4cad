"""The check, hand and pattern commands, run in-process: stdout, stderr and exit code."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

from tests.anagram.conftest import TINY_WORDS
from tests.anagram.conftest import private_cache as private_cache  # a fresh cache for each test
from wordsolver.cli.app import main
from wordsolver.cli.base import ExitCode

Run = Callable[..., tuple[int, str, str]]

HAS_ENGLISH = resources.files("wordsolver.lexicon").joinpath("data", "english.txt.gz").is_file()


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    """Call the CLI with string arguments; get (exit code, stdout, stderr)."""

    def invoke(*args: str | Path) -> tuple[int, str, str]:
        code = main([str(arg) for arg in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return invoke


def assert_one_error_line(result: tuple[int, str, str], message: str) -> None:
    code, out, err = result
    assert code == ExitCode.USAGE
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("error: ")
    assert message in err


# check


def test_check_all_found(run: Run, tiny_file: Path) -> None:
    code, out, err = run("check", "cat", "Coast", "--dict", tiny_file)
    assert (code, out) == (ExitCode.OK, "cat    yes\ncoast  yes\n")
    assert err == f"dictionary: {tiny_file} ({len(TINY_WORDS)} words)\n"


def test_check_some_missing(run: Run, tiny_file: Path) -> None:
    code, out, _ = run("check", "cat", "tca", "--dict", tiny_file)
    assert code == ExitCode.FAILURE
    assert out.splitlines() == ["cat  yes", "tca  no"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "c4t"], "'c4t' has letters outside the latin alphabet: 4"),
        (["check", "cat", "--dict", "missing/words.txt"], "missing/words.txt: cannot read"),
        (["check", "cat", "--dict", "scrabble"], "unknown dictionary 'scrabble'"),
        (["check"], "Missing argument"),
    ],
)
def test_check_bad_input(run: Run, args: list[str], message: str) -> None:
    assert_one_error_line(run(*args), message)


# hand


def test_hand_plain_view_groups_by_length_and_marks_wildcards(run: Run, tiny_file: Path) -> None:
    code, out, err = run("hand", "tac*", "--dict", tiny_file)
    assert code == ExitCode.OK
    assert err == ""
    assert out.splitlines() == [
        "4 letters (3)",
        "  cOat 5  tacO 5  tacT 5",
        "",
        "3 letters (2)",
        "  act 5  cat 5",
        "",
        "2 letters (2)",
        "  at 2  ta 2",
        "",
        "1 letter (1)",
        "  a 1",
    ]


def test_hand_without_scores_top_and_min_length(run: Run, tiny_file: Path) -> None:
    code, out, err = run(
        "hand", "retains", "--score", "none", "--min-length", "2", "--top", "3", "--dict", tiny_file
    )
    assert code == ExitCode.OK
    assert out.splitlines() == ["7 letters (3)", "  nastier  retains  retinas"]
    assert err == "showing the best 3 of 6 words\n"


def test_hand_json(run: Run, tiny_file: Path) -> None:
    code, out, _ = run("hand", "QUI*", "--length", "4", "--json", "--dict", tiny_file)
    assert code == ExitCode.OK
    assert json.loads(out) == [
        {"word": "quit", "score": 12, "length": 4, "wildcards": [3]},
        {"word": "quiz", "score": 12, "length": 4, "wildcards": [3]},
    ]


def test_hand_score_file(run: Run, tiny_file: Path, tmp_path: Path) -> None:
    values = tmp_path / "values.txt"
    values.write_text("z 100\n", encoding="utf-8")
    code, out, _ = run("hand", "zzz", "--score", values, "--json", "--dict", tiny_file)
    assert code == ExitCode.OK
    assert json.loads(out)[0] == {"word": "zzz", "score": 300, "length": 3, "wildcards": []}


def test_hand_nothing_spelled(run: Run, tiny_file: Path) -> None:
    code, out, err = run("hand", "xyz", "--dict", tiny_file)
    assert (code, out, err) == (ExitCode.FAILURE, "", "no word can be spelled from xyz\n")
    code, out, _ = run("hand", "xyz", "--json", "--dict", tiny_file)
    assert (code, json.loads(out)) == (ExitCode.FAILURE, [])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hand", "ab1"], "hand 'ab1' has characters that are neither latin letters nor '*': 1"),
        (["hand", ""], "empty hand"),
        (["hand", "a" + "*" * 9], "9 wildcards; at most 8 are allowed"),
        (["hand", "abc", "--dict", "no/such/file.txt"], "no/such/file.txt: cannot read"),
        (["hand", "abc", "--score", "no-such.txt"], "no-such.txt: cannot read"),
        (["hand", "abc", "--score", "scrable"], "unknown score table 'scrable'"),
        (["hand", "abc", "--length", "3", "--min-length", "2"], "not both"),
        (["hand", "abc", "--top", "0"], "--top"),
        (["hand", "abc", "--length", "0"], "--length"),
    ],
)
def test_hand_bad_input(run: Run, args: list[str], message: str) -> None:
    assert_one_error_line(run(*args), message)


def test_bad_dictionary_lines_can_be_skipped(run: Run, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("cat\nc4t\nact\n", encoding="utf-8")
    assert_one_error_line(run("hand", "tac", "--dict", words), "words.txt:2:")
    code, out, err = run("hand", "tac", "--dict", words, "--skip-bad", "--score", "none")
    assert code == ExitCode.OK
    assert out.splitlines() == ["3 letters (2)", "  act  cat"]
    assert err.startswith("warning: skipped 1 line(s)")


def test_hand_on_the_birdigo_list(run: Run, birdigo_path: Path, private_cache: Path) -> None:
    code, out, _ = run("hand", "retains*", "--dict", birdigo_path, "--top", "5", "--json")
    assert code == ExitCode.OK
    rows = json.loads(out)
    assert len(rows) == 5
    assert all(row["length"] == 8 and len(row["wildcards"]) == 1 for row in rows)
    assert list(private_cache.glob("anagram-latin-*.npz"))  # the index was cached


# pattern


def test_pattern(run: Run, tiny_file: Path) -> None:
    code, out, err = run("pattern", "c?*t", "--dict", tiny_file)
    assert (code, out, err) == (ExitCode.OK, "cat\ncoast\ncoat\n", "")


def test_pattern_contains_and_excludes(run: Run, tiny_file: Path) -> None:
    code, out, _ = run("pattern", "*", "--contains", "tt", "--dict", tiny_file)
    assert (code, out) == (ExitCode.OK, "tact\n")
    code, out, _ = run("pattern", "?a*", "--excludes", "o", "--dict", tiny_file)
    assert (code, out) == (ExitCode.OK, "cat\nnastier\nta\ntact\n")


def test_pattern_nothing_found(run: Run, tiny_file: Path) -> None:
    code, out, err = run("pattern", "x?", "--dict", tiny_file)
    assert (code, out, err) == (ExitCode.FAILURE, "", "no word matches 'x?'\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pattern", "c1t"], "characters other than latin letters, '?' and '*': 1"),
        (["pattern", "c?t", "--contains", "a", "--excludes", "a"], "both required and excluded"),
        (["pattern", "c?t", "--dict", "nowhere.txt"], "nowhere.txt: cannot read"),
    ],
)
def test_pattern_bad_input(run: Run, args: list[str], message: str) -> None:
    assert_one_error_line(run(*args), message)


# the built-in dictionary


@pytest.mark.skipif(not HAS_ENGLISH, reason="the built-in English list is not generated yet")
def test_builtin_english(run: Run) -> None:
    code, out, _ = run("check", "house", "qxzvk")
    assert code == ExitCode.FAILURE
    assert out.split() == ["house", "yes", "qxzvk", "no"]
    code, out, _ = run("hand", "house", "--length", "5", "--json")
    assert code == ExitCode.OK
    assert {"word": "house", "score": 8, "length": 5, "wildcards": []} in json.loads(out)

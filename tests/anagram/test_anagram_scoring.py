"""Letter values: the built-in tables and value files."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordsolver.alphabet import LATIN
from wordsolver.anagram import NO_VALUES, SCRABBLE, find_letter_values, read_letter_values
from wordsolver.errors import InvalidWordError, UnknownNameError, WordListError
from wordsolver.plumbing.files import UserFileError


def test_scrabble_values() -> None:
    assert sum(SCRABBLE.value(letter) for letter in "quiz") == 22
    assert [SCRABBLE.value(letter) for letter in "aekjq"] == [1, 1, 5, 8, 10]
    assert set(SCRABBLE.values) == set(LATIN.letters)
    assert SCRABBLE.scores_anything
    assert not NO_VALUES.scores_anything


def test_array_is_in_alphabet_order() -> None:
    assert SCRABBLE.array(LATIN)[:4].tolist() == [1, 3, 3, 2]
    assert NO_VALUES.array(LATIN).tolist() == [0] * 26


def test_find_by_name() -> None:
    assert find_letter_values("scrabble") is SCRABBLE
    assert find_letter_values("none") is NO_VALUES


def test_read_file(tmp_path: Path) -> None:
    path = tmp_path / "values.txt"
    path.write_text("# vowels are cheap\nA 1\ne 1  # case folds\n\nz 12\n", encoding="utf-8")
    values = find_letter_values(str(path))
    assert values.values == {"a": 1, "e": 1, "z": 12}
    assert values.value("b") == 0
    assert values.name == str(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a one\n", r"values.txt:1: expected 'letter value'"),
        ("a 1 2\n", "expected 'letter value'"),
        ("a -1\n", "expected 'letter value'"),
        ("a 1\nab 2\n", r"values.txt:2: 'ab' is not a latin letter"),
        ("7 2\n", "'7' is not a latin letter"),
        ("a 1\nA 2\n", "'a' is given a value twice"),
    ],
)
def test_bad_files_name_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "values.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(WordListError, match=message):
        read_letter_values(path)


def test_values_are_bounded(tmp_path: Path) -> None:
    path = tmp_path / "values.txt"
    path.write_text("a 1001\n", encoding="utf-8")
    with pytest.raises(InvalidWordError, match="'a' is worth 1001; values go from 0 to 1000"):
        read_letter_values(path)


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(UserFileError, match="cannot read"):
        find_letter_values(str(tmp_path / "absent.txt"))
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(UserFileError, match="not UTF-8"):
        read_letter_values(binary)


def test_mistyped_name_lists_the_names() -> None:
    with pytest.raises(UnknownNameError, match="choose from: <file>, none, scrabble"):
        find_letter_values("scrable")

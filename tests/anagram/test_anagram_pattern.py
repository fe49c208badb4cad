"""Crossword patterns: validation, and the compiled matcher against fnmatch."""

from __future__ import annotations

from collections import Counter
from fnmatch import fnmatchcase

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsolver.anagram import WordPattern
from wordsolver.errors import InvalidWordError

WORDS = ["cat", "cot", "cut", "coat", "act", "cattle", "scat", "ct", "tee", "teeth", "ebb"]


@pytest.mark.parametrize(
    ("pattern", "contains", "excludes", "expected"),
    [
        ("c?t", "", "", ["cat", "cot", "cut"]),
        ("C?T", "", "", ["cat", "cot", "cut"]),
        ("c*t", "", "", ["cat", "coat", "cot", "ct", "cut"]),
        ("c**t", "", "", ["cat", "coat", "cot", "ct", "cut"]),
        ("c?t*", "", "u", ["cat", "cattle", "cot"]),
        ("*", "ee", "", ["tee", "teeth"]),
        ("*", "ae", "", ["cattle"]),
        ("???", "", "", ["act", "cat", "cot", "cut", "ebb", "tee"]),
        ("???", "", "abcdefghijklmnopqrsuvwxyz", []),
        ("*t", "", "abcdefghijklmnopqrsuvwxyz", []),
        ("e?b", "b", "", ["ebb"]),
        ("x*", "", "", []),
    ],
)
def test_matches(pattern: str, contains: str, excludes: str, expected: list[str]) -> None:
    assert WordPattern.parse(pattern, contains, excludes).matches(WORDS) == expected


@pytest.mark.parametrize(
    ("pattern", "contains", "excludes", "message"),
    [
        ("", "", "", "empty pattern"),
        ("c.t", "", "", r"other than latin letters, '\?' and '\*': \."),
        ("c[t]", "", "", r": \[\]"),
        ("c1t", "", "", ": 1"),
        ("c?t", "a1", "", "required letters must be latin letters, not: 1"),
        ("c?t", "", "-", "excluded letters must be latin letters, not: -"),
        ("c?t", "a", "a", "both required and excluded: a"),
        ("c?t", "", "ct", "both required and excluded: ct"),
    ],
)
def test_bad_patterns(pattern: str, contains: str, excludes: str, message: str) -> None:
    with pytest.raises(InvalidWordError, match=message):
        WordPattern.parse(pattern, contains, excludes)


@settings(database=None, max_examples=300)
@given(
    pattern=st.text(alphabet="abc?*", min_size=1, max_size=6),
    words=st.lists(st.text(alphabet="abcd", min_size=1, max_size=6), max_size=30),
    contains=st.text(alphabet="ab", max_size=2),
    excludes=st.sampled_from(["", "d", "c"]),
)
def test_agrees_with_fnmatch(pattern: str, words: list[str], contains: str, excludes: str) -> None:
    if set(excludes) & set(contains + pattern):
        return
    unique = list(dict.fromkeys(words))
    shortest = len(pattern) - pattern.count("*")
    if unique and shortest > max(map(len, unique)):
        with pytest.raises(InvalidWordError, match="needs at least"):
            WordPattern.parse(pattern, contains, excludes).matches(unique)
        return
    expected = sorted(
        word
        for word in unique
        if fnmatchcase(word, pattern)
        and not Counter(contains) - Counter(word)
        and not set(excludes) & set(word)
    )
    assert WordPattern.parse(pattern, contains, excludes).matches(unique) == expected


@pytest.mark.parametrize(
    "pattern",
    ["*?*?*?*?*?*?*?*?*q", "*?" * 15 + "*", "*a*b*c*", "*e*e*e*e*e*e*e*e*e*", "?*" * 12 + "s"],
)
def test_many_stars_match_like_fnmatch(pattern: str) -> None:
    # A backtracking regular expression took tens of seconds on such patterns over a long list.
    words = ["q", "iraq", "nastaliq", "abacus", "cabbage", "b" * 40 + "q", "e" * 30, "x" * 25 + "s"]
    expected = sorted(word for word in words if fnmatchcase(word, pattern))
    assert WordPattern.parse(pattern).matches(words) == expected


@pytest.mark.parametrize("pattern", ["a" * 1_000_000, "*a" * 500_000, "?" * 41])
def test_patterns_longer_than_every_word_are_refused(pattern: str) -> None:
    with pytest.raises(InvalidWordError, match=r"needs at least [\d,]+ letters, .* more than 40$"):
        WordPattern.parse(pattern).matches(["cat", "b" * 40])


def test_a_million_stars_are_one_star() -> None:
    assert WordPattern.parse("*" * 1_000_000).matches(["cat", "act"]) == ["act", "cat"]

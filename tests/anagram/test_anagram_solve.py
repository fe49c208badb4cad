"""Solving hands: scores, ranking, length limits and the top of the list."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordsolver.anagram import (
    NO_VALUES,
    SCRABBLE,
    HandMatch,
    LengthRange,
    LetterIndex,
    parse_hand,
    read_letter_values,
    solve_hand,
)


def test_ranking_by_score_then_length_then_alphabet(tiny_index: LetterIndex) -> None:
    result = solve_hand(tiny_index, parse_hand("tacos"), SCRABBLE, LengthRange(3))
    assert [(m.word, m.score) for m in result.matches()] == [
        ("ascot", 7), ("coast", 7), ("costa", 7), ("tacos", 7),
        ("coat", 6), ("taco", 6), ("act", 5), ("cat", 5),
    ]  # fmt: skip


def test_wildcard_letters_score_nothing(tiny_index: LetterIndex) -> None:
    matches = solve_hand(tiny_index, parse_hand("qui*"), SCRABBLE, LengthRange(4)).matches()
    assert matches == [HandMatch("quit", 12, (3,)), HandMatch("quiz", 12, (3,))]
    assert solve_hand(tiny_index, parse_hand("quiz")).matches()[0] == HandMatch("quiz", 22, ())


def test_without_values_longest_words_come_first(tiny_index: LetterIndex) -> None:
    result = solve_hand(tiny_index, parse_hand("tac*"), NO_VALUES)
    assert [m.word for m in result.matches()] == [
        "coat", "taco", "tact", "act", "cat", "at", "ta", "a",
    ]  # fmt: skip
    assert set(result.scores.tolist()) == {0}


def test_custom_values(tiny_index: LetterIndex, tmp_path: Path) -> None:
    path = tmp_path / "values.txt"
    path.write_text("t 5\n", encoding="utf-8")
    result = solve_hand(tiny_index, parse_hand("tac*"), read_letter_values(path))
    assert result.matches(2) == [HandMatch("coat", 5, (1,)), HandMatch("taco", 5, (3,))]


def test_top_and_length(tiny_index: LetterIndex) -> None:
    result = solve_hand(tiny_index, parse_hand("retains"), SCRABBLE)
    assert len(result) == 7  # a, at, ta and four anagrams
    assert len(result.matches(3)) == 3
    assert len(result.matches(100)) == 7
    assert result.matches()[0].length == 7


def test_no_match(tiny_index: LetterIndex) -> None:
    result = solve_hand(tiny_index, parse_hand("xyz"))
    assert len(result) == 0
    assert result.matches() == []


@pytest.mark.parametrize("hand", ["retains**", "tac*", "zz*", "**"])
def test_score_is_the_value_of_the_letters_from_the_hand(
    tiny_index: LetterIndex, hand: str
) -> None:
    for match in solve_hand(tiny_index, parse_hand(hand)).matches():
        from_hand = [c for i, c in enumerate(match.word) if i not in match.wildcards]
        assert match.score == sum(SCRABBLE.value(c) for c in from_hand)

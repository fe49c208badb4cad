"""Hands: parsing and validation, and how a hand spells one word."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsolver.anagram import MAX_WILDCARDS, Hand, parse_hand, spell
from wordsolver.errors import InvalidWordError

LETTERS = st.text(alphabet="abcde", max_size=8)


@pytest.mark.parametrize(
    ("text", "hand"),
    [
        ("abc", Hand("abc", 0)),
        ("ABC", Hand("abc", 0)),
        (" re*tains* ", Hand("retains", 2)),
        ("*", Hand("", 1)),
        ("*" * MAX_WILDCARDS, Hand("", MAX_WILDCARDS)),
    ],
)
def test_parse_hand(text: str, hand: Hand) -> None:
    assert parse_hand(text) == hand


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ab1", "neither latin letters nor '*': 1"),
        ("a?b", "neither latin letters nor '*': ?"),
        ("", "empty hand"),
        ("   ", "empty hand"),
        ("a" + "*" * (MAX_WILDCARDS + 1), "9 wildcards; at most 8"),
    ],
)
def test_parse_hand_refuses_bad_input(text: str, message: str) -> None:
    with pytest.raises(InvalidWordError, match=message.replace("?", r"\?").replace("*", r"\*")):
        parse_hand(text)


def test_hand_size_and_text() -> None:
    hand = Hand("cat", 2)
    assert hand.size == 5
    assert str(hand) == "cat**"


@pytest.mark.parametrize(
    ("word", "hand", "positions"),
    [
        ("cat", "tac", ()),
        ("cat", "ta*", (0,)),
        ("tact", "tac*", (3,)),  # the later copy of a repeated letter is the wildcard
        ("tact", "tac", None),
        ("aaa", "a**", (1, 2)),
        ("", "a", ()),
    ],
)
def test_spell(word: str, hand: str, positions: tuple[int, ...] | None) -> None:
    assert spell(word, parse_hand(hand)) == positions


@settings(database=None)
@given(word=LETTERS, letters=LETTERS, wildcards=st.integers(0, 3))
def test_spell_agrees_with_a_multiset_check(word: str, letters: str, wildcards: int) -> None:
    hand = Hand(letters, wildcards)
    needed = sum((Counter(word) - Counter(letters)).values())
    positions = spell(word, hand)
    if needed > wildcards:
        assert positions is None
    else:
        assert positions is not None
        assert len(positions) == needed
        from_hand = Counter(letter for i, letter in enumerate(word) if i not in positions)
        assert from_hand <= Counter(letters)

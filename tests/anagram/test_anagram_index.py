"""The letter-count index: building it, and the compiled hand filter against the reference."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsolver.alphabet import CYRILLIC, LATIN, Alphabet
from wordsolver.anagram import Hand, LengthRange, LetterIndex, parse_hand, spell
from wordsolver.errors import InvalidWordError, OptionError, WordListError
from wordsolver.lexicon import Lexicon


def words_of(index: LetterIndex, spelled: tuple[np.ndarray, np.ndarray]) -> list[str]:
    ids, _ = spelled
    return [index.words[i] for i in ids.tolist()]


def test_build_counts_letters(tiny_index: LetterIndex) -> None:
    row = tiny_index.words.index("tact")
    assert tiny_index.counts.shape == (len(tiny_index), 26)
    assert tiny_index.counts[row, LATIN.letters.index("t")] == 2
    assert tiny_index.counts[row].sum() == tiny_index.lengths[row] == 4
    assert tiny_index.masks[row] == (1 << 0) | (1 << 2) | (1 << 19)


def test_ranks_are_alphabetical_positions(tiny_index: LetterIndex) -> None:
    in_rank_order = [tiny_index.words[i] for i in np.argsort(tiny_index.ranks)]
    assert in_rank_order == sorted(tiny_index.words)


@settings(max_examples=40, deadline=None)
@given(st.sets(st.text(alphabet="abcxyzё", min_size=1, max_size=6), max_size=60))
def test_ranks_sorted_by_first_letter_then_within_are_alphabetical(words: set[str]) -> None:
    alphabet = Alphabet("some", "abcxyzё")  # ё sorts after the latin letters
    index = LetterIndex.build(Lexicon("some", tuple(words)), alphabet)
    assert [index.words[i] for i in np.argsort(index.ranks)] == sorted(words)


@pytest.mark.parametrize(
    ("hand", "lengths", "expected"),
    [
        ("tac", LengthRange(), ["a", "at", "ta", "act", "cat"]),
        ("tac*", LengthRange(4), ["tact", "taco", "coat"]),
        ("tac*", LengthRange.exactly(2), ["at", "ta"]),
        ("ocast", LengthRange(5), ["ascot", "coast", "costa", "tacos"]),
        ("zz*", LengthRange(3), ["zzz"]),
        ("qu", LengthRange(), []),
        ("**", LengthRange(3), []),
        ("retains", LengthRange(7), ["retains", "nastier", "retinas", "stainer"]),
    ],
)
def test_spellable(
    tiny_index: LetterIndex, hand: str, lengths: LengthRange, expected: list[str]
) -> None:
    assert words_of(tiny_index, tiny_index.spellable(parse_hand(hand), lengths)) == expected


def test_length_limit_above_the_hand_changes_nothing(tiny_index: LetterIndex) -> None:
    hand = parse_hand("tac")
    assert words_of(tiny_index, tiny_index.spellable(hand, LengthRange(1, 50))) == (
        words_of(tiny_index, tiny_index.spellable(hand))
    )


@pytest.mark.parametrize(("shortest", "longest"), [(0, None), (3, 2)])
def test_length_range_refuses_nonsense(shortest: int, longest: int | None) -> None:
    with pytest.raises(OptionError, match="length"):
        LengthRange(shortest, longest)


def test_hand_letters_must_be_in_the_alphabet(tiny_index: LetterIndex) -> None:
    with pytest.raises(InvalidWordError, match="outside the latin alphabet"):
        tiny_index.hand_counts(Hand("aé"))


def test_build_refuses_words_outside_the_alphabet() -> None:
    with pytest.raises(WordListError, match="'c4t' has letters outside"):
        LetterIndex.build(Lexicon("bad", ("cat", "c4t", "dog")))


def test_build_refuses_words_too_long_for_uint8_counts() -> None:
    with pytest.raises(WordListError, match="longer than 255"):
        LetterIndex.build(Lexicon("long", ("a" * 256,)))


def test_other_alphabets_work() -> None:
    index = LetterIndex.build(Lexicon("ru", ("кот", "ток", "окно")), CYRILLIC)
    assert words_of(index, index.spellable(Hand("котн", 1))) == ["кот", "ток", "окно"]


def test_alphabets_wider_than_the_mask_fold_safely() -> None:
    """Letters 0 and 63 share a mask bit; the filter must still find exactly the right words."""
    letters = "".join(chr(0x100 + i) for i in range(70))
    wide = Alphabet("wide", letters)
    words = (letters[0] + letters[63], letters[63] * 2, letters[1])
    index = LetterIndex.build(Lexicon("wide", words), wide)
    assert words_of(index, index.spellable(Hand(letters[0]))) == []
    assert words_of(index, index.spellable(Hand(letters[0], 1), LengthRange(2))) == [words[0]]


WORDS = st.lists(st.text(alphabet="abcdet", min_size=1, max_size=7), min_size=1, max_size=40)


@settings(database=None, max_examples=200)
@given(
    words=WORDS,
    letters=st.text(alphabet="abcdefgt", max_size=8),
    wildcards=st.integers(0, 3),
    shortest=st.integers(1, 4),
)
def test_kernel_agrees_with_the_reference(
    words: list[str], letters: str, wildcards: int, shortest: int
) -> None:
    index = LetterIndex.build(Lexicon("random", tuple(dict.fromkeys(words))))
    hand = Hand(letters, wildcards)
    expected = [
        word for word in index.words if len(word) >= shortest and spell(word, hand) is not None
    ]
    assert words_of(index, index.spellable(hand, LengthRange(shortest))) == expected

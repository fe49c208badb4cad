"""Alphabets: normalisation (case, ё → е), foreign letters, letter codes, named alphabets."""

from __future__ import annotations

import numpy as np
import pytest

from wordsolver.alphabet import CYRILLIC, DIGITS, LATIN, Alphabet, find_alphabet
from wordsolver.errors import InvalidWordError, UnknownNameError, WordsolverError


@pytest.mark.parametrize(
    ("alphabet", "word", "normal"),
    [
        (LATIN, "crane", "crane"),
        (LATIN, "CRANE", "crane"),
        (LATIN, "CrAnE", "crane"),
        (LATIN, "  crane\n", "crane"),
        (LATIN, "\tSlate\r", "slate"),
        (LATIN, "ёжик", "ёжик"),  # only the Russian alphabet folds ё
        (CYRILLIC, "Ёжик", "ежик"),
        (CYRILLIC, "ЁЖИКИ", "ежики"),
        (CYRILLIC, "щётка", "щетка"),
        (CYRILLIC, "ЩЁТКА", "щетка"),
        (CYRILLIC, "ёё", "ее"),
        (CYRILLIC, "елка", "елка"),
        (DIGITS, " 0123 ", "0123"),
    ],
)
def test_normalise(alphabet: Alphabet, word: str, normal: str) -> None:
    assert alphabet.normalise(word) == normal


@pytest.mark.parametrize("word", ["Ёлка", "ёлка", "ЕЛКА", "елка", " ЁлКа "])
def test_yo_and_ye_spellings_normalise_alike(word: str) -> None:
    assert CYRILLIC.normalise(word) == "елка"


def test_cyrillic_alphabet_has_no_yo() -> None:
    assert "ё" not in CYRILLIC.letters
    assert CYRILLIC.size == 32


@pytest.mark.parametrize(
    ("alphabet", "word", "foreign"),
    [
        (LATIN, "crane", ""),
        (LATIN, "cräne", "ä"),
        (LATIN, "naïve", "ï"),
        (LATIN, "cr4ne", "4"),
        (LATIN, "ice cream", " "),
        (LATIN, "a-b-c", "-"),
        (LATIN, "ёёж", "ёж"),  # distinct, in order of first appearance
        (LATIN, "Crane", "C"),  # foreign_letters expects a normalised word
        (CYRILLIC, "ежик", ""),
        (CYRILLIC, "ёлка", "ё"),  # not normalised: ё is outside the letters
        (CYRILLIC, "crane", "crane"),
        (CYRILLIC, "еж1к", "1"),
        (DIGITS, "1234", ""),
        (DIGITS, "12a4", "a"),
    ],
)
def test_foreign_letters(alphabet: Alphabet, word: str, foreign: str) -> None:
    assert alphabet.foreign_letters(word) == foreign


@pytest.mark.parametrize(
    ("alphabet", "words", "codes"),
    [
        (LATIN, ["cab"], [[2, 0, 1]]),
        (LATIN, ["abc", "zyx"], [[0, 1, 2], [25, 24, 23]]),
        (CYRILLIC, ["яаб"], [[31, 0, 1]]),
        (DIGITS, ["0901"], [[0, 9, 0, 1]]),
        (find_alphabet("fedcba"), ["fab"], [[0, 5, 4]]),
    ],
)
def test_encode(alphabet: Alphabet, words: list[str], codes: list[list[int]]) -> None:
    encoded = alphabet.encode(words)
    assert encoded.dtype == np.uint8
    assert encoded.tolist() == codes


def test_encode_nothing_is_an_empty_array() -> None:
    assert LATIN.encode([]).shape == (0, 0)


@pytest.mark.parametrize(
    ("alphabet", "size"), [(LATIN, 26), (CYRILLIC, 32), (DIGITS, 10), (find_alphabet("abcdef"), 6)]
)
def test_size(alphabet: Alphabet, size: int) -> None:
    assert alphabet.size == size


@pytest.mark.parametrize("letters", ["", "aba", "abcc"])
def test_alphabet_needs_distinct_letters(letters: str) -> None:
    with pytest.raises(InvalidWordError):
        Alphabet("bad", letters)


def test_alphabet_has_at_most_255_letters() -> None:
    letters = "".join(chr(0x100 + i) for i in range(256))
    with pytest.raises(InvalidWordError, match="255"):
        Alphabet("huge", letters)
    assert Alphabet("big", letters[:255]).size == 255


@pytest.mark.parametrize("alphabet", [LATIN, CYRILLIC, DIGITS])
def test_sorted_alphabets_need_no_sort_key(alphabet: Alphabet) -> None:
    assert alphabet.sort_key is None


def test_custom_order_sorts_by_alphabet_rank() -> None:
    alphabet = find_alphabet("fedcba")
    assert alphabet.sort_key is not None
    assert sorted(["ab", "fa", "ba", "fb"], key=alphabet.sort_key) == ["fb", "fa", "ba", "ab"]


@pytest.mark.parametrize(("spec", "expected"), [("latin", LATIN), ("cyrillic", CYRILLIC)])
def test_find_named_alphabet(spec: str, expected: Alphabet) -> None:
    assert find_alphabet(spec) is expected


@pytest.mark.parametrize(("spec", "letters"), [("abcdef", "abcdef"), ("ABC", "abc"), ("12", "12")])
def test_find_alphabet_of_letters(spec: str, letters: str) -> None:
    assert find_alphabet(spec).letters == letters


@pytest.mark.parametrize("spec", ["a", "", "ab!", "a b", "g"])
def test_find_alphabet_rejects_nonsense(spec: str) -> None:
    with pytest.raises(UnknownNameError) as raised:
        find_alphabet(spec)
    assert "latin" in str(raised.value)
    assert isinstance(raised.value, LookupError)


def test_find_alphabet_with_repeated_letters_is_a_user_error() -> None:
    with pytest.raises(WordsolverError):
        find_alphabet("abca")

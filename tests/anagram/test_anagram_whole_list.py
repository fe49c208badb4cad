"""The solver's answer on the whole Birdigo list against a brute-force multiset check."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from wordsolver.anagram import MAX_WILDCARDS, SCRABBLE, Hand, LengthRange, LetterIndex, solve_hand
from wordsolver.lexicon import Lexicon

pytestmark = pytest.mark.slow

# Letters weighted roughly by English frequency, so hands spell many words, not a handful.
FREQUENT = (
    "eeeeeeeeeeeetttttttttaaaaaaaaooooooooiiiiiiinnnnnnnsssssshhhhhhrrrrrrdddd"
    "llllcccuuummwwffggyyppbbvkjxqz"
)

HANDS = st.lists(st.sampled_from(FREQUENT), min_size=1, max_size=15).map("".join)


@pytest.fixture(scope="module")
def letter_counts(birdigo_lexicon: Lexicon) -> list[tuple[str, Counter[str]]]:
    return [(word, Counter(word)) for word in birdigo_lexicon.words]


def brute_force(
    letter_counts: list[tuple[str, Counter[str]]], hand: Hand, lengths: LengthRange
) -> dict[str, int]:
    """Every word whose letters beyond the hand number at most the wildcards, with its score."""
    have = dict(Counter(hand.letters))
    longest = lengths.longest or hand.size
    found = {}
    for word, counts in letter_counts:
        if not lengths.shortest <= len(word) <= longest:
            continue
        needed = 0
        for letter, count in counts.items():
            needed += max(0, count - have.get(letter, 0))
        if needed <= hand.wildcards:
            found[word] = sum(
                SCRABBLE.value(letter) * min(count, have.get(letter, 0))
                for letter, count in counts.items()
            )
    return found


def check(
    index: LetterIndex, counts: list[tuple[str, Counter[str]]], hand: Hand, lengths: LengthRange
) -> None:
    result = solve_hand(index, hand, SCRABBLE, lengths)
    answer = {
        index.words[i]: score for i, score in zip(result.ids, result.scores.tolist(), strict=True)
    }
    assert len(answer) == len(result)
    assert answer == brute_force(counts, hand, lengths)


@settings(database=None, deadline=None, max_examples=25)
@given(letters=HANDS, shortest=st.integers(1, 6))
def test_without_wildcards(
    birdigo_index: LetterIndex,
    letter_counts: list[tuple[str, Counter[str]]],
    letters: str,
    shortest: int,
) -> None:
    check(birdigo_index, letter_counts, Hand(letters), LengthRange(shortest))


@settings(database=None, deadline=None, max_examples=25)
@example(letters="retains", wildcards=MAX_WILDCARDS, lengths=LengthRange())
@given(
    letters=HANDS,
    wildcards=st.integers(1, 4),
    lengths=st.sampled_from([LengthRange(), LengthRange(4), LengthRange.exactly(7)]),
)
def test_with_wildcards(
    birdigo_index: LetterIndex,
    letter_counts: list[tuple[str, Counter[str]]],
    letters: str,
    wildcards: int,
    lengths: LengthRange,
) -> None:
    check(birdigo_index, letter_counts, Hand(letters, wildcards), lengths)


def test_only_wildcards(
    birdigo_index: LetterIndex, letter_counts: list[tuple[str, Counter[str]]]
) -> None:
    check(birdigo_index, letter_counts, Hand("", 3), LengthRange())

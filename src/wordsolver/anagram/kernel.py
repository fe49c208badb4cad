"""Compiled loops of the letter-count index: counting letters, and testing a hand against each word.

Kept in one small file so numba and its on-disk compile cache touch nothing else. What
:data:`spellable_rows` answers for one word is spelled out readably by
:func:`wordsolver.anagram.hand.spell`; the tests check that the two agree.
"""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np
import numpy.typing as npt

Codes = npt.NDArray[np.uint8]
Counts = npt.NDArray[np.uint8]
Lengths = npt.NDArray[np.uint8]
Masks = npt.NDArray[np.int64]
Ids = npt.NDArray[np.int32]
HandCounts = npt.NDArray[np.int64]
Scores = npt.NDArray[np.int64]

#: Letter k sets bit ``k % MASK_BITS`` of a word's mask. Folding larger alphabets onto 63 bits
#: (the sign bit stays clear) only weakens the mask test, which stays a safe early rejection.
MASK_BITS = 63


def _count_letters(codes: Codes, lengths: npt.NDArray[np.int64], size: int) -> tuple[Counts, Masks]:
    counts = np.zeros((lengths.size, size), dtype=np.uint8)
    masks = np.zeros(lengths.size, dtype=np.int64)
    position = 0
    for word in range(lengths.size):
        for _ in range(lengths[word]):
            code = codes[position]
            counts[word, code] += 1
            masks[word] |= np.int64(1) << (code % MASK_BITS)
            position += 1
    return counts, masks


def _spellable_rows(
    counts: Counts,
    lengths: Lengths,
    masks: Masks,
    hand: HandCounts,
    hand_mask: int,
    wildcards: int,
    shortest: int,
    longest: int,
    values: Scores,
) -> tuple[Ids, Scores]:
    found = np.empty(lengths.size, dtype=np.int32)
    scores = np.empty(lengths.size, dtype=np.int64)
    n_found = 0
    absent = ~hand_mask
    for word in range(lengths.size):
        if lengths[word] < shortest or lengths[word] > longest:
            continue
        # Each distinct letter missing from the hand needs its own wildcard: a cheap bit test
        # that rejects most words before their counts are read.
        missing = masks[word] & absent
        n_missing = 0
        while missing:
            missing &= missing - 1
            n_missing += 1
        if n_missing > wildcards:
            continue
        deficit = 0
        score = 0
        for letter in range(counts.shape[1]):
            need = np.int64(counts[word, letter])
            have = hand[letter]
            if need > have:
                deficit += need - have
                if deficit > wildcards:
                    break
                score += have * values[letter]
            else:
                score += need * values[letter]
        if deficit <= wildcards:
            found[n_found] = word
            scores[n_found] = score
            n_found += 1
    return found[:n_found], scores[:n_found]


#: ``(codes, word lengths, alphabet size) -> (counts, masks)``: per word, how often each letter
#: occurs, and a bit mask of the letters it has. ``codes`` are all words' letters end to end.
count_letters: Callable[[Codes, npt.NDArray[np.int64], int], tuple[Counts, Masks]] = numba.njit(
    cache=True, nogil=True
)(_count_letters)

#: ``(counts, lengths, masks, hand counts, hand mask, wildcards, shortest, longest, values)
#: -> (ids, scores)``: the rows, in order, whose length is in range and whose letters beyond the
#: hand's number at most ``wildcards``; and the value of each one's letters taken from the hand.
spellable_rows: Callable[
    [Counts, Lengths, Masks, HandCounts, int, int, int, int, Scores], tuple[Ids, Scores]
] = numba.njit(cache=True, nogil=True)(_spellable_rows)

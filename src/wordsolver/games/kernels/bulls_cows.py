"""Compiled get/touch: the matrix fill, with a bit-set shortcut for words of distinct letters
(imported on first use, so commands that compute no feedback never load numba)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from wordsolver.alphabet import LetterCodes
from wordsolver.games.rule import PatternArray


@njit(cache=True, inline="always")
def get_touch(guess: LetterCodes, secret: LetterCodes) -> int:
    length = guess.shape[0]
    used = 0  # bit j set: secret letter j already counted
    get = 0
    for i in range(length):
        if guess[i] == secret[i]:
            used |= 1 << i
            get += 1
    touch = 0
    for i in range(length):
        if guess[i] != secret[i]:
            for j in range(length):
                if not (used >> j) & 1 and secret[j] == guess[i]:
                    used |= 1 << j
                    touch += 1
                    break
    result: int = get * (length + 1) + touch
    return result


@njit(cache=True)
def letter_sets(words: LetterCodes) -> npt.NDArray[np.uint64]:
    """Each word's letters as a bit set, or 0 when a letter repeats (or the alphabet is too big)."""
    sets = np.zeros(words.shape[0], np.uint64)
    for w in range(words.shape[0]):
        bits = np.uint64(0)
        for letter in words[w]:
            bit = np.uint64(1) << np.uint64(letter)
            if letter >= 64 or bits & bit:
                bits = np.uint64(0)
                break
            bits |= bit
        sets[w] = bits
    return sets


@njit(cache=True, inline="always")
def count_bits(bits: np.uint64) -> int:
    count = 0
    while bits:
        bits &= bits - np.uint64(1)
        count += 1
    return count


@njit(cache=True, parallel=True, nogil=True)
def fill(guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
    length = guesses.shape[1]
    guess_sets = letter_sets(guesses)
    secret_sets = letter_sets(secrets)
    for s in prange(secrets.shape[0]):  # secret-major: see FeedbackRule.fill_matrix
        secret = secrets[s]
        for g in range(guesses.shape[0]):
            guess = guesses[g]
            if guess_sets[g] and secret_sets[s]:
                # Distinct letters (Tonguess, Bulls and Cows): common letters are a set overlap.
                get = 0
                for i in range(length):
                    get += guess[i] == secret[i]
                common = count_bits(guess_sets[g] & secret_sets[s])
                out[g, s] = get * (length + 1) + common - get
            else:
                out[g, s] = get_touch(guess, secret)

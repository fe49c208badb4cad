"""Compiled Wordle colours: the matrix fill and the hard-mode filter (imported on first use, so
commands that compute no feedback never load numba)."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from wordsolver.alphabet import LetterCodes
from wordsolver.games.colour_digits import GREEN, GREY, YELLOW
from wordsolver.games.rule import PatternArray
from wordsolver.plumbing.arrays import BoolArray

#: Guesses coloured at a time against one secret: the block's working rows stay in the L1 cache.
BLOCK = 1024


@njit(cache=True, parallel=True, nogil=True)
def fill(guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
    """Colours of every guess against every secret, a block of guesses at a time, each step one
    plain loop over the block (so the compiler turns it into vector instructions).

    A letter that is not green is yellow while the secret has copies of it left over: its
    copies on grey positions, less those taken by the same letter earlier in the guess (the
    leftmost letters of the guess take them first, as the game does).
    """
    n_guesses, length = guesses.shape
    by_position = np.ascontiguousarray(guesses.T)
    for s in prange(secrets.shape[0]):  # secret-major: see FeedbackRule.fill_matrix
        secret = secrets[s]
        grey = np.empty((length, BLOCK), np.uint8)  # 1: the guess's letter at i is not green
        left_over = np.empty(BLOCK, np.int8)
        pattern = np.empty(BLOCK, out.dtype)
        for start in range(0, n_guesses, BLOCK):
            n = min(BLOCK, n_guesses - start)
            letters = by_position[:, start : start + n]
            for i in range(length):
                for k in range(n):
                    grey[i, k] = letters[i, k] != secret[i]
            pattern[:n] = 0
            for i in range(length):
                left_over[:n] = 0
                for j in range(length):
                    for k in range(n):
                        left_over[k] += (letters[i, k] == secret[j]) & grey[j, k]
                for j in range(i):
                    for k in range(n):
                        left_over[k] -= (letters[i, k] == letters[j, k]) & grey[j, k]
                for k in range(n):
                    colour = GREEN - (GREEN - GREY) * grey[i, k]
                    colour += (YELLOW - GREY) * (grey[i, k] & (left_over[k] > 0))
                    pattern[k] = pattern[k] * 3 + colour
            out[start : start + n, s] = pattern[:n]


@njit(cache=True)
def hard_mode(guesses: LetterCodes, played: LetterCodes, digits: LetterCodes) -> BoolArray:
    length = played.shape[0]
    needed = np.zeros(256, np.int64)  # copies of each letter the feedback revealed
    for i in range(length):
        if digits[i] != GREY:
            needed[played[i]] += 1
    allowed = np.ones(guesses.shape[0], np.bool_)
    counts = np.zeros(256, np.int64)
    for g in range(guesses.shape[0]):
        guess = guesses[g]
        for i in range(length):
            if digits[i] == GREEN and guess[i] != played[i]:
                allowed[g] = False
            counts[guess[i]] += 1
        for i in range(length):
            if counts[played[i]] < needed[played[i]]:
                allowed[g] = False
        for i in range(length):
            counts[guess[i]] = 0
    return allowed

"""Compiled Wordle colours: the matrix fill and the hard-mode filter (imported on first use, so
commands that compute no feedback never load numba)."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from wordsolver.alphabet import LetterCodes
from wordsolver.arrays import BoolArray
from wordsolver.games.colour_digits import GREEN, GREY, YELLOW
from wordsolver.games.rule import PatternArray


@njit(cache=True)
def _needs_counting(guesses: LetterCodes) -> BoolArray:
    """The guesses whose colours need letters counted: a letter twice (which copy is yellow
    depends on the secret's copies), or a letter code too large for a 64-bit set."""
    length = guesses.shape[1]
    counting = np.zeros(guesses.shape[0], np.bool_)
    for g in range(guesses.shape[0]):
        for i in range(length):
            if guesses[g, i] >= 64:
                counting[g] = True
            for j in range(i):
                if guesses[g, i] == guesses[g, j]:
                    counting[g] = True
    return counting


@njit(cache=True, parallel=True, nogil=True)
def fill(guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
    """Colours of every guess against every secret. A guess of distinct letters is yellow
    wherever its letter is elsewhere in the secret (one set lookup a letter); the others count
    copies, the secret's leftmost unmatched copy going to the guess's leftmost letter."""
    length = guesses.shape[1]
    counting = _needs_counting(guesses)
    plain, counted = np.flatnonzero(~counting), np.flatnonzero(counting)
    for s in prange(secrets.shape[0]):  # secret-major: see FeedbackRule.fill_matrix
        secret = secrets[s]
        letters = np.uint64(0)  # bit c: letter c is in the secret
        for j in range(length):
            letters |= np.uint64(1) << np.uint64(secret[j] & 63)
        for g in plain:
            pattern = 0
            for i in range(length):
                letter = guesses[g, i]
                colour = GREY
                if letter == secret[i]:
                    colour = GREEN
                elif (letters >> np.uint64(letter)) & np.uint64(1):
                    colour = YELLOW
                pattern = pattern * 3 + colour
            out[g, s] = pattern
        for g in counted:
            used = 0  # bit j: the secret's letter at j is matched already
            for i in range(length):
                if guesses[g, i] == secret[i]:
                    used |= 1 << i
            pattern = 0
            for i in range(length):
                colour = GREY
                if guesses[g, i] == secret[i]:
                    colour = GREEN
                else:
                    for j in range(length):  # the leftmost unmatched copy, if any
                        if not (used >> j) & 1 and secret[j] == guesses[g, i]:
                            used |= 1 << j
                            colour = YELLOW
                            break
                pattern = pattern * 3 + colour
            out[g, s] = pattern


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

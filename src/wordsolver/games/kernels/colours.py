"""Compiled Wordle colours: the matrix fill and the hard-mode filter (imported on first use, so
commands that compute no feedback never load numba)."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from wordsolver.alphabet import LetterCodes
from wordsolver.arrays import BoolArray
from wordsolver.games.colours import GREEN, GREY, YELLOW
from wordsolver.games.rule import PatternArray


@njit(cache=True, inline="always")
def colours(guess: LetterCodes, secret: LetterCodes) -> int:
    length = guess.shape[0]
    used = 0  # bit i set: secret letter i already matched
    for i in range(length):
        if guess[i] == secret[i]:
            used |= 1 << i
    pattern = 0
    for i in range(length):
        colour = GREY
        if guess[i] == secret[i]:
            colour = GREEN
        else:
            for j in range(length):
                if not (used >> j) & 1 and secret[j] == guess[i]:
                    used |= 1 << j
                    colour = YELLOW
                    break
        pattern = pattern * 3 + colour
    return pattern


@njit(cache=True, parallel=True)
def fill(guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
    for s in prange(secrets.shape[0]):  # secret-major: see FeedbackRule.fill_matrix
        for g in range(guesses.shape[0]):
            out[g, s] = colours(guesses[g], secrets[s])


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

"""Compiled likeness: the matrix fill (imported on first use, so commands that compute no
feedback never load numba)."""

from __future__ import annotations

from numba import njit, prange

from wordsolver.alphabet import LetterCodes
from wordsolver.games.rule import PatternArray


@njit(cache=True, inline="always")
def likeness(guess: LetterCodes, secret: LetterCodes) -> int:
    same = 0
    for i in range(guess.shape[0]):
        if guess[i] == secret[i]:
            same += 1
    return same


@njit(cache=True, parallel=True, nogil=True)
def fill(guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
    for s in prange(secrets.shape[0]):  # secret-major: see FeedbackRule.fill_matrix
        for g in range(guesses.shape[0]):
            out[g, s] = likeness(guesses[g], secrets[s])

"""Compiled letters-in-common: the matrix fill (imported on first use, so commands that compute
no feedback never load numba)."""

from __future__ import annotations

from numba import njit, prange

from wordsolver.alphabet import LetterCodes
from wordsolver.games.rule import PatternArray


@njit(cache=True, inline="always")
def common(guess: LetterCodes, secret: LetterCodes) -> int:
    length: int = guess.shape[0]
    same = True
    for i in range(length):
        if guess[i] != secret[i]:
            same = False
    if same:
        return length + 1
    used = 0  # bit j set: secret letter j already counted
    common = 0
    for i in range(length):
        for j in range(length):
            if not (used >> j) & 1 and secret[j] == guess[i]:
                used |= 1 << j
                common += 1
                break
    return common


@njit(cache=True, parallel=True, nogil=True)
def fill(guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
    for s in prange(secrets.shape[0]):  # secret-major: see FeedbackRule.fill_matrix
        for g in range(guesses.shape[0]):
            out[g, s] = common(guesses[g], secrets[s])

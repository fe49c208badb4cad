"""Compiled loops of the terminal simulator: draw word sets, score every pair, play heuristics.

The choice made by :func:`play_terminals` takes each strategy's score from
:func:`~wordsolver.strategies.scores.partition_scores` (the strategy names its own by
``score_index``) and breaks ties as the library does, so a terminal played here and through
:class:`~wordsolver.strategies.Player` gives the same guesses; the tests check that they agree.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from numba import njit

from wordsolver.alphabet import LetterCodes
from wordsolver.plumbing.arrays import FloatArray, IdArray, Int64Array
from wordsolver.strategies.score_kernel import partition_scores

LikenessArray = npt.NDArray[np.uint8]

#: Scores closer than this are ties (the library's tolerance, see strategies.heuristics).
TOLERANCE = 1e-9


@njit(cache=True)
def sample_rows(uniforms: FloatArray, pool_size: int) -> IdArray:
    """Per row of ``uniforms`` (T, N): N distinct ids below ``pool_size``, sorted (Floyd's draw).

    Each uniform number in [0, 1) picks one id, so the draw is fixed by the numbers given.
    """
    n_rows, n_ids = uniforms.shape
    out = np.empty((n_rows, n_ids), np.intp)
    for t in range(n_rows):
        for k in range(n_ids):
            top = pool_size - n_ids + k
            pick = min(int(uniforms[t, k] * (top + 1)), top)
            for m in range(k):
                if out[t, m] == pick:
                    pick = top  # already drawn: take the new top, which cannot be
                    break
            out[t, k] = pick
        out[t].sort()
    return out


@njit(cache=True)
def likeness_tensor(codes: LetterCodes, word_ids: IdArray) -> LikenessArray:
    """``out[t, g, s]``: letters in place between words ``g`` and ``s`` of terminal ``t``."""
    n_rows, n_words = word_ids.shape
    length = codes.shape[1]
    out = np.empty((n_rows, n_words, n_words), np.uint8)
    for t in range(n_rows):
        for g in range(n_words):
            guess = codes[word_ids[t, g]]
            out[t, g, g] = length
            for s in range(g + 1, n_words):
                secret = codes[word_ids[t, s]]
                same = 0
                for i in range(length):
                    if guess[i] == secret[i]:
                        same += 1
                out[t, g, s] = same
                out[t, s, g] = same
    return out


@njit(cache=True)
def _choose(
    likeness: LikenessArray,
    candidates: IdArray,
    is_candidate: npt.NDArray[np.bool_],
    keys: FloatArray,
    strategy: int,
    only_candidates: bool,
    counts: Int64Array,
) -> int:
    """The guess the library's greedy strategy plays (see strategies.heuristics for the rules)."""
    n = candidates.shape[0]
    pool_size = n if only_candidates else likeness.shape[0]
    scores = np.empty(pool_size)
    squares = np.empty(pool_size, np.int64)
    worsts = np.empty(pool_size, np.int64)
    information = np.empty(pool_size)  # minus the entropy in units of TOLERANCE, rounded
    lowest = np.inf
    for k in range(pool_size):
        guess = candidates[k] if only_candidates else k
        row = likeness[guess]
        in_place = 0
        for s in candidates:
            counts[row[s]] += 1
            in_place += row[s]
        n_buckets = 0
        sum_squares = 0
        worst = 0
        size_log_size = 0.0
        for s in candidates:
            size = counts[row[s]]
            if size:
                n_buckets += 1
                sum_squares += size * size
                worst = max(worst, size)
                size_log_size += size * math.log2(size)
                counts[row[s]] = 0
        all_scores = partition_scores(
            n, n_buckets, sum_squares, worst, size_log_size, in_place, keys[guess]
        )
        score = all_scores[strategy]
        if n_buckets == 1 and not is_candidate[guess]:
            score = np.inf  # neither splits the candidates nor can win
        scores[k] = score
        squares[k] = sum_squares
        worsts[k] = worst
        # Rounded as the library does: equal partitions tie whatever the summation order.
        information[k] = np.round(-(math.log2(n) - size_log_size / n) / TOLERANCE)
        lowest = min(lowest, score)
    best = -1
    for k in range(pool_size):
        if scores[k] > lowest + TOLERANCE:
            continue
        if best < 0:
            best = k
            continue
        guess = candidates[k] if only_candidates else k
        holder = candidates[best] if only_candidates else best
        # Candidates first, then mean left, worst case, information, word order.
        if is_candidate[guess] != is_candidate[holder]:
            better = is_candidate[guess]
        elif squares[k] != squares[best]:
            better = squares[k] < squares[best]
        elif worsts[k] != worsts[best]:
            better = worsts[k] < worsts[best]
        else:
            better = information[k] < information[best]
        if better:
            best = k
    return int(candidates[best]) if only_candidates else best


@njit(cache=True)
def play_terminals(
    likeness: LikenessArray,
    secrets: IdArray,
    keys: FloatArray,
    strategy: int,
    only_candidates: bool,
    n_patterns: int,
    max_guesses: int,
) -> Int64Array:
    """Guesses each terminal needed until the secret was played (-1: more than ``max_guesses``).

    ``strategy`` is a strategy's ``score_index`` (:mod:`wordsolver.strategies.scores`). Every
    word on screen may be guessed unless ``only_candidates``; the last candidate is played as
    soon as only one is left, as :class:`~wordsolver.strategies.Player` does.
    """
    n_rows, n_words = likeness.shape[0], likeness.shape[1]
    needed = np.empty(n_rows, np.int64)
    buffer = np.empty(n_words, np.intp)
    is_candidate = np.empty(n_words, np.bool_)
    counts = np.zeros(n_patterns, np.int64)
    for t in range(n_rows):
        table = likeness[t]
        secret = secrets[t]
        n = n_words
        for w in range(n_words):
            buffer[w] = w
            is_candidate[w] = True
        needed[t] = -1
        for tries in range(1, max_guesses + 1):
            candidates = buffer[:n]
            if n == 1:
                guess = candidates[0]
            else:
                guess = _choose(
                    table, candidates, is_candidate, keys[t], strategy, only_candidates, counts
                )
            if guess == secret:
                needed[t] = tries
                break
            feedback = table[guess, secret]
            kept = 0
            for i in range(n):
                word = buffer[i]
                if table[guess, word] == feedback:
                    buffer[kept] = word
                    kept += 1
                else:
                    is_candidate[word] = False
            n = kept
    return needed

"""The compiled matcher of crossword patterns: one pass over every word, no backtracking.

A pattern ``head*middle*...*tail`` matches a word when ``head`` starts it, ``tail`` ends it, and
each middle piece occurs, in order and without overlap, in what lies between. Taking the leftmost
occurrence of each middle piece is always safe (it leaves the most room for the rest), so a word
is read at most once per piece letter: time grows with the word and the pattern's length, never
exponentially as a backtracking regular expression does on ``*?*?*?*?*q``.

Words and pieces are Unicode code points; ``ANY`` in a piece stands for ``?``.
Kept in one small file so numba and its on-disk compile cache touch nothing else; the tests check
it against :func:`fnmatch.fnmatchcase`.
"""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np
import numpy.typing as npt

Points = npt.NDArray[np.uint32]
Bounds = npt.NDArray[np.int64]
Ids = npt.NDArray[np.int64]

#: The code point that stands for ``?`` in a piece (no letter is 0).
ANY = 0
#: The code point between two words of the text (a newline).
SEPARATOR = 10


def _piece_at(text: Points, at: int, pieces: Points, start: int, stop: int) -> bool:
    """Whether the piece ``pieces[start:stop]`` stands in ``text`` from ``at`` on."""
    for k in range(stop - start):
        point = pieces[start + k]
        if point != ANY and text[at + k] != point:
            return False
    return True


_piece_at_compiled = numba.njit(cache=True, nogil=True, inline="always")(_piece_at)


def _matching_words(
    text: Points,
    pieces: Points,
    piece_bounds: Bounds,
    starred: bool,
    excluded: Points,
    required: Points,
    required_counts: Bounds,
) -> tuple[Ids, int]:
    n_pieces = piece_bounds.size - 1
    head = piece_bounds[1] - piece_bounds[0]
    tail = piece_bounds[n_pieces] - piece_bounds[n_pieces - 1] if starred else 0
    shortest = piece_bounds[n_pieces] - piece_bounds[0]
    n_words = 1
    for point in text:
        n_words += point == SEPARATOR
    found = np.empty(n_words, dtype=np.int64)
    counts = np.zeros(required.size, dtype=np.int64)
    n_found = 0
    longest = 0
    start = 0
    for word in range(n_words):
        stop = start
        while stop < text.size and text[stop] != SEPARATOR:
            stop += 1
        size = stop - start
        longest = max(longest, size)
        if _matches_compiled(
            text, start, stop, pieces, piece_bounds, starred, head, tail, shortest
        ):
            clean = True
            counts[:] = 0
            for at in range(start, stop):
                point = text[at]
                for k in range(excluded.size):
                    clean &= point != excluded[k]
                for k in range(required.size):
                    counts[k] += point == required[k]
            for k in range(required.size):
                clean &= counts[k] >= required_counts[k]
            if clean:
                found[n_found] = word
                n_found += 1
        start = stop + 1
    return found[:n_found], longest


def _matches(
    text: Points,
    start: int,
    stop: int,
    pieces: Points,
    piece_bounds: Bounds,
    starred: bool,
    head: int,
    tail: int,
    shortest: int,
) -> bool:
    """Whether the word ``text[start:stop]`` has the pattern's pieces where they must be."""
    size = stop - start
    n_pieces = piece_bounds.size - 1
    if size < shortest or (not starred and size != shortest):
        return False
    if not _piece_at_compiled(text, start, pieces, piece_bounds[0], piece_bounds[1]):
        return False
    if not starred:
        return True
    tail_from = stop - tail
    if not _piece_at_compiled(
        text, tail_from, pieces, piece_bounds[n_pieces - 1], piece_bounds[n_pieces]
    ):
        return False
    at = start + head
    for piece in range(1, n_pieces - 1):
        first, end = piece_bounds[piece], piece_bounds[piece + 1]
        while at + (end - first) <= tail_from and not _piece_at_compiled(
            text, at, pieces, first, end
        ):
            at += 1  # the leftmost occurrence: any later one leaves less room for the rest
        if at + (end - first) > tail_from:
            return False
        at += end - first
    return True


_matches_compiled = numba.njit(cache=True, nogil=True)(_matches)


#: ``(text, pieces, piece bounds, starred, excluded, required letters, required counts)
#: -> (ids, longest)``: the words of ``text`` (separated by :data:`SEPARATOR`), in order, that the
#: pattern matches, and the length of the longest word. ``pieces`` holds the pattern's pieces end
#: to end (piece ``k`` is ``pieces[bounds[k]:bounds[k + 1]]``); without a star there is one piece,
#: the whole word; with stars the first and last piece may be empty.
matching_words: Callable[
    [Points, Points, Bounds, bool, Points, Points, Bounds], tuple[Ids, int]
] = numba.njit(cache=True, nogil=True)(_matching_words)

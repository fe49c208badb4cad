"""Repeated words removed from a long list in a few array passes, each word kept where it
first stands.

A dict does the same in one line, but a list of ten million words makes it allocate and probe
a table of ten million entries (seconds of cache misses). Here the words of each length are
packed into 64-bit integers (a few bits per distinct byte), their positions put in the low
bits, and one vectorised sort brings equal words together, the first of each at the head of
its run.

>>> unique_words(["tea", "eat", "tea", "ate", "eat"] * 30_000)
('tea', 'eat', 'ate')
"""

from __future__ import annotations

from itertools import compress

import numpy as np
import numpy.typing as npt

from wordsolver.plumbing.arrays import IdArray

#: Lists shorter than this are de-duplicated by a dict: setting up arrays would cost more.
ARRAYS_FROM = 100_000
_NEWLINE = ord("\n")

Bytes = npt.NDArray[np.uint8]


def unique_words(words: list[str], joined: str | None = None) -> tuple[str, ...]:
    """``words`` (none holding a line break) without repeats, in the order they first appear;
    ``joined`` is ``"\\n".join(words)`` when the caller has it already."""
    if len(words) < ARRAYS_FROM:
        return tuple(dict.fromkeys(words))
    text = ("\n".join(words) if joined is None else joined) + "\n"
    data: Bytes = np.frombuffer(text.encode("utf-8"), dtype=np.uint8)
    codes, bits = _small_codes(data)
    width = len(words[0].encode("utf-8"))
    kept = np.zeros(len(words), dtype=np.bool_)
    if len(data) == len(words) * (width + 1) and (data[width :: width + 1] == _NEWLINE).all():
        # One length: the words are the rows of a table (a newline closes every row).
        kept[_first_of_each(codes.reshape(-1, width + 1)[:, :width], bits)] = True
    else:
        ends = np.flatnonzero(data == _NEWLINE)
        starts = np.concatenate(([0], ends[:-1] + 1))
        lengths = ends - starts
        for length in np.unique(lengths).tolist():
            rows = np.flatnonzero(lengths == length)
            cells = codes[starts[rows, None] + np.arange(length)]
            kept[rows[_first_of_each(cells, bits)]] = True
    return tuple(compress(words, kept.tolist()))


def _small_codes(data: Bytes) -> tuple[Bytes, int]:
    """The bytes renumbered 1, 2, ... in order of value (0 is never used: rows of different
    words then differ in their codes), and the bits each code needs."""
    seen = np.zeros(256, dtype=np.bool_)
    seen[data] = True
    present = np.flatnonzero(seen)
    lookup = np.zeros(256, dtype=np.uint8)
    lookup[present] = np.arange(1, len(present) + 1, dtype=np.uint8)
    return lookup[data], len(present).bit_length()


def _first_of_each(cells: Bytes, bits: int) -> IdArray:
    """The rows (of one width) that are the first of their kind."""
    count, width = cells.shape
    position_bits = max(count - 1, 1).bit_length()
    if width * bits + position_bits <= 64:
        # Word above, position below: a plain sort (vectorised, far faster than an argsort)
        # puts equal words together, the earliest first.
        keys = _packed(cells, bits) << np.uint64(position_bits) | np.arange(count, dtype=np.uint64)
        keys.sort()
        words = keys >> np.uint64(position_bits)
        heads = np.concatenate(([True], words[1:] != words[:-1]))
        firsts: IdArray = (keys[heads] & np.uint64((1 << position_bits) - 1)).astype(np.intp)
        return firsts
    whole = _packed(cells, bits) if width * bits <= 64 else _as_records(cells)
    order = np.argsort(whole)
    ranked = whole[order]
    runs = np.flatnonzero(np.concatenate(([True], ranked[1:] != ranked[:-1])))
    earliest: IdArray = np.minimum.reduceat(order, runs)
    return earliest


def _packed(cells: Bytes, bits: int) -> npt.NDArray[np.uint64]:
    """Each row as one integer, ``bits`` per code (the caller checks that they fit)."""
    packed = np.zeros(len(cells), dtype=np.uint64)
    for column in range(cells.shape[1]):
        packed <<= np.uint64(bits)
        packed |= cells[:, column]
    return packed


def _as_records(cells: Bytes) -> npt.NDArray[np.void]:
    """Each row as one sortable record of its bytes."""
    records: npt.NDArray[np.void] = (
        np.ascontiguousarray(cells).view(np.dtype((np.void, cells.shape[1]))).ravel()
    )
    return records

"""Which rows of a photographed terminal could not be read, and where they are.

A word OCR could not read must not vanish: the player is told which rows to check on the screen.
The rows are found from where Tesseract saw its lines (:class:`~wordsolver.fallout.ocr.OcrLine`):
the memory rows of a terminal are the last :data:`COLUMN_ROWS` lines of the text block, evenly
spaced, so each line read is put in the row whose place it is nearest (a line OCR split in two
joins its row again, a row it missed stays empty). A line holds a row of each column: the
columns start where the row addresses were read (or, when none was, where a terminal's line puts
them), and every character read belongs to the column and part (address, data) its place falls
in.

A row is doubtful when nothing was read in its data, or when its data holds letters that are no
part of a word read (memory between the words has no letters: letters there are a word OCR
damaged, or junk it misread). The rows doubtful in every reading of the photo are reported, with
their address when it can be told: the addresses of a terminal go up by :data:`ROW_WIDTH` a row,
so the addresses read well enough, when enough of them agree, give every row's.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wordsolver.fallout.ocr import OcrLine
from wordsolver.fallout.screen import ROW_WIDTH, TERMINAL_ROWS

#: Rows of memory in each of the two columns.
COLUMN_ROWS = TERMINAL_ROWS // 2
#: Characters of a row's address (``0xF4A0``), and from one column's address to the next's.
ADDRESS_WIDTH = 6
COLUMN_STEP = ADDRESS_WIDTH + 1 + ROW_WIDTH + 1
#: Characters of a terminal's line: two columns of an address, a space and a row.
LINE_WIDTH = COLUMN_STEP + ADDRESS_WIDTH + 1 + ROW_WIDTH
#: A row address as OCR damages it: a stray character, ``0`` read as ``o``, ``@``, ``e`` ...,
#: ``x`` as ``X`` or ``×``, a space inside, a character too many.
_ADDRESS = re.compile(
    r"(?:(?<=\s)|^)\S?[0oO@eQDGC][xX×][ ]?([0-9A-Za-z])[ ]?([0-9A-Za-z]{3,4})(?=\s|$)"
)
#: The hexadecimal digit OCR most likely misread as each character.
_HEX = str.maketrans("OQSILZGTP", "00511267F")
#: Addresses read that must agree on the first row's (and twice as many as agree on any other
#: one) before the rows' addresses are given.
MIN_VOTES = 3
_HEX_ADDRESS = re.compile(r"0x([0-9A-F]{4})")
_LETTERS = re.compile(r"[A-Za-z]+")


@dataclass(frozen=True, slots=True)
class UnreadRow:
    """A row of memory that could not be read: where it is on the screen, its address when it
    could be told, and what was read there."""

    column: int  # 0 the left column, 1 the right one
    line: int  # 0 the top row of the column
    address: str | None
    text: str

    @property
    def row(self) -> int:
        """The row's number in reading order (the left column top to bottom, then the right)."""
        return self.column * COLUMN_ROWS + self.line

    def describe(self) -> str:
        """Where the row is, in a player's words.

        >>> UnreadRow(1, 4, "0xF59C", "LI$[").describe()
        'row 0xF59C (right column, 5th row)'
        >>> UnreadRow(0, 0, None, "").describe()
        'left column, 1st row'
        """
        place = f"{('left', 'right')[self.column]} column, {_ordinal(self.line + 1)} row"
        return f"row {self.address} ({place})" if self.address else place

    def to_json(self) -> dict[str, object]:
        """The row for ``--json``: ``row`` (reading order), ``column``, ``line``, ``address``
        (or null), ``text`` and ``place`` (:meth:`describe`)."""
        return {
            "row": self.row,
            "column": self.column,
            "line": self.line,
            "address": self.address,
            "text": self.text,
            "place": self.describe(),
        }


@dataclass(frozen=True, slots=True)
class RowTexts:
    """What one reading of a photo read in each row: ``(column, line)`` -> (address, data)."""

    cells: dict[tuple[int, int], tuple[str, str]]

    def doubtful(self, words: Iterable[str]) -> set[tuple[int, int]]:
        """The rows with nothing read in their data, or letters in it that are no part of any
        of ``words`` (:func:`_explained`)."""
        known = [word.upper() for word in words]
        return {
            place
            for place in _places()
            if not self.cells.get(place, ("", ""))[1]
            or not all(
                _explained(run.upper(), known) for run in _LETTERS.findall(self.cells[place][1])
            )
        }

    def bases(self) -> Counter[int]:
        """The first row's address as each address read gives it."""
        found: Counter[int] = Counter()
        for (column, line), (address, _) in self.cells.items():
            match = _HEX_ADDRESS.search(tidy_addresses(address))
            if match:
                found[int(match.group(1), 16) - ROW_WIDTH * (column * COLUMN_ROWS + line)] += 1
        return found


def row_texts(lines: Sequence[OcrLine], bottom: float, left: float, right: float) -> RowTexts:
    """The rows of a reading whose text block (the straightened photo) ends at height ``bottom``
    and spans ``left`` to ``right``."""
    rows = _rows(lines, bottom)
    starts, char = _column_starts(rows, left, right)
    cells = {}
    for line, words in rows.items():
        for column, start in enumerate(starts):
            data_from = start + (ADDRESS_WIDTH + 0.5) * char
            address = _cut(words, start - 0.5 * char, data_from)
            data = _cut(words, data_from, data_from + (ROW_WIDTH + 1) * char)
            cells[column, line] = (address, data)
    return RowTexts(cells)


def unread_rows(readings: Sequence[RowTexts], words: Iterable[str]) -> tuple[UnreadRow, ...]:
    """The rows doubtful in every reading (the first gives their text), in reading order."""
    if not readings:
        return ()
    words = list(words)
    doubtful = set.intersection(*(reading.doubtful(words) for reading in readings))
    bases = sum((reading.bases() for reading in readings), Counter[int]())
    ranked = [*bases.most_common(2), (0, 0), (0, 0)]
    (base, votes), (_, runner_up) = ranked[0], ranked[1]
    unread = []
    for column, line in sorted(doubtful):
        address = None
        if votes >= MIN_VOTES and votes > 2 * runner_up:
            address = f"0x{base + ROW_WIDTH * (column * COLUMN_ROWS + line):04X}"
        text = readings[0].cells.get((column, line), ("", ""))[1]
        unread.append(UnreadRow(column, line, address, text))
    return tuple(unread)


def tidy_addresses(text: str) -> str:
    """Row addresses as OCR misreads them written as addresses, so the rows are found.

    >>> tidy_addresses("oxF4nc **)<)1e @xF5A8 ;+ROCK)>.")
    '0xF4NC  **)<)1e  0xF5A8  ;+ROCK)>.'
    """
    return "\n".join(_ADDRESS.sub(_address, line).strip() for line in text.splitlines())


def _address(match: re.Match[str]) -> str:
    digits = (match.group(1) + match.group(2)[:3]).upper().translate(_HEX)
    return f" 0x{digits} "


def _explained(run: str, words: Sequence[str]) -> bool:
    """Whether a letter run is part of a word read (a row ends inside a word), or a word read
    with a letter or two of junk OCR read as letters."""
    return any(run in word or (word in run and len(run) - len(word) <= 2) for word in words)


def _places() -> list[tuple[int, int]]:
    return [(column, line) for column in range(2) for line in range(COLUMN_ROWS)]


def _rows(lines: Sequence[OcrLine], bottom: float) -> dict[int, list[tuple[str, int, int]]]:
    """The words read in each row of memory (0 the top row), by the lines' places: the rows are
    evenly spaced, the last one at the block's bottom."""
    middles = [line.middle for line in lines]
    steps = [b - a for a, b in itertools.pairwise(middles)]
    if not steps:
        return {}
    pitch = statistics.median(step for step in steps if step > 0.5 * statistics.median(steps))
    # The rows' phase: where most lines sit, modulo the pitch.
    phase = statistics.median(
        (middle - middles[-1] + pitch / 2) % pitch - pitch / 2 for middle in middles
    )
    last = middles[-1] + phase
    last += pitch * round((bottom - 0.25 * pitch - last) / pitch)
    rows: dict[int, list[tuple[str, int, int]]] = {}
    for line in lines:
        row = COLUMN_ROWS - 1 - round((last - line.middle) / pitch)
        if 0 <= row < COLUMN_ROWS:
            rows.setdefault(row, []).extend(line.words)
    return rows


def _column_starts(
    rows: dict[int, list[tuple[str, int, int]]], left: float, right: float
) -> tuple[tuple[float, float], float]:
    """Where each column's addresses start, and the width of a character: from the addresses
    read, else from the block's edges."""
    found = sorted(
        (start, (end - start) / len(word))
        for words in rows.values()
        for word, start, end in words
        if len(word) >= ADDRESS_WIDTH - 1 and tidy_addresses(word).strip().startswith("0x")
    )
    char = (right - left) / LINE_WIDTH
    if found:
        char = statistics.median(width for _, width in found)
    lefts = [start for start, _ in found if start < left + COLUMN_STEP / 2 * char]
    rights = [start for start, _ in found if start >= left + COLUMN_STEP / 2 * char]
    if lefts:
        first = statistics.median(lefts)
    elif rights:
        first = statistics.median(rights) - COLUMN_STEP * char
    else:
        first = left
    second = statistics.median(rights) if rights else first + COLUMN_STEP * char
    return (first, second), char


def _cut(words: Iterable[tuple[str, int, int]], start: float, end: float) -> str:
    """The characters read between ``start`` and ``end`` (each character placed at its share of
    its word's width)."""
    kept = []
    for word, left, right in words:
        width = (right - left) / len(word)
        kept.append(
            "".join(ch for k, ch in enumerate(word) if start <= left + (k + 0.5) * width < end)
        )
    return " ".join(piece for piece in kept if piece).replace(" ", "")


def _ordinal(number: int) -> str:
    teens = 10 <= number % 100 <= 20
    suffix = "th" if teens else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"

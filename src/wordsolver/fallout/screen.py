"""Reading a Fallout terminal screen as text: the candidate words and the bracket pairs.

A terminal shows memory as rows of 12 characters, each after its address (``0xF4A0``), in two
columns. Read top to bottom in the left column and then in the right one, the rows form one
stream of junk (``{[$%!``) in which the candidate words stand in capitals, a word possibly
wrapping from the end of one row to the start of the next (or from the bottom of the left column
to the top of the right one). A bracket pair (``()``, ``[]``, ``{}``, ``<>``) within one row with
no letter between its ends removes a dud word or resets the tries when selected.

Text from an OCR tool is noisier, so reading is lenient: addresses may read ``Ox``, have ``O``
for ``0`` or a stray character; spaces inside a row are dropped; lines starting with ``>`` (the
attempt log) and text after a wide gap are ignored; a digit touching letters is read as the
letter it resembles (``SP1ES``); a letter run longer than the words loses doubtful ends (digits,
or lower case on an upper-case screen); runs that still do not fit are reported as fragments
rather than guessed.

A screen needs a plausible layout: text of far more rows than a terminal shows is refused as
not a terminal screen. Text of letters and white space alone is a list of the words on screen
(one per line, or separated by spaces), read as it is.

>>> read_screen("spies tires\\nbones").words
('spies', 'tires', 'bones')
>>> screen = read_screen('''
... 0xF4A0 /:[SPIES(*_- 0xF4C8 __*=#])+|;_&
... 0xF4AC )](->;#!TIRE 0xF4D4 [}#(%(*BONES
... 0xF4B8 S*.<$*$>}%,- 0xF4E0 &?!$$,#-/><.
... ''')
>>> screen.words
('spies', 'tires', 'bones')
>>> [(pair.address, pair.text) for pair in screen.brackets]
[('0xF4B8', '<$*$>')]
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from wordsolver.errors import WordsolverError

#: A row address as the game prints it, or as OCR misreads it (``OxF4AO``, ``QOxF4B8``,
#: ``OxF4AQ0``): then it must stand alone between spaces.
ADDRESS = re.compile(r"(?<!\S)(?:\S?[0OQD][xX][0-9A-Za-z]{3,5}(?!\S)|[0O][xX][0-9A-F]{4})")
#: Characters per row on the screens of Fallout 3, New Vegas and 4.
ROW_WIDTH = 12
#: Closing bracket of each opening one.
BRACKETS = {"(": ")", "[": "]", "{": "}", "<": ">"}
#: The letter an OCR tool most likely misread as each digit (the game shows no digits in rows).
DIGIT_LETTERS = str.maketrans("0123456789", "OIZEASGTBG")
#: Shortest letter run that counts towards guessing the word length.
MIN_WORD = 3
#: Rows of memory a terminal shows: two columns of 17.
TERMINAL_ROWS = 34
#: Most rows a screen's text may have: room for rows an OCR tool splits in two.
MAX_ROWS = 64
#: Most characters a row may have: room for two columns pasted without addresses, and noise.
MAX_ROW_WIDTH = 3 * ROW_WIDTH

_WORD_LIST = re.compile(r"[A-Za-z\s]*[A-Za-z][A-Za-z\s]*")

_RUN = re.compile(r"[A-Za-z0-9]+")
_GAP = re.compile(r"\s{2,}")


@dataclass(frozen=True, slots=True)
class Row:
    """One row of memory: its address as read (None on a screen without addresses) and data."""

    address: str | None
    data: str


@dataclass(frozen=True, slots=True)
class BracketPair:
    """A bracket pair that removes a dud or resets the tries: where it is and what it spans."""

    row: int  # row number in reading order, from 0
    address: str | None
    column: int  # position of the opening bracket in the row
    text: str  # from the opening to the closing bracket, e.g. ``[$%]``


@dataclass(frozen=True, slots=True)
class ScreenReading:
    """What a screen shows: candidate words (lower case, screen order), bracket pairs, and the
    letter runs that were not words (OCR noise, or a word the OCR tool damaged)."""

    words: tuple[str, ...]
    length: int
    brackets: tuple[BracketPair, ...]
    fragments: tuple[str, ...]
    rows: tuple[Row, ...]

    def to_json(self) -> dict[str, Any]:
        """The stable ``--json`` schema."""
        return {
            "length": self.length,
            "words": list(self.words),
            "brackets": [
                {"row": p.row, "address": p.address, "column": p.column, "text": p.text}
                for p in self.brackets
            ],
            "fragments": list(self.fragments),
            "rows": len(self.rows),
        }


def read_screen(text: str, length: int | None = None) -> ScreenReading:
    """The candidate words and bracket pairs of a screen; ``length`` fixes the word length.

    Without ``length`` the words are the letter runs of the most common length.
    """
    listed = _WORD_LIST.fullmatch(text) is not None
    rows = [Row(None, word) for word in text.split()] if listed else screen_rows(text)
    if not listed:
        _check_layout(rows)
    stream = (" " if listed else "").join(row.data for row in rows)
    runs = [match.group() for match in _RUN.finditer(stream)]
    runs = [run for run in runs if any(ch.isalpha() for ch in run)]
    if not runs:
        raise WordsolverError("no letters on the screen: is it a terminal's text?")
    upper_screen = sum(ch.isupper() for ch in stream) >= sum(ch.islower() for ch in stream)
    size = length or _word_length(runs)
    words: dict[str, None] = {}
    fragments = []
    for run in runs:
        word = _fit(run, size, upper_screen)
        if word is None:
            fragments.append(run)
        else:
            words[word.translate(DIGIT_LETTERS).lower()] = None
    if len(words) < 2:
        raise WordsolverError(f"found {len(words)} word(s) of {size} letters: not a terminal")
    return ScreenReading(tuple(words), size, bracket_pairs(rows), tuple(fragments), tuple(rows))


def _check_layout(rows: list[Row]) -> None:
    """Refuse text whose rows are far more, or far wider, than a terminal's."""
    widest = max((len(row.data) for row in rows), default=0)
    if len(rows) > MAX_ROWS or widest > MAX_ROW_WIDTH:
        shape = (
            f"{len(rows):,} rows, where a terminal shows {TERMINAL_ROWS}"
            if len(rows) > MAX_ROWS
            else f"a row of {widest:,} characters, where a terminal's have {ROW_WIDTH}"
        )
        raise WordsolverError(
            f"not a terminal screen: {shape} (give its screen, or its words one per line)"
        )


def screen_rows(text: str) -> list[Row]:
    """The rows of a screen in reading order: the first column top to bottom, then the next.

    Lines without an address are ignored, unless no line has one: then every non-blank line
    is a row.
    """
    columns: list[list[Row]] = []
    for line in text.splitlines():
        if line.lstrip().startswith(">"):
            continue  # the attempt log beside the rows
        matches = list(ADDRESS.finditer(line))
        for k, match in enumerate(matches):
            last = k == len(matches) - 1
            piece = line[match.end() : len(line) if last else matches[k + 1].start()]
            if len(columns) <= k:
                columns.append([])
            columns[k].append(Row(_address(match.group()), _row_data(piece, last)))
    if not columns:
        return [
            Row(None, _row_data(line, last=False)) for line in text.splitlines() if line.strip()
        ]
    return [row for column in columns for row in column]


def bracket_pairs(rows: list[Row]) -> tuple[BracketPair, ...]:
    """Every opening bracket whose closing bracket follows in the same row, no letter between."""
    pairs = []
    for number, row in enumerate(rows):
        for start, opening in enumerate(row.data):
            closing = BRACKETS.get(opening)
            if closing is None:
                continue
            for stop in range(start + 1, len(row.data)):
                if row.data[stop].isalnum():
                    break
                if row.data[stop] == closing:
                    text = row.data[start : stop + 1]
                    pairs.append(BracketPair(number, row.address, start, text))
                    break
    return tuple(pairs)


def _row_data(piece: str, last: bool) -> str:
    """A row's characters: up to a wide gap, spaces dropped. In the last column of a line, about
    a row's width: what follows a single space once the row is nearly full is the attempt log."""
    tokens = _GAP.split(piece.strip(), maxsplit=1)[0].split()
    if not last:
        return "".join(tokens)
    data = ""
    for token in tokens:
        nearly_full = len(data) >= ROW_WIDTH - 2  # slack for characters OCR dropped
        if nearly_full and (len(data) + len(token) > ROW_WIDTH + 1 or token.startswith(">")):
            break
        data += token
    return data


def _address(text: str) -> str:
    """An address as the game prints it (``OxF4AO`` -> ``0xF4A0``), as far as it can be told."""
    digits = text[text.casefold().index("x") + 1 :]
    return "0x" + digits.upper().replace("O", "0")


def _word_length(runs: list[str]) -> int:
    """The most common run length (the longer on a tie), among runs long enough to be words."""
    counts = Counter(len(run) for run in runs if len(run) >= MIN_WORD)
    if not counts:
        raise WordsolverError("no letter run is long enough to be a word")
    return max(counts, key=lambda size: (counts[size], size))


def _fit(run: str, size: int, upper_screen: bool) -> str | None:
    """The word in a run of letters, trimming doubtful ends of a run too long; None if none."""

    def doubtful(ch: str) -> bool:
        return ch.isdigit() or (upper_screen and ch.islower())

    while len(run) > size and (doubtful(run[0]) or doubtful(run[-1])):
        run = run[1:] if doubtful(run[0]) else run[:-1]
    return run if len(run) == size else None

"""The rows of a photographed terminal that could not be read: found from where the OCR saw its
lines, without Tesseract (the lines are laid out here as it reports them)."""

from __future__ import annotations

import random

from tests.fallout.screens import HEADER, make_screen
from wordsolver.fallout.ocr import OcrLine
from wordsolver.fallout.photo_rows import UnreadRow, row_texts, unread_rows

#: Pixels of a character and of a line in the laid-out reading.
CHAR, PITCH = 10, 30

WORDS = ("SPIES", "TIRES", "WALLS", "TERMS", "DOORS", "SKIES", "FARMS", "LINES")


def laid_out(lines: list[str], shift: float = 0.0) -> list[OcrLine]:
    """Lines of text as OCR reports them: words with their left and right x, line middles."""
    found = []
    for number, line in enumerate(lines):
        words, at = [], 0
        for word in line.split(" "):
            if word:
                words.append((word, at * CHAR, (at + len(word)) * CHAR))
            at += len(word) + 1
        if words:  # OCR reports no line where it read nothing
            found.append(OcrLine(tuple(words), PITCH * number + PITCH / 2 + shift))
    return found


def screen_lines() -> tuple[list[str], tuple[str, ...]]:
    screen = make_screen(WORDS, random.Random(3))
    return (HEADER + screen.text).splitlines(), screen.rows


def read(lines: list[str], shift: float = 0.0) -> tuple[UnreadRow, ...]:
    width = max(len(line) for line in lines) * CHAR
    texts = row_texts(laid_out(lines, shift), PITCH * len(lines) + shift, 0, width)
    return unread_rows([texts], (word.lower() for word in WORDS))


def test_a_clean_reading_leaves_no_row_unread() -> None:
    lines, _ = screen_lines()
    assert read(lines) == read(lines, shift=6) == ()


def test_a_row_with_letters_of_no_word_read_is_reported_with_its_address() -> None:
    lines, rows = screen_lines()
    damaged = rows.index(next(row for row in rows if "DOORS" in row))
    column, line = divmod(damaged, 17)
    number = len(lines) - 17 + line
    lines[number] = lines[number].replace("DOORS", "D0ORB")
    assert read(lines) == (
        UnreadRow(
            column, line, f"0x{0xF4A0 + 12 * damaged:04X}", rows[damaged].replace("DOORS", "D0ORB")
        ),
    )


def test_a_row_the_reading_missed_is_reported() -> None:
    lines, _ = screen_lines()
    lines[-3] = ""  # the 15th row of both columns
    assert [(row.column, row.line, row.text) for row in read(lines)] == [(0, 14, ""), (1, 14, "")]


def test_without_enough_addresses_read_a_row_is_placed_by_column_and_line() -> None:
    lines, _ = screen_lines()
    lines = [line.replace("0xF", "%%%") for line in lines]
    lines[-1] = lines[-1][:7] + "Qq" + lines[-1][9:]
    assert [row.describe() for row in read(lines)] == ["left column, 17th row"]

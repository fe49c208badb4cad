"""Synthetic terminal screens for the tests: text laid out as the game does, and screenshots.

A screen is 2 columns of 17 rows of 12 characters after their addresses; the words stand in the
junk in reading order (left column top to bottom, then the right one), so they wrap across row
ends and from one column to the next wherever they happen to fall.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

#: What the game fills memory with between the words (no letters, no digits, no space).
JUNK = "!\"#$%&'()*+,-./:;<=>?@[\\]^_{|}"
#: The same without brackets, for screens that must have no bracket pair.
PLAIN_JUNK = "!\"#$%&'*+,-./:;=?@\\^_|"
ROWS, WIDTH, COLUMNS = 17, 12, 2
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
HEADER = (
    "ROBCO INDUSTRIES (TM) TERMLINK PROTOCOL\nENTER PASSWORD NOW\n\n4 ATTEMPT(S) LEFT: # # # #\n"
)


@dataclass(frozen=True)
class Screen:
    """A laid-out screen: its text (one line per row, columns side by side) and its rows."""

    text: str
    rows: tuple[str, ...]  # in reading order
    addresses: tuple[str, ...]


def layout(memory: str, start: int = 0xF4A0) -> Screen:
    """Lay ``ROWS * COLUMNS * WIDTH`` characters of memory out as the game's screen."""
    assert len(memory) == ROWS * COLUMNS * WIDTH
    rows = tuple(memory[i : i + WIDTH] for i in range(0, len(memory), WIDTH))
    addresses = tuple(f"0x{start + WIDTH * i:04X}" for i in range(len(rows)))
    lines = [
        " ".join(f"{addresses[c * ROWS + r]} {rows[c * ROWS + r]}" for c in range(COLUMNS))
        for r in range(ROWS)
    ]
    return Screen("\n".join(lines) + "\n", rows, addresses)


def make_screen(
    words: Sequence[str],
    rng: random.Random,
    junk: str = JUNK,
    offsets: Sequence[int] | None = None,
) -> Screen:
    """Words placed in random junk, at random offsets with junk between (or at ``offsets``)."""
    size = ROWS * COLUMNS * WIDTH
    memory = [rng.choice(junk) for _ in range(size)]
    if offsets is None:
        spare = size - sum(len(w) + 1 for w in words) - 1
        gaps = [1] * (len(words) + 1)
        for _ in range(spare):
            gaps[rng.randrange(len(gaps))] += 1
        offsets = []
        at = gaps[0]
        for word, gap in zip(words, gaps[1:], strict=True):
            offsets.append(at)
            at += len(word) + gap
    for word, at in zip(words, offsets, strict=True):
        memory[at : at + len(word)] = word
    return layout("".join(memory))


def render(text: str, path: Path, *, dark: bool = True, log: Sequence[str] = ()) -> Path:
    """Draw the text in a monospace font as a game screenshot (green on black, or dark on light),
    with optional attempt-log lines to the right of the rows."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(FONT), 20)
    lines = text.splitlines()
    image = Image.new("RGB", (960, 30 * len(lines) + 40), (8, 24, 10) if dark else (235, 235, 225))
    draw = ImageDraw.Draw(image)
    ink = (60, 255, 110) if dark else (20, 30, 20)
    for number, line in enumerate(lines):
        draw.text((20, 20 + 30 * number), line, font=font, fill=ink)
    first_row = len(lines) - ROWS
    for number, entry in enumerate(log):
        draw.text((720, 20 + 30 * (first_row + number)), entry, font=font, fill=ink)
    image.save(path)
    return path

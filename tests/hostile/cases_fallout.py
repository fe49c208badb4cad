"""Fallout: text that is no terminal screen, and screenshots no terminal makes."""

import functools
import os
import random
import zlib
from pathlib import Path

from tests.hostile.catalogue import ArgsBuilder, BadInput

#: 200 KB of random bytes, as a terminal hands them to a program reading text.
RANDOM_TEXT = random.Random(14).randbytes(200_000).decode("utf-8", "replace")


@functools.cache
def blank_png(width: int, height: int) -> bytes:
    """A valid, highly compressed black PNG of any size (the test makes it; nothing is stored)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")

    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 0, 0, 0, 0])
    compressor = zlib.compressobj(9)
    row = b"\0" * (width + 1)  # filter byte, then one grey byte per pixel
    pixels = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def _screenshot(width: int, height: int) -> ArgsBuilder:
    def build(scratch: Path) -> list[str]:
        path = scratch / f"screen-{width}x{height}.png"
        path.write_bytes(blank_png(width, height))
        return ["fallout", "parse", "--image", str(path)]

    return build


def _stuck_tesseract(scratch: Path) -> list[str]:
    """A screenshot of rows of letter-sized blocks (text to the cleaning that comes before the
    OCR), and a ``tesseract`` first on the PATH that never answers."""
    from PIL import Image, ImageDraw

    stuck = scratch / "tesseract"
    stuck.write_text("#!/bin/sh\nexec sleep 60\n")
    stuck.chmod(0o755)
    image = scratch / "screen.png"
    screen = Image.new("L", (400, 300))
    draw = ImageDraw.Draw(screen)
    for top in range(30, 260, 24):
        for left in range(30, 360, 12):
            draw.rectangle((left, top, left + 7, top + 14), fill=255)
    screen.save(image)
    return ["fallout", "parse", "--image", str(image), "--ocr-timeout", "0.5"]


def _text_as_image(scratch: Path) -> list[str]:
    (scratch / "shot.png").write_text("a screen, typed out")
    return ["fallout", "parse", "--image", str(scratch / "shot.png")]


CASES = [
    BadInput(
        "200 KB of random bytes",
        ["fallout", "parse", "-"],
        "not a terminal screen",
        stdin=RANDOM_TEXT,
    ),
    BadInput(
        "one line of junk",
        ["fallout", "parse", "-"],
        "not a terminal screen: a row of",
        stdin="".join(random.Random(2).choices("ABCDE!?#$%<>", k=5000)),
    ),
    BadInput("one word is no list", ["fallout", "parse", "-"], "found 1 word", stdin="spies\n"),
    BadInput(
        "a 12000×12000 screenshot (140 KB)",
        _screenshot(12_000, 12_000),
        "the screenshot is too large: 12,000×12,000 = 144,000,000 pixels",
    ),
    BadInput(
        "a 30000×30000 screenshot (874 KB), past Pillow's own guard",
        _screenshot(30_000, 30_000),
        "the screenshot is too large: more than 178,956,970 pixels",
    ),
    BadInput(
        "Tesseract stuck on a screenshot is stopped at --ocr-timeout",
        _stuck_tesseract,
        "reading the screenshot took longer than 0.5 s and was stopped",
        env={"PATH": "{tmp}:" + os.environ.get("PATH", "")},
    ),
    BadInput("a screenshot that is no image", _text_as_image, "cannot read the image"),
]

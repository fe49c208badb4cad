"""Screenshots read back by OCR: synthetic terminals drawn with Pillow in a monospace font."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from tests.fallout.screens import FONT, HEADER, make_screen, render
from wordsolver.errors import WordsolverError
from wordsolver.fallout import read_screen, read_screenshot

pytest.importorskip("PIL")
pytest.importorskip("pytesseract")
pytestmark = pytest.mark.skipif(
    shutil.which("tesseract") is None or not FONT.exists(),
    reason="needs tesseract and the DejaVu fonts (apt: tesseract-ocr, fonts-dejavu-core)",
)

WORDS = ("SPIES", "TIRES", "WALLS", "TERMS", "DOORS", "SKIES", "FARMS", "LINES", "GAMES", "BONES")


def test_dark_screenshot_with_attempt_log(tmp_path: Path) -> None:
    screen = make_screen(WORDS, random.Random(3))
    log = [">SPIES", ">Entry denied.", ">1/5 correct."]
    image = render(HEADER + screen.text, tmp_path / "screen.png", log=log)
    reading = read_screen(read_screenshot(image))
    assert reading.words == tuple(w.lower() for w in WORDS)
    assert len(reading.rows) == len(screen.rows)


def test_light_screenshot_of_long_words(tmp_path: Path) -> None:
    words = ("CONTAINING", "DEPARTMENT", "BATTLEFIELD"[:10], "SETTLEMENT", "REASONABLE")
    image = render(make_screen(words, random.Random(5)).text, tmp_path / "s.png", dark=False)
    assert read_screen(read_screenshot(image)).words == tuple(w.lower() for w in words)


def test_unreadable_image(tmp_path: Path) -> None:
    path = tmp_path / "broken.png"
    path.write_bytes(b"not a png")
    with pytest.raises(WordsolverError, match="cannot read the image"):
        read_screenshot(path)

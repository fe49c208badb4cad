"""What a screenshot may cost: pixels are limited before decoding, Tesseract's time by a kill."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.hostile.cases_fallout import blank_png
from wordsolver.errors import TimeLimitError, WordsolverError
from wordsolver.fallout import MAX_PIXELS, read_screenshot

pytest.importorskip("PIL")
pytesseract = pytest.importorskip("pytesseract")


@pytest.mark.parametrize(
    ("width", "height", "message"),
    [
        (12_000, 12_000, "12,000×12,000 = 144,000,000 pixels"),
        (30_000, 30_000, "more than 178,956,970 pixels"),  # Pillow's own guard stops it first
        (MAX_PIXELS // 1000 + 1, 1000, "pixels, where at most 40,000,000"),
    ],
)
def test_images_with_too_many_pixels_are_refused_before_decoding(
    width: int, height: int, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "big.png"
    path.write_bytes(blank_png(width, height))
    start = time.perf_counter()
    with pytest.raises(WordsolverError, match=message):
        read_screenshot(path)
    assert time.perf_counter() - start < 5, "the image must not be decoded"


def test_bytes_are_named_the_screenshot_never_a_server_path() -> None:
    with pytest.raises(WordsolverError) as caught:
        read_screenshot(b"not an image")
    assert str(caught.value) == (
        "the screenshot: cannot read the image (not PNG, JPEG or another image format)"
    )


def _running_children(name: str) -> list[int]:
    """Our child processes of that name that still run (zombies do not count)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = stat.read_text().split("(", 1)[1].rsplit(")", 1)[0]
        except OSError:
            continue
        state, parent = fields[0], int(fields[1])
        if parent == os.getpid() and command == name and state != "Z":
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table from /proc")
def test_tesseract_is_killed_at_the_time_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stuck = tmp_path / "tesseract"
    stuck.write_text("#!/bin/sh\nexec sleep 60\n")
    stuck.chmod(0o755)
    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", str(stuck))
    image = tmp_path / "screen.png"
    image.write_bytes(blank_png(400, 300))
    start = time.perf_counter()
    with pytest.raises(TimeLimitError, match=r"took longer than 0\.5 s and was stopped"):
        read_screenshot(image, seconds=0.5)
    assert time.perf_counter() - start < 10
    assert _running_children("sleep") == []

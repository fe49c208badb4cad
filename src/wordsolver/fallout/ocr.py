"""Screenshots of a terminal read as text by Tesseract (``pytesseract``, the ``ocr`` extra).

The image is turned to grey, inverted when the screen is light text on a dark background (as the
game's green on black), and enlarged when small, which is what Tesseract reads best. The text it
returns goes to :func:`~wordsolver.fallout.screen.read_screen`, which copes with its mistakes.

Both costs are bounded: an image of more than :data:`MAX_PIXELS` is refused from its header,
before it is decoded (a small PNG can hold a huge image), and Tesseract runs as a child process
that is killed when its time is up.
"""

from __future__ import annotations

import csv
import io
import math
import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordsolver.errors import OptionError, TimeLimitError, WordsolverError
from wordsolver.plumbing.files import read_user_bytes
from wordsolver.plumbing.optional import require

#: Images lower than this many pixels are enlarged before reading.
MIN_HEIGHT = 800
#: Most pixels a screenshot may have, before and after enlarging: an 8K screen (7680×4320) has
#: 33 million. Tesseract needs minutes for larger images, and decoding them needs gigabytes.
MAX_PIXELS = 40_000_000
#: Largest image file read: a PNG of an 8K screen takes some 100 MB at worst.
MAX_IMAGE_FILE = 256 * 1024 * 1024
#: Seconds Tesseract may read one screenshot before it is stopped.
OCR_SECONDS = 60.0
#: Tesseract's page mode 6: one uniform block of text (keeps the two columns on one line).
TESSERACT_CONFIG = "--psm 6"
#: Levels of the boxes of ``image_to_data``: a line of text, a word.
LINE_LEVEL, WORD_LEVEL = 4, 5


def read_screenshot(source: Path | bytes, seconds: float = OCR_SECONDS) -> str:
    """The text of a screenshot of a terminal (a file, or its bytes), as Tesseract reads it
    within ``seconds``.

    Raises :class:`WordsolverError` for an unreadable or too large image and
    :class:`TimeLimitError` when Tesseract takes longer (it is killed then). Messages name a
    file as it was given, and bytes as "the screenshot".
    """
    check_seconds(seconds)
    image_module, ops, stat = (
        require(module, "reading a screenshot", "ocr")
        for module in ("PIL.Image", "PIL.ImageOps", "PIL.ImageStat")
    )
    grey = open_checked(source, ops.grayscale)
    if stat.Stat(grey).mean[0] < 128:
        grey = ops.invert(grey)
    factor = min(
        -(-MIN_HEIGHT // grey.height), math.isqrt(MAX_PIXELS // (grey.width * grey.height))
    )
    if factor > 1:
        grey = grey.resize((grey.width * factor, grey.height * factor), image_module.LANCZOS)
    return run_tesseract(grey, seconds, "the screenshot")


def check_seconds(seconds: float) -> None:
    """Refuse a time for reading that is not a positive number of seconds (NaN, infinity)."""
    if not (math.isfinite(seconds) and seconds > 0):
        raise OptionError(
            f"the time OCR may take must be a positive number of seconds, not {seconds}"
        )


def run_tesseract(image: Any, seconds: float, name: str) -> str:
    """The text Tesseract reads in an image (Pillow's or a numpy array) within ``seconds``;
    ``name`` says what the image is in the message when it takes longer (it is killed then)."""
    tesseract = require("pytesseract", "reading a screenshot", "ocr")
    text: str = _tesseract(tesseract.image_to_string, image, seconds, name)
    return text


@dataclass(frozen=True, slots=True)
class OcrLine:
    """A line of text as Tesseract read it: its words left to right, each with the x of its
    left and right edges, and the height of the line's middle (pixels of the image read)."""

    words: tuple[tuple[str, int, int], ...]
    middle: float

    @property
    def text(self) -> str:
        """The line's words, one space apart."""
        return " ".join(word for word, _, _ in self.words)


def read_lines(image: Any, seconds: float, name: str) -> list[OcrLine]:
    """The lines Tesseract reads in an image, top to bottom, with where they are (as
    :func:`run_tesseract`, in one run of Tesseract: its TSV output asked for directly, since
    pytesseract's ``image_to_data`` first runs ``tesseract --version`` without a time limit)."""
    tesseract = require("pytesseract", "reading a screenshot", "ocr")

    def tsv(image: Any, config: str, timeout: float) -> str:
        output: str = tesseract.run_and_get_output(
            image, "tsv", config=f"-c tessedit_create_tsv=1 {config}", timeout=timeout
        )
        return output

    rows = csv.DictReader(
        io.StringIO(_tesseract(tsv, image, seconds, name)),
        delimiter="\t",
        quoting=csv.QUOTE_NONE,
    )
    words: dict[tuple[str, str, str], list[tuple[str, int, int]]] = {}
    bounds: dict[tuple[str, str, str], tuple[int, int]] = {}
    for row in rows:
        key = (row["block_num"], row["par_num"], row["line_num"])
        level, text = int(row["level"]), (row.get("text") or "").strip()
        if level == LINE_LEVEL:
            bounds[key] = (int(row["top"]), int(row["height"]))
        elif level == WORD_LEVEL and text:
            left = int(row["left"])
            words.setdefault(key, []).append((text, left, left + int(row["width"])))
    lines = [
        OcrLine(tuple(sorted(line, key=lambda word: word[1])), bounds[key][0] + bounds[key][1] / 2)
        for key, line in words.items()
    ]
    return sorted(lines, key=lambda line: line.middle)


def _tesseract(call: Callable[..., Any], image: Any, seconds: float, name: str) -> Any:
    """``call(image, ...)`` of pytesseract with the page mode and time limit, its errors ours."""
    tesseract = require("pytesseract", "reading a screenshot", "ocr")
    # Tesseract's OpenMP threads only fight over the cores with the rest of the machine (and
    # with another read running beside it): one thread reads a screen as fast, or faster.
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    try:
        return call(image, config=TESSERACT_CONFIG, timeout=max(seconds, 0.001))
    except tesseract.TesseractNotFoundError:
        raise WordsolverError(
            "reading a screenshot needs the tesseract program (e.g. apt-get install tesseract-ocr)"
        ) from None
    except RuntimeError as error:  # pytesseract's only word for "killed at the timeout"
        if "timeout" not in str(error).casefold():
            raise
        raise too_slow(name, seconds) from None


def too_slow(name: str, seconds: float) -> TimeLimitError:
    """The error of a read stopped after ``seconds``."""
    return TimeLimitError(
        f"reading {name} took longer than {seconds:g} s and was stopped;"
        " crop it to the terminal's screen, or allow more time"
    )


def open_checked(source: Path | bytes, convert: Callable[[Any], Any]) -> Any:
    """``convert(image)`` of the image (a file, or its bytes), once its header shows it is small
    enough to decode; an unreadable or too large image is a :class:`WordsolverError`."""
    image_module = require("PIL.Image", "reading a screenshot", "ocr")
    name = "the screenshot" if isinstance(source, bytes) else str(source)
    try:
        with warnings.catch_warnings():
            # Pillow's own guard only warns below twice its limit; ours refuses well before.
            warnings.simplefilter("ignore", image_module.DecompressionBombWarning)
            data = source if isinstance(source, bytes) else read_user_bytes(source, MAX_IMAGE_FILE)
            with image_module.open(io.BytesIO(data)) as image:
                _check_size(image.width, image.height)
                return convert(image)
    except image_module.DecompressionBombError:
        raise _too_large(f"more than {image_module.MAX_IMAGE_PIXELS * 2:,}") from None
    except image_module.UnidentifiedImageError:
        raise WordsolverError(
            f"{name}: cannot read the image (not PNG, JPEG or another image format)"
        ) from None
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise WordsolverError(f"{name}: cannot read the image ({reason})") from None


def _check_size(width: int, height: int) -> None:
    if width * height > MAX_PIXELS:
        raise _too_large(f"{width:,}×{height:,} = {width * height:,}")


def _too_large(pixels: str) -> WordsolverError:
    return WordsolverError(
        f"the screenshot is too large: {pixels} pixels, where at most {MAX_PIXELS:,}"
        " (an 8K screen has 33,177,600) are read; crop it to the terminal's screen"
    )

"""Screenshots of a terminal read as text by Tesseract (``pytesseract``, the ``ocr`` extra).

The image is turned to grey, inverted when the screen is light text on a dark background (as the
game's green on black), and enlarged when small, which is what Tesseract reads best. The text it
returns goes to :func:`~wordsolver.fallout.screen.read_screen`, which copes with its mistakes.

Both costs are bounded: an image of more than :data:`MAX_PIXELS` is refused from its header,
before it is decoded (a small PNG can hold a huge image), and Tesseract runs as a child process
that is killed when its time is up.
"""

from __future__ import annotations

import io
import math
import warnings
from pathlib import Path
from typing import Any

from wordsolver.errors import TimeLimitError, WordsolverError
from wordsolver.optional import require

#: Images lower than this many pixels are enlarged before reading.
MIN_HEIGHT = 800
#: Most pixels a screenshot may have, before and after enlarging: an 8K screen (7680×4320) has
#: 33 million. Tesseract needs minutes for larger images, and decoding them needs gigabytes.
MAX_PIXELS = 40_000_000
#: Seconds Tesseract may read one screenshot before it is stopped.
OCR_SECONDS = 60.0
#: Tesseract's page mode 6: one uniform block of text (keeps the two columns on one line).
TESSERACT_CONFIG = "--psm 6"


def read_screenshot(source: Path | bytes, seconds: float = OCR_SECONDS) -> str:
    """The text of a screenshot of a terminal (a file, or its bytes), as Tesseract reads it
    within ``seconds``.

    Raises :class:`WordsolverError` for an unreadable or too large image and
    :class:`TimeLimitError` when Tesseract takes longer (it is killed then). Messages name a
    file as it was given, and bytes as "the screenshot".
    """
    image_module, ops, stat, tesseract = (
        require(module, "reading a screenshot", "ocr")
        for module in ("PIL.Image", "PIL.ImageOps", "PIL.ImageStat", "pytesseract")
    )
    grey = _grey_image(image_module, ops, source)
    if stat.Stat(grey).mean[0] < 128:
        grey = ops.invert(grey)
    factor = min(
        -(-MIN_HEIGHT // grey.height), math.isqrt(MAX_PIXELS // (grey.width * grey.height))
    )
    if factor > 1:
        grey = grey.resize((grey.width * factor, grey.height * factor), image_module.LANCZOS)
    try:
        text: str = tesseract.image_to_string(
            grey, config=TESSERACT_CONFIG, timeout=max(seconds, 0.001)
        )
    except tesseract.TesseractNotFoundError:
        raise WordsolverError(
            "reading a screenshot needs the tesseract program (e.g. apt-get install tesseract-ocr)"
        ) from None
    except RuntimeError as error:  # pytesseract's only word for "killed at the timeout"
        if "timeout" not in str(error).casefold():
            raise
        raise TimeLimitError(
            f"reading the screenshot took longer than {seconds:g} s and was stopped;"
            " crop it to the terminal's screen, or allow more time"
        ) from None
    return text


def _grey_image(image_module: Any, ops: Any, source: Path | bytes) -> Any:
    """The image in grey, once its header shows it is small enough to decode."""
    name = "the screenshot" if isinstance(source, bytes) else str(source)
    try:
        with warnings.catch_warnings():
            # Pillow's own guard only warns below twice its limit; ours refuses well before.
            warnings.simplefilter("ignore", image_module.DecompressionBombWarning)
            opened = io.BytesIO(source) if isinstance(source, bytes) else source
            with image_module.open(opened) as image:
                _check_size(image.width, image.height)
                return ops.grayscale(image)
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

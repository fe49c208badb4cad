"""Screenshots of a terminal read as text by Tesseract (``pytesseract``, the ``ocr`` extra).

The image is turned to grey, inverted when the screen is light text on a dark background (as the
game's green on black), and enlarged when small, which is what Tesseract reads best. The text it
returns goes to :func:`~wordsolver.fallout.screen.read_screen`, which copes with its mistakes.
"""

from __future__ import annotations

from pathlib import Path

from wordsolver.errors import WordsolverError
from wordsolver.fallout.optional import require

#: Images lower than this many pixels are enlarged before reading.
MIN_HEIGHT = 800
#: Tesseract's page mode 6: one uniform block of text (keeps the two columns on one line).
TESSERACT_CONFIG = "--psm 6"


def read_screenshot(path: Path) -> str:
    """The text of a screenshot of a terminal, as Tesseract reads it."""
    image_module, ops, stat, tesseract = (
        require(module, "reading a screenshot", "ocr")
        for module in ("PIL.Image", "PIL.ImageOps", "PIL.ImageStat", "pytesseract")
    )
    try:
        with image_module.open(path) as image:
            grey = ops.grayscale(image)
    except OSError as error:
        raise WordsolverError(f"{path}: cannot read the image ({error})") from None
    if stat.Stat(grey).mean[0] < 128:
        grey = ops.invert(grey)
    if grey.height < MIN_HEIGHT:
        factor = -(-MIN_HEIGHT // grey.height)
        grey = grey.resize((grey.width * factor, grey.height * factor), image_module.LANCZOS)
    try:
        text: str = tesseract.image_to_string(grey, config=TESSERACT_CONFIG)
    except tesseract.TesseractNotFoundError:
        raise WordsolverError(
            "reading a screenshot needs the tesseract program (e.g. apt-get install tesseract-ocr)"
        ) from None
    return text

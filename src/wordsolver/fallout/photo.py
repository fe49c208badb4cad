"""Phone photos of a terminal's screen: straightened and cleaned with OpenCV, then read by
Tesseract, and every letter run that is not surely a word reported.

A photo of a monitor is not a screenshot: the screen is seen at an angle, a lamp's glare and the
text's own glow lie over it, the monitor's scan lines stripe the letters, its pixel grid beats
with the camera's (moiré), and the picture is blurred and noisy. :func:`clean_photo` undoes what
it can, in this order:

1. the brightest channel, inverted when the text is darker than its background;
2. the background taken away: a grey opening wider than any letter keeps the wall, the glare, the
   glow and the slow fringes of the moiré, and only the letters stand out of it;
3. a small blur across the stripes of scan lines and the fine moiré, and the sensor's noise;
4. the text block found (the letters closed into one region), its four corners taken from its
   convex hull, and the block warped to an upright rectangle: the perspective undone;
5. dark letters on white, sharpened, at the sizes of :data:`READ_WIDTHS`.

:func:`read_photo` then reads it at each size (:mod:`~wordsolver.fallout.ocr` runs Tesseract:
each size misreads other letters) and tidies the row addresses OCR damages (``oxF4nc`` is the
address ``0xF4NC``), and :func:`photo_reading` checks every run against the English dictionary:
the words of a terminal are English words, so a run that is not one is reported as a fragment,
and a run one or two letters too long (junk read as a letter: ``&RATE`` as ``JRATE``) gives the
one dictionary word it holds. Nothing is dropped: a run that is not surely a word (if it holds
half a word's letters, enough to tell which), and any run of letters on a line whose row
address was lost, is listed among the fragments; and every row where nothing was read, or
letters that are no part of a word read, is reported as unread with its place
(:mod:`~wordsolver.fallout.photo_rows`), for the player to check on the screen. A photo of
which more than half the rows cannot be read is refused: take it again.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from wordsolver.errors import TimeLimitError, WordsolverError
from wordsolver.fallout.ocr import (
    OCR_SECONDS,
    check_seconds,
    open_checked,
    read_lines,
    too_slow,
)
from wordsolver.fallout.photo_rows import UnreadRow, row_texts, tidy_addresses, unread_rows
from wordsolver.fallout.screen import TERMINAL_ROWS, ScreenReading, read_screen, screen_rows
from wordsolver.plumbing.optional import require

#: Widths of the straightened text block Tesseract reads, in pixels (18 to 23 per character):
#: each misreads other letters, so the words of both are taken.
READ_WIDTHS = (700, 900)
#: Width of the straightened block before it is scaled to each of those.
BLOCK_WIDTH = 1000
#: Blur (sigma, pixels of the photo) across scan lines, fine moiré and noise.
SMOOTH = 1.2
#: The unsharp mask's strength and width (sigma, pixels of the block read): strong enough for
#: a blurred photo's letters (a milder one reads a third as many words at the strong grade).
SHARPEN, SHARPEN_SIGMA = 1.5, 3.0
#: White border around the block, in pixels.
BORDER = 30
#: Lengths of the words of Fallout's terminals.
WORD_LENGTHS = range(4, 16)
#: Shortest run of letters reported from a line without an address (shorter ones are noise).
MIN_UNPLACED = 3
#: Most rows of a photo that may be unreadable: past half of them, the words read are more
#: likely misread than not, and the photo is refused.
MOST_UNREAD = TERMINAL_ROWS // 2
#: Words of the game's own text, around the rows: never reported as fragments.
SCREEN_TEXT = frozenset(
    {
        "ROBCO", "INDUSTRIES", "TM", "TERMLINK", "PROTOCOL", "ENTER", "PASSWORD", "NOW",
        "ATTEMPT", "ATTEMPTS", "LEFT", "ENTRY", "DENIED", "CORRECT", "ACCESS", "GRANTED",
        "LOCKOUT", "IMMINENT", "WELCOME", "TO",
    }
)  # fmt: skip
_LETTERS = re.compile(r"[A-Za-z]+")


@dataclass(frozen=True, slots=True)
class PhotoReading:
    """A photo read: the screen as its text gives it, the text itself (for the player to
    correct), and the words checked against the dictionary."""

    screen: ScreenReading
    text: str
    words: tuple[str, ...]
    fragments: tuple[str, ...]
    unread: tuple[UnreadRow, ...] = ()

    def checked(self) -> ScreenReading:
        """The screen with the checked words and fragments."""
        return replace(self.screen, words=self.words, fragments=self.fragments)

    def to_json(self) -> dict[str, Any]:
        """The screen's ``--json`` schema, with the checked words and fragments, the text, and
        ``unread``: the rows where no word could be read (:meth:`UnreadRow.to_json`)."""
        return {
            **self.checked().to_json(),
            "text": self.text,
            "unread": [row.to_json() for row in self.unread],
        }


def clean_photo(source: Path | bytes) -> Any:
    """The photo straightened and cleaned, as dark text on white (a numpy grey image)."""
    cv2, np = require("cv2", "reading a photo", "ocr"), require("numpy", "reading a photo", "ocr")
    grey = _brightest_channel(source, np).astype(np.float32)
    low, middle, high = np.percentile(grey, [1, 50, 99])
    if middle - low > high - middle:  # dark text on a light screen
        grey = 255 - grey
    height, width = grey.shape
    # Wider than any letter, narrower than the glare: the background without the text.
    size = max(15, min(height, width) // 30) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    background = cv2.GaussianBlur(cv2.morphologyEx(grey, cv2.MORPH_OPEN, disc), (0, 0), size / 2)
    letters = cv2.GaussianBlur(np.clip(grey - background, 0, None), (0, 0), SMOOTH)
    letters = cv2.normalize(letters, None, 0, 255, cv2.NORM_MINMAX).astype(np.uint8)
    corners = _text_corners(letters, cv2, np)
    upright = _straightened(letters, corners, cv2, np)
    return 255 - upright


def _sharpened(image: Any, width: int) -> Any:
    """The cleaned block scaled to ``width`` and sharpened (an unsharp mask)."""
    cv2 = require("cv2", "reading a photo", "ocr")
    height = round(image.shape[0] * width / image.shape[1])
    scaled = cv2.resize(image, (width, height), interpolation=cv2.INTER_AREA)
    blurred = cv2.GaussianBlur(scaled, (0, 0), SHARPEN_SIGMA)
    return cv2.addWeighted(scaled, 1 + SHARPEN, blurred, -SHARPEN, 0)


def _brightest_channel(source: Path | bytes, np: Any) -> Any:
    """The image's brightest channel per pixel (the text's colour, whatever it is)."""
    pixels = open_checked(source, lambda image: np.asarray(image.convert("RGB")))
    return pixels.max(axis=2)


def _text_corners(letters: Any, cv2: Any, np: Any) -> Any:
    """The four corners of the text block (top left, top right, bottom right, bottom left)."""
    _, mask = cv2.threshold(letters, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    areas, heights = stats[1:, cv2.CC_STAT_AREA], stats[1:, cv2.CC_STAT_HEIGHT]
    if count < 2 or not (areas > 20).any():
        raise WordsolverError("the photo shows no text: is the terminal's screen in it?")
    letter = max(4, int(np.median(heights[areas > 20])))
    joined = cv2.morphologyEx(
        mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (2 * letter, 2 * letter))
    )
    count, labels, stats, _ = cv2.connectedComponentsWithStats(joined)
    block = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    ys, xs = np.nonzero(labels == block)
    hull = cv2.convexHull(np.column_stack((xs, ys)).astype(np.float32))[:, 0]
    across, down = hull[:, 0] + hull[:, 1], hull[:, 0] - hull[:, 1]
    return np.float32(
        [hull[across.argmin()], hull[down.argmax()], hull[across.argmax()], hull[down.argmin()]]
    )


def _straightened(letters: Any, corners: Any, cv2: Any, np: Any) -> Any:
    """The block warped to an upright rectangle :data:`BLOCK_WIDTH` wide, with a border."""
    top, right, bottom, left = (
        float(np.linalg.norm(corners[(k + 1) % 4] - corners[k])) for k in range(4)
    )
    if min(top, bottom) < 1:
        raise WordsolverError("the photo shows no text block: is the terminal's screen in it?")
    height = max(1, round(BLOCK_WIDTH * (left + right) / (top + bottom)))
    height = min(height, 4 * BLOCK_WIDTH)
    target = np.float32(
        [[0, 0], [BLOCK_WIDTH, 0], [BLOCK_WIDTH, height], [0, height]]
    ) + np.float32(BORDER)
    warp = cv2.getPerspectiveTransform(corners, target)
    size = (BLOCK_WIDTH + 2 * BORDER, height + 2 * BORDER)
    return cv2.warpPerspective(letters, warp, size, flags=cv2.INTER_CUBIC)


def read_photo(
    source: Path | bytes, length: int | None = None, seconds: float = OCR_SECONDS
) -> PhotoReading:
    """A photo of a terminal's screen, cleaned and read by Tesseract at each of
    :data:`READ_WIDTHS` within ``seconds`` in all; ``length`` fixes the word length.

    The rows where no word could be read are reported in ``unread``
    (:mod:`~wordsolver.fallout.photo_rows`); a photo of which fewer than two words can be read
    or of which more than :data:`MOST_UNREAD` rows cannot be read is refused, saying how many
    rows could not be read.
    """
    check_seconds(seconds)
    cleaned = clean_photo(source)
    texts, readings = [], []
    stop = time.monotonic() + seconds
    for width in READ_WIDTHS:
        remaining = stop - time.monotonic()
        try:
            lines = read_lines(_sharpened(cleaned, width), remaining, "the screenshot")
        except TimeLimitError:
            raise too_slow("the screenshot", seconds) from None
        texts.append(tidy_addresses("\n".join(line.text for line in lines)))
        scale = width / cleaned.shape[1]
        height, block = cleaned.shape[0] - BORDER, cleaned.shape[1] - BORDER
        readings.append(row_texts(lines, height * scale, BORDER * scale, block * scale))
    try:
        reading = photo_reading(texts, length)
    except WordsolverError as error:
        raise _unreadable(str(error), unread_rows(readings, ())) from None
    unread = unread_rows(readings, reading.words)
    if len(unread) > MOST_UNREAD:
        raise _unreadable(f"{len(reading.words)} words read", unread)
    return replace(reading, unread=unread)


def _unreadable(reason: str, unread: Sequence[UnreadRow]) -> WordsolverError:
    return WordsolverError(
        f"the photo could not be read ({reason}; {len(unread)} of {TERMINAL_ROWS} rows"
        " unreadable): take it again square to the screen, close enough to fill the frame,"
        " and steady"
    )


@functools.cache
def _english(length: int) -> frozenset[str]:
    """The English dictionary's words of one length (the words of a Fallout terminal)."""
    from wordsolver.anagram import load_dictionary

    return frozenset(word for word in load_dictionary("english").words if len(word) == length)


def photo_reading(texts: Sequence[str], length: int | None = None) -> PhotoReading:
    """The screen of a photo read as each of ``texts`` (the first that reads as a terminal is
    the one shown, and fixes the word length), its words checked against the English
    dictionary: the words of every text, the fragments of the first that none of them read as
    a word."""
    length = length or _likeliest_length(texts)
    screens: list[ScreenReading] = []
    shown: list[str] = []
    failure: WordsolverError | None = None
    for text in texts:
        try:
            screens.append(read_screen(text, length or (screens[0].length if screens else None)))
            shown.append(text)
        except WordsolverError as error:
            failure = failure or error
    if not screens:
        raise failure or WordsolverError("the photo gave no text")
    size = screens[0].length
    english = _english(size)
    words: dict[str, None] = {}
    fragments: list[str] = []
    for number, (screen, text) in enumerate(zip(screens, shown, strict=True)):
        doubtful = [word.upper() for word in screen.words if word not in english]
        words.update(dict.fromkeys(word for word in screen.words if word in english))
        for run in screen.fragments:
            found = _word_inside(run, size, english)
            if found is None:
                doubtful.append(run)
            else:
                words[found] = None
        if number == 0:
            fragments = doubtful + _unplaced_runs(text)
    # A run of fewer than half a word's letters cannot tell the player which word it was: the
    # row it stands in is reported instead, when its letters are no part of a word read.
    telling = -(-size // 2)
    fragments = [run for run in fragments if run.lower() not in words and len(run) >= telling]
    return PhotoReading(screens[0], shown[0], tuple(words), tuple(fragments))


def _likeliest_length(texts: Sequence[str]) -> int | None:
    """The word length that gives the most English words in the texts (None when none does).

    The words of a terminal are English words, and the junk OCR makes of a blurred photo seldom
    is one: the commonest length of the letter runs read may be the junk's.
    """
    best, most = None, (0, 0)
    for size in WORD_LENGTHS:
        english = _english(size)
        whole: set[str] = set()  # runs of the length that are words
        inside: set[str] = set()  # words in runs a letter or two longer
        for text in texts:
            try:
                screen = read_screen(text, size)
            except WordsolverError:
                continue
            whole.update(word for word in screen.words if word in english)
            inside.update(_word_inside(run, size, english) or "" for run in screen.fragments)
        found = (len(whole), len(inside - {""}))
        if found > most:
            best, most = size, found
    return best


def _word_inside(run: str, length: int, english: frozenset[str]) -> str | None:
    """The one dictionary word of the length a run one or two letters too long holds."""
    if not 0 < len(run) - length <= 2:
        return None
    found = {
        run[start : start + length].lower()
        for start in range(len(run) - length + 1)
        if run[start : start + length].lower() in english
    }
    return found.pop() if len(found) == 1 else None


def _unplaced_runs(text: str) -> list[str]:
    """Letter runs of lines where no row address was found (a row OCR lost its address
    of), apart from the screen's own text: a word there would otherwise go unseen."""
    runs = []
    for line in text.splitlines():
        if any(row.address for row in screen_rows(line)):
            continue
        runs += [
            run
            for run in _LETTERS.findall(line)
            if len(run) >= MIN_UNPLACED and run.upper() not in SCREEN_TEXT
        ]
    return runs

"""Phone photos of a terminal's screen, made by the tests: a rendered screen, then what a camera
pointed at a monitor does to it, at graded strengths.

The screen is the game's text (:mod:`tests.fallout.screens`) drawn green on black in a monospace
font; the "photo" puts it on a dark wall at an angle (perspective), blurs it (focus, shake),
lets the bright text glow, lays the monitor's scan lines and the moiré of its pixel grid against
the camera's over it, adds a glare and the sensor's noise, and saves it as a JPEG. Every effect
has a strength per grade; the grades go from a careful photo (``mild``) to a bad one
(``severe``). Everything is drawn from a seed, so a grade's corpus is the same on every run.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tests.fallout.screens import FONT, HEADER, ROWS, WIDTH, Screen, make_screen

#: Word lists the screens hide (Fallout terminals show 5 to 20 words of one length).
WORD_SETS = (
    ("SPIES", "TIRES", "WALLS", "TERMS", "DOORS", "SKIES", "FARMS", "LINES", "GAMES", "BONES"),
    ("CONTAINING", "DEPARTMENT", "SETTLEMENT", "REASONABLE", "ASSISTANCE", "PROTECTION"),
    ("HOPE", "RATE", "GATE", "LIFE", "WIFE", "LOCK", "BOOK", "ROCK", "SOCK", "DOCK", "LAKE"),
    ("CRATES", "GRATES", "PLATES", "SHORES", "STORES", "SNORES", "SPORES", "CHORES"),
    ("MUTANTS", "RADIANT", "WEAPONS", "MACHINE", "FACTION", "MISSION", "HOLDING"),
    ("WASTELAND", "SCAVENGER", "DETECTIVE", "OVERSEERS", "PROTECTOR", "BROTHERLY"),
)


@dataclass(frozen=True, slots=True)
class Grade:
    """How strongly each effect of a photo is applied."""

    name: str
    tilt: float  # corners moved by up to this share of the screen's size (perspective)
    rotation: float  # degrees
    blur: float  # Gaussian sigma, pixels of the photo
    noise: float  # sensor noise, standard deviation of 0..255
    glow: float  # strength of the halo around bright text
    scan_lines: float  # darkening of the gaps between the monitor's lines (0..1)
    moire: float  # depth of the interference fringes (0..1)
    glare: float  # brightness added at the glare's centre (0..255)
    jpeg: int  # JPEG quality


GRADES = (
    Grade("mild", 0.03, 1.5, 0.8, 4, 0.3, 0.2, 0.06, 40, 90),
    Grade("moderate", 0.06, 3.0, 1.4, 9, 0.6, 0.35, 0.12, 80, 80),
    Grade("strong", 0.10, 5.0, 2.2, 16, 0.9, 0.5, 0.2, 120, 65),
    Grade("severe", 0.15, 8.0, 3.2, 26, 1.2, 0.65, 0.3, 160, 50),
)
GRADE = {grade.name: grade for grade in GRADES}


@dataclass(frozen=True, slots=True)
class Photo:
    """A photo of a screen, the words the screen hides (upper case, screen order), and the rows
    each word lies in (``(column, line)``: 0 the left column, 0 its top row)."""

    data: bytes
    words: tuple[str, ...]
    grade: str
    seed: int
    rows: tuple[frozenset[tuple[int, int]], ...]


def screen_image(text: str, scale: float = 1.0) -> Any:
    """The screen's text drawn as the game draws it, green on black (a numpy RGB array)."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    size = round(26 * scale)
    font = ImageFont.truetype(str(FONT), size)
    lines = text.splitlines()
    step = round(size * 1.45)
    width = round(size * 0.62 * max(len(line) for line in lines)) + 2 * size
    image = Image.new("RGB", (width, step * len(lines) + 2 * size), (6, 20, 8))
    draw = ImageDraw.Draw(image)
    for number, line in enumerate(lines):
        draw.text((size, size + step * number), line, font=font, fill=(70, 255, 120))
    return np.asarray(image, dtype=np.float32)


def photograph(screen: Any, grade: Grade, rng: random.Random) -> bytes:
    """What a phone camera makes of the screen at this grade, as JPEG bytes."""
    import cv2
    import numpy as np

    height, width = screen.shape[:2]
    lit = screen.copy()
    # The monitor: bright text glows, its lines leave dark gaps, its pixel grid beats with the
    # camera's (moiré: slanted fringes).
    if grade.glow:
        halo = cv2.GaussianBlur(lit, (0, 0), 6)
        lit = lit + grade.glow * halo
    rows = np.arange(height, dtype=np.float32)[:, None]
    period = 3.0 + rng.random()
    lit = lit * (1 - grade.scan_lines * (0.5 + 0.5 * np.cos(2 * np.pi * rows / period)))[..., None]
    # The camera: a wall around the screen, the screen seen at an angle.
    margin = round(0.18 * width)
    canvas_w, canvas_h = width + 2 * margin, height + 2 * margin
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    angle = math.radians(rng.uniform(-grade.rotation, grade.rotation))
    centre = np.array([width / 2, height / 2], np.float32)
    turn = np.array(
        [[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]], np.float32
    )
    moved = (corners - centre) @ turn.T + centre + margin
    moved += np.array([_jitter(rng, grade, width, height) for _ in range(4)], np.float32)
    warp = cv2.getPerspectiveTransform(corners, moved.astype(np.float32))
    wall = np.full((canvas_h, canvas_w, 3), (38, 34, 30), np.float32)
    photo = cv2.warpPerspective(
        lit, warp, (canvas_w, canvas_h), borderMode=cv2.BORDER_TRANSPARENT, dst=wall
    )
    # Fringes of the moiré across the whole picture, slanted.
    ys, xs = np.mgrid[0:canvas_h, 0:canvas_w].astype(np.float32)
    slant = math.radians(rng.uniform(10, 35))
    fringe_period = rng.uniform(9, 16)
    phase = (xs * math.sin(slant) + ys * math.cos(slant)) * 2 * np.pi / fringe_period
    photo = photo * (1 - grade.moire * (0.5 + 0.5 * np.sin(phase)))[..., None]
    # A lamp's glare: a broad bright patch.
    gx, gy = rng.uniform(0.2, 0.8) * canvas_w, rng.uniform(0.2, 0.8) * canvas_h
    spread = 0.25 * canvas_w
    glare = grade.glare * np.exp(-((xs - gx) ** 2 + (ys - gy) ** 2) / (2 * spread**2))
    photo = photo + glare[..., None]
    if grade.blur:
        photo = cv2.GaussianBlur(photo, (0, 0), grade.blur)
    noise = np.random.default_rng(rng.randrange(2**32)).normal(0, grade.noise, photo.shape)
    photo = np.clip(photo + noise, 0, 255).astype(np.uint8)
    ok, encoded = cv2.imencode(
        ".jpg", photo[..., ::-1], [int(cv2.IMWRITE_JPEG_QUALITY), grade.jpeg]
    )
    assert ok
    return bytes(encoded.tobytes())


def _jitter(rng: random.Random, grade: Grade, width: int, height: int) -> list[float]:
    return [rng.uniform(-1, 1) * grade.tilt * width, rng.uniform(-1, 1) * grade.tilt * height]


def make_photo(grade: Grade, seed: int) -> Photo:
    """A photo of a random screen hiding one of :data:`WORD_SETS`, at the grade."""
    rng = random.Random(seed)
    words = WORD_SETS[seed % len(WORD_SETS)]
    screen = make_screen(words, rng)
    data = photograph(screen_image(HEADER + screen.text), grade, rng)
    return Photo(data, words, grade.name, seed, word_rows(screen, words))


def word_rows(screen: Screen, words: Sequence[str]) -> tuple[frozenset[tuple[int, int]], ...]:
    """The rows each word lies in, as ``(column, line)`` (a word may wrap into the next row)."""
    memory = "".join(screen.rows)
    places = {}
    for run in re.finditer("[A-Z]+", memory):
        rows = range(run.start() // WIDTH, (run.end() - 1) // WIDTH + 1)
        places[run.group()] = frozenset((row // ROWS, row % ROWS) for row in rows)
    return tuple(places[word] for word in words)


def corpus(grade: Grade, count: int, first_seed: int = 0) -> list[Photo]:
    """``count`` photos at the grade, seeds ``first_seed`` onwards."""
    return [make_photo(grade, seed) for seed in range(first_seed, first_seed + count)]


def resembles(run: str, word: str) -> bool:
    """Whether a run the reader reported holds at least half of the word, in one piece: the
    player who sees it can tell which word it is."""
    run, word = run.upper(), word.upper()
    need = -(-len(word) // 2)
    return any(word[start : start + need] in run for start in range(len(word) - need + 1))


@dataclass(frozen=True, slots=True)
class Score:
    """What the reader made of one photo: the words read exactly, and those neither read nor
    reported (in a fragment or a word that resembles them, or in a row reported unread); a
    photo refused (the player is told why, and to take it again) reports all its words."""

    photo: Photo
    read: tuple[str, ...]
    unreported: tuple[str, ...]
    unread: int = 0  # rows reported unread
    refusal: str | None = None


def score(
    photo: Photo,
    words: Sequence[str],
    fragments: Sequence[str],
    unread: Collection[tuple[int, int]] = (),
) -> Score:
    """Compare a reading (its words, fragments and the ``(column, line)`` of the rows it
    reported unread) with the words the photo hides."""
    found = {word.upper() for word in words}
    read = tuple(word for word in photo.words if word in found)
    shown = [*words, *fragments]
    unreported = tuple(
        word
        for word, rows in zip(photo.words, photo.rows, strict=True)
        if word not in found
        and not any(resembles(run, word) for run in shown)
        and not rows & set(unread)
    )
    return Score(photo, read, unreported)


def read_and_score(photo: Photo) -> Score:
    """Read the photo as ``wordsolver fallout parse --image`` does, and score the reading."""
    from wordsolver.errors import WordsolverError
    from wordsolver.fallout import read_photo

    try:
        reading = read_photo(photo.data)
    except WordsolverError as error:
        return Score(photo, (), (), refusal=str(error))
    unread = [(row.column, row.line) for row in reading.unread]
    return replace(score(photo, reading.words, reading.fragments, unread), unread=len(unread))

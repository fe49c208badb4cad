"""Phone photos of a terminal read back: a corpus the tests draw themselves (rendered screens
photographed at graded strengths, :mod:`tests.fallout.photos`), straightened, cleaned and read."""

from __future__ import annotations

import io
import re
import shutil

import pytest

from tests.fallout.photos import GRADE, corpus, make_photo, read_and_score, resembles, score
from tests.fallout.screens import FONT
from wordsolver.errors import WordsolverError
from wordsolver.fallout import read_photo, read_screen
from wordsolver.fallout.photo import photo_reading

pytest.importorskip("cv2")
pytest.importorskip("pytesseract")
pytestmark = pytest.mark.skipif(
    shutil.which("tesseract") is None or not FONT.exists(),
    reason="needs tesseract and the DejaVu fonts (apt: tesseract-ocr, fonts-dejavu-core)",
)

#: Share of the words a moderate photo's reading must get right (the issue's bar).
MODERATE_RECOVERY = 0.95


def test_moderate_photos_give_95_percent_of_their_words_and_report_the_rest() -> None:
    scores = [read_and_score(photo) for photo in corpus(GRADE["moderate"], 6)]
    hidden = sum(len(result.photo.words) for result in scores)
    read = sum(len(result.read) for result in scores)
    assert read / hidden >= MODERATE_RECOVERY, f"{read} of {hidden} words read"
    assert [result.unreported for result in scores] == [()] * len(scores)


@pytest.mark.parametrize(
    ("grade", "seeds"), [("mild", (4,)), ("strong", (4, 5)), ("severe", (4, 5))]
)
def test_at_every_grade_each_word_is_read_or_reported(grade: str, seeds: tuple[int, ...]) -> None:
    # Seeds 4 and 5 hide other words than the moderate test's first ones.
    scores = [read_and_score(make_photo(GRADE[grade], seed)) for seed in seeds]
    assert [result.unreported for result in scores] == [()] * len(seeds)
    if grade == "mild":
        assert [len(result.read) for result in scores] == [len(scores[0].photo.words)]
    if grade == "severe":  # refused, saying why
        assert all(
            re.fullmatch(r"the photo could not be read \(.*; \d+ of 34 rows unreadable\): .*", text)
            for text in (result.refusal or "" for result in scores)
        ), [result.refusal for result in scores]


def test_a_word_not_read_is_reported_by_the_row_it_lies_in() -> None:
    photo = make_photo(GRADE["moderate"], 5)  # DETECTIVE, misread, in no fragment
    reading = read_photo(photo.data)
    assert "detective" not in reading.words
    assert score(photo, reading.words, reading.fragments).unreported == ("DETECTIVE",)
    unread = {(row.column, row.line): row for row in reading.unread}
    assert photo.rows[photo.words.index("DETECTIVE")] == {(0, 13), (0, 14)}
    assert unread[0, 14].describe() == "row 0xF548 (left column, 15th row)"
    assert reading.to_json()["unread"] == [row.to_json() for row in reading.unread]


def test_the_text_read_is_given_for_the_player_to_correct() -> None:
    photo = make_photo(GRADE["mild"], 2)
    reading = read_photo(photo.data)
    again = read_screen(reading.text)
    runs = [*again.words, *again.fragments]
    assert all(any(resembles(run, word) for run in runs) for word in reading.words)
    assert reading.to_json()["text"] == reading.text
    assert reading.to_json()["words"] == list(reading.words)


def test_runs_that_are_no_english_word_are_fragments_never_words() -> None:
    rows = [
        "0xF4A0 {{HOPE#,_&\\^@ 0xF4C8 %_}&\\&;[!-=",
        "0xF4AC *)>'>JRATE.?- 0xF4D4 ^(%SGGS\\$*..",
        "0xF4B8 ^\\{;,<}/;LOCK 0xF4E0 +:!*/<]>\\'|)",
    ]
    reading = photo_reading(["\n".join(rows)], length=4)
    assert reading.words == ("hope", "lock", "rate")  # JRAT is no word: RATE is the one in it
    assert reading.fragments == ("SGGS",)


def test_a_word_in_a_row_whose_address_was_lost_is_reported() -> None:
    text = "0xF4A0 {{HOPE#,_&\\^@\n“ay }*LAKE%%^&*\n0xF4B8 ^\\{;,<}/;LOCK\n"
    reading = photo_reading([text], length=4)
    assert "LAKE" in reading.fragments and "ROBCO" not in reading.fragments


def test_a_photo_without_a_screen_is_refused() -> None:
    from PIL import Image

    blank = io.BytesIO()
    Image.new("RGB", (640, 480), (40, 40, 40)).save(blank, "PNG")
    with pytest.raises(WordsolverError, match="shows no text"):
        read_photo(blank.getvalue())
    with pytest.raises(WordsolverError, match="the screenshot: cannot read the image"):
        read_photo(b"not an image")


@pytest.mark.parametrize(
    ("run", "word", "shown"),
    [
        ("RATE", "RATE", True),
        ("GRATE", "RATE", True),
        ("TI", "TIRES", False),
        ("IRES", "TIRES", True),
    ],
)
def test_a_run_resembles_a_word_when_it_holds_half_of_it(run: str, word: str, shown: bool) -> None:
    assert resembles(run, word) is shown

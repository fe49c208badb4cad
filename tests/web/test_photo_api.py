"""``POST /api/fallout/photo``: a phone photo of a terminal read in the ocr lane, and images that
are none refused with a message."""

from __future__ import annotations

import shutil

import pytest
from fastapi.testclient import TestClient

from tests.fallout.photos import GRADE, make_photo, score
from tests.fallout.screens import FONT
from tests.web.conftest import make_client
from wordsolver.web import WebSettings

pytest.importorskip("cv2")

#: The time limit of the reading test: two reads by Tesseract, on a machine that may be busy.
SECONDS = 120.0


@pytest.mark.skipif(
    shutil.which("tesseract") is None or not FONT.exists(), reason="needs tesseract and DejaVu"
)
def test_a_photo_gives_its_words_the_text_read_the_fragments_and_the_rows_unread() -> None:
    photo = make_photo(GRADE["mild"], 5)
    with make_client(WebSettings(time_limit=SECONDS)) as patient:
        response = patient.post(
            "/api/fallout/photo?length=9",
            content=photo.data,
            headers={"Content-Type": "image/jpeg"},
        )
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["length"] == 9 and "0x" in answer["text"]
    unread = [(row["column"], row["line"]) for row in answer["unread"]]
    result = score(photo, answer["words"], answer["fragments"], unread)
    assert len(result.read) == len(photo.words) and result.unreported == ()


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        (b"", 400, "send the photo itself as the request body"),
        (b"\x89PNG not really", 400, "the screenshot: cannot read the image"),
    ],
)
def test_bodies_that_are_no_photo_are_refused(
    client: TestClient, body: bytes, status: int, message: str
) -> None:
    response = client.post("/api/fallout/photo", content=body)
    assert response.status_code == status and response.json()["detail"].startswith(message)


def test_a_photo_may_be_as_large_as_a_screenshot_and_no_larger() -> None:
    with make_client(WebSettings(max_image=1000)) as small:
        response = small.post("/api/fallout/photo", content=b"\0" * 1001)
    assert response.status_code == 413
    assert response.json()["detail"].endswith("(1,000 bytes)")


def test_a_bad_length_is_a_422(client: TestClient) -> None:
    response = client.post("/api/fallout/photo?length=0", content=b"x")
    assert response.status_code == 422 and response.json()["detail"].startswith("length")

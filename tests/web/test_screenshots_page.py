"""The docs' screenshots: ``scripts/screenshots.py`` takes every page at phone and desktop size,
and the docs hold each picture it takes (``docs/images/web-*.png``)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from scripts.screenshots import IMAGES, SIZES, main, scenes


def test_every_page_is_pictured_at_phone_and_desktop_size(tmp_path: Path) -> None:
    assert main(["--out", str(tmp_path)]) == 0
    expected = {f"web-{scene.name}-{size}.png" for scene in scenes() for size in SIZES}
    assert {path.name for path in tmp_path.glob("*.png")} == expected
    for name in expected:
        size = "phone" if name.endswith("-phone.png") else "desktop"
        with Image.open(tmp_path / name) as taken:
            assert taken.size == (SIZES[size]["width"], SIZES[size]["height"])
    in_docs = {path.name for path in IMAGES.glob("web-*.png")}
    assert in_docs == expected, "run `python -m scripts.screenshots` to update docs/images"

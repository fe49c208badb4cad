"""How a built-in word list file is written: the one format both list scripts produce."""

from __future__ import annotations

import gzip
from pathlib import Path


def write_list(path: Path, words: list[str]) -> None:
    """One word a line, UTF-8, trailing newline; gzip with a fixed header (``mtime=0``, so the
    same words give the same bytes) when the name ends in ``.gz``."""
    data = "".join(f"{word}\n" for word in words).encode("utf-8")
    if path.suffix == ".gz":
        with path.open("wb") as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as packed:
            packed.write(data)
    else:
        path.write_bytes(data)

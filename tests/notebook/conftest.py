"""A small game every notebook test plays: Fallout with ten words on screen (its matrix is
built in memory, so the tests need no cache and no shared lists)."""

from __future__ import annotations

import pytest

import wordsolver
from wordsolver.api import LoadedGame

WORDS = ("cat", "car", "bat", "bar", "cot", "cab", "tab", "rat", "art", "arc")


@pytest.fixture
def small() -> LoadedGame:
    """The ten-word terminal."""
    return wordsolver.game("fallout", words=WORDS)

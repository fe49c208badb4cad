"""Fixtures of the anagram tests: a private cache folder, tiny lists and the Birdigo list."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordsolver.alphabet import LATIN
from wordsolver.anagram import LetterIndex
from wordsolver.lexicon import Lexicon, WordRule, read_word_file

#: The Birdigo game's own list, as published (see ``tests/data/README.md``).
BIRDIGO = Path(__file__).resolve().parents[1] / "data" / "birdigo" / "words_alpha.txt"

#: A small list with anagram classes, repeated letters and a range of lengths.
TINY_WORDS = (
    "a", "at", "ta", "act", "cat", "tact", "taco", "coat", "ascot", "coast", "costa",
    "tacos", "quiz", "quit", "suit", "zzz", "retains", "nastier", "retinas", "stainer",
)  # fmt: skip


@pytest.fixture(autouse=True)
def private_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Point the cache at a fresh folder so tests never touch the user's cache."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("WORDSOLVER_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(scope="session")
def tiny_lexicon() -> Lexicon:
    return Lexicon("tiny", TINY_WORDS)


@pytest.fixture(scope="session")
def tiny_index(tiny_lexicon: Lexicon) -> LetterIndex:
    return LetterIndex.build(tiny_lexicon)


@pytest.fixture(scope="session")
def birdigo_path() -> Path:
    return BIRDIGO


@pytest.fixture(scope="session")
def birdigo_lexicon(birdigo_path: Path) -> Lexicon:
    return read_word_file(birdigo_path, WordRule(LATIN))


@pytest.fixture(scope="session")
def birdigo_index(birdigo_lexicon: Lexicon) -> LetterIndex:
    return LetterIndex.build(birdigo_lexicon)

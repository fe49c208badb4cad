"""Fixtures of the Fallout tests: the published study's word list as a pool, and a tiny pool."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordsolver.anagram import load_dictionary
from wordsolver.fallout import WordPool
from wordsolver.lexicon import Lexicon


@pytest.fixture(scope="session")
def words_alpha(shared_data: Path) -> Path:
    """The 370,098-word English list a Fallout-terminal study drew random terminals from."""
    return shared_data / "fallout-terminal" / "words_alpha.txt"


@pytest.fixture(scope="session")
def study_pool(words_alpha: Path) -> WordPool:
    """That list grouped by length."""
    return WordPool.from_lexicon(load_dictionary(str(words_alpha), skip_bad=True))


@pytest.fixture(scope="session")
def tiny_pool() -> WordPool:
    """Three-letter words over four letters: terminals full of ties."""
    letters = "abcd"
    words = tuple(a + b + c for a in letters for b in letters for c in letters)
    return WordPool.from_lexicon(Lexicon("tiny", words))

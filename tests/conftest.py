"""Fixtures shared by all tests: a private cache and data folder, the reference word lists, and
small games quick to build (a Wordle, a Fallout terminal, a Tonguess 3)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix

#: Reference lists published with public solvers and studies, as published (see its README).
SHARED_DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Keep every test away from the user's cache (one folder for the whole run)."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORDSOLVER_CACHE_DIR", str(folder))
        yield folder


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The folder of reference word lists (``tests/data``; the documentation's examples find it
    at ``../shared/data``)."""
    return SHARED_DATA


@pytest.fixture(scope="session")
def original_wordle(shared_data: Path) -> Game:
    """Wordle with the original lists: 2,315 answers, 12,972 allowed guesses."""
    folder = shared_data / "wordle"
    return find_game(
        "wordle", GameOverrides(answers=folder / "answers.txt", allowed=folder / "allowed.txt")
    )


@pytest.fixture(scope="session")
def original_wordle_matrix(original_wordle: Game) -> PatternMatrix:
    """The pattern matrix of the original Wordle lists."""
    return pattern_matrix(original_wordle)


#: A small Wordle: duplicate letters, shared letters, quick to build and to evaluate.
WORDLE_WORDS = (
    "crane", "slate", "trace", "eerie", "speed", "abide", "geese", "hello", "llama", "pizza",
    "proxy", "crate", "grate", "irate", "plate", "shore", "store", "snore", "spore", "chore",
)  # fmt: skip
WORDLE_OPTION = ("--words", ",".join(WORDLE_WORDS))

#: Fallout terminal words (likeness feedback).
FALLOUT_WORDS = ("spite", "spies", "tires", "tries", "sides", "skies", "sites", "force", "fried")

#: A small Tonguess 3: any 3 distinct letters may be guessed, these are the secrets.
TONGUESS_WORDS = ("art", "rat", "tar", "car", "arc", "cat", "act", "bat", "tab", "hen", "ten")


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saved games go to a fresh folder for every test."""
    folder = tmp_path / "data"
    monkeypatch.setenv("WORDSOLVER_DATA_DIR", str(folder))
    return folder


@pytest.fixture(scope="session")
def wordle() -> PatternMatrix:
    return pattern_matrix(find_game("wordle", GameOverrides(words=WORDLE_WORDS)))


@pytest.fixture(scope="session")
def fallout() -> PatternMatrix:
    return pattern_matrix(find_game("fallout", GameOverrides(words=FALLOUT_WORDS)))


@pytest.fixture(scope="session")
def tonguess() -> PatternMatrix:
    return pattern_matrix(find_game("tonguess3", GameOverrides(words=TONGUESS_WORDS)))


def feedback(matrix: PatternMatrix, guess: str, secret: str) -> str:
    """The feedback text ``guess`` earns when ``secret`` is hidden."""
    game = matrix.game
    return game.format_pattern(game.feedback(guess, secret))

"""Fixtures of the terminal-mode tests: a private data folder, small games, scripted screens."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from rich.console import Console

from tests.cli.conftest import run_cli  # noqa: F401 (the fixture, shared with the CLI tests)
from wordsolver.cli.repl import Repl, scripted_lines
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix

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


def screen() -> tuple[Console, io.StringIO]:
    """A plain console (no colour) and the text it collects."""
    text = io.StringIO()
    return Console(file=text, width=120, color_system=None, highlight=False), text


#: ``drive(make_repl, lines)``: run a REPL built on a fresh console with scripted lines.
Drive = Callable[[Callable[[Console], Repl], Iterable[str]], str]


def feedback(matrix: PatternMatrix, guess: str, secret: str) -> str:
    """The feedback text ``guess`` earns when ``secret`` is hidden."""
    game = matrix.game
    return game.format_pattern(game.feedback(guess, secret))


@pytest.fixture
def drive() -> Drive:
    """Run a REPL on scripted input and return what the screen shows."""

    def run(make: Callable[[Console], Repl], lines: Iterable[str]) -> str:
        console, text = screen()
        make(console).run(scripted_lines(lines, console))
        return text.getvalue()

    return run

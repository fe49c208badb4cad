"""Small games for the proof tests, what the plain single-process search says of them, and the
entries of a results log."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.search import UNLIMITED_TRIES, CompiledSearch

#: Small versions of the symmetric games: (game, length, alphabet).
SMALL = {
    "mastermind-3x4": ("mastermind", 3, "abcd"),
    "mastermind-4x3": ("mastermind", 4, "abc"),
    "bulls-3of5": ("bulls", 3, "01234"),
    "bulls-3of6": ("bulls", 3, "012345"),
}


@cache
def small(name: str) -> Game:
    """One of the :data:`SMALL` games."""
    game, length, alphabet = SMALL[name]
    return find_game(game, GameOverrides(length=length, alphabet=alphabet))


@cache
def words_game(step: int = 38) -> Game:
    """A game without symmetries: every ``step``-th original Wordle answer (60 of them by
    default), guessed from themselves."""
    answers = find_game("wordle", GameOverrides(lists="original")).secrets.words[::step]
    return find_game("wordle", GameOverrides(words=answers[: 60 if step == 38 else None]))


def game_named(name: str) -> Game:
    """One of the :data:`SMALL` games, ``words`` (:func:`words_game`) or ``words290`` (every
    eighth answer)."""
    if name.startswith("words"):
        return words_game(8 if name == "words290" else 38)
    return small(name)


@cache
def plain_values(name: str, hard: bool = False) -> dict[str, tuple[int, int]]:
    """(total, worst) of every first guess of a game (:func:`game_named`), by the plain
    search of one process, without a cutoff."""
    game = game_named(name)
    search = CompiledSearch(pattern_matrix(game, use_cache=False), hard=hard, workers=1)
    everything = np.arange(len(game.secrets), dtype=np.intp)
    pool = np.arange(len(game.guesses), dtype=np.intp)
    tries = game.max_tries or UNLIMITED_TRIES
    values = {}
    for row, word in enumerate(game.guesses.words):
        value = search.first_guess_value(row, everything, tries, pool)
        assert value.exact
        values[word] = (value.total, value.worst)
    return values


def results_entries(path: Path) -> list[dict[str, Any]]:
    """The entries of a proof's results log, one per first guess recorded (the header left out)."""
    return [json.loads(line) for line in path.read_bytes().splitlines()[1:]]


def task_outcome(entry: dict[str, Any]) -> tuple[str, bool, int, bool]:
    """What one task recorded of a first guess: (guess, searched, total, exact). A guess may
    be bounded, then searched, and searched again for a higher total once refuted, each with
    a total of its own; a task run twice would record the same outcome twice."""
    return entry["guess"], entry.get("searched", True), entry["total"], entry["exact"]

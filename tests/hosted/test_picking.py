"""Choosing the secret: random and seeded, the word of the day, the hardest for the solver."""

from __future__ import annotations

import json
from datetime import date, timedelta

import numpy as np
import pytest

from wordsolver.evaluation import evaluate
from wordsolver.hosted import picking
from wordsolver.hosted.picking import (
    daily_secret,
    guesses_needed,
    hardest_secret,
    random_secret,
)
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.cache import cache_dir
from wordsolver.strategies import Player, PlayOptions, find_strategy


def test_seeded_secrets_repeat_and_stay_in_range(wordle: PatternMatrix) -> None:
    game = wordle.game
    drawn = {random_secret(game, seed) for seed in range(40)}
    assert drawn <= set(range(len(game.secrets))) and len(drawn) > 5
    assert random_secret(game, 3) == random_secret(game, 3)


def test_daily_secret_visits_every_word_once_per_cycle(wordle: PatternMatrix) -> None:
    game = wordle.game
    start = date(2026, 5, 1)
    days = [daily_secret(game, start + timedelta(days=k)) for k in range(len(game.secrets))]
    assert sorted(days) == list(range(len(game.secrets)))
    assert daily_secret(game, start) == daily_secret(game, start + timedelta(len(days)))


def test_hardest_secret_needs_most_guesses(tonguess: PatternMatrix) -> None:
    solver = Player(tonguess, find_strategy("entropy"), PlayOptions())
    needed = evaluate(solver).guesses
    assert guesses_needed(solver).tolist() == needed.tolist()
    chosen = {hardest_secret(solver, seed) for seed in range(20)}
    assert chosen == set(np.flatnonzero(needed == needed.max()).tolist())


def test_guess_counts_are_cached_and_rebuilt_when_damaged(
    wordle: PatternMatrix, monkeypatch: pytest.MonkeyPatch
) -> None:
    solver = Player(wordle, find_strategy("minimax"), PlayOptions(hard=True))
    first = guesses_needed(solver)
    folder = cache_dir()
    assert folder is not None
    files = sorted(folder.glob("needed-*.json"))
    assert files
    with monkeypatch.context() as patch:
        patch.setattr(picking, "evaluate", lambda *args, **kwargs: pytest.fail("not cached"))
        assert guesses_needed(solver).tolist() == first.tolist()
    for file in files:
        file.write_text('{"identity": "x", "needed": [1, 2')
    assert guesses_needed(solver).tolist() == first.tolist()


def test_a_changed_guess_count_is_not_believed(
    wordle: PatternMatrix, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One edited number once changed the duel's hidden secret: the checksum must catch it."""
    solver = Player(wordle, find_strategy("minimax"), PlayOptions())
    first = guesses_needed(solver)
    edited = 0
    folder = cache_dir()
    assert folder is not None
    for file in folder.glob("needed-*.json"):
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
        except ValueError:
            continue  # another test damaged it
        if document["payload"]["needed"] == first.tolist():
            document["payload"]["needed"][0] = 99  # still valid JSON of the right shape
            file.write_text(json.dumps(document), encoding="utf-8")
            edited += 1
    assert edited
    recomputed: list[bool] = []
    real = picking.evaluate  # type: ignore[attr-defined]  # the name the module calls

    def counted(*args: object, **kwargs: object) -> object:
        recomputed.append(True)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(picking, "evaluate", counted)
    assert guesses_needed(solver).tolist() == first.tolist()
    assert recomputed == [True]
    assert hardest_secret(solver, seed=1) in np.flatnonzero(first == first.max()).tolist()

"""Under a prior, the best few guesses are weighed by the guesses they leave to finish, one
guess deeper: the compiled weighing matches its definition (tests/reference.py), the order it
gives is by that number, and games of equal candidates never take that path."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.reference import finish_deeper_reference, games
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.session import Session, game_matrix, parse_history
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.strategies.base import Position
from wordsolver.strategies.finish import FINISH_CURVE, HELPERS, expected_to_finish


@settings(max_examples=60, deadline=None)
@given(game=games(), hard=st.booleans(), data=st.data())
def test_the_weighing_matches_its_definition(game, hard: bool, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    matrix = pattern_matrix(game, use_cache=False)
    n = len(game.secrets)
    candidates = np.array(
        sorted(data.draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=n))), dtype=np.intp
    )
    drawn = data.draw(
        st.lists(st.integers(1, 50), min_size=len(candidates), max_size=len(candidates))
    )
    weights = np.array(drawn, dtype=np.float64) / sum(drawn)
    pool = np.arange(len(game.guesses), dtype=np.intp)
    position = Position(matrix, candidates, pool, hard=hard, weights=weights)
    stats = position.split(pool)
    rows = np.array(data.draw(st.lists(st.sampled_from(pool.tolist()), min_size=1, max_size=4)))
    got = expected_to_finish(position, stats, rows)
    assert len(pool) <= HELPERS  # every guess may be tried second; in hard mode only candidates
    words = game.guesses.words
    second = () if hard else words
    possible = {game.secrets.words[c]: float(w) for c, w in zip(candidates, weights, strict=True)}
    for row, value in zip(rows.tolist(), got.tolist(), strict=True):
        expected = finish_deeper_reference(game, words[row], second, possible, FINISH_CURVE)
        assert value == pytest.approx(expected, abs=5e-3)  # the curve is read every 1/100 bit


def test_the_best_guesses_go_by_the_guesses_they_leave_to_finish() -> None:
    session = Session(game_matrix(find_game("wordle")))
    session.replay(parse_history("tarse:.y..."))
    ranked = session.suggest(top=12)
    weighed = [guess.to_finish for guess in ranked[:10]]
    assert all(value is not None for value in weighed)
    assert weighed == sorted(weighed)  # type: ignore[type-var]
    assert all(guess.to_finish is None for guess in ranked[10:])  # the rest: entropy's order
    plain = sorted(ranked[:10], key=lambda guess: -guess.entropy)
    assert [g.word for g in plain] != [g.word for g in ranked[:10]]  # the weighing reorders


@pytest.mark.parametrize("lists", ["original", "wordlebot"])
def test_research_lists_play_as_published(lists: str) -> None:
    game = find_game("wordle", GameOverrides(lists=lists))
    session = Session(game_matrix(game))
    session.replay(parse_history("salet:.y..."))
    player = Player(session.matrix, find_strategy("entropy"), PlayOptions())
    assert all(guess.to_finish is None for guess in session.suggest(player, top=10))

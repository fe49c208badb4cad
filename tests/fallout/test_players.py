"""The compiled simulator plays exactly as the library's Player does, strategy by strategy."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsolver.errors import UnknownNameError
from wordsolver.fallout import (
    COMPILED,
    CompiledPlayer,
    LibraryPlayer,
    Terminals,
    TerminalSpec,
    WordPool,
    draw_terminals,
    terminal_player,
    terminal_players,
)
from wordsolver.strategies import strategy_names

DETERMINISTIC = [name for name in COMPILED if name != "random"]


@pytest.mark.parametrize("name", DETERMINISTIC)
@pytest.mark.parametrize(("length", "n_words"), [(5, 20), (4, 8), (9, 14)])
def test_compiled_agrees_with_library(
    study_pool: WordPool, name: str, length: int, n_words: int
) -> None:
    terminals = draw_terminals(study_pool, TerminalSpec(length, n_words), 60, seed=length)
    compiled = COMPILED[name].play(terminals, 4)
    library = LibraryPlayer(name).play(terminals, 4)
    assert compiled.tolist() == library.tolist()


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(DETERMINISTIC), st.integers(2, 30), st.integers(0, 10_000))
def test_compiled_agrees_on_terminals_full_of_ties(
    tiny_pool: WordPool, name: str, n_words: int, seed: int
) -> None:
    terminals = draw_terminals(tiny_pool, TerminalSpec(3, n_words), 8, seed)
    assert COMPILED[name].play(terminals, None).tolist() == (
        LibraryPlayer(name).play(terminals, None).tolist()
    )


def test_random_guesses_candidates_in_random_order(study_pool: WordPool) -> None:
    terminals = draw_terminals(study_pool, TerminalSpec(5, 10), 4000, seed=3)
    needed = COMPILED["random"].play(terminals, 4)
    assert needed.min() == 1 and needed.max() <= 10
    # Guessing a random candidate finds the secret first time in one terminal in ten.
    assert abs((needed == 1).mean() - 0.1) < 0.015
    # The library's random strategy draws from another stream, to the same effect.
    few = replace(
        terminals,
        word_ids=terminals.word_ids[:500],
        secrets=terminals.secrets[:500],
        keys=terminals.keys[:500],
        likeness=terminals.likeness[:500],
    )
    library = LibraryPlayer("random", seed=3).play(few, 4)
    assert abs(needed[:500].mean() - library.mean()) < 0.25


def test_progress_counts_terminals(study_pool: WordPool) -> None:
    terminals = draw_terminals(study_pool, TerminalSpec(5, 6), 30, seed=0)
    for player in (COMPILED["entropy"], LibraryPlayer("entropy")):
        steps: list[int] = []
        player.play(terminals, 4, steps.append)
        assert sum(steps) == 30


def test_registry_picks_compiled_or_library() -> None:
    assert isinstance(terminal_player("information"), CompiledPlayer)
    assert terminal_player("worst").name == "minimax"
    names = [p.name for p in terminal_players(["entropy", "information", "eliminations"])]
    assert names == ["entropy", "eliminations"]
    with pytest.raises(UnknownNameError):
        terminal_player("nonsense")


def _every_secret(terminals: Terminals) -> Terminals:
    """The same terminals, each repeated once per word with that word as the secret."""
    n = terminals.spec.n_words
    return replace(
        terminals,
        word_ids=np.repeat(terminals.word_ids, n, axis=0),
        secrets=np.tile(np.arange(n), len(terminals)),
        keys=np.repeat(terminals.keys, n, axis=0),
        likeness=np.repeat(terminals.likeness, n, axis=0),
    )


@pytest.mark.skipif("optimal" not in strategy_names(), reason="the exact strategy is not in")
def test_exact_strategy_plays_through_the_library(study_pool: WordPool) -> None:
    terminals = _every_secret(draw_terminals(study_pool, TerminalSpec(5, 8), 6, seed=0))
    player = terminal_player("optimal")
    assert isinstance(player, LibraryPlayer)
    exact = player.play(terminals, None).reshape(6, 8).sum(axis=1)
    for name in DETERMINISTIC:
        greedy = COMPILED[name].play(terminals, None).reshape(6, 8).sum(axis=1)
        assert (exact <= greedy).all(), name

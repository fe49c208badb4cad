"""Properties on random small games: the search equals the exhaustive search, and no heuristic
ever needs fewer total guesses than the proven optimum."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.readable_search import ReadableSearch
from tests.reference import PoolFlags, brute_force, optimal, small_game
from wordsolver.evaluation import evaluate
from wordsolver.games import Game
from wordsolver.matrix import pattern_matrix
from wordsolver.search import level_floor
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import check_tree

HEURISTICS = ["entropy", "expected-size", "minimax", "stdev", "eliminations", "random"]
POOLS = {
    "allowed": PlayOptions(),
    "hard": PlayOptions(hard=True),
    "candidates": PlayOptions(guess_from="candidates"),
}
SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn, tries: list[int | None] | None = None) -> Game:
    """A random game: a rule, an alphabet of 2–4 letters, 3–9 secrets, a few extra guesses."""
    rule = draw(st.sampled_from(["colours", "likeness", "bulls-cows"]))
    letters = draw(st.sampled_from(["ab", "abc", "abcd"]))
    length = draw(st.integers(2, 4) if len(letters) > 2 else st.integers(3, 5))
    word = st.text(alphabet=letters, min_size=length, max_size=length)
    secrets = draw(st.lists(word, min_size=3, max_size=9, unique=True))
    extra = draw(st.lists(word, max_size=6, unique=True))
    limit = draw(st.sampled_from(tries or [None]))
    return small_game(rule, secrets, extra, letters=letters, tries=limit)


@SLOW
@given(game=games(tries=[None, 3, 4, 6]), pool=st.sampled_from(list(POOLS)))
def test_search_equals_exhaustive_search(game: Game, pool: str) -> None:
    options = POOLS[pool]
    flags: PoolFlags = {"hard": options.hard, "only_candidates": options.guess_from == "candidates"}
    expected = brute_force(game, **flags)
    if expected is None:
        return  # no tree fits the tries: covered by the table tests
    result = optimal(pattern_matrix(game, use_cache=False), **flags)
    assert (result.total, int(result.tree.guesses_needed().max())) == expected
    assert result.proven
    check_tree(result.tree)


@SLOW
@given(
    game=games(),
    name=st.sampled_from(HEURISTICS),
    pool=st.sampled_from(list(POOLS)),
)
def test_no_heuristic_beats_the_optimum(game: Game, name: str, pool: str) -> None:
    options = POOLS[pool]
    matrix = pattern_matrix(game, use_cache=False)
    best = optimal(
        matrix, hard=options.hard, only_candidates=options.guess_from == "candidates"
    ).total
    played = evaluate(Player(matrix, find_strategy(name), options))
    assert played.losses == 0  # no limit of tries
    assert best <= int(played.guesses.sum())


@SLOW
@given(game=games(), name=st.sampled_from(HEURISTICS))
def test_no_heuristic_beats_the_optimum_in_any_game_with_tries(game: Game, name: str) -> None:
    """With a limit of tries, compare only heuristics that lost no secret."""
    limited = small_game(game.rule.name, game.secrets.words, letters=game.alphabet.letters, tries=4)
    matrix = pattern_matrix(limited, use_cache=False)
    played = evaluate(Player(matrix, find_strategy(name), PlayOptions()))
    if played.losses:
        return
    assert optimal(matrix).total <= int(played.guesses.sum())


@SLOW
@given(game=games())
def test_free_play_never_needs_more_than_hard_or_only_candidates(game: Game) -> None:
    matrix = pattern_matrix(game, use_cache=False)
    free = optimal(matrix).total
    assert free <= optimal(matrix, hard=True).total
    assert free <= optimal(matrix, only_candidates=True).total


@SLOW
@given(game=games())
def test_total_is_at_least_two_per_secret_but_one(game: Game) -> None:
    """Every secret but the first guess needs two guesses or more: total ≥ 2n − 1."""
    result = optimal(pattern_matrix(game, use_cache=False))
    n = len(game.secrets)
    assert 2 * n - 1 <= result.total <= n * (n + 1) // 2


@SLOW
@given(game=games(), pool=st.sampled_from(["allowed", "hard"]))
def test_first_bound_never_exceeds_the_optimum(game: Game, pool: str) -> None:
    """The bound reported for cut-short searches is admissible: at most the proven optimum."""
    expected = brute_force(game, hard=pool == "hard")
    assert expected is not None
    search = ReadableSearch(pattern_matrix(game), hard=pool == "hard")
    everything = np.arange(len(game.secrets))
    assert search.first_bound(everything, np.arange(len(game.guesses))) <= expected[0]


@given(size=st.integers(1, 400), fan_out=st.integers(2, 20))
def test_level_floor_of_equal_weights(size: int, fan_out: int) -> None:
    """2b − 1 while one guess can tell the set apart, more as the levels fill up; and the
    least total depth of secrets placed at most ``m^(D−1)`` within depth D."""
    floor = level_floor(np.ones(size, dtype=np.int64), fan_out)
    within, depth, placed, plain = 1, 1, 0, 0
    while placed < size:  # fill depth by depth: at most fan_out^(d−1) secrets within depth d
        take = min(within - placed, size - placed)
        plain += take * depth
        placed += take
        within, depth = within * fan_out, depth + 1
    assert floor == plain
    assert floor >= 2 * size - 1
    if size <= fan_out:
        assert floor == 2 * size - 1
    else:
        assert floor >= 2 * size

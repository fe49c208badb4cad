"""The ``optimal`` and ``optimal-within`` strategies: compiled where the position fits, the same
values as the general search, and each objective the better at its own measure."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.readable_search import ReadableSearch
from tests.reference import games
from tests.strategies.conftest import random_words
from wordsolver.errors import WordsolverError
from wordsolver.evaluation import Evaluation, evaluate
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.search import INFEASIBLE, UNLIMITED_TRIES, CompiledSearch
from wordsolver.search.small_exact import MAX_SECRETS, Objective, SmallExact, _solve
from wordsolver.session import Session
from wordsolver.strategies import Player, PlayOptions, find_strategy, strategy_names
from wordsolver.strategies.optimal import Optimal, OptimalWithin

SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
POOLS = {"allowed": PlayOptions(), "candidates": PlayOptions(guess_from="candidates")}


def play(matrix: PatternMatrix, strategy: Optimal, options: PlayOptions) -> Evaluation:
    return evaluate(Player(matrix, strategy, options))


def general_value(matrix: PatternMatrix, tries: int, only_candidates: bool) -> tuple[int, int]:
    """(total, worst) of the whole game by the general search (INFEASIBLE when none fits)."""
    game = matrix.game
    pool = game.secret_rows if only_candidates else np.arange(len(game.guesses))
    search = ReadableSearch(matrix, only_candidates=only_candidates)
    known = search.solve(np.arange(len(game.secrets)), tries, pool, INFEASIBLE)
    return known.lower, known.worst


@SLOW
@given(game=games(), pool=st.sampled_from(list(POOLS)), data=st.data())
def test_compiled_values_equal_the_general_search(
    game: Game, pool: str, data: st.DataObject
) -> None:
    """At the start and at a random later set, for the game's tries and for no limit."""
    matrix = pattern_matrix(game, use_cache=False)
    only = pool == "candidates"
    everything = np.arange(len(game.secrets))
    small = SmallExact.build(matrix, everything, np.arange(len(game.guesses)), only_candidates=only)
    general = ReadableSearch(matrix, only_candidates=only)
    subset = data.draw(st.lists(st.sampled_from(everything.tolist()), min_size=1, unique=True))
    for candidates in (everything, np.array(sorted(subset))):
        rows = game.secret_rows[candidates] if only else np.arange(len(game.guesses))
        for tries in (game.max_tries or UNLIMITED_TRIES, UNLIMITED_TRIES):
            known = general.solve(candidates, tries, rows, INFEASIBLE)
            value = small.value(candidates, tries, Objective.MEAN)
            if known.lower >= INFEASIBLE:
                assert value is None
            else:
                assert value is not None and value.failures == 0
                assert (value.total, value.worst) == (known.lower, known.worst)


@SLOW
@given(game=games(), pool=st.sampled_from(list(POOLS)))
def test_optimal_plays_the_same_value_compiled_or_not(game: Game, pool: str) -> None:
    matrix = pattern_matrix(game, use_cache=False)
    options = POOLS[pool]
    only = pool == "candidates"
    # The first choice is optimal for the tries, or (none fitting them) for no limit.
    tries = game.max_tries or UNLIMITED_TRIES
    if general_value(matrix, tries, only)[0] >= INFEASIBLE:
        tries = UNLIMITED_TRIES
    everything = np.arange(len(game.secrets))
    position = Player(matrix, Optimal(), options).position(everything, 0, None)
    search = ReadableSearch(matrix, only_candidates=only)
    for strategy in (Optimal(), Optimal(small=False)):
        guess = strategy.choose(position)
        value = search.try_guess(everything, tries, position.pool, guess, INFEASIBLE)
        assert value.lower == general_value(matrix, tries, only)[0]
    compiled = play(matrix, Optimal(), options)
    general = play(matrix, Optimal(small=False), options)
    assert compiled.losses == general.losses
    tries = game.max_tries or UNLIMITED_TRIES
    if general_value(matrix, tries, pool == "candidates")[0] < INFEASIBLE:
        # Within the tries, both play an optimal tree (tie-breaks may differ, not the value).
        assert (int(compiled.guesses.sum()), compiled.worst) == (
            int(general.guesses.sum()),
            general.worst,
        )
        assert (int(compiled.guesses.sum()), compiled.worst) == general_value(
            matrix, tries, pool == "candidates"
        )


@SLOW
@given(game=games(tries=[2, 3, 4]), pool=st.sampled_from(list(POOLS)))
def test_within_solves_at_least_as_many_in_time_and_optimal_fewest_guesses(
    game: Game, pool: str
) -> None:
    matrix = pattern_matrix(game, use_cache=False)
    only = pool == "candidates"
    optimal = play(matrix, Optimal(), POOLS[pool])
    within = play(matrix, OptimalWithin(), POOLS[pool])
    assert within.losses <= optimal.losses
    small = SmallExact.build(
        matrix, np.arange(len(game.secrets)), np.arange(len(game.guesses)), only_candidates=only
    )
    best = small.value(np.arange(len(game.secrets)), game.max_tries or 0, Objective.WITHIN)
    assert best is not None and within.losses == best.failures
    if optimal.losses == 0:
        assert int(optimal.guesses.sum()) == int(within.guesses.sum())
    else:  # optimal plays for the fewest guesses with no limit
        free = general_value(matrix, UNLIMITED_TRIES, only)[0]
        assert free <= int(optimal.guesses.sum())
        assert free <= int(within.guesses.sum())


def fallout(words: tuple[str, ...]) -> PatternMatrix:
    return pattern_matrix(find_game("fallout", GameOverrides(words=words)), use_cache=False)


@pytest.mark.parametrize(
    ("seed", "count", "letters"),
    [(1, 12, "abcdefg"), (2, 20, "abcdefg"), (3, 20, "abcdef"), (4, 30, "abcdefg")]
    + [(seed, 20, "abcdefghijklmnopqrstuvwxyz") for seed in (5, 6, 7)],  # none fits 4 tries
)
def test_terminals_of_five_letter_words(seed: int, count: int, letters: str) -> None:
    """Terminal-sized games: the compiled strategy plays as the general search does."""
    matrix = fallout(random_words(seed, count, letters))
    played = play(matrix, Optimal(), PlayOptions())
    general = play(matrix, Optimal(small=False), PlayOptions())
    assert (int(played.guesses.sum()), played.worst, played.losses) == (
        int(general.guesses.sum()),
        general.worst,
        general.losses,
    )
    if general_value(matrix, 4, False)[0] < INFEASIBLE:
        assert (int(played.guesses.sum()), played.worst) == general_value(matrix, 4, False)
    within = play(matrix, OptimalWithin(), PlayOptions())
    assert within.losses <= played.losses


def test_position_that_fits_uses_the_compiled_search() -> None:
    matrix = fallout(random_words(5, 20))
    strategy = Optimal()
    player = Player(matrix, strategy, PlayOptions())
    position = player.position(np.arange(20), 0, None)
    assert strategy.small_search_for(position) is not None
    assert Optimal(small=False).small_search_for(position) is None
    hard = Player(matrix, strategy, PlayOptions(hard=True))
    assert strategy.small_search_for(hard.position(np.arange(20), 0, hard.start_mask())) is None


def test_large_game_uses_the_general_search_for_optimal_and_is_refused_by_within() -> None:
    words = random_words(6, MAX_SECRETS + 2, letters="abcd", length=4)
    matrix = fallout(words)
    everything = np.arange(len(words))
    for options in (PlayOptions(), PlayOptions(hard=True)):
        player = Player(matrix, Optimal(), options)
        position = player.position(everything, 0, player.start_mask())
        assert player.strategy.small_search_for(position) is None  # type: ignore[attr-defined]
        with pytest.raises(WordsolverError) as raised:
            OptimalWithin().choose(position)
        message = str(raised.value)
        assert "\n" not in message and "optimal-within" in message
        assert ("hard mode" if options.hard else f"at most {MAX_SECRETS} candidates") in message


def test_later_positions_of_a_large_game_fit() -> None:
    """Once few candidates are left, even a game too large at first is solved in compiled code."""
    words = random_words(7, MAX_SECRETS + 2, letters="abcd", length=4)
    game = find_game("fallout", GameOverrides(words=words))
    matrix = pattern_matrix(game, use_cache=False)
    player = Player(matrix, Optimal(), PlayOptions(guess_from="candidates"))
    left = np.arange(0, len(words), 3)
    position = player.position(left, 1, None)
    search = player.strategy.small_search_for(position)  # type: ignore[attr-defined]
    assert search is not None and len(search.universe) == len(left)
    general = Player(matrix, Optimal(small=False), PlayOptions(guess_from="candidates"))
    start = (left, 1, None)
    ours = evaluate(player, secrets=left, start=start)
    theirs = evaluate(general, secrets=left, start=start)
    assert int(ours.guesses.sum()) == int(theirs.guesses.sum())


@pytest.mark.parametrize("name", ["optimal", "optimal-within"])
def test_rank_starts_with_the_choice_and_is_sorted(name: str) -> None:
    matrix = fallout(random_words(8, 16))
    strategy = find_strategy(name)
    player = Player(matrix, strategy, PlayOptions())
    position = player.position(np.arange(16), 0, None)
    ranked = strategy.rank(position, 5)
    assert len(ranked) == 5 and ranked[0].row == strategy.choose(position)
    scores = [r.score for r in ranked]
    if name == "optimal":
        assert scores == sorted(scores)
        general = Optimal(small=False).rank(position, 5)
        assert scores[0] == pytest.approx(general[0].score)
    else:
        assert scores == sorted(scores, reverse=True) and all(0 <= s <= 1 for s in scores)


def test_rank_scores_equal_the_general_search_guess_by_guess() -> None:
    matrix = fallout(random_words(9, 14))
    position = Player(matrix, Optimal(), PlayOptions()).position(np.arange(14), 0, None)
    compiled = {r.row: r.score for r in Optimal().rank(position, 8)}
    general = {r.row: r.score for r in Optimal(small=False).rank(position, 8)}
    for row in compiled.keys() & general.keys():
        assert compiled[row] == pytest.approx(general[row])


def test_positions_past_the_small_search_go_to_the_compiled_core() -> None:
    """Wordle after salet (221 candidates): the compiled core's best guesses, guessing any
    allowed word or only candidates, are worth what the readable search proves them worth
    (only candidates, all but crump need more than the five tries left), and the first is its
    optimum."""
    matrix = pattern_matrix(find_game("wordle", GameOverrides(lists="original")))
    state = Session(matrix)
    state.push("salet", ".....")
    tries = 5
    for options in (PlayOptions(), PlayOptions(guess_from="candidates")):
        player = Player(matrix, Optimal(), options)
        position = state.position(player)
        assert isinstance(player.strategy.search_for(position), CompiledSearch)  # type: ignore[attr-defined]
        ranked = player.strategy.rank(position, 4)
        only = options.guess_from == "candidates"
        readable = ReadableSearch(matrix, only_candidates=only)
        candidates, pool = position.candidates, position.pool
        n = len(candidates)
        best = readable.solve(candidates, tries, pool, INFEASIBLE)
        assert best.exact and ranked[0].score == pytest.approx(best.lower / n)
        for guess in ranked:  # only candidates, some finish within the tries no more (inf)
            value = readable.try_guess(candidates, tries, pool, guess.row, INFEASIBLE)
            expected = np.inf if value.lower >= INFEASIBLE else value.lower / n
            assert guess.score == pytest.approx(expected)
        assert only or ranked[0].word == "courd"


def test_a_guess_no_tree_finishes_after_scores_inf_not_the_search_sentinel() -> None:
    """Guessing only candidates after salet, some words leave a family (like the -ight words)
    that cannot be finished within the tries: they are never shown with a finite mean."""
    matrix = pattern_matrix(find_game("wordle", GameOverrides(lists="original")))
    player = Player(matrix, Optimal(), PlayOptions(guess_from="candidates"))
    state = Session(matrix)
    state.push("salet", ".....")
    position = state.position(player)
    ranked = player.strategy.rank(position, 3)
    assert ranked[0].score == pytest.approx(2.814, abs=5e-4)
    assert [r.word for r in ranked[1:]] == ["crony", "round"]
    assert all(r.score == float("inf") for r in ranked[1:])
    assert [r.word for r in state.suggest(player, top=3)] == ["crump"]


def test_within_plays_for_fewest_guesses_once_the_tries_are_spent() -> None:
    words = ("aaa", "bbb", "ccc", "ddd", "eee", "fff")  # only one by one: 2 lost in 4 tries
    matrix = fallout(words)
    within = play(matrix, OptimalWithin(), PlayOptions())
    assert within.losses == 2 and sorted(within.guesses.tolist()) == [1, 2, 3, 4, 5, 6]


def test_registry() -> None:
    assert {"optimal", "optimal-within"} <= set(strategy_names())
    assert isinstance(find_strategy("within"), OptimalWithin)
    assert find_strategy("exact").name == "optimal"


def test_one_compiled_copy_of_the_search() -> None:
    """Numba's cache mislinks several compiled copies of a recursive function: every call
    must keep to one signature."""
    matrix = fallout(random_words(10, 12))
    for options in POOLS.values():
        for strategy in (Optimal(), OptimalWithin()):
            player = Player(matrix, strategy, options)
            evaluate(player)
            strategy.rank(player.position(np.arange(12), 0, None), 3)
    assert len(_solve.signatures) == 1

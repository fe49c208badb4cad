"""The compiled exact search: equal to a plain exhaustive search on tiny games, for both
objectives and both guess pools; closed forms, tables and limits."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reference import exhaustive, games
from wordsolver.errors import WordsolverError
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.search import UNLIMITED_TRIES
from wordsolver.search.small_exact import (
    _VALUE_SHIFT,
    MAX_GUESSES,
    MAX_SECRETS,
    ExactValue,
    Objective,
    SmallExact,
    _capacity,
    _child_beta,
    _closed_form,
    _guess_bounds,
    _in_order,
    _open_buckets,
    _pack,
    check_fits,
    fits,
)

SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def search_of(game: Game, *, only_candidates: bool = False) -> tuple[SmallExact, np.ndarray]:
    matrix = pattern_matrix(game, use_cache=False)
    everything = np.arange(len(game.secrets))
    pool = np.arange(len(game.guesses))
    return SmallExact.build(matrix, everything, pool, only_candidates=only_candidates), everything


def triple(value: ExactValue | None) -> tuple[int, int, int] | None:
    return None if value is None else (value.failures, value.total, value.worst)


@SLOW
@given(
    game=games(most=6),
    tries=st.sampled_from([1, 2, 3, 4, UNLIMITED_TRIES]),
    only_candidates=st.booleans(),
)
def test_equals_exhaustive_search(game: Game, tries: int, only_candidates: bool) -> None:
    search, everything = search_of(game, only_candidates=only_candidates)
    for objective in Objective:
        within = objective is Objective.WITHIN
        expected = exhaustive(game, tries, within=within, only_candidates=only_candidates)
        assert triple(search.value(everything, tries, objective)) == expected, objective.name


@SLOW
@given(game=games(most=8), tries=st.sampled_from([2, 3, 4]))
def test_within_solves_most_in_time_and_mean_fewest_guesses(game: Game, tries: int) -> None:
    search, everything = search_of(game)
    within = search.value(everything, tries, Objective.WITHIN)
    mean = search.value(everything, tries, Objective.MEAN)
    free = search.value(everything, UNLIMITED_TRIES, Objective.MEAN)
    assert within is not None and free is not None
    assert (within.failures == 0) == (mean is not None)
    if mean is not None:  # nothing lost: both ask for the fewest guesses
        assert (within.total, within.worst) == (mean.total, mean.worst)
    assert free.total <= (mean.total if mean else free.total)


@SLOW
@given(game=games(most=8), data=st.data())
def test_a_guess_value_is_at_least_the_best(game: Game, data: st.DataObject) -> None:
    """Every guess, wasted ones included, is worth no less than the set; the best guess is
    worth exactly the set."""
    search, everything = search_of(game)
    tries = data.draw(st.sampled_from([2, 3, UNLIMITED_TRIES]))
    for objective in Objective:
        best_value, best = search.solve(everything, tries, objective)
        if best < 0:
            continue
        assert search.guess_key(everything, tries, best, objective) == best_value
        for guess in range(len(game.guesses)):
            assert search.guess_key(everything, tries, guess, objective) >= best_value


@pytest.fixture(scope="module")
def nine() -> PatternMatrix:
    words = ("cat", "car", "bat", "bar", "cot", "rat", "rot", "tar", "tot")
    return pattern_matrix(find_game("fallout", GameOverrides(words=words)), use_cache=False)


def test_closed_forms(nine: PatternMatrix) -> None:
    search = SmallExact.build(nine, np.arange(9), np.arange(9))
    game = nine.game
    cat, car = game.secrets.words.index("cat"), game.secrets.words.index("car")
    one, two = np.array([cat]), np.array([cat, car])
    assert search.value(one, 1, Objective.MEAN) == ExactValue(0, 1, 1)
    assert search.value(one, 0, Objective.MEAN) is None
    assert search.value(one, 0, Objective.WITHIN) == ExactValue(1, 0, 0)
    assert search.value(two, 4, Objective.MEAN) == ExactValue(0, 3, 2)
    assert search.value(two, 1, Objective.MEAN) is None
    assert search.value(two, 1, Objective.WITHIN) == ExactValue(1, 2, 1)
    assert search.solve(two, 4, Objective.MEAN)[1] in game.secret_rows[two]


def test_one_try_left_solves_one_secret(nine: PatternMatrix) -> None:
    search = SmallExact.build(nine, np.arange(9), np.arange(9))
    assert search.value(np.arange(9), 1, Objective.WITHIN) == ExactValue(8, 9, 1)
    assert search.value(np.arange(9), 1, Objective.MEAN) is None


def test_a_candidate_that_splits_all_others_apart() -> None:
    """``abc`` against the others: likeness 2, 1, 0: a perfect split, 2n − 1 guesses."""
    game = find_game("fallout", GameOverrides(words=("abc", "abd", "aed", "fed")))
    search, everything = search_of(game)
    assert search.value(everything, 4, Objective.MEAN) == ExactValue(0, 7, 2)
    assert game.guesses.words[search.solve(everything, 4, Objective.MEAN)[1]] in ("abc", "fed")


def test_nothing_to_learn_but_one_by_one() -> None:
    """Words that share no letter in place: every guess finds only itself."""
    words = ("aaa", "bbb", "ccc", "ddd", "eee")
    search, everything = search_of(find_game("fallout", GameOverrides(words=words)))
    assert search.value(everything, 4, Objective.MEAN) is None
    assert search.value(everything, 4, Objective.WITHIN) == ExactValue(1, 14, 4)
    assert search.value(everything, UNLIMITED_TRIES, Objective.MEAN) == ExactValue(0, 15, 5)


def test_repeated_and_useless_guesses_play_as_their_twin() -> None:
    """``xyz`` matches no secret anywhere (learns nothing), ``bzz`` and ``byy`` split alike."""
    from tests.reference import small_game

    game = small_game(
        "likeness", ("abc", "abd", "bcd", "bbb"), ("xyz", "bzz", "byy"), letters="abcdxyz"
    )
    search, everything = search_of(game)
    rows = {word: game.guesses.words.index(word) for word in ("xyz", "bzz", "byy")}
    assert search.row_of_guess[rows["xyz"]] == -1
    assert search.row_of_guess[rows["bzz"]] == search.row_of_guess[rows["byy"]] >= 0
    assert len(search.guess_rows) < len(game.guesses)
    for objective in Objective:
        value = search.guess_value(everything, 3, rows["xyz"], objective)
        after = search.value(everything, 2, objective)
        if after is None:
            assert value is None
        else:
            assert value == ExactValue(after.failures, after.total + 4, after.worst + 1)


def test_memo_serves_later_positions(nine: PatternMatrix) -> None:
    search = SmallExact.build(nine, np.arange(9), np.arange(9))
    search.value(np.arange(9), 4, Objective.MEAN)
    entries = len(search.memos[Objective.MEAN])
    guess = search.solve(np.arange(9), 4, Objective.MEAN)[1]
    left = np.flatnonzero(nine.values[guess] == 1)
    search.value(left, 3, Objective.MEAN)
    assert len(search.memos[Objective.MEAN]) == entries


def test_limits() -> None:
    assert fits(MAX_SECRETS, MAX_GUESSES)
    assert not fits(MAX_SECRETS + 1, 10)
    assert not fits(10, MAX_GUESSES + 1)
    with pytest.raises(WordsolverError) as raised:
        check_fits(MAX_SECRETS + 1, 70)
    message = str(raised.value)
    assert "\n" not in message and str(MAX_SECRETS) in message and str(MAX_GUESSES) in message


def test_too_many_secrets_are_refused() -> None:
    words = tuple(f"{a}{b}{c}" for a in "abcd" for b in "abcd" for c in "abcd")  # 64
    game = find_game("fallout", GameOverrides(words=words))
    with pytest.raises(WordsolverError, match=f"at most {MAX_SECRETS} candidates"):
        search_of(game)
    # A part of the game fits.
    matrix = pattern_matrix(game, use_cache=False)
    part = SmallExact.build(matrix, np.arange(20), np.arange(len(game.guesses)))
    assert part.value(np.arange(20), 4, Objective.WITHIN) is not None
    with pytest.raises(WordsolverError, match="not all among the secrets searched"):
        part.value(np.arange(30), 4, Objective.MEAN)


def test_pool_without_the_candidates_is_refused(nine: PatternMatrix) -> None:
    with pytest.raises(WordsolverError, match="every candidate among the guesses"):
        SmallExact.build(nine, np.arange(9), np.arange(5))


# The steps of the compiled search, each on its own (the search itself is held to the
# exhaustive search above).


def _mask(*bits: int) -> np.uint64:
    return np.uint64(sum(1 << bit for bit in bits))


def test_the_closed_forms_need_no_search() -> None:

    def value(n: int, tries: int, objective: Objective) -> int:
        return int(_closed_form(n, tries, int(objective), 7)) >> _VALUE_SHIFT

    assert value(1, 1, Objective.MEAN) == _pack(0, 1, 1)
    assert value(2, 2, Objective.MEAN) == _pack(0, 3, 2)  # one guess, then the other
    assert value(5, 1, Objective.WITHIN) == _pack(4, 5, 1)  # one right, four lost
    assert value(5, 0, Objective.WITHIN) == _pack(5, 0, 0)
    assert value(5, 1, Objective.MEAN) >= 1 << 40  # no tree solves them: infeasible
    assert _closed_form(3, 2, int(Objective.MEAN), 7) == -1  # three with two tries: search


def test_capacity_grows_with_each_try_and_the_most_buckets_a_guess_makes() -> None:

    assert [_capacity(tries, 3) for tries in range(1, 6)] == [0, 1, 4, 13, 40]
    assert _capacity(9, 3) == 64  # no more than a set holds


def test_guess_bounds_skip_guesses_that_learn_nothing_and_stop_at_the_floor() -> None:

    candidates = _mask(0, 1, 2, 3)
    # Row 0 learns nothing; row 1 splits in pairs; row 2 is a candidate that tells all apart.
    classes = np.array(
        [[candidates, 0, 0, 0], [_mask(0, 1), _mask(2, 3), 0, 0],
         [_mask(1), _mask(2), _mask(3), 0]], dtype=np.uint64,
    )  # fmt: skip
    n_classes = np.array([1, 2, 3])
    wins = np.array([0, 0, _mask(0)], dtype=np.uint64)
    count, bounds, _, guesses, closed_worst, floor = _guess_bounds(
        candidates, 3, 4, int(Objective.MEAN), classes[:2], n_classes[:2], wins[:2], False
    )
    assert (count, floor) == (1, -1)
    assert (guesses[0], bounds[0], closed_worst[0]) == (1, _pack(0, 4 + 3 + 3, 3), -1)
    found = _guess_bounds(candidates, 3, 4, int(Objective.MEAN), classes, n_classes, wins, False)
    assert found[5] == 2  # 2n − 1 guesses: nothing does better


def test_buckets_open_largest_first_and_guesses_are_tried_in_order_of_key() -> None:

    buckets = np.array([_mask(0, 1, 2), _mask(3), _mask(4, 5, 6, 7), _mask(8, 9)], np.uint64)
    masks, sizes, n_open = _open_buckets(_mask(*range(10)), buckets, 4)
    assert (n_open, list(sizes[:n_open])) == (2, [4, 3])
    assert list(masks[:n_open]) == [_mask(4, 5, 6, 7), _mask(0, 1, 2)]
    keys = np.array([5, 3, 5, 1, 99])
    assert list(_in_order(keys, 4)) == [3, 1, 0, 2]  # equal keys keep their order


def test_a_bucket_is_searched_under_the_room_the_others_leave() -> None:

    best = _pack(0, 20, 4)
    assert _child_beta(best, 0, 12, 3) == _pack(0, 8, 3)  # may go as deep as 3 below
    assert _child_beta(best, 0, 12, 4) == _pack(0, 8, 0)  # the others already reach 4

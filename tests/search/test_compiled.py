"""The compiled search against the readable one and the exhaustive search; the whole-game
proof split by first guess (value or bound under a cutoff, the best tree within a budget)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.readable_search import ReadableSearch
from tests.reference import brute_force, small_game
from tests.search.test_exact import GAMES, POOLS
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.partition import partition_stats
from wordsolver.plans import FALLBACK, suggest_now
from wordsolver.search import INFEASIBLE, UNLIMITED_TRIES, SearchLimit, compiled
from wordsolver.search.base import ExactSearch, SearchCoverageError
from wordsolver.search.compiled import CompiledSearch, exact_search
from wordsolver.search.hard_tables import compiled_hard_mode
from wordsolver.session import Session
from wordsolver.strategies import Player, PlayOptions
from wordsolver.strategies.optimal import Optimal
from wordsolver.tree import check_tree
from wordsolver.tree.fallback import entropy_fallback
from wordsolver.tree.optimal import SearchResult, grow_optimal, optimal_tree
from wordsolver.weights import SecretWeights

LARGE = {name: game for name, game in GAMES.items() if len(game.secrets) >= 8}


def grown(search: ExactSearch) -> SearchResult:
    return grow_optimal(search, fallback=entropy_fallback(search.matrix, PlayOptions()))


def everything(matrix: PatternMatrix) -> tuple[np.ndarray, int, np.ndarray]:
    game = matrix.game
    return (
        np.arange(len(game.secrets), dtype=np.intp),
        game.max_tries or UNLIMITED_TRIES,
        np.arange(len(game.guesses), dtype=np.intp),
    )


@pytest.fixture(scope="module")
def medium() -> PatternMatrix:
    """Bulls and Cows with 3 of 6 letters: 120 secrets, a search of thousands of sets."""
    return pattern_matrix(find_game("bulls", GameOverrides(length=3, alphabet="abcdef")))


def test_the_default_engine_is_compiled_where_it_can_be() -> None:
    matrix = pattern_matrix(GAMES["fallout-nine"])
    assert isinstance(exact_search(matrix), CompiledSearch)
    assert isinstance(exact_search(matrix, hard=True), CompiledSearch)  # the rule's own hard mode
    assert isinstance(exact_search(matrix, only_candidates=True), CompiledSearch)
    assert isinstance(exact_search(matrix, hard=True, only_candidates=True), CompiledSearch)


@pytest.mark.parametrize("pool", POOLS)
@pytest.mark.parametrize("name", GAMES)
def test_readable_search_matches_exhaustive_search_too(name: str, pool: str) -> None:
    """The compiled engine plays these pools in the other tests; the readable one here."""
    game = GAMES[name]
    result = grown(ReadableSearch(pattern_matrix(game), **POOLS[pool]))
    assert (result.total, int(result.tree.guesses_needed().max())) == brute_force(
        game, **POOLS[pool]
    )


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("name", LARGE)
def test_split_by_first_guess_finds_the_same_tree_value(name: str, workers: int) -> None:
    game = GAMES[name]
    split = CompiledSearch(pattern_matrix(game), workers=workers, split_min=1)
    result = grown(split)
    assert (result.total, int(result.tree.guesses_needed().max())) == brute_force(game)
    assert result.proven and result.lower_bound == result.total
    check_tree(result.tree)


@pytest.mark.parametrize("name", LARGE)
def test_first_guess_value_and_bounds(name: str) -> None:
    """Every first guess: its floor ≤ its value; under a cutoff below its value a bound
    above the cutoff; at or above it, the exact value (equal to the opener's optimum)."""
    matrix = pattern_matrix(GAMES[name])
    search = CompiledSearch(matrix, workers=1)
    candidates, tries, pool = everything(matrix)
    rows, floors = search.guess_floors(candidates, pool)
    for guess, floor in list(zip(rows.tolist(), floors.tolist(), strict=True))[:12]:
        exact = search.first_guess_value(guess, candidates, tries, pool)
        if not exact.exact:  # no tree after this guess fits the tries
            assert exact.total >= INFEASIBLE
            continue
        assert floor <= exact.total
        opener = (matrix.game.guesses.words[guess],)
        assert exact.total == optimal_tree(matrix, PlayOptions(openers=opener)).total
        cut = search.first_guess_value(guess, candidates, tries, pool, cutoff=exact.total - 1)
        assert not cut.exact and exact.total - 1 < cut.total <= exact.total
        same = search.first_guess_value(guess, candidates, tries, pool, cutoff=exact.total)
        assert (same.exact, same.total, same.worst) == (True, exact.total, exact.worst)


def test_cheap_bounds_cover_every_first_guess(medium: PatternMatrix) -> None:
    search = CompiledSearch(medium, workers=1)
    candidates, tries, pool = everything(medium)
    bounds = search.first_guess_bounds(candidates, tries, pool)
    assert bounds.shape == (len(pool),)
    best = optimal_tree(medium).total
    assert bounds.min() <= best
    readable = ReadableSearch(medium)
    assert int(bounds.min()) == readable.first_bound(candidates, pool)


@pytest.mark.parametrize("name", [*LARGE, "medium"])
def test_the_least_floor_and_the_floors_in_order_match_every_guess_floor(
    name: str, medium: PatternMatrix
) -> None:
    """The core counts floors only where a guess's bound could undercut the least, and the
    whole game only for the guesses it tries, with the whole pool's fan-out: the same numbers
    as every guess's floor counted over the whole pool."""
    matrix = medium if name == "medium" else pattern_matrix(GAMES[name])
    candidates, _, pool = everything(matrix)
    search = CompiledSearch(matrix, workers=1)
    assert search.first_bound(candidates, pool) == ReadableSearch(matrix).first_bound(
        candidates, pool
    )
    rows, floors = search.guess_floors(candidates, pool)
    floor_of = dict(zip(rows.tolist(), floors.tolist(), strict=True))
    for dedup in (True, False):  # one guess per split, or every guess (hard mode)
        first = search.core.first_guesses(candidates, pool, dedup=dedup)
        assert first.least_floor == min(floors.tolist())
        in_order = search.core.first_floors(candidates, first.order, first.fan_out)
        assert in_order.tolist() == [floor_of[row] for row in first.order.tolist()]


@pytest.mark.parametrize("name", [*LARGE, "medium"])
def test_both_engines_bound_every_row_given_in_order(name: str, medium: PatternMatrix) -> None:
    """guess_floors answers for every row it is given, in that order (rows out of order,
    repeated, splitting alike), the readable engine with the compiled one's numbers."""
    matrix = medium if name == "medium" else pattern_matrix(GAMES[name])
    candidates, _, pool = everything(matrix)
    rows = np.random.default_rng(7).permutation(pool)
    given = np.concatenate([rows, rows[:5]])
    compiled_rows, compiled = CompiledSearch(matrix, workers=1).guess_floors(candidates, given)
    readable_rows, readable = ReadableSearch(matrix).guess_floors(candidates, given)
    assert compiled_rows.tolist() == readable_rows.tolist() == given.tolist()
    assert readable.tolist() == compiled.tolist()
    floor_of = dict(zip(given.tolist(), readable.tolist(), strict=True))  # repeats agree
    assert [floor_of[row] for row in given.tolist()] == readable.tolist()


def test_the_readable_engine_bounds_the_guesses_partition_stats_leaves_out() -> None:
    """Over 20,000 guesses with dead letters partition_stats keeps one guess per class of
    guesses that split alike; guess_floors still bounds every guess, as the compiled core."""
    words = ("abc", "bcd", "cde", "dea", "eab", "ace", "bda", "ecb", "adb", "ced", "bae", "dcb")
    game = find_game(
        "tonguess3", GameOverrides(alphabet="abcdefghijklmnopqrstuvwxyz012", words=words)
    )
    matrix = pattern_matrix(game)
    candidates, _, pool = everything(matrix)
    assert len(partition_stats(matrix, pool, candidates).rows) < len(pool)
    readable_rows, readable = ReadableSearch(matrix).guess_floors(candidates, pool)
    compiled_rows, compiled = CompiledSearch(matrix, workers=1).guess_floors(candidates, pool)
    assert readable_rows.tolist() == compiled_rows.tolist() == pool.tolist()
    assert readable.tolist() == compiled.tolist()


def distinct_guesses(matrix: PatternMatrix, candidates: np.ndarray) -> list[int]:
    """One guess per distinct split, the earliest, and every guess that may win: a guess is
    dropped only when it cannot win and an earlier guess kept splits the set the same way."""
    game = matrix.game
    seen: set[tuple[int, ...]] = set()
    kept = []
    for guess in range(len(game.guesses)):
        patterns = matrix.values[guess, candidates].tolist()
        first_seen: dict[int, int] = {}
        split = tuple(first_seen.setdefault(p, len(first_seen)) for p in patterns)
        wins = int(game.secret_of_guess[guess]) in set(candidates.tolist())
        if len(first_seen) == 1 and not wins:
            continue
        if split in seen and not wins:
            continue
        seen.add(split)
        kept.append(guess)
    return kept


@pytest.mark.parametrize("name", [*LARGE, "medium"])
def test_the_first_guesses_are_one_per_distinct_split(name: str, medium: PatternMatrix) -> None:
    matrix = medium if name == "medium" else pattern_matrix(GAMES[name])
    candidates, _, pool = everything(matrix)
    core = CompiledSearch(matrix, workers=1).core
    rng = np.random.default_rng(7)
    for size in (len(candidates), max(3, len(candidates) // 2), 3):
        subset = np.sort(rng.choice(candidates, size=size, replace=False))
        order = core.first_guesses(subset, pool, dedup=True).order
        assert sorted(order.tolist()) == distinct_guesses(matrix, subset)


@pytest.mark.parametrize("nodes", [50, 200, 800, 3000])
def test_a_budget_keeps_the_best_tree_found_and_an_honest_bound(
    nodes: int, medium: PatternMatrix
) -> None:
    best = optimal_tree(medium)
    search = CompiledSearch(medium, limit=SearchLimit(nodes=nodes), split_min=1)
    result = grown(search)
    check_tree(result.tree)
    assert result.lower_bound <= best.total <= result.total
    assert result.proven == (result.total == result.lower_bound)


def test_a_budget_past_the_first_guess_returns_its_tree(medium: PatternMatrix) -> None:
    """The first guess in order is solved, the others are not: its tree comes back, unproven,
    rather than the fallback's."""
    candidates, tries, pool = everything(medium)
    first = int(CompiledSearch(medium).first_guess_order(candidates, pool)[0])
    value = CompiledSearch(medium).first_guess_value(first, candidates, tries, pool)
    search = CompiledSearch(medium, limit=SearchLimit(nodes=3000), split_min=1)
    result = grown(search)
    assert result.tree.root.guess == first
    assert (result.total, result.proven) == (value.total, False)
    assert result.lower_bound < result.total


HARD_WORDS = (
    "eerie", "sissy", "mamma", "llama", "speed", "erase", "geese", "tepee", "steel", "sleet",
    "crane", "salet", "abbey", "kayak", "level", "radar", "queue", "nanny", "bobby", "daddy",
)  # fmt: skip


@pytest.mark.parametrize(
    "game",
    [
        GAMES["colours-repeats"],
        GAMES["colours-extra"],
        small_game("colours", HARD_WORDS, letters="abcdefghijklmnopqrstuvwxyz"),
        GAMES["bulls-cows-extra"],
        GAMES["likeness-extra"],
        find_game("jotto", GameOverrides(words=HARD_WORDS)),
        find_game("mastermind", GameOverrides(length=3, alphabet="abc")),
    ],
    ids=["repeats", "extra", "five-letter", "bulls", "likeness", "jotto", "mastermind"],
)
def test_hard_mode_filter_in_the_core_matches_the_rule(game: Game) -> None:
    """Every guess and every pattern: the core's hard-mode pool is the rule's (Wordle's kept
    letters, the others' consistency)."""
    search = CompiledSearch(pattern_matrix(game), hard=True, workers=1)
    codes = game.guess_codes
    pool = np.arange(len(game.guesses), dtype=np.intp)
    everything_ = np.arange(len(game.secrets), dtype=np.intp)
    for guess in range(len(game.guesses)):
        for pattern in range(game.n_patterns):
            expected = pool[game.rule.hard_mode_allows(codes[pool], codes[guess], pattern)]
            found = search.pool_after(pool, guess, pattern, everything_)
            assert found.tolist() == expected.tolist(), (guess, pattern)


def test_the_whole_game_bar_counts_each_first_guess_tried(medium: PatternMatrix) -> None:
    """A beam of 3: the first guess's buckets fill a third of the bar, each other guess
    tried another third, so the time remaining follows the guesses done."""
    search = CompiledSearch(medium, limit=SearchLimit(beam=3), workers=1, split_min=1)
    candidates, tries_left, pool = everything(medium)
    first = int(search.first_guess_order(candidates, pool)[0])
    won = int(np.any(medium.values[first, candidates] == medium.game.win_pattern))
    units = len(candidates) - won
    steps: list[int] = []
    search.solve_all([(candidates, tries_left, pool)], progress=steps.append)
    assert sum(steps) == units
    assert steps[-2:] == [2 * units // 3 - units // 3, units - 2 * units // 3]


@pytest.mark.parametrize("weighted", [False, True])
def test_more_guesses_than_sixteen_bits_hold_play_on_the_core(weighted: bool) -> None:
    """Word Bulls and Cows over 18 letters: 73,440 strings of distinct letters may be guessed
    (tonguess4's 358,800 the same way), ids past 2^16 among the best; the core's value, worst
    case and tree are the readable search's."""
    words = ("read", "rage", "ride", "rode", "rake", "ripe", "rope", "reap", "rain", "rich")
    overrides = GameOverrides(lists="game", words=words, alphabet="abcdefghijklmnopqr")
    matrix = pattern_matrix(find_game("tonguess4", overrides), use_cache=False)
    assert len(matrix.game.guesses) == 18 * 17 * 16 * 15 > 1 << 16
    weights = None
    if weighted:
        weights = SecretWeights("given", np.geomspace(1.0, 1e-3, len(words)))
    core = exact_search(matrix, weights=weights)
    assert isinstance(core, CompiledSearch)
    readable = ReadableSearch(matrix, weights=weights)
    candidates, tries, pool = everything(matrix)
    found = core.solve(candidates, tries, pool, INFEASIBLE)
    expected = readable.solve(candidates, tries, pool, INFEASIBLE)
    assert (found.lower, found.exact, found.worst) == (expected.lower, True, expected.worst)
    rows = core.tree_rows(candidates, tries, pool)
    assert rows[:, 0].max() >= 1 << 16  # a guess the core names past 16 bits
    assert np.array_equal(rows, readable.tree_rows(candidates, tries, pool))


def test_the_core_plays_hard_mode_of_every_size() -> None:
    """Consistency is read from the table of guesses against guesses: Jotto's and tonguess3's
    (243 MB) whole, tonguess4's 358,800 strings (a table of 128 GB) from a pool of at most
    16,384; kept letters go up to sixteen letters (the colours allow ten)."""
    assert compiled_hard_mode(find_game("jotto")) and compiled_hard_mode(find_game("tonguess3"))
    assert compiled_hard_mode(find_game("tonguess4"))
    assert compiled_hard_mode(find_game("wordle", GameOverrides(length=7, words=("abcdefg",))))
    assert compiled_hard_mode(find_game("wordle", GameOverrides(length=10, words=("aaaaaaaaab",))))


def test_a_game_beyond_the_core_is_refused_and_a_suggestion_gives_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The core's limits, lowered below a small game: the search refuses it in one line, and
    the composer's suggestion gives way to entropy saying why."""
    matrix = pattern_matrix(GAMES["fallout-nine"])
    monkeypatch.setattr(compiled, "MAX_GUESSES", 4)
    with pytest.raises(SearchCoverageError, match="at most 16,384 secrets and 4 guesses, not 9"):
        exact_search(matrix)
    state = Session(matrix)
    player = Player(matrix, Optimal(small=False).within(5.0), PlayOptions())
    suggested = suggest_now(state, player, top=2)
    assert suggested.player.strategy.name == FALLBACK and suggested.gave_way is not None
    assert suggested.gave_way.message("--time") == (
        "the exact search takes at most 16,384 secrets and 4 guesses, not 9 and 9:"
        f" ranked by {FALLBACK} instead"
    )


def test_hard_mode_past_the_tries_the_core_remembers_is_refused() -> None:
    """Consistent hard mode keeps every guess played in its memo keys: 40 tries are refused in
    one line (the game plays without hard mode, or within 33 tries)."""
    game = find_game("bulls", GameOverrides(length=3, alphabet="abcde", tries=40))
    with pytest.raises(SearchCoverageError, match=r"within 33 tries .* not 40 tries of 3-letter"):
        exact_search(pattern_matrix(game, use_cache=False), hard=True)

"""The multi-word opener search against brute force, its space and its errors."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordsolver.alphabet import LATIN
from wordsolver.errors import OptionError, WordsolverError
from wordsolver.games import Game, GameOverrides, find_game, find_rule, make_game
from wordsolver.lexicon import Lexicon
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.partition import partition_stats
from wordsolver.search.openers import (
    Opener,
    OpenerQuery,
    opener_space,
    score_opener,
    search_openers,
    search_steps,
)

COLOURS_RULE = find_rule("colours")


def tiny_game(secrets: list[str], extra: list[str]) -> Game:
    return make_game(
        "tiny", COLOURS_RULE, LATIN, 3, 6, Lexicon("s", tuple(secrets)), Lexicon("a", tuple(extra))
    )


def brute_force(matrix: PatternMatrix, query: OpenerQuery, size: int) -> list[Opener]:
    """Every set of ``size`` words of the space, scored by the reference, best first."""
    space = opener_space(matrix.game, query.any_words)
    masks = dict(zip(space.rows.tolist(), space.masks.tolist(), strict=True))
    sets = [
        combo
        for combo in itertools.combinations(space.rows.tolist(), size)
        if all(masks[a] & masks[b] == 0 for a, b in itertools.combinations(combo, 2))
    ]
    scored = [score_opener(matrix, combo) for combo in sets]
    if query.by == "mean":
        return sorted(scored, key=lambda o: (o.sum_squares, o.worst, o.rows))[: query.top]
    return sorted(scored, key=lambda o: (o.worst, o.sum_squares, o.rows))[: query.top]


def as_sets(openers: tuple[Opener, ...] | list[Opener]) -> list[tuple[int, ...]]:
    return [tuple(sorted(o.rows)) for o in openers]


words3 = st.text(alphabet="abcdefghijkl", min_size=3, max_size=3)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    secrets=st.lists(words3, min_size=2, max_size=25, unique=True),
    extra=st.lists(words3, max_size=15, unique=True),
    size=st.integers(1, 3),
    by=st.sampled_from(["mean", "worst"]),
    any_words=st.booleans(),
    exact_words=st.integers(1, 3),
)
def test_every_level_matches_brute_force(
    secrets: list[str],
    extra: list[str],
    size: int,
    by: str,
    any_words: bool,
    exact_words: int,
) -> None:
    """Exact levels are exact; a beam wider than the space is exact too."""
    matrix = pattern_matrix(tiny_game(secrets, extra), use_cache=False)
    query = OpenerQuery(size, by, any_words, top=4, beam_width=5000, exact_words=exact_words)  # type: ignore[arg-type]
    expected = {k: brute_force(matrix, query, k) for k in range(1, size + 1)}
    if not expected[size]:
        with pytest.raises(WordsolverError):
            search_openers(matrix, query)
        return
    search = search_openers(matrix, query)
    assert [level.words for level in search.levels] == list(range(min(size, exact_words), size + 1))
    for level in search.levels:
        assert level.exact == (level.words <= exact_words)
        assert as_sets(level.openers) == as_sets(expected[level.words])
        for got, want in zip(level.openers, expected[level.words], strict=True):
            assert (got.sum_squares, got.worst, got.n_classes) == (
                want.sum_squares,
                want.worst,
                want.n_classes,
            )


@settings(max_examples=25, deadline=None)
@given(secrets=st.lists(words3, min_size=2, max_size=30, unique=True))
def test_reference_score_agrees_with_the_partition_kernel(secrets: list[str]) -> None:
    matrix = pattern_matrix(tiny_game(secrets, []), use_cache=False)
    rows = np.arange(len(secrets))
    stats = partition_stats(matrix, rows, np.arange(len(secrets)))
    for k, row in enumerate(stats.rows):  # the kernel skips guesses that split like another
        opener = score_opener(matrix, (int(row),))
        assert opener.sum_squares == stats.sum_squares[k]
        assert opener.worst == stats.worst[k]
        assert opener.n_classes == stats.n_buckets[k]
        assert opener.bits == pytest.approx(stats.entropy[k])


def test_words_come_in_play_order_best_prefix_first() -> None:
    words = ["abc", "ade", "bfg", "chi", "dhj", "egk", "fil", "jkl", "gab", "hdc"]
    matrix = pattern_matrix(tiny_game(words, []), use_cache=False)
    best = search_openers(matrix, OpenerQuery(words=3, top=1)).final.openers[0]
    singles = [score_opener(matrix, (row,)) for row in best.rows]
    assert singles[0].sum_squares == min(s.sum_squares for s in singles)
    pairs = [score_opener(matrix, (best.rows[0], row)) for row in best.rows[1:]]
    assert pairs[0].sum_squares == min(p.sum_squares for p in pairs)


def test_a_bigger_opener_is_not_held_back_by_the_next_size() -> None:
    """The best pair of letters may leave no third word; the 3-word level must still work."""
    words = ["abc", "def", "ghi", "adg", "beh", "cfi", "jkl"]
    matrix = pattern_matrix(tiny_game(words, []), use_cache=False)
    search = search_openers(matrix, OpenerQuery(words=3, top=3, exact_words=1))
    assert [level.words for level in search.levels] == [1, 2, 3]
    for level in search.levels:
        assert as_sets(level.openers) == as_sets(brute_force(matrix, search.query, level.words))


def test_space_skips_repeated_letters_unless_any() -> None:
    game = tiny_game(["abc", "aab", "xyz"], ["zzz"])
    space = opener_space(game)
    assert [game.guesses.words[r] for r in space.rows] == ["abc", "xyz"]
    assert space.masks.tolist() == [0b111, (1 << 23) | (1 << 24) | (1 << 25)]
    everything = opener_space(game, any_words=True)
    assert len(everything.rows) == len(game.guesses)
    assert not everything.masks.any()


def test_progress_adds_up_to_the_announced_steps() -> None:
    words = ["abc", "ade", "bfg", "chi", "dhj", "egk", "fil", "jkl", "gab", "hdc"]
    matrix = pattern_matrix(tiny_game(words, []), use_cache=False)
    query = OpenerQuery(words=3, top=2, beam_width=7)
    steps: list[int] = []
    search_openers(matrix, query, progress=steps.append)
    assert sum(steps) == search_steps(query, opener_space(matrix.game))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"words": 0}, "`words` must be between 1 and 5"),
        ({"words": 6}, "`words` must be between 1 and 5"),
        ({"by": "median"}, "unknown `by` 'median'; choose from: mean, worst"),
        ({"top": 5, "beam_width": 4}, "`beam_width` ≥ `top`"),
    ],
)
def test_bad_queries(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        OpenerQuery(**kwargs)  # type: ignore[arg-type]


def test_too_few_words_for_the_size() -> None:
    matrix = pattern_matrix(tiny_game(["abc", "abd"], []), use_cache=False)
    with pytest.raises(WordsolverError, match="try `any_words`"):
        search_openers(matrix, OpenerQuery(words=2))
    with pytest.raises(WordsolverError, match=r"only 2 words are allowed$"):
        search_openers(matrix, OpenerQuery(words=3, any_words=True))
    matrix = pattern_matrix(tiny_game(["aab", "bba"], []), use_cache=False)
    with pytest.raises(WordsolverError, match=r"only 0 words .* \(try `any_words`\)"):
        search_openers(matrix, OpenerQuery(words=1))


@pytest.mark.slow
def test_russian_study_two_word_openers(russian_lists: dict[str, Path]) -> None:
    """Exact best pairs of the published study's lists 2066|6826 (this tool's own numbers)."""
    game = find_game(
        "5bukv",
        GameOverrides(answers=russian_lists["2066"], allowed=russian_lists["6826"]),
    )
    matrix = pattern_matrix(game)
    by_mean = search_openers(matrix, OpenerQuery(words=2, top=2)).final
    assert [o.words for o in by_mean.openers] == [("карет", "силон"), ("серна", "колит")]
    assert by_mean.openers[0].sum_squares == 10128  # mean 4.9022 candidates left
    by_worst = search_openers(matrix, OpenerQuery(words=2, top=1, by="worst")).final
    assert (by_worst.openers[0].words, by_worst.openers[0].worst) == (("талер", "монки"), 21)

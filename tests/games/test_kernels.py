"""Compiled kernels agree with the readable reference rules on random words."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsolver import partition
from wordsolver.alphabet import Alphabet
from wordsolver.errors import OptionError
from wordsolver.games import RULES as REGISTRY
from wordsolver.games import (
    FeedbackRule,
    Game,
    GameOverrides,
    find_game,
)
from wordsolver.matrix import PatternMatrix, build_values, pattern_matrix
from wordsolver.partition import first_of_each_partition, in_place_totals, partition_stats
from wordsolver.plumbing.arrays import IdArray

RULES = list(REGISTRY.values())
POOL = "abcdefghijklmnopqrstuvwxyzабвгдежзий"  # letters to draw random alphabets from


@dataclass(frozen=True)
class Words:
    alphabet: Alphabet
    length: int
    guesses: list[str]
    secrets: list[str]


@st.composite
def word_sets(draw: st.DrawFn) -> Words:
    """A random alphabet of 2..33 letters and random words, with or without repeated letters.

    Words are drawn from a random part of the alphabet so that letters collide often, while the
    letter codes still spread over the whole alphabet.
    """
    size = draw(st.integers(2, 33))
    letters = "".join(draw(st.permutations(POOL))[:size])
    length = draw(st.integers(1, 8))
    distinct = draw(st.booleans()) and length <= size
    used = letters[: draw(st.integers(length if distinct else 1, size))]
    if distinct:
        word = st.permutations(used).map(lambda p: "".join(p[:length]))
    else:
        word = st.text(alphabet=used, min_size=length, max_size=length)
    guesses = draw(st.lists(word, min_size=1, max_size=6))
    secrets = draw(st.lists(word, min_size=1, max_size=6))
    secrets += draw(st.lists(st.sampled_from(guesses), max_size=2))  # some wins too
    return Words(Alphabet("random", letters), length, guesses, secrets)


def fill(rule: FeedbackRule, words: Words) -> np.ndarray:
    out = np.empty((len(words.guesses), len(words.secrets)), rule.pattern_dtype(words.length))
    rule.fill_matrix(
        words.alphabet.encode(words.guesses), words.alphabet.encode(words.secrets), out
    )
    return out


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
@settings(max_examples=100, deadline=None)
@given(words=word_sets())
def test_kernel_agrees_with_reference(rule: FeedbackRule, words: Words) -> None:
    expected = [[rule.feedback(g, s) for s in words.secrets] for g in words.guesses]
    assert fill(rule, words).tolist() == expected


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
@settings(max_examples=60, deadline=None)
@given(words=word_sets())
def test_patterns_are_in_range(rule: FeedbackRule, words: Words) -> None:
    values = fill(rule, words)
    assert values.max() < rule.n_patterns(words.length)
    for row, guess in enumerate(words.guesses):
        for column, secret in enumerate(words.secrets):
            assert (values[row, column] == rule.win_pattern(words.length)) == (guess == secret)


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
@pytest.mark.parametrize("length", [1, 5, 8])
def test_kernel_on_every_string_of_a_tiny_alphabet(rule: FeedbackRule, length: int) -> None:
    alphabet = Alphabet("ab", "ab")
    rng = np.random.default_rng(length)
    words = sorted({"".join(rng.choice(["a", "b"], size=length)) for _ in range(40)})
    case = Words(alphabet, length, words, words)
    expected = [[rule.feedback(g, s) for s in words] for g in words]
    assert fill(rule, case).tolist() == expected


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
def test_kernel_on_long_words_of_a_large_alphabet(rule: FeedbackRule) -> None:
    """Letter codes past 63 and words longer than 8 letters (kernels keep sets of letters and
    of places as bits)."""
    alphabet = Alphabet("large", "".join(chr(0x100 + code) for code in range(80)))
    rng = np.random.default_rng(80)
    letters = list(alphabet.letters[50:])  # codes 50..79, which collide often
    words = sorted({"".join(rng.choice(letters, size=10)) for _ in range(30)})
    words += ["".join(rng.permutation(letters)[:10]) for _ in range(10)]  # distinct letters
    case = Words(alphabet, 10, words, words)
    expected = [[rule.feedback(g, s) for s in words] for g in words]
    assert fill(rule, case).tolist() == expected


def six_letter_game() -> Game:
    return find_game(
        "wordle", GameOverrides(length=6, words=("abacus", "banana", "cabana", "sauces"))
    )


@pytest.mark.parametrize(
    ("name", "overrides", "dtype"),
    [
        ("wordle", GameOverrides(words=("crane", "slate", "eerie")), np.uint8),
        ("wordle", GameOverrides(length=6, words=("abacus", "banana", "sauces")), np.uint16),
        ("fallout", GameOverrides(words=("abcdefgh", "bcdefgha")), np.uint8),
        ("bulls", GameOverrides(length=3, alphabet="abcdef"), np.uint8),
        ("mastermind", None, np.uint8),
    ],
)
def test_matrix_dtype(name: str, overrides: GameOverrides | None, dtype: type) -> None:
    game = find_game(name, overrides)
    assert build_values(game).dtype == dtype
    assert pattern_matrix(game).values.dtype == dtype


def test_six_letter_matrix_holds_patterns_above_255() -> None:
    game = six_letter_game()
    values = pattern_matrix(game, use_cache=False).values
    assert values.dtype == np.uint16
    for row, guess in enumerate(game.guesses.words):
        for column, secret in enumerate(game.secrets.words):
            assert values[row, column] == game.rule.feedback(guess, secret)
    assert (values[game.secret_rows, np.arange(len(game.secrets))] == 728).all()


def test_colours_words_too_long_for_16_bit_patterns_are_refused() -> None:
    """3**11 patterns would not fit a uint16 cell: such games are refused, not wrapped around."""
    with pytest.raises(OptionError, match="at most 10 letters, not 11"):
        find_game("wordle", GameOverrides(length=11, words=("abcdefghijk", "abcdefghijl")))


def test_ten_letter_colours_words_keep_their_patterns() -> None:
    game = find_game(
        "wordle", GameOverrides(length=10, words=("abcdefghij", "abcdefghil", "zyxwvutsrq"))
    )
    values = pattern_matrix(game, use_cache=False).values
    for row, guess in enumerate(game.guesses.words):
        for column, secret in enumerate(game.secrets.words):
            assert int(values[row, column]) == game.rule.feedback(guess, secret)


def test_wordle_matrix_rows_match_the_reference(
    original_wordle: Game, original_wordle_matrix: PatternMatrix
) -> None:
    values = original_wordle_matrix.values
    assert values.shape == (12972, 2315)
    assert values.dtype == np.uint8
    rng = np.random.default_rng(2022)
    secrets = original_wordle.secrets.words
    for row in [
        *rng.choice(len(original_wordle.guesses), size=12),
        *original_wordle.secret_rows[:3],
    ]:
        guess = original_wordle.guesses.words[row]
        expected = [original_wordle.rule.feedback(guess, secret) for secret in secrets]
        assert values[row].tolist() == expected, guess


# --- partition kernels ----------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_partition_stats_agree_with_bucket_counts(
    original_wordle_matrix: PatternMatrix, data: st.DataObject
) -> None:
    values = original_wordle_matrix.values
    n_patterns = original_wordle_matrix.game.n_patterns
    rows = np.array(
        data.draw(st.lists(st.integers(0, values.shape[0] - 1), min_size=1, max_size=8))
    )
    candidates = np.array(
        sorted(data.draw(st.sets(st.integers(0, values.shape[1] - 1), min_size=1, max_size=300)))
    )
    stats = partition_stats(original_wordle_matrix, rows, candidates)
    n = len(candidates)
    assert stats.n_candidates == n
    for k, row in enumerate(rows):
        counts = np.bincount(values[row, candidates], minlength=n_patterns)
        sizes = counts[counts > 0].astype(np.float64)
        assert stats.n_buckets[k] == len(sizes)
        assert stats.sum_squares[k] == (sizes**2).sum()
        assert stats.worst[k] == sizes.max()
        assert stats.entropy[k] == pytest.approx(-(sizes / n * np.log2(sizes / n)).sum(), abs=1e-9)
        assert stats.expected_size[k] == pytest.approx((sizes**2).sum() / n)
        assert stats.stdev[k] == pytest.approx(sizes.std(), abs=1e-9)
        same = [
            j
            for j, other in enumerate(rows)
            if (values[other, candidates] == values[row, candidates]).all()
        ]
        assert all(stats.fingerprint[j] == stats.fingerprint[k] for j in same)


@st.composite
def splits(draw: st.DrawFn) -> tuple[PatternMatrix, IdArray, IdArray]:
    """A random game, some of its guess rows and some of its secrets (the candidates).

    Games have few patterns (Fallout, Bulls and Cows) or many (Wordle, 16-bit cells from six
    letters); guess rows are every guess in order, every guess shuffled, or a few with repeats;
    candidate sets run from one secret to a few hundred, fewer or more than the patterns.
    """
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kind = draw(st.sampled_from(["fallout", "wordle", "bulls"]))
    letters = "abcdefgh"[: draw(st.integers(3, 8))]
    if kind == "bulls":
        game = find_game("bulls", GameOverrides(length=draw(st.integers(2, 3)), alphabet=letters))
    else:
        length = draw(st.integers(1, 6))
        size = draw(st.integers(1, 400))
        words = {"".join(rng.choice(list(letters), length)) for _ in range(size)}
        game = find_game(kind, GameOverrides(length=length, words=tuple(sorted(words))))
    matrix = pattern_matrix(game, use_cache=False)
    n_guesses, n_secrets = len(game.guesses), len(game.secrets)
    rows = {
        "every guess": np.arange(n_guesses),
        "shuffled": rng.permutation(n_guesses),
        "a few": rng.integers(0, n_guesses, size=draw(st.integers(1, 40))),
    }[draw(st.sampled_from(["every guess", "shuffled", "a few"]))]
    chosen = rng.choice(n_secrets, size=draw(st.integers(1, n_secrets)), replace=False)
    return matrix, rows.astype(np.intp), np.sort(chosen).astype(np.intp)


COUNTING = pytest.mark.parametrize(
    ("few_patterns", "parallel_cells"),
    [(0, 0), (0, 10**12), (1000, 0), (1000, 10**12)],
    ids=["scatter-parallel", "scatter-serial", "compare-parallel", "compare-serial"],
)


def split_by_plain_counting(
    few_patterns: int,
    parallel_cells: int,
    matrix: PatternMatrix,
    rows: IdArray,
    candidates: IdArray,
) -> None:
    """partition_stats, counting as told (fewer candidates than patterns always grow the sums),
    agrees with bucket counts taken the plain way."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("wordsolver.partition.FEW_PATTERNS", few_patterns)
        patch.setattr("wordsolver.partition.PARALLEL_CELLS", parallel_cells)
        stats = partition_stats(matrix, rows, candidates)
    assert stats.rows.tolist() == rows.tolist()
    patterns = matrix.values[np.ix_(rows, candidates)]
    for k in range(len(rows)):
        sizes = np.bincount(patterns[k])
        sizes = sizes[sizes > 0]
        assert stats.n_buckets[k] == len(sizes)
        assert stats.sum_squares[k] == (sizes**2).sum()
        assert stats.worst[k] == sizes.max()
        assert stats.size_log_size[k] == pytest.approx((sizes * np.log2(sizes)).sum(), abs=1e-9)
    # Fingerprints are equal exactly when the patterns are (64-bit hashes: no collision here).
    _, same_patterns = np.unique(patterns, axis=0, return_inverse=True)
    _, same_fingerprints = np.unique(stats.fingerprint, return_inverse=True)
    assert np.array_equal(
        same_patterns[:, None] == same_patterns[None, :],
        same_fingerprints[:, None] == same_fingerprints[None, :],
    )


@COUNTING
@settings(max_examples=60, deadline=None)
@given(split=splits())
def test_partition_stats_agree_with_plain_counting(
    few_patterns: int, parallel_cells: int, split: tuple[PatternMatrix, IdArray, IdArray]
) -> None:
    split_by_plain_counting(few_patterns, parallel_cells, *split)


@COUNTING
def test_partition_stats_count_buckets_past_a_byte(few_patterns: int, parallel_cells: int) -> None:
    """Buckets of more than 255 candidates (comparison tallies one byte per cell at a time)."""
    rng = np.random.default_rng(7)
    words = {"".join(rng.choice(list("abcdefgh"), 6)) for _ in range(1200)}
    matrix = pattern_matrix(
        find_game("fallout", GameOverrides(words=tuple(sorted(words)))), use_cache=False
    )
    rows = np.arange(len(matrix.game.guesses), dtype=np.intp)
    candidates = np.arange(len(matrix.game.secrets), dtype=np.intp)
    split_by_plain_counting(few_patterns, parallel_cells, matrix, rows, candidates[::2])
    split_by_plain_counting(few_patterns, parallel_cells, matrix, rows[::3], candidates)


@settings(max_examples=60, deadline=None)
@given(split=splits(), colliding=st.booleans())
def test_first_of_each_partition_keeps_the_first_guess_of_each_split(
    split: tuple[PatternMatrix, IdArray, IdArray], colliding: bool
) -> None:
    """The kept positions are the first of each distinct row of patterns, in order, also when
    every fingerprint collides (the patterns alone must then tell the splits apart)."""
    matrix, rows, candidates = split
    prints = partition_stats(matrix, rows, candidates).fingerprint
    if colliding:
        prints = np.zeros_like(prints)
    kept = first_of_each_partition(matrix, rows, candidates, prints)
    patterns = matrix.values[np.ix_(rows, candidates)]
    _, firsts = np.unique(patterns, axis=0, return_index=True)
    assert kept.tolist() == sorted(firsts.tolist())


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_in_place_totals_agree_with_counting(data: st.DataObject) -> None:
    words = data.draw(
        st.lists(
            st.text(alphabet="abc", min_size=4, max_size=4), min_size=2, max_size=12, unique=True
        )
    )
    game = find_game("fallout", GameOverrides(words=tuple(words)))
    matrix = pattern_matrix(game, use_cache=False)
    rows = np.arange(len(game.guesses))
    candidates = np.arange(len(game.secrets))
    totals = in_place_totals(matrix, rows, candidates)
    for row, guess in enumerate(game.guesses.words):
        expected = sum(
            sum(a == b for a, b in zip(guess, secret, strict=True)) for secret in game.secrets.words
        )
        assert totals[row] == expected


def test_a_split_in_pieces_equals_one_split(
    original_wordle_matrix: PatternMatrix, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = np.arange(0, 12_972, 7)
    candidates = np.arange(0, 2_315, 3)
    whole = partition_stats(original_wordle_matrix, rows, candidates)
    monkeypatch.setattr(partition, "PIECE_CELLS", 5_000)  # pieces of a few guesses
    pieced = partition_stats(original_wordle_matrix, rows, candidates)
    for name in ("n_buckets", "sum_squares", "worst", "size_log_size"):
        assert getattr(pieced, name).tolist() == getattr(whole, name).tolist()

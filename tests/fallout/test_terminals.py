"""Random terminals: distinct words of one length, a uniform secret, likeness as the rule says."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsolver.errors import InvalidWordError, OptionError
from wordsolver.fallout import TerminalSpec, WordPool, draw_terminals
from wordsolver.fallout.kernels import likeness_tensor, sample_rows
from wordsolver.games import LikenessRule
from wordsolver.lexicon import Lexicon


def test_pool_groups_sorted_words_by_length() -> None:
    pool = WordPool.from_lexicon(Lexicon("demo", ("tires", "cat", "spies", "don't", "ab")))
    assert pool.words(5) == ("spies", "tires")
    assert pool.codes(5).shape == (2, 5)
    with pytest.raises(InvalidWordError, match="no 4-letter words"):
        pool.words(4)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 20), st.integers(0, 30), st.integers(0, 2**32 - 1))
def test_sample_rows_draws_distinct_sorted_ids(n_ids: int, extra: int, seed: int) -> None:
    uniforms = np.random.default_rng(seed).random((5, n_ids))
    rows = sample_rows(uniforms, n_ids + extra)
    assert rows.shape == (5, n_ids)
    for row in rows:
        assert len(set(row.tolist())) == n_ids
        assert (np.diff(row) > 0).all() and row[0] >= 0 and row[-1] < n_ids + extra


def test_sample_rows_is_uniform() -> None:
    uniforms = np.random.default_rng(0).random((20_000, 3))
    counts = np.bincount(sample_rows(uniforms, 6).ravel(), minlength=6)
    assert counts.sum() == 60_000
    assert np.abs(counts / 10_000 - 1).max() < 0.04  # each id is in half the draws


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 8), st.integers(2, 12), st.integers(0, 2**32 - 1))
def test_likeness_tensor_matches_the_rule(length: int, n_words: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, 3, size=(40, length)).astype(np.uint8)
    ids = np.sort(rng.choice(40, size=(2, n_words)), axis=1)
    tensor = likeness_tensor(codes, ids)
    words = ["".join("abc"[c] for c in row) for row in codes]
    for t in range(2):
        for g in range(n_words):
            for s in range(n_words):
                expected = LikenessRule().feedback(words[ids[t, g]], words[ids[t, s]])
                assert tensor[t, g, s] == expected


def test_terminals_repeat_with_their_seed(study_pool: WordPool) -> None:
    spec = TerminalSpec(7, 12)
    first = draw_terminals(study_pool, spec, 200, seed=11)
    again = draw_terminals(study_pool, spec, 200, seed=11)
    other = draw_terminals(study_pool, spec, 200, seed=12)
    assert np.array_equal(first.word_ids, again.word_ids)
    assert np.array_equal(first.secrets, again.secrets)
    assert np.array_equal(first.keys, again.keys)
    assert not np.array_equal(first.word_ids, other.word_ids)
    words = first.words(0)
    assert len(words) == len(set(words)) == 12 and all(len(w) == 7 for w in words)
    assert words == tuple(sorted(words))
    assert set(first.secrets.tolist()) <= set(range(12))
    assert first.likeness.shape == (200, 12, 12)


def test_secrets_are_uniform(study_pool: WordPool) -> None:
    terminals = draw_terminals(study_pool, TerminalSpec(5, 4), 8000, seed=1)
    counts = np.bincount(terminals.secrets, minlength=4)
    assert np.abs(counts / 2000 - 1).max() < 0.06


def test_pool_too_small(tiny_pool: WordPool) -> None:
    with pytest.raises(OptionError, match="fewer than the 65"):
        draw_terminals(tiny_pool, TerminalSpec(3, 65), 1, seed=0)


@pytest.mark.parametrize(("length", "n_words"), [(0, 5), (5, 1)])
def test_bad_spec(length: int, n_words: int) -> None:
    with pytest.raises(OptionError):
        TerminalSpec(length, n_words)

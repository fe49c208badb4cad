"""Secret weights: reading them (file, wordfreq) and the expected guesses they give."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.tree.conftest import NINE, SKEWED_WEIGHTS, weights_file
from wordsolver.errors import WordListError
from wordsolver.games import GameOverrides, find_game
from wordsolver.weights import SecretWeights, load_weights

GAME = find_game("fallout", GameOverrides(words=NINE))


def test_file_weights_follow_the_secret_order(skewed: Path) -> None:
    weights = load_weights(str(skewed), GAME)
    assert weights.source == "weights.txt"
    assert weights.values.tolist() == [SKEWED_WEIGHTS[word] for word in GAME.secrets.words]


def test_commas_and_semicolons_separate_fields(tmp_path: Path) -> None:
    path = weights_file(
        tmp_path, [f"{word},{i}" if i % 2 else f"{word};{i}" for i, word in enumerate(NINE)]
    )
    assert load_weights(str(path), GAME).values.tolist() == [
        float(NINE.index(w)) for w in GAME.secrets.words
    ]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["cat 1"], "8 secrets have no weight (bar, bat, car, cot, rat, …)"),
        ([*(f"{w} 1" for w in NINE), "cat many"], ":10: 'many' is not a number"),
        ([*(f"{w} 1" for w in NINE), "cat -2"], ":10: a weight must be a number ≥ 0"),
        ([*(f"{w} 1" for w in NINE), "cat 1 2"], ":10: expected 'word weight'"),
        ([f"{w} 0" for w in NINE], "every weight is zero"),
    ],
)
def test_bad_weight_files_name_the_problem(tmp_path: Path, lines: list[str], message: str) -> None:
    with pytest.raises(WordListError, match=None) as raised:
        load_weights(str(weights_file(tmp_path, lines)), GAME)
    assert message in str(raised.value)


def test_wordfreq_weights_favour_common_words() -> None:
    pytest.importorskip("wordfreq")
    game = find_game("fallout", GameOverrides(words=("house", "xylyl", "water")))
    weights = load_weights("wordfreq", game)
    by_word = dict(zip(game.secrets.words, weights.values, strict=True))
    assert by_word["house"] > by_word["xylyl"] > 0 and by_word["water"] > by_word["xylyl"]


def test_secret_weights_expected_guesses() -> None:
    weights = SecretWeights("demo", np.array([3.0, 1.0]))
    assert weights.expected(np.array([1, 5])) == pytest.approx(2.0)

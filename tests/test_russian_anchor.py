"""Correctness anchor: the published Russian "5 букв" start-word table, reproduced exactly.

The study's lists changed after publication; with its answer list minus драже and кешью and its
allowed list minus танок and такое, its top three start words and their numbers come back. The
study printed means rounded up at the fourth decimal (норка: 125542 / 2064 = 60.82461… → 60.8247).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.partition import partition_stats

PUBLISHED = [("норка", 60.8247, 153), ("ларек", 62.6125, 159), ("карел", 63.5911, 159)]


@pytest.fixture(scope="module")
def study_game(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Game:
    folder = shared_data / "five-letters"
    rows = [line.split(";") for line in (folder / "all-words.csv").read_text("utf-8").splitlines()]
    allowed = [
        word
        for word, source, flag in rows
        if flag != "not-exists" and (flag == "exists" or source == "OpenCorpora")
    ]
    answers = (folder / "tbank-answers-assumption.txt").read_text("utf-8").split()
    out = tmp_path_factory.mktemp("study")
    (out / "answers.txt").write_text("\n".join(set(answers) - {"драже", "кешью"}), "utf-8")
    (out / "allowed.txt").write_text("\n".join(set(allowed) - {"танок", "такое"}), "utf-8")
    return find_game(
        "5bukv", GameOverrides(answers=out / "answers.txt", allowed=out / "allowed.txt")
    )


def test_study_lists_have_the_published_sizes(study_game: Game) -> None:
    assert len(study_game.secrets) == 2064  # 2,066 after folding ё, minus the two dropped


def test_start_word_table_matches_the_study(study_game: Game) -> None:
    matrix = pattern_matrix(study_game)
    rows = np.arange(len(study_game.guesses))
    stats = partition_stats(matrix, rows, np.arange(len(study_game.secrets)))
    best = np.lexsort((rows, stats.worst, stats.sum_squares))[:3]
    table = [
        (
            study_game.guesses.words[k],
            math.ceil(stats.expected_size[k] * 10_000) / 10_000,
            int(stats.worst[k]),
        )
        for k in best
    ]
    assert table == PUBLISHED

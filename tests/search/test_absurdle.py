"""The adversary keeps the largest bucket with its stated tie-break, and the forced-win search
agrees with trying every sequence of guesses on small lists (hard mode too)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.reference import adversary_reference, shortest_win_reference
from wordsolver.adversary import adversary_answer, preference
from wordsolver.games import GameOverrides, find_game
from wordsolver.hosted.absurdle import AdversarialGame
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.search.absurdle import forced_win

WORDS = (
    "crane", "slate", "trace", "eerie", "speed", "abide", "geese", "hello", "llama", "pizza",
    "proxy", "crate", "grate", "irate", "plate", "shore", "store", "snore", "spore", "chore",
    "batch", "catch", "hatch", "latch", "match", "patch", "watch", "fight", "light", "might",
)  # fmt: skip


def matrix_of(words: tuple[str, ...]) -> PatternMatrix:
    return pattern_matrix(find_game("absurdle", GameOverrides(words=words)), use_cache=False)


def test_tie_break_fewest_greens_then_yellows_then_pattern() -> None:
    game = matrix_of(("crane",)).game
    ranks = preference(game)
    text = [game.format_pattern(p) for p in np.argsort(ranks)]
    assert text[0] == "....."
    assert text[1:6] == ["....y", "...y.", "..y..", ".y...", "y...."]  # one yellow, in order
    assert text[-1] == "ggggg"  # the win is kept last of all
    greens = [t.count("g") for t in text]
    assert greens == sorted(greens)


def test_equal_buckets_keep_the_fewest_greens() -> None:
    matrix = matrix_of(("crane", "crate", "trace", "slate"))
    game = matrix.game
    answer = adversary_answer(matrix, np.arange(4), game.guess_row("crate"))
    # every bucket holds one word: slate (..ggg) shows fewer greens than crane (gggg.)
    assert game.format_pattern(answer.pattern) == "..ggg"
    assert [game.secrets.words[i] for i in answer.bucket] == ["slate"]


@pytest.mark.parametrize("seed", range(5))
def test_host_keeps_the_largest_bucket(seed: int) -> None:
    matrix = matrix_of(WORDS)
    game = matrix.game
    hosted = AdversarialGame(matrix)
    rng = random.Random(seed)
    possible = list(game.secrets.words)
    while not hosted.won:  # any word at first, then possible ones (each leaves fewer)
        guess = rng.choice(game.guesses.words if len(hosted.guesses) < 3 else possible)
        text, kept = adversary_reference(game, possible, guess)
        step = hosted.guess(guess)
        assert game.format_pattern(step.pattern) == text
        assert [game.secrets.words[i] for i in step.candidates] == kept
        assert max(len(kept), 1) <= len(possible)
        possible = kept
    assert len(possible) == 1 and hosted.guesses[-1] == possible[0]


@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize(
    "words",
    [
        WORDS[:8],
        WORDS[10:22],
        (*WORDS[20:27], "blimp", "champ", "whelp"),
        WORDS[::2],
        WORDS[3:9] + WORDS[20:26],
    ],
    ids=["start", "ore", "atch", "every-other", "mixed"],
)
def test_shortest_win_agrees_with_every_sequence(words: tuple[str, ...], hard: bool) -> None:
    matrix = matrix_of(words)
    length, firsts = shortest_win_reference(matrix.game, hard=hard, most=5)
    found = forced_win(matrix, hard=hard, every_first=True)
    assert found.length == length
    assert list(found.first_guesses) == firsts
    # the path it gives is played out by the host and wins on its last guess
    hosted = AdversarialGame(matrix, hard=hard)
    for word in found.guesses:
        hosted.guess(word)
    assert hosted.won and len(hosted.guesses) == length


def test_one_word_left_wins_in_one() -> None:
    matrix = matrix_of(("crane", "slate"))
    found = forced_win(matrix, np.array([1]))
    assert (found.length, found.guesses) == (1, ("slate",))


def test_every_first_guess_stops_early_without_it() -> None:
    matrix = matrix_of(WORDS[:8])
    one = forced_win(matrix)
    every = forced_win(matrix, every_first=True)
    assert one.length == every.length
    assert one.first_guesses[0] in every.first_guesses

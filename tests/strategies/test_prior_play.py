"""Play under a prior: the real answers the old lists named wrongly are possible and solved,
ties go to the likelier word, the weighted splits match a slow reference, and a game played
streamed (its first turn from disk, later turns over the words that fit) suggests what the
whole table would."""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsolver.against import play_against
from wordsolver.first_turn import first_turn_stats
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, StreamedMatrix, pattern_matrix
from wordsolver.partition import partition_stats
from wordsolver.session import Session, game_matrix, parse_history
from wordsolver.strategies import Player, PlayOptions, find_strategy

#: Real answers, the history after which the old lists (every original answer alike) named
#: one wrong word as the only candidate, and that word.
NAMED_WRONGLY = [
    ("wordle", "bling", "tarse:.....,colin:..yyy,blind:gggg.", "blink"),
    ("wordle", "snafu", "tarse:.y.y.,planc:..gy.", "snaky"),
    ("wordle", "latke", "tarse:yg..g,bathe:.gg.g", "latte"),
    ("5bukv", "взмет", "коран:.....,пелит:.y..g,батыр:..y..", "сюжет"),
]


def session_of(name: str, prior: str | None = None, lists: str | None = None) -> Session:
    game = find_game(name, GameOverrides(prior=prior, lists=lists))
    return Session(game_matrix(game))


@pytest.mark.parametrize(("name", "secret", "history", "wrong"), NAMED_WRONGLY)
def test_the_real_answer_stays_possible_where_the_old_lists_named_another(
    name: str, secret: str, history: str, wrong: str
) -> None:
    old = session_of(name, "uniform", "study" if name == "5bukv" else None)
    old.replay(parse_history(history))
    assert old.candidate_words() == [wrong] and not old.certain
    state = session_of(name)
    state.replay(parse_history(history))
    assert secret in state.candidate_words() and wrong in state.candidate_words()
    assert not state.certain
    shares = dict(state.likeliest(len(state.candidates)))
    assert sum(shares.values()) == pytest.approx(1.0) and shares[secret] > 0
    played = play_against(state.base.game, [secret])
    assert played.guesses.tolist()[0] <= 6 and played.false_certainties == 0


def test_zilch_goes_before_hilch_under_the_prior() -> None:
    history = parse_history("tarse:.....,colin:y.gy.,flimp:.yy..")
    old = session_of("wordle", "uniform")
    old.replay(history)  # no answer fits: the allowed words that do, alike
    assert old.widened and old.candidate_words() == ["hilch", "zilch"]
    assert old.suggest(top=1)[0].word == "hilch"  # word order breaks the tie
    state = session_of("wordle")
    state.replay(history)
    assert state.candidate_words() == ["hilch", "zilch"]
    best = state.suggest(top=2)
    assert [r.word for r in best] == ["zilch", "hilch"] and best[0].win_chance > 0.99
    assert play_against(state.base.game, ["zilch"]).guesses.tolist()[0] <= 4  # the old play: 5


def test_the_likelier_word_goes_first_and_certainty_needs_one_accepted_word() -> None:
    history = parse_history("minor:..ggg")  # the secret is honor
    old = session_of("wordle", "uniform")
    old.replay(history)
    assert old.suggest(top=1)[0].word == "donor"  # word order breaks the tie
    state = session_of("wordle")
    state.replay(history)
    assert [word for word, _ in state.likeliest(3)] == ["honor", "donor", "tenor"]
    assert [r.word for r in state.suggest(top=2)] == ["honor", "donor"]
    state.push("honor", "ggggg")
    assert state.solved
    uniform = session_of("wordle", "uniform")
    uniform.replay(parse_history("tarse:.....,colin:..yyy,blind:gggg."))
    assert uniform.candidate_words() == ["blink"] and not uniform.certain
    player = Player(uniform.matrix, find_strategy("entropy"), PlayOptions())
    assert uniform.to_json([], player.strategy.name, player.options)["certain"] is False


def reference_weighted(
    matrix: PatternMatrix, rows: np.ndarray, candidates: np.ndarray, weights: np.ndarray
) -> list[tuple[float, float, float, int, int]]:
    """Per guess, from its buckets one by one: −Σ P log2 P, Σ P·n, Σ P², worst, buckets."""
    shares = weights / weights.sum()
    answers = []
    for row in rows:
        mass: dict[int, float] = defaultdict(float)
        size: dict[int, int] = defaultdict(int)
        for candidate, share in zip(candidates, shares, strict=True):
            pattern = int(matrix.values[row, candidate])
            mass[pattern] += float(share)
            size[pattern] += 1
        answers.append(
            (
                -sum(p * math.log2(p) for p in mass.values() if p > 0),
                sum(mass[k] * size[k] for k in mass),
                sum(p * p for p in mass.values()),
                max(size.values()),
                len(size),
            )
        )
    return answers


@pytest.fixture(scope="module")
def five() -> PatternMatrix:
    return pattern_matrix(find_game("5bukv"))


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 300), st.integers(0, 2**32 - 1))
def test_weighted_split_matches_the_reference(five: PatternMatrix, size: int, seed: int) -> None:
    n = len(five.game.secrets)
    rng = np.random.default_rng(seed)
    candidates = np.sort(rng.choice(n, size=size, replace=False)).astype(np.intp)
    rows = rng.choice(len(five.game.guesses), size=20)
    weights = rng.uniform(0.01, 100, size=size) ** 2  # far from alike
    stats = partition_stats(five, rows, candidates, every_row=True, weights=weights)
    expected = reference_weighted(five, rows, candidates, weights)
    for k, (bits, left, squares, worst, buckets) in enumerate(expected):
        assert stats.entropy[k] == pytest.approx(bits, abs=1e-9)
        assert stats.expected_size[k] == pytest.approx(left, rel=1e-9)
        assert stats.masses is not None and stats.masses.mass_squares[k] == pytest.approx(squares)
        assert (stats.worst[k], stats.n_buckets[k]) == (worst, buckets)


def test_equal_weights_split_as_the_unweighted_counts(five: PatternMatrix) -> None:
    rows = np.arange(len(five.game.guesses))
    candidates = np.arange(0, len(five.game.secrets), 3)
    plain = partition_stats(five, rows, candidates, every_row=True)
    ones = np.ones(len(candidates))
    alike = partition_stats(five, rows, candidates, every_row=True, weights=ones)
    np.testing.assert_allclose(alike.entropy, plain.entropy, atol=1e-9)
    np.testing.assert_allclose(alike.expected_size, plain.expected_size, rtol=1e-9)
    np.testing.assert_allclose(alike.stdev, plain.stdev, atol=1e-6)


def test_first_turn_table_is_the_weighted_split_of_every_guess(five: PatternMatrix) -> None:
    table = first_turn_stats(StreamedMatrix(five.game))
    everything = np.arange(len(five.game.secrets))
    direct = partition_stats(
        five, np.arange(len(five.game.guesses)), everything, every_row=True,
        weights=five.game.probabilities,
    )  # fmt: skip
    np.testing.assert_allclose(table.entropy, direct.entropy, atol=1e-9)
    np.testing.assert_array_equal(table.worst, direct.worst)
    again = first_turn_stats(StreamedMatrix(five.game))  # read back from the cache
    np.testing.assert_array_equal(again.entropy, table.entropy)


@pytest.mark.parametrize(
    ("guesses", "secret"), [((), ""), (("норка",), "сокол"), (("норка", "сокол"), "пешка")]
)
def test_a_game_played_streamed_suggests_what_the_whole_table_does(
    five: PatternMatrix, guesses: tuple[str, ...], secret: str
) -> None:
    game = five.game
    history = [(guess, game.format_pattern(game.feedback(guess, secret))) for guess in guesses]
    held, streamed = Session(five), Session(StreamedMatrix(game))
    for state in (held, streamed):
        state.replay(history)
    assert streamed.candidate_words() == held.candidate_words()
    np.testing.assert_allclose(streamed.probabilities(), held.probabilities())
    for strategy in ("entropy", "expected-size", "minimax", "eliminations"):
        mine = [(r.word, round(r.entropy, 9)) for r in streamed.suggest(strategy, top=5)]
        whole = [(r.word, round(r.entropy, 9)) for r in held.suggest(strategy, top=5)]
        assert mine == whole, strategy
    if guesses:
        streamed.pop()
        held.pop()
        assert streamed.candidate_words() == held.candidate_words()

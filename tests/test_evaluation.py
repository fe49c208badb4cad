"""Whole-dictionary evaluation agrees with playing every secret one at a time."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from wordsolver.evaluation import Evaluation, evaluate
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.session import Session
from wordsolver.strategies import Player, PlayOptions, find_strategy

FALLOUT = {
    "fallout-6": ("cat", "car", "bat", "cot", "dog", "bar"),
    "fallout-8": (
        *("terminal", "terrible", "material", "criminal"),
        *("tutorial", "template", "terraced", "thermals"),
    ),
    "fallout-12": (
        *("lunch", "lucky", "lunar", "lurid", "lusty", "lying"),
        *("lymph", "lyric", "lathe", "latch", "later", "lasso"),
    ),
    "fallout-5": ("secure", "settle", "sewage", "senate", "seeing"),
}

PLAYS = {
    "entropy": ("entropy", PlayOptions()),
    "expected-size": ("expected-size", PlayOptions()),
    "minimax": ("minimax", PlayOptions()),
    "stdev": ("stdev", PlayOptions()),
    "eliminations": ("eliminations", PlayOptions()),
    "random": ("random", PlayOptions()),
    "entropy-hard": ("entropy", PlayOptions(hard=True)),
    "minimax-hard": ("minimax", PlayOptions(hard=True)),
    "entropy-candidates": ("entropy", PlayOptions(guess_from="candidates")),
    "stdev-hard-candidates": ("stdev", PlayOptions(hard=True, guess_from="candidates")),
}


def hard_allows(game: Game, played: str, pattern: int, guess: str) -> bool:
    """Hard mode: Wordle's own rule for colours (greens stay, revealed copies are reused),
    consistency with the feedback for the other rules."""
    if game.rule.name != "colours":
        return game.rule.feedback(played, guess) == pattern
    shown = game.format_pattern(pattern)
    if any(c == "g" and g != p for p, c, g in zip(played, shown, guess, strict=True)):
        return False
    revealed = Counter(p for p, c in zip(played, shown, strict=True) if c != ".")
    return all(guess.count(letter) >= copies for letter, copies in revealed.items())


def simulate(player: Player, secret_id: int) -> int:
    """Guesses one secret needs, with feedback from the reference rule and no pattern matrix."""
    game = player.matrix.game
    rule, secrets, guesses = game.rule, game.secrets.words, game.guesses.words
    secret = secrets[secret_id]
    candidates = np.arange(len(secrets), dtype=np.intp)
    consistent = player.start_mask()
    for tries_used in range(40):
        guess = guesses[player.next_guess(candidates, tries_used, consistent)]
        pattern = rule.feedback(guess, secret)
        if pattern == game.win_pattern:
            return tries_used + 1
        candidates = np.array(
            [c for c in candidates if rule.feedback(guess, secrets[c]) == pattern], dtype=np.intp
        )
        if consistent is not None:
            consistent = consistent & np.array(
                [hard_allows(game, guess, pattern, w) for w in guesses]
            )
    raise AssertionError(f"{secret} not found in 40 guesses")


def simulate_session(player: Player, secret_id: int) -> int:
    """Guesses one secret needs, played through an interactive Session."""
    game = player.matrix.game
    secret = game.secrets.words[secret_id]
    session = Session(player.matrix)
    while not session.solved:
        consistent = session.consistent_mask() if player.options.hard else None
        row = player.next_guess(session.candidates, len(session.steps), consistent)
        guess = game.guesses.words[row]
        session.push(guess, game.rule.feedback(guess, secret))
        assert len(session.steps) < 40
    return len(session.steps)


def make_player(matrix: PatternMatrix, play: str) -> Player:
    name, options = PLAYS[play]
    return Player(matrix, find_strategy(name, seed=3), options)


def check_against_simulation(evaluation: Evaluation, player: Player) -> None:
    game = player.matrix.game
    assert evaluation.secrets.tolist() == list(range(len(game.secrets)))
    expected = [simulate(player, secret) for secret in range(len(game.secrets))]
    assert evaluation.guesses.tolist() == expected
    assert evaluation.total == len(expected)
    assert evaluation.mean == pytest.approx(sum(expected) / len(expected))
    assert evaluation.worst == max(expected)
    assert evaluation.distribution == dict(sorted(Counter(expected).items()))


# --- small games against the simulation -----------------------------------------------------


@pytest.fixture(scope="module", params=list(FALLOUT))
def fallout(request: pytest.FixtureRequest) -> PatternMatrix:
    return pattern_matrix(find_game("fallout", GameOverrides(words=FALLOUT[request.param])))


@pytest.mark.parametrize("play", list(PLAYS))
def test_fallout_matches_simulation(fallout: PatternMatrix, play: str) -> None:
    player = make_player(fallout, play)
    check_against_simulation(evaluate(player), player)


@pytest.fixture(scope="module")
def small_colours(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> PatternMatrix:
    """Every 77th original answer (31 secrets), plus every 150th allowed word as guesses."""
    folder = tmp_path_factory.mktemp("small-colours")
    source = shared_data / "wordle"
    (folder / "answers.txt").write_text(
        "\n".join(source.joinpath("answers.txt").read_text().split()[::77])
    )
    (folder / "allowed.txt").write_text(
        "\n".join(source.joinpath("allowed.txt").read_text().split()[::150])
    )
    game = find_game(
        "wordle", GameOverrides(answers=folder / "answers.txt", allowed=folder / "allowed.txt")
    )
    assert len(game.secrets) == 31
    return pattern_matrix(game)


@pytest.mark.parametrize("play", list(PLAYS))
def test_small_colours_game_matches_simulation(small_colours: PatternMatrix, play: str) -> None:
    player = make_player(small_colours, play)
    check_against_simulation(evaluate(player), player)


def test_small_colours_game_with_openers(small_colours: PatternMatrix) -> None:
    words = small_colours.game.guesses.words
    openers = (words[-1], words[0])
    player = Player(small_colours, find_strategy("entropy"), PlayOptions(openers=openers))
    evaluation = evaluate(player)
    check_against_simulation(evaluation, player)
    assert evaluation.options["openers"] == list(openers)
    for secret, needed in zip(evaluation.secrets, evaluation.guesses, strict=True):
        word = small_colours.game.secrets.words[secret]
        if word not in openers:  # every other secret sat through both openers
            assert needed >= 2


@pytest.fixture(scope="module")
def bulls_abcdef() -> PatternMatrix:
    game = find_game("bulls", GameOverrides(length=3, alphabet="abcdef"))
    assert len(game.secrets) == len(game.guesses) == 120
    return pattern_matrix(game)


@pytest.mark.parametrize("play", ["entropy", "minimax", "entropy-hard", "random"])
def test_bulls_three_of_six_matches_simulation(bulls_abcdef: PatternMatrix, play: str) -> None:
    player = make_player(bulls_abcdef, play)
    check_against_simulation(evaluate(player), player)


@pytest.mark.parametrize("play", ["entropy", "minimax-hard"])
def test_mastermind_sample_matches_simulation(play: str) -> None:
    matrix = pattern_matrix(find_game("mastermind"))
    player = make_player(matrix, play)
    sample = np.random.default_rng(7).choice(1296, size=12, replace=False)
    evaluation = evaluate(player, secrets=sample)
    assert evaluation.secrets.tolist() == sorted(sample.tolist())
    expected = [simulate(player, secret) for secret in evaluation.secrets]
    assert evaluation.guesses.tolist() == expected


def test_session_play_agrees_too(small_colours: PatternMatrix) -> None:
    for play in ("entropy", "entropy-hard", "eliminations"):
        player = make_player(small_colours, play)
        evaluation = evaluate(player)
        expected = [simulate_session(player, s) for s in range(len(small_colours.game.secrets))]
        assert evaluation.guesses.tolist() == expected


# --- sampling, losses, summaries ------------------------------------------------------------


@pytest.mark.parametrize(
    "sample", [[0], [5, 1, 3], [7, 2], list(range(0, 31, 4)), np.array([30, 0], dtype=np.intp)]
)
def test_sample_plays_just_those_secrets(small_colours: PatternMatrix, sample: list[int]) -> None:
    player = make_player(small_colours, "entropy")
    everything = evaluate(player)
    part = evaluate(player, secrets=np.asarray(sample, dtype=np.intp))
    played = sorted(set(np.asarray(sample).tolist()))
    assert part.secrets.tolist() == played
    assert part.total == len(played)
    assert part.guesses.tolist() == everything.guesses[played].tolist()


def test_sample_with_repeats_plays_each_secret_once(small_colours: PatternMatrix) -> None:
    """SRC BUG (regression): a sample that names a secret twice counts it twice in total/mean.

    evaluate.py, evaluate(): ``played = ... np.sort(secrets)`` should be ``np.unique(secrets)``
    (the previous version played ``np.flatnonzero(wanted)``, each secret once).
    """
    player = make_player(small_colours, "entropy")
    part = evaluate(player, secrets=np.array([2, 2, 7], dtype=np.intp))
    assert part.secrets.tolist() == [2, 7]
    assert part.total == 2


def test_progress_counts_each_played_secret(small_colours: PatternMatrix) -> None:
    player = make_player(small_colours, "entropy")
    calls: list[int] = []
    evaluate(player, progress=calls.append)
    assert sum(calls) == len(small_colours.game.secrets)
    calls.clear()
    evaluate(player, secrets=np.array([3, 4, 9]), progress=calls.append)
    assert sum(calls) == 3


@pytest.mark.parametrize("tries", [1, 2, 3, 4])
def test_losses_count_secrets_beyond_max_tries(tries: int) -> None:
    game = find_game("fallout", GameOverrides(words=FALLOUT["fallout-12"], tries=tries))
    assert game.max_tries == tries
    evaluation = evaluate(make_player(pattern_matrix(game), "entropy"))
    expected = sum(count for needed, count in evaluation.distribution.items() if needed > tries)
    assert evaluation.losses == expected
    assert evaluation.losses == int((evaluation.guesses > tries).sum())
    assert evaluation.max_tries == tries


def test_losses_happen_with_one_try() -> None:
    game = find_game("fallout", GameOverrides(words=FALLOUT["fallout-12"], tries=1))
    evaluation = evaluate(make_player(pattern_matrix(game), "entropy"))
    assert evaluation.losses == 11  # only the first guess itself is won in one try


def test_unlimited_tries_never_lose(bulls_abcdef: PatternMatrix) -> None:
    evaluation = evaluate(make_player(bulls_abcdef, "random"))
    assert evaluation.max_tries is None
    assert evaluation.worst > 3
    assert evaluation.losses == 0


@pytest.mark.parametrize("play", ["entropy", "random", "minimax-hard"])
def test_distribution_sums_to_total(bulls_abcdef: PatternMatrix, play: str) -> None:
    evaluation = evaluate(make_player(bulls_abcdef, play))
    assert sum(evaluation.distribution.values()) == evaluation.total == 120
    assert min(evaluation.distribution) >= 1
    assert max(evaluation.distribution) == evaluation.worst
    weighted = sum(needed * count for needed, count in evaluation.distribution.items())
    assert weighted / evaluation.total == pytest.approx(evaluation.mean)


def test_exactly_one_secret_is_won_at_the_first_guess(bulls_abcdef: PatternMatrix) -> None:
    evaluation = evaluate(make_player(bulls_abcdef, "entropy"))
    assert evaluation.distribution.get(1) == 1


def test_random_evaluation_is_reproducible(bulls_abcdef: PatternMatrix) -> None:
    one = evaluate(Player(bulls_abcdef, find_strategy("random", seed=9), PlayOptions()))
    two = evaluate(Player(bulls_abcdef, find_strategy("random", seed=9), PlayOptions()))
    other = evaluate(Player(bulls_abcdef, find_strategy("random", seed=10), PlayOptions()))
    assert one.guesses.tolist() == two.guesses.tolist()
    assert one.guesses.tolist() != other.guesses.tolist()


def test_json_schema(small_colours: PatternMatrix) -> None:
    options = PlayOptions(hard=True, openers=(small_colours.game.guesses.words[0],))
    evaluation = evaluate(Player(small_colours, find_strategy("minimax"), options))
    data = evaluation.to_json()
    assert set(data) == {
        *("game", "strategy", "options", "total", "mean", "worst"),
        *("losses", "max_tries", "distribution", "seconds"),
    }
    assert data["game"] == small_colours.game.name
    assert data["strategy"] == "minimax"
    assert data["options"] == {
        "hard": True,
        "guess_from": "allowed",
        "openers": [small_colours.game.guesses.words[0]],
    }
    assert data["total"] == 31
    assert data["mean"] == round(evaluation.mean, 6)
    assert isinstance(data["worst"], int) and data["worst"] == evaluation.worst
    assert data["losses"] == evaluation.losses
    assert data["max_tries"] == 6
    assert isinstance(data["seconds"], float) and data["seconds"] >= 0
    assert all(isinstance(key, str) for key in data["distribution"])
    assert {int(k): v for k, v in data["distribution"].items()} == evaluation.distribution
    assert sum(data["distribution"].values()) == data["total"]


# --- whole dictionaries ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("openers", [(), ("soare",)])
def test_wordle_greedy_entropy(original_wordle_matrix: PatternMatrix, openers: tuple[str]) -> None:
    """Greedy entropy from its own best first guess (soare): mean 3.4644, all within 6."""
    player = Player(original_wordle_matrix, find_strategy("entropy"), PlayOptions(openers=openers))
    evaluation = evaluate(player)
    assert evaluation.total == 2315
    assert round(evaluation.mean, 4) == 3.4644
    assert evaluation.worst == 6
    assert evaluation.losses == 0
    assert evaluation.distribution == {2: 44, 3: 1217, 4: 990, 5: 63, 6: 1}


@pytest.mark.slow
def test_wordle_sample_matches_session_play(original_wordle_matrix: PatternMatrix) -> None:
    player = Player(
        original_wordle_matrix, find_strategy("entropy"), PlayOptions(openers=("soare",))
    )
    sample = np.random.default_rng(1).choice(2315, size=25, replace=False)
    evaluation = evaluate(player, secrets=sample)
    expected = [simulate_session(player, secret) for secret in evaluation.secrets]
    assert evaluation.guesses.tolist() == expected


@pytest.mark.slow
def test_wordle_hard_mode_sample_matches_session_play(
    original_wordle_matrix: PatternMatrix,
) -> None:
    player = Player(
        original_wordle_matrix, find_strategy("entropy"), PlayOptions(hard=True, openers=("soare",))
    )
    sample = np.random.default_rng(2).choice(2315, size=8, replace=False)
    evaluation = evaluate(player, secrets=sample)
    expected = [simulate_session(player, secret) for secret in evaluation.secrets]
    assert evaluation.guesses.tolist() == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", ["expected-size", "minimax"])
def test_wordle_in_five(original_wordle_matrix: PatternMatrix, name: str) -> None:
    """Expected size (3.4842) and minimax (3.5227) solve every original answer within 5."""
    evaluation = evaluate(Player(original_wordle_matrix, find_strategy(name), PlayOptions()))
    assert evaluation.worst == 5
    assert evaluation.losses == 0
    assert evaluation.mean == pytest.approx(
        {"expected-size": 3.4842, "minimax": 3.5227}[name], abs=0.005
    )


@pytest.mark.slow
def test_mastermind_whole_game() -> None:
    """Knuth's minimax needs at most 5 guesses; greedy entropy averages 4.415 (5722 / 1296)."""
    matrix = pattern_matrix(find_game("mastermind"))
    minimax = evaluate(Player(matrix, find_strategy("minimax"), PlayOptions()))
    assert minimax.worst == 5
    assert minimax.total == 1296
    entropy = evaluate(Player(matrix, find_strategy("entropy"), PlayOptions()))
    assert int(entropy.guesses.sum()) == 5722
    assert round(entropy.mean, 3) == 4.415
    assert entropy.losses == 0  # Mastermind allows 10 tries

"""Strategies: published first-guess values, tie-breaking, hard mode, guess sources, openers."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsolver.alphabet import LATIN
from wordsolver.errors import InvalidWordError, OptionError, UnknownNameError
from wordsolver.games import Game, GameOverrides, LikenessRule, find_game, make_game
from wordsolver.lexicon import Lexicon
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.session import Session
from wordsolver.strategies import (
    STRATEGIES,
    Player,
    PlayOptions,
    Position,
    find_strategy,
    strategy_names,
)

SPLITTING = ["entropy", "expected-size", "minimax", "stdev"]  # rank every allowed guess
ALL = [*SPLITTING, "eliminations", "random"]  # the greedy heuristics


def start(matrix: PatternMatrix) -> Position:
    game = matrix.game
    return Position(
        matrix, np.arange(len(game.secrets), dtype=np.intp), np.arange(len(game.guesses))
    )


def at(
    matrix: PatternMatrix, candidates: list[str] | np.ndarray, pool: list[int] | None = None
) -> Position:
    game = matrix.game
    ids = np.asarray(
        [game.secrets.words.index(word) for word in candidates]
        if isinstance(candidates, list)
        else candidates,
        dtype=np.intp,
    )
    rows = np.arange(len(game.guesses)) if pool is None else np.asarray(pool, dtype=np.intp)
    return Position(matrix, ids, rows)


def word(matrix: PatternMatrix, row: int) -> str:
    return matrix.game.guesses.words[row]


def buckets(matrix: PatternMatrix, row: int, candidates: np.ndarray) -> np.ndarray:
    """Non-empty bucket sizes of a guess, computed from the reference rule."""
    game = matrix.game
    guess = game.guesses.words[row]
    patterns = [game.rule.feedback(guess, game.secrets.words[c]) for c in candidates]
    counts = np.bincount(patterns, minlength=game.n_patterns)
    return counts[counts > 0]


# --- published values on the original Wordle lists -----------------------------------------


@pytest.fixture(scope="module")
def wordle_start(original_wordle_matrix: PatternMatrix) -> Position:
    return start(original_wordle_matrix)


def test_best_entropy_first_guess_is_soare(wordle_start: Position) -> None:
    best = find_strategy("entropy").rank(wordle_start, 3)
    assert best[0].word == "soare"
    assert round(best[0].score, 3) == 5.886
    assert round(best[0].entropy, 3) == 5.886
    assert [guess.word for guess in best] == ["soare", "roate", "raise"]


def test_best_expected_size_first_guess_is_roate(wordle_start: Position) -> None:
    best = find_strategy("expected-size").rank(wordle_start, 2)[0]
    assert best.word == "roate"
    assert round(best.expected_size, 4) == 60.4246
    assert round(best.score, 4) == 60.4246


def test_raise_has_worst_bucket_168(wordle_start: Position) -> None:
    ranked = {guess.word: guess for guess in find_strategy("minimax").rank(wordle_start, 20)}
    assert ranked["raise"].worst == 168
    assert ranked["raise"].is_candidate
    best = find_strategy("minimax").rank(wordle_start, 1)[0]
    assert best.score == 168  # no first guess does better
    assert best.word == "raise"  # a tie with arise, aesir...: a candidate, then expected size


def test_ranked_scores_match_the_reference_rule(
    original_wordle_matrix: PatternMatrix, wordle_start: Position
) -> None:
    candidates = wordle_start.candidates
    for ranked in find_strategy("entropy").rank(wordle_start, 3):
        sizes = buckets(original_wordle_matrix, ranked.row, candidates)
        n = len(candidates)
        assert ranked.n_buckets == len(sizes)
        assert ranked.worst == sizes.max()
        assert ranked.expected_size == pytest.approx((sizes**2).sum() / n)
        assert ranked.entropy == pytest.approx(-(sizes / n * np.log2(sizes / n)).sum())


@pytest.mark.parametrize("name", ALL)
def test_rank_is_sorted_and_starts_with_the_choice(name: str, wordle_start: Position) -> None:
    strategy = find_strategy(name)
    ranked = strategy.rank(wordle_start, 8)
    assert len(ranked) == 8
    assert ranked[0].row == strategy.choose(wordle_start)
    scores = [guess.score for guess in ranked]
    if name in ("entropy", "eliminations"):  # shown as "more is better"
        assert scores == sorted(scores, reverse=True)
    else:
        assert scores == sorted(scores)


# --- ties -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tie_game() -> PatternMatrix:
    """Secrets abc and abd; aac and xbc are allowed too. Every guess splits them 1 + 1."""
    game = make_game(
        "ties",
        LikenessRule(),
        LATIN,
        3,
        None,
        Lexicon("secrets", ("abd", "abc")),
        Lexicon("allowed", ("xbc", "aac")),
    )
    return pattern_matrix(game, use_cache=False)


def test_tie_game_is_all_ties(tie_game: PatternMatrix) -> None:
    assert tie_game.game.guesses.words == ("aac", "abc", "abd", "xbc")
    for row in range(4):
        assert sorted(buckets(tie_game, row, np.arange(2)).tolist()) == [1, 1]


@pytest.mark.parametrize("name", [*SPLITTING, "eliminations"])
def test_tie_prefers_a_guess_that_can_win_then_word_order(
    name: str, tie_game: PatternMatrix
) -> None:
    assert word(tie_game, find_strategy(name).choose(start(tie_game))) == "abc"


@pytest.mark.parametrize("name", SPLITTING)
def test_tie_ranking_order(name: str, tie_game: PatternMatrix) -> None:
    ranked = find_strategy(name).rank(start(tie_game), 4)
    assert [guess.word for guess in ranked] == ["abc", "abd", "aac", "xbc"]
    assert [guess.is_candidate for guess in ranked] == [True, True, False, False]


@pytest.mark.parametrize("name", SPLITTING)
def test_tie_between_non_candidates_takes_word_order(name: str, tie_game: PatternMatrix) -> None:
    game = tie_game.game
    pool = [game.guess_index["aac"], game.guess_index["xbc"]]
    assert word(tie_game, find_strategy(name).choose(at(tie_game, ["abc", "abd"], pool))) == "aac"


def test_tie_break_ignores_input_order() -> None:
    words = ("cot", "cat", "bat", "car")
    one = pattern_matrix(find_game("fallout", GameOverrides(words=words)), use_cache=False)
    two = pattern_matrix(find_game("fallout", GameOverrides(words=words[::-1])), use_cache=False)
    for name in ALL:
        assert word(one, find_strategy(name).choose(start(one))) == word(
            two, find_strategy(name).choose(start(two))
        )


FALLOUT_SIXTEEN = (
    *("abaa", "acbd", "acda", "adab", "bbcd", "bcca", "bddb", "cacc"),
    *("cacd", "cbcd", "ccbc", "cdcd", "dbbb", "dcbb", "dcdd", "ddac"),
)


@pytest.mark.parametrize("name", ["expected-size", "minimax"])
def test_identical_partitions_fall_back_to_word_order(name: str) -> None:
    """Guesses with identical partitions are ordered by word order, not by float noise.

    bbcd, cbcd and dcbb all split these 16 Fallout words into buckets 6, 5, 3, 1, 1, and all can
    win; their entropies differ in the last bit (2.007856063692049 vs 2.0078560636920493)
    because Σ size·log2(size) is summed in a different bucket order.
    """
    matrix = pattern_matrix(find_game("fallout", GameOverrides(words=FALLOUT_SIXTEEN)))
    game = matrix.game
    everything = np.arange(16)
    for guess in ("bbcd", "cbcd", "dcbb"):
        assert sorted(buckets(matrix, game.guess_index[guess], everything).tolist()) == [
            *(1, 1, 3, 5, 6)
        ]
    ranked = find_strategy(name).rank(start(matrix), 3)
    assert [guess.word for guess in ranked[:3]] == ["bbcd", "cbcd", "dcbb"]
    assert word(matrix, find_strategy(name).choose(start(matrix))) == "bbcd"


# --- a small Wordle for property tests ------------------------------------------------------


@pytest.fixture(scope="module")
def small_wordle(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> PatternMatrix:
    """Every 40th original answer (58 secrets) and every 25th allowed word (519 guesses)."""
    folder = tmp_path_factory.mktemp("small-wordle")
    source = shared_data / "wordle"
    answers = source.joinpath("answers.txt").read_text().split()[::40]
    allowed = source.joinpath("allowed.txt").read_text().split()[::25]
    (folder / "answers.txt").write_text("\n".join(answers))
    (folder / "allowed.txt").write_text("\n".join(allowed))
    game = find_game(
        "wordle", GameOverrides(answers=folder / "answers.txt", allowed=folder / "allowed.txt")
    )
    return pattern_matrix(game)


def candidate_sets(n_secrets: int) -> st.SearchStrategy[np.ndarray]:
    return st.sets(st.integers(0, n_secrets - 1), min_size=1, max_size=20).map(
        lambda ids: np.array(sorted(ids), dtype=np.intp)
    )


@pytest.mark.parametrize("name", ALL)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_never_a_non_candidate_that_splits_nothing(
    name: str, small_wordle: PatternMatrix, data: st.DataObject
) -> None:
    candidates = data.draw(candidate_sets(len(small_wordle.game.secrets)))
    row = find_strategy(name).choose(at(small_wordle, candidates))
    is_candidate = small_wordle.game.secret_of_guess[row] in candidates
    assert is_candidate or len(buckets(small_wordle, row, candidates)) > 1


def test_stdev_would_like_a_guess_that_splits_nothing(small_wordle: PatternMatrix) -> None:
    """Why the rule above matters: one bucket has standard deviation 0, the best stdev score."""
    game = small_wordle.game
    candidates = np.array([0, 1], dtype=np.intp)
    useless = next(
        row
        for row in range(len(game.guesses))
        if game.secret_of_guess[row] not in candidates
        and len(buckets(small_wordle, row, candidates)) == 1
    )
    row = find_strategy("stdev").choose(at(small_wordle, candidates))
    assert row != useless
    assert game.secret_of_guess[row] in candidates


def matrix_buckets(matrix: PatternMatrix, row: int, candidates: np.ndarray) -> np.ndarray:
    counts = np.bincount(matrix.values[row, candidates])
    return counts[counts > 0]


def scores(name: str, sizes: np.ndarray, n: int) -> float:
    if name == "entropy":
        return float((sizes * np.log2(sizes)).sum() / n - np.log2(n))
    if name == "expected-size":
        return float((sizes**2).sum() / n)
    if name == "minimax":
        return float(sizes.max())
    mean = n / len(sizes)
    return float(np.sqrt(max((sizes**2).sum() / len(sizes) - mean * mean, 0.0)))


@pytest.mark.parametrize("name", SPLITTING)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_choice_follows_the_documented_order(
    name: str, small_wordle: PatternMatrix, data: st.DataObject
) -> None:
    """Best score; among near-ties a guess that can win; then the smaller mean, then worst."""
    game = small_wordle.game
    candidates = data.draw(candidate_sets(len(game.secrets)))
    n = len(candidates)
    rows = range(len(game.guesses))
    sizes = {row: matrix_buckets(small_wordle, row, candidates) for row in rows}
    can_win = {row: game.secret_of_guess[row] in candidates for row in rows}
    score = {
        row: np.inf if len(sizes[row]) == 1 and not can_win[row] else scores(name, sizes[row], n)
        for row in rows
    }
    best = min(score.values())
    tied = [row for row in rows if score[row] <= best + 1e-9]
    if any(can_win[row] for row in tied):
        tied = [row for row in tied if can_win[row]]
    mean = {row: (sizes[row] ** 2).sum() for row in tied}
    tied = [row for row in tied if mean[row] == min(mean.values())]
    worst = {row: sizes[row].max() for row in tied}
    tied = [row for row in tied if worst[row] == min(worst.values())]
    assert find_strategy(name).choose(at(small_wordle, candidates)) in tied


# --- hard mode, guessing from the candidates, openers --------------------------------------


def wordle_hard_allows(played: str, shown: str, guess: str) -> bool:
    """Wordle's own hard mode: greens stay, every revealed copy (green or yellow) is reused."""
    if any(c == "g" and g != p for p, c, g in zip(played, shown, guess, strict=True)):
        return False
    revealed = Counter(p for p, c in zip(played, shown, strict=True) if c != ".")
    have = Counter(guess)
    return all(have[letter] >= copies for letter, copies in revealed.items())


def hard_pool_by_brute_force(game: Game, history: list[tuple[str, int]]) -> list[int]:
    """Rows hard mode allows: Wordle's rule for colours, else consistency with all feedback."""

    def allows(old: str, pattern: int, guess: str) -> bool:
        if game.rule.name == "colours":
            return wordle_hard_allows(old, game.format_pattern(pattern), guess)
        return game.rule.feedback(old, guess) == pattern

    return [
        row
        for row, guess in enumerate(game.guesses.words)
        if all(allows(old, pattern, guess) for old, pattern in history)
    ]


def play_hard(matrix: PatternMatrix, secret: str, name: str, steps: int) -> None:
    """Play a few guesses in hard mode, checking the pool against the brute force each time."""
    game = matrix.game
    player = Player(matrix, find_strategy(name), PlayOptions(hard=True))
    session = Session(matrix)
    history: list[tuple[str, int]] = []
    for tries_used in range(steps):
        mask = session.consistent_mask()
        pool = player.pool(session.candidates, mask)
        assert pool.tolist() == hard_pool_by_brute_force(game, history)
        assert set(game.secret_rows[session.candidates].tolist()) <= set(pool.tolist())
        guess = word(matrix, player.next_guess(session.candidates, tries_used, mask))
        assert game.guess_index[guess] in pool
        pattern = game.rule.feedback(guess, secret)
        history.append((guess, pattern))
        session.push(guess, pattern)
        if pattern == game.win_pattern:
            break


@pytest.mark.parametrize("secret", ["cigar", "mummy"])
def test_wordle_hard_mode_pool(secret: str, original_wordle_matrix: PatternMatrix) -> None:
    play_hard(original_wordle_matrix, secret, "entropy", 3)


@pytest.mark.parametrize("secret", ["abc", "fed", "dab"])
@pytest.mark.parametrize("name", ["entropy", "minimax"])
def test_bulls_hard_mode_pool_is_consistent_with_all_feedback(secret: str, name: str) -> None:
    matrix = pattern_matrix(find_game("bulls", GameOverrides(length=3, alphabet="abcdef")))
    play_hard(matrix, secret, name, 4)


@pytest.mark.parametrize("secret", ["lunar", "lasso"])
def test_fallout_hard_mode_pool_is_consistent_with_all_feedback(secret: str) -> None:
    words = ("lunch", "lucky", "lunar", "lurid", "lusty", "lying", "lymph", "lathe", "lasso")
    matrix = pattern_matrix(find_game("fallout", GameOverrides(words=words)))
    play_hard(matrix, secret, "entropy", 4)


def test_hard_mode_start_mask_allows_everything(original_wordle_matrix: PatternMatrix) -> None:
    hard = Player(original_wordle_matrix, find_strategy("entropy"), PlayOptions(hard=True))
    easy = Player(original_wordle_matrix, find_strategy("entropy"), PlayOptions())
    mask = hard.start_mask()
    assert mask is not None and mask.all() and len(mask) == 12972
    assert easy.start_mask() is None


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("opener", ["soare", "crane", "fuzzy"])
def test_guess_from_only_candidates_picks_candidates(
    name: str, opener: str, original_wordle_matrix: PatternMatrix
) -> None:
    game = original_wordle_matrix.game
    player = Player(
        original_wordle_matrix, find_strategy(name), PlayOptions(guess_from="candidates")
    )
    session = Session(original_wordle_matrix)
    session.push(opener, game.rule.feedback(opener, "cigar"))
    candidates = session.candidates
    pool = player.pool(candidates, None)
    assert pool.tolist() == game.secret_rows[candidates].tolist()
    row = player.next_guess(candidates, 1)
    assert game.secret_of_guess[row] in candidates


def test_openers_are_played_first(original_wordle_matrix: PatternMatrix) -> None:
    game = original_wordle_matrix.game
    player = Player(
        original_wordle_matrix,
        find_strategy("entropy"),
        PlayOptions(openers=("FUZZY", "crane")),
    )
    everything = np.arange(len(game.secrets), dtype=np.intp)
    assert word(original_wordle_matrix, player.next_guess(everything, 0)) == "fuzzy"
    assert word(original_wordle_matrix, player.next_guess(everything, 1)) == "crane"
    assert word(original_wordle_matrix, player.next_guess(everything, 2)) == "soare"


def test_opener_yields_to_the_last_candidate(original_wordle_matrix: PatternMatrix) -> None:
    game = original_wordle_matrix.game
    player = Player(
        original_wordle_matrix, find_strategy("entropy"), PlayOptions(openers=("fuzzy",))
    )
    only = np.array([game.secrets.words.index("cigar")], dtype=np.intp)
    assert word(original_wordle_matrix, player.next_guess(only, 0)) == "cigar"


@pytest.mark.parametrize("opener", ["zzzzz", "cran", "cr4ne"])
def test_unknown_opener_is_refused(opener: str, original_wordle_matrix: PatternMatrix) -> None:
    with pytest.raises(InvalidWordError):
        Player(original_wordle_matrix, find_strategy("entropy"), PlayOptions(openers=(opener,)))


def test_unknown_guess_source_is_refused() -> None:
    with pytest.raises(OptionError, match="allowed, candidates"):
        PlayOptions(guess_from="everything")  # type: ignore[arg-type]


# --- random ---------------------------------------------------------------------------------


def random_choices(matrix: PatternMatrix, seed: int, positions: list[np.ndarray]) -> list[int]:
    strategy = find_strategy("random", seed=seed)
    return [strategy.choose(at(matrix, candidates)) for candidates in positions]


@pytest.fixture(scope="module")
def positions(small_wordle: PatternMatrix) -> list[np.ndarray]:
    rng = np.random.default_rng(5)
    n = len(small_wordle.game.secrets)
    return [np.sort(rng.choice(n, size=size, replace=False)) for size in range(2, 40, 3)]


def test_random_is_reproducible_by_seed(
    small_wordle: PatternMatrix, positions: list[np.ndarray]
) -> None:
    first = random_choices(small_wordle, 11, positions)
    assert random_choices(small_wordle, 11, positions) == first
    assert random_choices(small_wordle, 12, positions) != first


def test_random_picks_candidates(small_wordle: PatternMatrix, positions: list[np.ndarray]) -> None:
    for seed in range(3):
        for candidates, row in zip(
            positions, random_choices(small_wordle, seed, positions), strict=True
        ):
            assert small_wordle.game.secret_of_guess[row] in candidates


def test_random_spreads_its_choices(small_wordle: PatternMatrix) -> None:
    candidates = np.arange(len(small_wordle.game.secrets), dtype=np.intp)
    picks = {
        find_strategy("random", seed=seed).choose(at(small_wordle, candidates))
        for seed in range(40)
    }
    assert len(picks) > 10


# --- eliminations (Fallout heuristic) -------------------------------------------------------


@pytest.mark.parametrize(
    "words",
    [
        ("cat", "car", "bat", "cot", "dog", "bar"),
        ("terminal", "terrible", "material", "criminal", "tutorial", "template"),
        FALLOUT_SIXTEEN,
    ],
)
def test_eliminations_picks_most_letters_in_place(words: tuple[str, ...]) -> None:
    matrix = pattern_matrix(find_game("fallout", GameOverrides(words=words)), use_cache=False)
    secrets = matrix.game.secrets.words
    totals = {
        w: sum(sum(a == b for a, b in zip(w, o, strict=True)) for o in secrets) for w in secrets
    }
    best = max(totals.values())
    expected = min(w for w in secrets if totals[w] == best)
    chosen = find_strategy("eliminations").rank(start(matrix), 1)[0]
    assert chosen.word == expected
    assert chosen.score == best


# --- registry -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("entropy", "entropy"),
        ("information", "entropy"),
        ("ENTROPY", "entropy"),
        ("expected", "expected-size"),
        ("expected-size", "expected-size"),
        ("worst", "minimax"),
        ("minimax", "minimax"),
        ("stdev", "stdev"),
        ("eliminations", "eliminations"),
        ("random", "random"),
    ],
)
def test_find_strategy(name: str, expected: str) -> None:
    assert find_strategy(name).name == expected


def test_strategy_names() -> None:
    assert set(strategy_names()) >= set(ALL)
    assert set(strategy_names()) == set(STRATEGIES)


@pytest.mark.parametrize("name", ["best", "", "entropy2"])
def test_unknown_strategy(name: str) -> None:
    with pytest.raises(UnknownNameError) as raised:
        find_strategy(name)
    assert "entropy" in str(raised.value)


def test_strategies_are_fresh_objects() -> None:
    assert find_strategy("entropy") is not find_strategy("entropy")


def test_every_strategy_describes_itself() -> None:
    for name in ALL:
        cls = STRATEGIES[name]
        strategy = find_strategy(name)
        assert isinstance(strategy, cls)
        assert strategy.description and strategy.score_label


def test_every_pair_of_a_tiny_bulls_game_is_covered() -> None:
    """On small positions of a 2-letter Bulls and Cows game every choice makes progress."""
    game = find_game("bulls", GameOverrides(length=2, alphabet="abcd"))
    matrix = pattern_matrix(game, use_cache=False)
    n = len(game.secrets)
    for size in (2, 3):
        for candidates in itertools.islice(itertools.combinations(range(n), size), 0, None, 7):
            ids = np.array(candidates, dtype=np.intp)
            for name in ALL:
                row = find_strategy(name).choose(at(matrix, ids))
                assert game.secret_of_guess[row] in ids or len(buckets(matrix, row, ids)) > 1

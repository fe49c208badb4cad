"""The explanation of a guess: its buckets agree with the rule played word by word, the measures
with the buckets, and the exact verdict with the exact strategy."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from wordsolver.api import explain as explain_front
from wordsolver.api import game as front_game
from wordsolver.errors import InvalidWordError, OptionError, WordsolverError
from wordsolver.evaluation import evaluate
from wordsolver.explain import ExplainOptions, explain, split_of
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.plumbing.optional import available
from wordsolver.session import Session
from wordsolver.strategies import Player, PlayOptions, find_strategy

WORDS = ("cat", "car", "bat", "cot", "dog", "cog", "bog", "tab")


def session(game_name: str = "fallout", words: tuple[str, ...] = WORDS) -> Session:
    return Session(
        pattern_matrix(find_game(game_name, GameOverrides(words=words)), use_cache=False)
    )


@pytest.mark.parametrize("guess", WORDS)
def test_buckets_are_the_candidates_grouped_by_the_feedback_each_would_give(guess: str) -> None:
    state = session()
    game = state.game
    split = split_of(state, guess, ExplainOptions(show_words=100))
    expected: dict[str, list[str]] = {}
    for secret in WORDS:
        expected.setdefault(game.format_pattern(game.feedback(guess, secret)), []).append(secret)
    assert {b.feedback: sorted(b.words) for b in split.buckets} == {
        k: sorted(v) for k, v in expected.items()
    }
    sizes = [b.size for b in split.buckets]
    assert sizes == sorted(sizes, reverse=True)
    assert sum(b.probability for b in split.buckets) == pytest.approx(1.0)
    assert split.mean_left == pytest.approx(sum(s * s for s in sizes) / len(WORDS))
    assert split.worst == max(sizes)
    assert split.histogram == dict(sorted(Counter(sizes).items()))
    assert sum(b.candidates for b in split.size_bins()) == len(WORDS)
    assert split.can_win == any(b.wins for b in split.buckets)


def test_words_named_are_a_handful_but_the_size_counts_all() -> None:
    split = split_of(session(), "dog", ExplainOptions(show_words=1))
    assert all(len(b.words) == min(1, b.size) for b in split.buckets)
    assert sum(b.size for b in split.buckets) == len(WORDS)


def test_measures_agree_with_the_suggestions() -> None:
    state = session("wordle", ("crane", "slate", "trace", "crate", "grace", "brace", "place"))
    ranked = {r.word: r for r in state.suggest("entropy", top=50)}
    for word in ("trace", "crate"):
        split = split_of(state, word)
        assert split.mean_left == pytest.approx(ranked[word].expected_size)
        assert split.bits == pytest.approx(ranked[word].entropy)
        assert split.worst == ranked[word].worst


def test_after_a_history_only_the_candidates_left_are_split() -> None:
    state = session()
    state.push("cat", "2")
    answer = explain(state, "bat", versus="car")
    assert answer.candidates_left == len(state.candidates)
    assert sum(b.size for b in answer.guess.buckets) == len(state.candidates)
    assert answer.versus is not None and answer.versus.word == "car"


def test_exact_verdict_is_the_optimal_strategys_mean() -> None:
    state = session()
    answer = explain(state, "cat", versus="dog")
    assert answer.exact is not None
    optimal = evaluate(Player(state.matrix, find_strategy("optimal"), PlayOptions()))
    assert answer.exact.best_mean == pytest.approx(optimal.mean)
    assert answer.exact.guess_mean is not None and answer.exact.versus_mean is not None
    assert min(answer.exact.guess_mean, answer.exact.versus_mean) >= answer.exact.best_mean - 1e-9


def test_exact_search_left_out_when_not_asked() -> None:
    answer = explain(session(), "cat", options=ExplainOptions(exact_seconds=0))
    assert answer.exact is None and answer.exact_note == "the exact search was not asked"


def test_json_holds_every_bucket() -> None:
    data = explain(session(), "cat", versus="dog").to_json()
    assert data["guess"]["n_buckets"] == len(data["guess"]["buckets"])
    assert sum(b["size"] for b in data["guess"]["buckets"]) == len(WORDS)
    assert data["versus"]["word"] == "dog"


def test_front_door_replays_the_history() -> None:
    answer = explain_front("wordle", "curse", history="crane:gy..g")  # every accepted word
    assert answer.candidates_left == 9 and answer.guess.worst == 2
    uniform = explain_front(front_game("wordle", prior="uniform"), "curse", history="crane:gy..g")
    assert uniform.candidates_left == 3 and uniform.guess.worst == 1


def test_bad_input_is_refused() -> None:
    state = session()
    with pytest.raises(InvalidWordError):
        explain(state, "zzz")
    with pytest.raises(OptionError):
        ExplainOptions(exact_seconds=float("nan"))
    state.push("cat", "3")
    with pytest.raises(WordsolverError, match="found already"):
        explain(state, "dog")


@pytest.mark.skipif(not available("matplotlib"), reason="needs the plots extra")
def test_histogram_is_drawn_as_a_png(tmp_path: Path) -> None:
    from wordsolver.plots import bucket_histogram, save_png

    figure = bucket_histogram(explain(session(), "cat", versus="dog"))
    path = save_png(figure, tmp_path / "h.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["h.png"]

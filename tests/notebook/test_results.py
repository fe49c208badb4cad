"""Results know their words: rows per secret, DataFrames, JSON and HTML tables."""

from __future__ import annotations

import json
import sys

import pytest

import wordsolver
from tests.notebook.conftest import WORDS
from wordsolver.against import SecretsPlayed
from wordsolver.api import LoadedGame
from wordsolver.errors import WordsolverError
from wordsolver.evaluation import Comparison, Evaluation


def test_dir_lists_the_whole_front_door() -> None:
    listed = dir(wordsolver)
    assert set(wordsolver.__all__) <= set(listed)
    for name in ("game", "evaluate", "hand", "tree", "PlayOptions", "plots", "prove", "study"):
        assert name in listed


def test_front_door_functions_keep_their_names_beside_their_packages() -> None:
    import wordsolver.explain
    import wordsolver.study
    import wordsolver.tree

    assert callable(wordsolver.tree) and wordsolver.tree.__module__ == "wordsolver.api"
    assert callable(wordsolver.explain) and callable(wordsolver.study)
    from wordsolver.tree import render_text  # the packages are still reached by name

    assert callable(render_text)


def test_each_row_replays_the_game_its_secret_was_played(small: LoadedGame) -> None:
    result = wordsolver.evaluate(small, "minimax")
    rows = result.rows()
    assert [row.secret for row in rows] == sorted(WORDS)
    assert [row.guesses for row in rows] == result.guesses.tolist()
    for row in rows:
        assert row.path[-1] == row.secret and len(row.path) == row.guesses
        assert row.lost == (row.guesses > 4)
        session = small.session()  # every guess played is what the strategy says there
        for guess in row.path[:-1]:
            assert wordsolver.suggest(small, history=_history(session), strategy="minimax", top=1)
            session.push(guess, small.feedback(guess, row.secret))
        assert row.secret in session.candidate_words()


def _history(session: wordsolver.Session) -> list[tuple[str, str]]:
    game = session.game
    return [(step.guess, game.format_pattern(step.pattern)) for step in session.steps]


def test_several_strategies_are_compared_on_the_same_secrets(small: LoadedGame) -> None:
    both = wordsolver.evaluate(small, ["entropy", "random"], seed=4)
    assert isinstance(both, Comparison) and len(both) == 2
    assert both["random"] is both[1] and both["entropy"].strategy == "entropy"
    alone = wordsolver.evaluate(small, "random", seed=4)
    assert both["random"].guesses.tolist() == alone.guesses.tolist()
    with pytest.raises(KeyError):
        both["minimax"]
    summaries = both.summaries()
    assert [row["strategy"] for row in summaries] == ["entropy", "random"]
    longest = max(e.worst for e in both)
    for row, evaluation in zip(summaries, both, strict=True):
        counts = [row[str(k)] for k in range(1, longest + 1)]
        assert counts == [evaluation.distribution.get(k, 0) for k in range(1, longest + 1)]


def test_given_secrets_are_played_as_the_assistant_plays_with_rows_and_a_frame(
    small: LoadedGame,
) -> None:
    secrets = ["tab", "cat", "arc"]
    played = wordsolver.evaluate(small, "entropy", secrets=secrets)
    assert isinstance(played, SecretsPlayed) and played.total == 3
    rows = played.rows()
    assert [row.secret for row in rows] == secrets  # in the order given
    assert [row.guesses for row in rows] == played.guesses.tolist()
    assert all(row.path[-1] == row.secret for row in rows)
    assert "tab" not in repr(played)  # the words stay out of the repr
    both = wordsolver.evaluate(small, ["entropy", "minimax"], secrets=secrets)
    assert isinstance(both, Comparison) and isinstance(both["minimax"], SecretsPlayed)
    assert both["entropy"].guesses.tolist() == played.guesses.tolist()
    pytest.importorskip("pandas")
    frame = played.to_frame()
    assert frame["secret"].tolist() == secrets
    assert frame["guesses"].tolist() == played.guesses.tolist()


def test_sample_plays_that_many_secrets(small: LoadedGame) -> None:
    result = wordsolver.evaluate(small, "entropy", sample=4, seed=1)
    assert result.total == 4 and len(result.rows()) == 4


def test_frames_hold_the_rows(small: LoadedGame) -> None:
    pytest.importorskip("pandas")
    both = wordsolver.evaluate(small, ["entropy", "minimax"])
    frame = both.to_frame()
    assert list(frame.columns) == ["strategy", "secret", "guesses", "path", "lost"]
    assert len(frame) == 2 * len(WORDS)
    wide = frame.pivot(index="secret", columns="strategy", values="guesses")
    assert wide["minimax"].tolist() == both["minimax"].guesses.tolist()
    summary = both.summary_frame()
    assert summary["mean"].tolist() == [round(e.mean, 6) for e in both]
    suggestions = wordsolver.suggest(small, top=3).to_frame()
    assert suggestions["rank"].tolist() == [1, 2, 3]
    buckets = wordsolver.explain(small, "cat", versus="bar").to_frame()
    assert set(buckets["guess"]) == {"cat", "bar"}
    assert buckets.groupby("guess")["size"].sum().tolist() == [len(WORDS), len(WORDS)]


def test_a_frame_without_pandas_names_the_extra(
    small: LoadedGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    with pytest.raises(WordsolverError, match=r"pip install 'wordsolver\[notebook\]'"):
        wordsolver.evaluate(small, "entropy").to_frame()


def test_json_rows_are_plain_values(small: LoadedGame) -> None:
    data = wordsolver.evaluate(small, ["entropy", "minimax"]).to_json(rows=True)
    text = json.loads(json.dumps(data))
    assert [len(one["rows"]) for one in text] == [len(WORDS), len(WORDS)]
    assert set(text[0]["rows"][0]) == {"secret", "guesses", "path", "lost"}
    assert "rows" not in wordsolver.evaluate(small).to_json()
    ranked = wordsolver.suggest(small, top=2).to_json()
    assert [row["rank"] for row in ranked["suggestions"]] == [1, 2]


def test_evaluations_without_a_tree_say_they_keep_no_rows() -> None:
    import numpy as np

    bare = Evaluation("demo", "random", 4, np.arange(3), np.array([1, 2, 3]), 0.0)
    with pytest.raises(WordsolverError, match="keeps no play per secret"):
        bare.rows()


def test_html_tables_escape_and_cut(small: LoadedGame) -> None:
    both = wordsolver.evaluate(small, ["entropy", "minimax"])
    page = both._repr_html_()
    assert page.startswith("<table>") and "entropy" in page and "minimax" in page
    assert both["entropy"]._repr_html_().count("<tr>") == 2  # the header and one strategy
    shown = wordsolver.explain(small, "cat")._repr_html_()
    assert "cat leaves" in shown and "<td>" in shown
    assert "<Suggestions" not in wordsolver.suggest(small)._repr_html_()

"""``progress=`` on every long call of the front door: a callback counts the work, True draws
a tqdm bar."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import wordsolver
from tests.notebook.conftest import WORDS
from wordsolver.api import LoadedGame
from wordsolver.errors import OptionError, WordsolverError
from wordsolver.plumbing.bars import progress_to


def test_evaluate_counts_every_secret_of_every_strategy(small: LoadedGame) -> None:
    told: list[int] = []
    wordsolver.evaluate(small, ["entropy", "minimax"], progress=told.append)
    assert sum(told) == 2 * len(WORDS)


@pytest.mark.parametrize("strategy", ["entropy", "optimal"])
def test_tree_counts_every_secret(small: LoadedGame, strategy: str) -> None:
    told: list[int] = []
    tree = wordsolver.tree(small, strategy, progress=told.append)
    assert sum(told) == len(WORDS) and tree.strategy == strategy


def test_prove_counts_the_first_guesses_settled(small: LoadedGame) -> None:
    told: list[int] = []
    proof = wordsolver.prove(small, progress=told.append)
    assert proof.complete and proof.best is not None
    assert sum(told) == proof.counts.classes
    best = wordsolver.tree(small, "optimal")
    assert proof.best.total == int(best.guesses_needed().sum())


def test_prove_keeps_its_results_file_to_resume(small: LoadedGame, tmp_path: Path) -> None:
    results = tmp_path / "small.proof.jsonl"
    first = wordsolver.prove(small, results=results)
    again = wordsolver.prove(small, results=results)
    assert results.exists() and again.counts.computed == 0
    assert again.best == first.best


def test_study_counts_every_cell(tmp_path: Path) -> None:
    answers, allowed = tmp_path / "answers.txt", tmp_path / "allowed.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\n", "utf-8")
    allowed.write_text("crane\nslate\ntrace\ncigar\nrebut\nsissy\nhumph\n", "utf-8")
    told: list[int] = []
    results = wordsolver.study(
        "wordle", [(answers, allowed)], algorithms=["greedy", "human"], progress=told.append
    )
    assert sum(told) == 4  # 2 objectives × 2 algorithms
    assert [row["algorithm"] for row in results.rows()] == ["greedy", "human"] * 2


def test_true_draws_a_bar_that_fills(small: LoadedGame, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    wordsolver.evaluate(small, "entropy", progress=True)
    drawn = capsys.readouterr().err
    assert "evaluating entropy" in drawn and f"{len(WORDS)}/{len(WORDS)}" in drawn


def test_false_and_none_report_nothing() -> None:
    for option in (False, None):
        with progress_to(option, "quiet", 3) as bar:
            assert bar.callback is None
            bar.advance(3)  # nobody listens: nothing happens


def test_reach_follows_a_total_learnt_as_it_goes() -> None:
    told: list[int] = []
    with progress_to(told.append, "proof", 10) as bar:
        bar.reach(2, 5)
        bar.reach(2, 7)
        bar.reach(7, 7)
    assert told == [2, 5]


def test_a_bar_without_tqdm_names_the_extra(
    small: LoadedGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now fails
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    with pytest.raises(WordsolverError, match=r"pip install 'wordsolver\[notebook\]'"):
        wordsolver.evaluate(small, "entropy", progress=True)


def test_boards_are_evaluated_with_a_bar_and_loaded_by_their_own_door() -> None:
    dordle = wordsolver.board_game("wordle", boards=2, lists="original")
    ticks: list[int] = []
    result = dordle.evaluate(sample=6, seed=3, progress=ticks.append)
    assert result.total == 6 and result.boards == 2 and sum(ticks) == 6
    assert dordle.name == "dordle" and dordle.rules.max_tries == 7
    with pytest.raises(OptionError, match="board_game"):
        wordsolver.game("dordle")

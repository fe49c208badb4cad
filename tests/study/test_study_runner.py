"""Running a study: cells agree with direct evaluations, finished cells are reused, a stopped
study resumes, and the report is written with its charts."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordsolver.evaluation import evaluate
from wordsolver.games import Game
from wordsolver.matrix import PatternMatrix
from wordsolver.search.openers import OpenerQuery, search_openers
from wordsolver.strategies.player import Player, PlayOptions
from wordsolver.strategies.registry import find_strategy
from wordsolver.study import (
    REPORT_NAME,
    ListPair,
    ResultsFile,
    StudyPlan,
    StudyResults,
    run_study,
    runner,
    write_report,
)

ALGORITHMS = ("greedy", "opener-2", "opener-3", "human")


@pytest.fixture
def plan(small_lists: dict[str, Path]) -> StudyPlan:
    pair = ListPair(small_lists["answers"], small_lists["allowed"])
    return StudyPlan("5bukv", (pair,), algorithms=ALGORITHMS, beam_width=200)


@pytest.fixture
def finished(plan: StudyPlan, tmp_path: Path) -> StudyResults:
    return run_study(plan, ResultsFile(tmp_path / "results.json"))


def test_cells_agree_with_direct_evaluations(
    finished: StudyResults, small_game: Game, small_matrix: PatternMatrix
) -> None:
    (pair,) = finished.pairs
    assert pair.label == f"{len(small_game.secrets)}|{len(small_game.guesses)}"
    assert len(pair.cells) == 2 * len(ALGORITHMS)
    for goal, strategy in (("mean", "expected-size"), ("worst", "minimax")):
        for algorithm, options in (
            ("greedy", PlayOptions()),
            ("human", PlayOptions(guess_from="candidates")),
        ):
            direct = evaluate(Player(small_matrix, find_strategy(strategy), options))
            cell = pair.cell(goal, algorithm)
            assert (cell.mean, cell.worst, cell.losses) == (
                direct.mean,
                direct.worst,
                direct.losses,
            )
            assert cell.distribution == direct.distribution
            assert cell.opener is None


def test_opener_cells_play_the_searched_openers(
    finished: StudyResults, small_matrix: PatternMatrix
) -> None:
    (pair,) = finished.pairs
    best = search_openers(small_matrix, OpenerQuery(words=2, top=1, by="worst")).final
    cell = pair.cell("worst", "opener-2")
    assert cell.opener is not None
    assert cell.opener.words == best.openers[0].words
    assert cell.opener.exact and cell.opener.worst_left == best.openers[0].worst
    three = pair.cell("worst", "opener-3").opener
    assert three is not None and len(three.words) == 3 and not three.exact
    direct = evaluate(
        Player(small_matrix, find_strategy("minimax"), PlayOptions(openers=three.words))
    )
    assert pair.cell("worst", "opener-3").mean == direct.mean


def test_a_second_run_reuses_every_cell(
    plan: StudyPlan, finished: StudyResults, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise AssertionError("a finished cell was computed again")

    monkeypatch.setattr(runner, "evaluate", fail)
    monkeypatch.setattr(runner, "search_openers", fail)
    again = run_study(plan, ResultsFile(tmp_path / "results.json"))
    assert again.reused == len(plan.cells())
    assert again.pairs == finished.pairs


def test_a_stopped_study_resumes_where_it_stopped(plan: StudyPlan, tmp_path: Path) -> None:
    done: list[int] = []

    def stop_after_three(n: int) -> None:
        done.append(n)
        if len(done) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_study(plan, ResultsFile(tmp_path / "results.json"), progress=stop_after_three)
    resumed = run_study(plan, ResultsFile(tmp_path / "results.json"))
    assert resumed.reused == 3


def test_changed_lists_are_not_reused(
    plan: StudyPlan, finished: StudyResults, small_lists: dict[str, Path], tmp_path: Path
) -> None:
    shorter = tmp_path / "shorter.txt"
    words = small_lists["answers"].read_text("utf-8").split()
    shorter.write_text("\n".join(words[:-1]), "utf-8")
    changed = StudyPlan(
        "5bukv", (ListPair(shorter, small_lists["allowed"]),), ("mean",), ("greedy",)
    )
    assert run_study(changed, ResultsFile(tmp_path / "results.json")).reused == 0


def test_report_has_tables_and_charts(finished: StudyResults, tmp_path: Path) -> None:
    path = write_report(finished, tmp_path / "report")
    assert path.name == REPORT_NAME
    text = path.read_text("utf-8")
    label = finished.pairs[0].label
    escaped = label.replace("|", "\\|")
    assert "## Mean tries" in text and "## Losses" in text and f"## {escaped}" in text
    assert "| opener-2 | " in text and "(exact" in text and "(*beam*" in text
    for image in ("means.png", "tries-" + label.replace("|", "-") + ".png"):
        assert f"]({image})" in text
        assert (path.parent / image).read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.slow
def test_russian_study_on_its_smallest_pair(russian_lists: dict[str, Path], tmp_path: Path) -> None:
    """Every algorithm on 2066|2066: guessing only candidates loses games the greedy wins."""
    pair = ListPair(russian_lists["2066"], russian_lists["2066"])
    results = run_study(StudyPlan("5bukv", (pair,)), ResultsFile(tmp_path / "results.json"))
    (cells,) = results.pairs
    assert cells.label == "2066|2066"
    for goal in ("mean", "worst"):
        assert cells.cell(goal, "greedy").losses == 0
        assert cells.cell(goal, "human").losses > 0
        assert cells.cell(goal, "opener-5").losses > 0  # five fixed words leave one try
        openers = [cells.cell(goal, f"opener-{k}").opener for k in range(2, 6)]
        assert [len(o.words) for o in openers if o is not None] == [2, 3, 4, 5]
    two = cells.cell("mean", "opener-2").opener
    assert two is not None and two.words == ("колер", "сатин") and two.exact
    assert write_report(results, tmp_path).exists()

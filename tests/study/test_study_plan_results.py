"""The study plan (registries, validation) and the results file (round trips, atomic writes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordsolver.errors import OptionError, UnknownNameError, WordsolverError
from wordsolver.study import ALGORITHMS, GOALS, CellResult, ListPair, OpenerChoice, StudyPlan
from wordsolver.study.results import FORMAT_VERSION, ResultsFile

PAIR = ListPair(Path("answers.txt"), Path("allowed.txt"))
OTHER = ListPair(Path("answers.txt"), Path("more.txt"))


def test_registries_hold_the_issue_algorithms_and_objectives() -> None:
    assert list(GOALS) == ["mean", "worst"]
    assert {g.strategy for g in GOALS.values()} == {"expected-size", "minimax"}
    assert list(ALGORITHMS) == [
        "greedy", "opener-2", "opener-3", "opener-4", "opener-5", "human",
    ]  # fmt: skip
    assert ALGORITHMS["human"].guess_from == "candidates"
    assert [ALGORITHMS[f"opener-{k}"].opener_words for k in range(2, 6)] == [2, 3, 4, 5]


def test_cells_go_pair_then_objective_then_algorithm() -> None:
    plan = StudyPlan("5bukv", (PAIR, OTHER), ("worst",), ("human", "opener-3"))
    cells = [(c.pair, c.goal.name, c.algorithm.name) for c in plan.cells()]
    assert cells == [
        (PAIR, "worst", "human"),
        (PAIR, "worst", "opener-3"),
        (OTHER, "worst", "human"),
        (OTHER, "worst", "opener-3"),
    ]
    assert plan.opener_words == 3
    assert StudyPlan("5bukv", (PAIR,), algorithms=("greedy",)).opener_words == 0


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"pairs": ()}, OptionError, "at least one `answers`/`allowed` pair"),
        ({"pairs": (PAIR, PAIR)}, OptionError, "given twice"),
        ({"goals": ("median",)}, UnknownNameError, "unknown objective 'median'"),
        ({"algorithms": ("bogus",)}, UnknownNameError, "unknown algorithm 'bogus'"),
    ],
)
def test_bad_plans(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    arguments: dict[str, object] = {"game": "5bukv", "pairs": (PAIR,), **kwargs}
    with pytest.raises(error, match=message):
        StudyPlan(**arguments)  # type: ignore[arg-type]


def sample_cell(opener: OpenerChoice | None) -> CellResult:
    return CellResult("mean", "opener-2", opener, 10, 3.4, 6, 1, {2: 3, 3: 5, 7: 2}, 0.25)


def test_results_round_trip_through_the_file(tmp_path: Path) -> None:
    opener = OpenerChoice(("карет", "силон"), 4.9022, 23, True, 1.5)
    results = ResultsFile(tmp_path / "results.json")
    results.put_cell("k/mean/opener-2", sample_cell(opener))
    results.put_cell("k/mean/greedy", sample_cell(None))
    results.put_openers("k/mean/openers", {2: opener})
    again = ResultsFile(tmp_path / "results.json")
    assert again.cell("k/mean/opener-2") == sample_cell(opener)
    assert again.cell("k/mean/greedy") == sample_cell(None)
    assert again.openers("k/mean/openers") == {2: opener}
    assert again.cell("missing") is None and again.openers("missing") is None
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]  # no temporary files left


def test_entries_of_another_format_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    cell = sample_cell(None).to_json()
    path.write_text(json.dumps({"format": FORMAT_VERSION + 1, "cells": {"k": cell}}), "utf-8")
    assert ResultsFile(path).cell("k") is None


def test_a_damaged_file_is_an_error_not_a_silent_restart(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text('{"format": 1, "cells": {', "utf-8")
    with pytest.raises(WordsolverError, match="cannot read the study results"):
        ResultsFile(path)

"""Simulation and sweeps: reproducible, same terminals for every strategy, tables and heat maps."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import numpy as np
import pytest

from wordsolver.errors import OptionError
from wordsolver.fallout import (
    METRICS,
    SimulationOptions,
    Sweep,
    TerminalSpec,
    WordPool,
    draw_heatmaps,
    simulate,
    sweep,
    sweep_csv,
    sweep_markdown,
)

STRATEGIES = ["random", "eliminations", "entropy"]


def test_simulation_repeats_exactly(study_pool: WordPool) -> None:
    options = SimulationOptions(trials=500, seed=4)
    first = simulate(study_pool, TerminalSpec(6, 15), STRATEGIES, options)
    again = simulate(study_pool, TerminalSpec(6, 15), STRATEGIES, options)
    for a, b in zip(first, again, strict=True):
        assert a.guesses.tolist() == b.guesses.tolist()
    other = simulate(study_pool, TerminalSpec(6, 15), STRATEGIES, SimulationOptions(500, seed=5))
    assert first[0].guesses.tolist() != other[0].guesses.tolist()


def test_every_strategy_plays_the_same_terminals(study_pool: WordPool) -> None:
    results = simulate(study_pool, TerminalSpec(5, 20), STRATEGIES, SimulationOptions(2000))
    assert [r.strategy for r in results] == STRATEGIES
    assert all(np.array_equal(r.secrets, results[0].secrets) for r in results)
    random, eliminations, entropy = results
    # The known heuristics beat guessing at random by a wide margin on 20 five-letter words.
    assert eliminations.mean < random.mean - 0.3 and entropy.mean < random.mean - 0.3
    assert entropy.solved_share > random.solved_share + 0.1
    assert random.to_json()["options"] == {
        "length": 5,
        "words": 20,
        "trials": 2000,
        "seed": 0,
        "dictionary": study_pool.name,
    }
    assert sum(random.distribution.values()) == 2000


def test_until_solved_has_no_losses(study_pool: WordPool) -> None:
    options = SimulationOptions(300, max_tries=None)
    [result] = simulate(study_pool, TerminalSpec(4, 20), ["random"], options)
    assert result.max_tries is None and result.losses == 0 and result.solved_share == 1.0
    assert result.worst > 4  # random play often needs more than the game's four tries


@pytest.mark.parametrize(
    "options", [{"trials": 0}, {"seed": -1}, {"max_tries": 0}], ids=["trials", "seed", "tries"]
)
def test_bad_options(options: dict[str, int]) -> None:
    with pytest.raises(OptionError, match="must be positive"):
        SimulationOptions(**options)


@pytest.fixture(scope="module")
def small_sweep(study_pool: WordPool) -> Sweep:
    return sweep(study_pool, [4, 8], [5, 10, 15], ["random", "entropy"], SimulationOptions(300))


def test_sweep_cells_are_simulations(study_pool: WordPool, small_sweep: Sweep) -> None:
    assert small_sweep.cells == 6
    [alone] = simulate(study_pool, TerminalSpec(8, 10), ["entropy"], SimulationOptions(300))
    cell = small_sweep.result(8, 10, "entropy")
    assert cell.guesses.tolist() == alone.guesses.tolist()


def test_sweep_progress_counts_every_terminal(study_pool: WordPool) -> None:
    steps: list[int] = []
    sweep(study_pool, [5], [5, 6], ["random", "minimax"], SimulationOptions(50), steps.append)
    assert sum(steps) == 2 * 2 * 50


def test_sweep_tables(small_sweep: Sweep) -> None:
    markdown = sweep_markdown(small_sweep)
    assert "## entropy: mean tries to solve" in markdown
    assert "## random: share solved within 4 tries" in markdown
    assert "| letters \\ words | 5 | 10 | 15 |" in markdown
    rows = list(csv.DictReader(io.StringIO(sweep_csv(small_sweep))))
    assert len(rows) == 12
    assert {row["strategy"] for row in rows} == {"random", "entropy"}
    assert all(0 <= float(row["solved"]) <= 1 and row["max_tries"] == "4" for row in rows)


def test_metrics() -> None:
    assert METRICS["mean-tries"].format(3.14159) == "3.14"
    assert (
        METRICS["solved"].heading(SimulationOptions(max_tries=3)) == "share solved within 3 tries"
    )


def test_heat_maps(small_sweep: Sweep, tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image")
    pytest.importorskip("matplotlib")
    written = draw_heatmaps(small_sweep, tmp_path / "maps")
    names = sorted(path.name for path in written)
    assert names == [
        "entropy-mean-tries.png",
        "entropy-solved.png",
        "random-mean-tries.png",
        "random-solved.png",
    ]
    with image.open(written[0]) as picture:
        assert picture.format == "PNG" and picture.width > 300

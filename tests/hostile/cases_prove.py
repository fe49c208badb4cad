"""``prove``: bad counts, clusters that cannot be reached, results files that are not its own.
Each is refused before any work starts."""

import json
import os
from pathlib import Path

from tests.hostile.catalogue import BadInput
from wordsolver.games import GameOverrides, find_game
from wordsolver.proof.results import header

TINY = ["mastermind", "--length", "2", "--alphabet", "abc"]


def _results_for(scratch: Path, game: list[str], hard: bool = False) -> Path:
    """A results file with only its first line, made for the game of ``game``'s arguments."""
    name, *options = game
    lengths = dict(zip(options[::2], options[1::2], strict=True))
    overrides = GameOverrides(
        length=int(lengths["--length"]) if "--length" in lengths else None,
        alphabet=lengths.get("--alphabet"),
    )
    path = scratch / "proof.jsonl"
    path.write_text(json.dumps(header(find_game(name, overrides), hard)) + "\n")
    return path


def _other_lists(scratch: Path) -> list[str]:
    other = _results_for(scratch, ["mastermind", "--length", "2", "--alphabet", "abcd"])
    return ["prove", *TINY, "--results", str(other)]


def _other_mode(scratch: Path) -> list[str]:
    return ["prove", *TINY, "--results", str(_results_for(scratch, TINY, hard=True))]


def _other_engine(scratch: Path) -> list[str]:
    path = _results_for(scratch, TINY)
    recorded = json.loads(path.read_text())
    recorded["engine"]["proof"] = 0
    path.write_text(json.dumps(recorded) + "\n")
    return ["prove", *TINY, "--results", str(path)]


def _results_a_pipe(scratch: Path) -> list[str]:
    path = scratch / "proof.jsonl"
    os.mkfifo(path)
    return ["prove", *TINY, "--results", str(path)]


def _not_results(scratch: Path) -> list[str]:
    path = scratch / "notes.txt"
    path.write_text("aabc is best\n")
    return ["prove", *TINY, "--results", str(path)]


CASES = [
    BadInput("prove-top-zero", ["prove", *TINY, "--top", "0"], "'--top'"),
    BadInput("prove-workers-zero", ["prove", *TINY, "--workers", "0"], "'--workers'"),
    BadInput(
        "prove-workers-and-scheduler",
        ["prove", *TINY, "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"],
        "not both",
    ),
    BadInput(
        "prove-scheduler-unreachable",
        ["prove", *TINY, "--scheduler", "tcp://127.0.0.1:1"],
        "no Dask scheduler answers at tcp://127.0.0.1:1",
    ),
    BadInput(
        "prove-scheduler-not-an-address",
        ["prove", *TINY, "--scheduler", "nowhere://x"],
        "is not a scheduler address",
    ),
    BadInput("prove-results-other-lists", _other_lists, "made for other rules or word lists"),
    BadInput("prove-results-other-mode", _other_mode, "made for hard mode"),
    BadInput("prove-results-other-engine", _other_engine, "another engine version"),
    BadInput("prove-results-not-results", _not_results, "not a wordsolver proof results file"),
    BadInput("prove-results-a-pipe", _results_a_pipe, "is not a regular file (a pipe or a device)"),
    BadInput(
        "prove-results-endless",
        ["prove", *TINY, "--results", "/dev/zero"],
        "is not a regular file (a pipe or a device)",
    ),
    BadInput("prove-time-nan", ["prove", *TINY, "--time", "nan"], "nan is not a finite number"),
]

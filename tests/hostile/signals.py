"""The catalogue's signal rows: long commands stopped by Ctrl-C in the middle of their work.

Each row names a command that runs for far longer than the test waits, the text its progress bar
shows once the long work has begun, and the files that must not exist afterwards (an output
written half, a cache entry of a table built half, a temporary file left behind). The test sends
SIGINT to the command's process group as a terminal does, and checks what every row promises:
exit code 130, the one line ``interrupted`` and nothing after it, no traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.hostile.catalogue import ArgsBuilder

#: The package's own lists of the "5 букв" study, given as files.
_LISTS = Path(__file__).resolve().parents[2] / "src" / "wordsolver" / "lexicon" / "data"


@dataclass(frozen=True)
class LongRun:
    """A long command, what shows it is under way, and what it must leave behind."""

    name: str
    args: list[str] | ArgsBuilder
    ready: str
    #: Globs, in the scratch folder, that must match nothing once it stopped.
    absent: tuple[str, ...] = ()
    #: A cache folder of its own (in the scratch folder): for the first build of a table.
    own_cache: bool = False
    #: An empty numba cache of its own, so Ctrl-C lands while its kernels compile (as on the
    #: first run after an install: a callback from the compiler drops the interrupt, and the
    #: compiler's half-made objects fail in their destructors).
    cold_compile: bool = False
    #: Checks of what it kept (its finished work), given the scratch folder.
    kept: Callable[[Path], None] | None = field(default=None, repr=False)
    #: The start of the one line that says what it kept, printed once before ``interrupted``.
    summary: str | None = None

    def argv(self, scratch: Path) -> list[str]:
        """The arguments, with any files the row needs made in ``scratch``."""
        return self.args(scratch) if callable(self.args) else list(self.args)

    def environment(self, scratch: Path, cache: Path | None = None) -> dict[str, str]:
        """The variables the command runs with: its cache (``cache``, or one of its own in
        ``scratch`` for ``own_cache``) and, for ``cold_compile``, an empty numba cache."""
        env = {}
        if self.own_cache or cache is not None:
            env["WORDSOLVER_CACHE_DIR"] = str(scratch / "cache" if self.own_cache else cache)
        if self.cold_compile:
            env["NUMBA_CACHE_DIR"] = str(scratch / "numba-cache")
        return env


def _study_kept_only_finished_cells(scratch: Path) -> None:
    results = scratch / "study" / "results.json"
    if results.exists():  # a cell finished before Ctrl-C: kept whole
        assert json.loads(results.read_text())["format"] == 1
    assert not (scratch / "study" / "study.md").exists()


def _proof_kept_whole_lines(scratch: Path) -> None:
    """The results file, once a first guess is finished, holds only whole lines (the same
    command goes on from it)."""
    results = scratch / "proof.jsonl"
    if results.exists():
        lines = results.read_bytes().splitlines()
        assert lines and all(isinstance(json.loads(line), dict) for line in lines)


_STUDY_LISTS = [
    *("--answers", str(_LISTS / "5bukv-answers-study.txt")),
    *("--allowed", str(_LISTS / "5bukv-allowed-study.txt")),
]
#: Temporary files of an atomic write, anywhere in the scratch folder.
TEMPORARIES = ("**/.*.tmp",)

LONG_RUNS = [
    LongRun(
        "a first table build (tonguess4, 640 MB)",
        ["suggest", "tonguess4", "--top", "1"],
        "building the tonguess4 table",
        absent=("cache/matrix-*", *TEMPORARIES),
        own_cache=True,
    ),
    LongRun(
        "an evaluation of every secret",
        ["evaluate", "wordle", "-s", "minimax,entropy,expected-size,stdev"],
        "minimax",
    ),
    LongRun(
        "a decision tree grown for every secret",
        ["tree", "build", "wordle", "--lists", "wordlebot", "-s", "entropy", "-o", "tree.json"],
        "entropy tree",
        absent=("tree.json", *TEMPORARIES),
    ),
    LongRun("an exact search of opener pairs", ["openers", "wordle", "-k", "2"], "2-word openers"),
    LongRun(
        "a hundred million Fallout terminals",
        ["fallout", "simulate", "--trials", "100000000"],
        "20 words of 5 letters",
    ),
    LongRun(
        "a Fallout sweep",
        ["fallout", "sweep", "--trials", "1000000", "--out", "sweep"],
        "sweep",
        absent=("sweep/*", *TEMPORARIES),
    ),
    LongRun(
        "a whole-game proof on a local cluster",
        ["prove", "wordle", "--workers", "1", "--results", "proof.jsonl", "-o", "proof.tree.json"],
        "running",  # first guesses bounded, their searches under way
        absent=("proof.tree.json", *TEMPORARIES),
        kept=_proof_kept_whole_lines,
        summary="interrupted: every play needs at least",
    ),
    LongRun(
        "an optimal tree proven from the first guess",
        ["tree", "build", "wordle", "-s", "optimal", "-o", "tree.json"],
        "proving the best first guess",
        absent=("tree.json", *TEMPORARIES),
    ),
    LongRun(
        "a Fallout sweep while its kernels compile",
        ["fallout", "sweep", "--trials", "1000000", "--out", "sweep"],
        "sweep",
        absent=("sweep/*", *TEMPORARIES),
        cold_compile=True,
    ),
    LongRun(
        "a study of openers and ways of playing",
        ["study", "5bukv", *_STUDY_LISTS, "--out", "study"],
        "study",
        absent=TEMPORARIES,
        kept=_study_kept_only_finished_cells,
    ),
]

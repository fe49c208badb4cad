"""The study's results file: finished cells and opener searches, so a stopped study resumes.

One JSON file holds everything finished so far, keyed by what each entry depends on (game rules,
both word lists' hashes, objective, algorithm, beam width). It is rewritten atomically after every
entry (temporary file + rename), so an interruption loses at most the cell being computed.
Entries written by another format version are ignored and computed again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordsolver.errors import WordsolverError
from wordsolver.evaluation import Evaluation
from wordsolver.plumbing.files import UserFileError, atomic_write_bytes, parse_json, read_user_text

#: Bump when the meaning or layout of an entry changes.
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class OpenerChoice:
    """The opener a search chose for one size: words in play order, candidates it leaves."""

    words: tuple[str, ...]
    mean_left: float
    worst_left: int
    exact: bool
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """A JSON object of the fields."""
        return {
            "words": list(self.words),
            "mean_left": self.mean_left,
            "worst_left": self.worst_left,
            "exact": self.exact,
            "seconds": self.seconds,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OpenerChoice:
        """Read back :meth:`to_json`."""
        return cls(
            tuple(data["words"]),
            float(data["mean_left"]),
            int(data["worst_left"]),
            bool(data["exact"]),
            float(data["seconds"]),
        )


@dataclass(frozen=True, slots=True)
class CellResult:
    """How one algorithm did for one objective on one list pair."""

    goal: str
    algorithm: str
    opener: OpenerChoice | None
    total: int
    mean: float
    worst: int
    losses: int
    distribution: dict[int, int]
    seconds: float

    @classmethod
    def from_evaluation(
        cls, goal: str, algorithm: str, opener: OpenerChoice | None, evaluation: Evaluation
    ) -> CellResult:
        """Summarise a whole-dictionary evaluation."""
        return cls(
            goal,
            algorithm,
            opener,
            evaluation.total,
            evaluation.mean,
            evaluation.worst,
            evaluation.losses,
            evaluation.distribution,
            evaluation.seconds,
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON object of the fields (distribution keys as strings)."""
        return {
            "goal": self.goal,
            "algorithm": self.algorithm,
            "opener": None if self.opener is None else self.opener.to_json(),
            "total": self.total,
            "mean": self.mean,
            "worst": self.worst,
            "losses": self.losses,
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "seconds": self.seconds,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CellResult:
        """Read back :meth:`to_json`."""
        opener = data["opener"]
        return cls(
            str(data["goal"]),
            str(data["algorithm"]),
            None if opener is None else OpenerChoice.from_json(opener),
            int(data["total"]),
            float(data["mean"]),
            int(data["worst"]),
            int(data["losses"]),
            {int(k): int(v) for k, v in data["distribution"].items()},
            float(data["seconds"]),
        )


class ResultsFile:
    """Finished entries of a study on disk; every ``put`` rewrites the file atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._cells: dict[str, dict[str, Any]] = {}
        self._openers: dict[str, dict[str, Any]] = {}
        if path.exists():
            self._read()

    def _read(self) -> None:
        try:
            data = parse_json(read_user_text(self.path))
        except UserFileError as error:  # it names the file
            raise WordsolverError(f"cannot read the study results: {error}") from None
        except ValueError as error:
            raise WordsolverError(
                f"{self.path}: cannot read the study results ({error}); move it away to start over"
            ) from None
        if isinstance(data, dict) and data.get("format") == FORMAT_VERSION:
            self._cells = dict(data.get("cells", {}))
            self._openers = dict(data.get("openers", {}))

    def cell(self, key: str) -> CellResult | None:
        """A finished cell, or None."""
        data = self._cells.get(key)
        return None if data is None else CellResult.from_json(data)

    def put_cell(self, key: str, result: CellResult) -> None:
        """Record a finished cell."""
        self._cells[key] = result.to_json()
        self._write()

    def openers(self, key: str) -> dict[int, OpenerChoice] | None:
        """The openers a finished search chose, by number of words, or None."""
        data = self._openers.get(key)
        return (
            None if data is None else {int(k): OpenerChoice.from_json(v) for k, v in data.items()}
        )

    def put_openers(self, key: str, choices: dict[int, OpenerChoice]) -> None:
        """Record the openers of a finished search."""
        self._openers[key] = {str(k): choice.to_json() for k, choice in choices.items()}
        self._write()

    def _write(self) -> None:
        payload = {"format": FORMAT_VERSION, "cells": self._cells, "openers": self._openers}
        text = json.dumps(payload, ensure_ascii=False, indent=1, sort_keys=True)
        atomic_write_bytes(self.path, text.encode("utf-8"))

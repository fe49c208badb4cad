"""The results file of a proof: every first guess finished so far, so a stopped run resumes.

JSON lines. The first line names what the file is for; every other line is one first guess
finished, appended the moment it finishes (one write, flushed to disk), so a run killed at
any moment leaves every finished guess readable. A line cut short (the disk filled up, the
machine lost power) is left out with a warning and that guess is computed again.

    {"format": "wordsolver-proof", "version": 1, "game": {...}, "hard": false,
     "engine": {"wordsolver": "0.1.0", "proof": 1}}
    {"guess": "aabc", "total": 5625, "exact": true, "worst": 5, "seconds": 71.2,
     "tree": [[guess row, parent node, pattern], ...]}
    {"guess": "abcd", "total": 5637, "exact": false, "worst": 0, "seconds": 25.4}
    {"guess": "aaaa", "total": 5820, "exact": false, "worst": 0, "seconds": 0.1, "searched": false}
    {"guess": "0123", "total": 5548, "exact": true, "worst": 6, "seconds": 38.1, "pattern": 2,
     "second": "1245", "tree": [...]}

``game`` is the tree file's record of the game (:func:`wordsolver.tree.storage.game_identity`:
rules and the lists' digests); a file whose game, mode or engine differ is refused, never
mixed in. ``searched: false`` marks a guess refuted by its bounds alone. A line with a
``pattern`` is one part of a first guess proven in parts (:mod:`wordsolver.proof.parts`): its
bucket of that pattern, played with the ``second`` guess (without one: the whole bucket). A
guess or part may appear more than once (a bound later made exact); the last line wins.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from wordsolver._version import installed_version
from wordsolver.errors import WordsolverError
from wordsolver.games import Game
from wordsolver.plumbing.arrays import Int64Array
from wordsolver.plumbing.files import (
    UserFileError,
    atomic_write_bytes,
    check_output,
    read_user_bytes,
)
from wordsolver.tree.storage import game_identity

FORMAT = "wordsolver-proof"
VERSION = 1
#: Bumped whenever the values or bounds the proof records could change meaning (2: parts).
PROOF_ENGINE = 2


class ResultsFileError(WordsolverError):
    """A results file is unreadable, damaged, or made for another game, mode or engine."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One first guess finished: exact total (worst case, tree rows) or a lower bound."""

    guess: str
    total: int
    exact: bool
    worst: int
    seconds: float
    rows: Int64Array | None = None
    #: Whether it took a search (False: refuted by its bounds alone).
    searched: bool = True
    #: A part of ``guess`` (:mod:`wordsolver.proof.parts`): its bucket's pattern, and its
    #: second guess (None: the whole bucket); no pattern: the first guess whole.
    pattern: int | None = None
    second: str | None = None

    @property
    def key(self) -> tuple[str, int | None, str | None]:
        """What the entry is of: a first guess, or one part of it."""
        return self.guess, self.pattern, self.second

    def to_json(self) -> dict[str, Any]:
        """The entry as one line's data."""
        data: dict[str, Any] = {
            "guess": self.guess,
            "total": self.total,
            "exact": self.exact,
            "worst": self.worst,
            "seconds": round(self.seconds, 3),
        }
        if not self.searched:
            data["searched"] = False
        if self.pattern is not None:
            data["pattern"] = self.pattern
            if self.second is not None:
                data["second"] = self.second
        if self.rows is not None:
            data["tree"] = self.rows.tolist()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entry:
        """Read one line's data (KeyError, TypeError or ValueError when damaged)."""
        rows = data.get("tree")
        total, worst, pattern = data["total"], data["worst"], data.get("pattern")
        if not (isinstance(total, int) and isinstance(worst, int)) or total < 0:
            raise ValueError("a total and worst case are whole numbers")
        if pattern is not None and not isinstance(pattern, int):
            raise ValueError("a part's pattern is a whole number")
        second = data.get("second")
        return cls(
            guess=str(data["guess"]),
            total=total,
            exact=bool(data["exact"]),
            worst=worst,
            seconds=float(data["seconds"]),
            rows=None if rows is None else np.array(rows, dtype=np.int64).reshape(-1, 3),
            searched=bool(data.get("searched", True)),
            pattern=pattern,
            second=None if second is None else str(second),
        )


def header(game: Game, hard: bool) -> dict[str, Any]:
    """What a results file is for: the game (rules and lists), the mode and the engine."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game_identity(game),
        "hard": hard,
        "engine": {"wordsolver": installed_version(), "proof": PROOF_ENGINE},
    }


class ResultsLog:
    """A results file opened for one proof: what it holds, and appending to it."""

    def __init__(self, path: Path | None, game: Game, hard: bool) -> None:
        #: The file (None: the entries are kept in memory only, for a proof nobody resumes).
        self.path = path
        self.expected = header(game, hard)
        #: The entries read, by first guess or part (the last line of each wins).
        self.entries: dict[tuple[str, int | None, str | None], Entry] = {}
        if path is None:
            return
        if path.exists():
            self._read()
        else:
            check_output(path)

    def _read(self) -> None:
        assert self.path is not None
        try:
            lines = read_user_bytes(self.path).split(b"\n")
        except UserFileError as error:
            raise ResultsFileError(str(error)) from None
        recorded = _parse(lines[0])
        if not isinstance(recorded, dict) or recorded.get("format") != FORMAT:
            raise ResultsFileError(f"{self.path}: not a wordsolver proof results file")
        self._check(recorded)
        torn = lines[-1] != b""  # a last line without its newline was cut short
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            try:
                entry = Entry.from_json(_parse(line))
            except (KeyError, TypeError, ValueError, AttributeError):
                if torn and number == len(lines):
                    warnings.warn(
                        f"{self.path}: its last line was cut short; that first guess is"
                        " computed again",
                        stacklevel=2,
                    )
                    self._cut(len(line))
                    return
                raise ResultsFileError(f"{self.path}: damaged at line {number}") from None
            self._keep(entry)
        if torn:  # a whole last line without its newline: appends start on a line of their own
            self._append(b"\n")

    def _cut(self, size: int) -> None:
        """Drop the last ``size`` bytes (a line cut short), so appends follow whole lines."""
        assert self.path is not None
        try:
            os.truncate(self.path, self.path.stat().st_size - size)
        except OSError as error:
            raise UserFileError(f"{self.path}: cannot write ({error.strerror})") from None

    def _check(self, recorded: dict[str, Any]) -> None:
        expected = self.expected
        if recorded.get("version") != VERSION:
            raise ResultsFileError(
                f"{self.path}: results format version {recorded.get('version')!r}; this"
                f" wordsolver reads version {VERSION}"
            )
        game, mine = recorded.get("game"), expected["game"]
        if not isinstance(game, dict):
            raise ResultsFileError(f"{self.path}: damaged results file (no game record)")
        labels = ("name", "lists")
        differ = [key for key in mine if key not in labels and game.get(key) != mine[key]]
        if differ:
            raise ResultsFileError(
                f"{self.path}: made for other rules or word lists ({', '.join(differ)} differ):"
                f" it is for {game.get('name', '?')!r} with its {game.get('lists', '?')} lists;"
                " give another --results file"
            )
        if recorded.get("hard") != expected["hard"]:
            modes = ("free play", "hard mode")
            made, wanted = modes[bool(recorded.get("hard"))], modes[bool(expected["hard"])]
            raise ResultsFileError(
                f"{self.path}: made for {made}, not {wanted}; give another --results file"
            )
        if recorded.get("engine") != expected["engine"]:
            raise ResultsFileError(
                f"{self.path}: made by another engine version ({recorded.get('engine')});"
                " its results are not mixed in: give another --results file"
            )

    def add(self, entry: Entry) -> None:
        """Record a finished first guess at once (the file is made on the first)."""
        if self.path is None:
            self._keep(entry)
            return
        if not self.path.exists():
            first = json.dumps(self.expected, ensure_ascii=False, separators=(",", ":"))
            try:
                atomic_write_bytes(self.path, first.encode() + b"\n")
            except OSError as error:
                raise UserFileError(f"{self.path}: cannot write ({error.strerror})") from None
        line = json.dumps(entry.to_json(), ensure_ascii=False, separators=(",", ":"))
        self._append(line.encode() + b"\n")
        self._keep(entry)

    def _keep(self, entry: Entry) -> None:
        """Keep what says most of the entry's first guess (or part): an exact value over a
        bound, the higher of two bounds. Tasks running side by side may finish in any order,
        and a bound found later is not always the higher one."""
        kept = self.entries.get(entry.key)
        if kept is None or (entry.exact, entry.total) >= (kept.exact, kept.total):
            self.entries[entry.key] = entry

    def _append(self, data: bytes) -> None:
        assert self.path is not None
        try:
            descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND)
            try:
                os.write(descriptor, data)
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
        except OSError as error:
            raise UserFileError(f"{self.path}: cannot write ({error.strerror})") from None

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())


def _parse(line: bytes) -> Any:
    try:
        return json.loads(line)
    except (UnicodeDecodeError, ValueError):
        return None

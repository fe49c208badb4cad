"""The catalogue of bad CLI input: one row per hostile input, checked by one table-driven test.

Every row names the arguments (and standard input) a hostile user gives and a piece of the one-line
error the command must print. Rows live in ``cases_*.py`` modules grouped by topic; a new command
joins by adding a module or rows. The test checks what every row promises: exit code 2, nothing
but one ``error:`` line on stderr (warnings aside), and no traceback. A row without an error is
hostile input the command must shrug off (a pipe in the cache's place): its exit code, no error.

The classes of hostile input so far: unknown names, malformed words, feedback and histories
(an empty one included), options out of range, NaN and infinity in any number option
(``cases_numbers``), options that contradict each other (``cases_conflicts``), special files
(pipes, devices, folders) where a word list, a save, a cache entry or an image should be
(``cases_special_files``), damaged and oversized files, and Ctrl-C in the middle of long work
(``signals.py``: real processes on a terminal, checked by ``test_signals.py``). The web's rows
are in ``test_web_catalogue.py``.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: Builds the arguments of a row inside a scratch folder (for rows that need files).
ArgsBuilder = Callable[[Path], list[str]]


@dataclass(frozen=True)
class BadInput:
    """One hostile command line and the error it must earn."""

    name: str
    args: list[str] | ArgsBuilder
    error: str | None
    stdin: str = ""
    env: dict[str, str] = field(default_factory=dict)
    code: int = 2

    def argv(self, scratch: Path) -> list[str]:
        """The arguments, with any files the row needs made in ``scratch``."""
        return self.args(scratch) if callable(self.args) else list(self.args)


def all_cases() -> list[BadInput]:
    """Every row of every ``cases_*`` module of this package, in module order."""
    package = Path(__file__).parent
    rows: list[BadInput] = []
    for module in sorted(m.name for m in pkgutil.iter_modules([str(package)])):
        if module.startswith("cases_"):
            rows.extend(importlib.import_module(f"tests.hostile.{module}").CASES)
    return rows

"""A progress bar on stderr for long library calls (shown only on a terminal)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from wordsolver.cli.base import stderr


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[int], None]]:
    """Yield a callback ``advance(n)`` that moves a bar of ``total`` steps."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=stderr, transient=True, disable=not stderr.is_terminal) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)

"""Progress for the long calls of the front door: a ready-made bar, or the caller's own callback.

Every long call of :mod:`wordsolver.api` (evaluate, tree, prove, study) takes ``progress=``:

- ``True`` draws a bar with tqdm (``tqdm.auto``: a widget in a notebook, a text bar on a
  terminal's standard error), closed when the call returns;
- a callable is a :data:`~wordsolver.plumbing.progress.Progress`: it is told how many more
  units of the work are done (secrets, list-pair cells, first guesses), as everywhere in the
  library;
- ``False`` or ``None`` (the default) reports nothing.

>>> told = []
>>> with progress_to(told.append, "demo", total=3) as bar:
...     bar.advance(2)
...     bar.reach(3, 3)
>>> told
[2, 1]
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from wordsolver.plumbing.optional import require
from wordsolver.plumbing.progress import Progress

#: What ``progress=`` takes: True (a bar), a callback, or nothing.
ProgressOption = bool | Progress | None


class Reporter:
    """Where one call reports how far it has come: a bar, a callback, or nowhere."""

    def __init__(self, bar: Any = None, callback: Progress | None = None) -> None:
        self._bar = bar
        self._callback = callback
        self._done = 0

    @property
    def callback(self) -> Progress | None:
        """A :data:`~wordsolver.plumbing.progress.Progress` for the library call (None: nobody
        listens, so the call need not count)."""
        return None if self._bar is None and self._callback is None else self.advance

    def advance(self, units: int) -> None:
        """``units`` more are done."""
        self._done += units
        if self._bar is not None:
            self._bar.update(units)
        if self._callback is not None:
            self._callback(units)

    def reach(self, done: int, total: int) -> None:
        """``done`` of ``total`` are done now (for work whose total is learnt as it goes)."""
        if self._bar is not None and self._bar.total != total:
            self._bar.total = total
            self._bar.refresh()
        if done > self._done:
            self.advance(done - self._done)


@contextmanager
def progress_to(option: ProgressOption, label: str, total: int) -> Iterator[Reporter]:
    """A :class:`Reporter` for ``option`` over work of ``total`` units, the bar closed after."""
    if option is True:
        tqdm = require("tqdm.auto", "a progress bar", "notebook").tqdm
        with tqdm(total=total, desc=label, dynamic_ncols=True) as bar:
            yield Reporter(bar=bar)
        return
    yield Reporter(callback=option if callable(option) else None)

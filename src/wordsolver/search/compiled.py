"""The exact search on its compiled core (:mod:`wordsolver.search.core`), on one or more cores.

:class:`CompiledSearch` answers like :class:`~wordsolver.search.exact.OptimalSearch` (same
values, same trees) for the games the core covers: equally likely secrets, any allowed word
may be guessed. :func:`exact_search` picks the engine for a game and its play options.

Several sets (the buckets of fixed openers) are solved at once on several threads, largest
first, each thread with a search core and memo of its own; a time budget raises every core's
stop flag when it runs out.

The whole-game proof is split by first guess, which is how a cluster would share it out:
:meth:`CompiledSearch.first_guess_bounds` gives a cheap proven lower bound for every first
guess, and :meth:`CompiledSearch.first_guess_value` the exact value of one first guess, or a
proven lower bound of at least ``cutoff`` when it cannot beat it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from wordsolver.matrix import PatternMatrix
from wordsolver.partition import IdArray, split
from wordsolver.search.core import CompiledCore
from wordsolver.search.exact import (
    INFEASIBLE,
    Int64Array,
    OptimalSearch,
    Pool,
    SearchInterrupted,
    SearchLimit,
    SetValue,
)
from wordsolver.weights import SecretWeights

Progress = Callable[[int], None]
#: Largest games the compiled core takes (its rank keys pack bound, Σ size² and position).
MAX_SECRETS = 1 << 14
MAX_GUESSES = 1 << 16
#: One set to solve: (candidates, tries left, pool).
Job = tuple[IdArray, int, Pool]


@dataclass(frozen=True, slots=True)
class FirstGuessValue:
    """The value of a first guess: exact (total guesses, deepest secret), or a proven lower
    bound of at least the cutoff it was asked to beat."""

    guess: int
    total: int
    exact: bool
    worst: int = 0


def threads() -> int:
    """Threads the search uses: the cores this process may run on."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


class CompiledSearch(OptimalSearch):
    """:class:`~wordsolver.search.exact.OptimalSearch` with the recursion in compiled code."""

    def __init__(
        self,
        matrix: PatternMatrix,
        *,
        limit: SearchLimit | None = None,
        workers: int | None = None,
    ) -> None:
        super().__init__(matrix, limit=limit)
        game = matrix.game
        # A node budget counts the sets of one search: it runs on one core.
        self.workers = 1 if self.limit.nodes is not None else workers or threads()
        self._by_secret = matrix.by_secret
        self._secret_rows = np.asarray(game.secret_rows, dtype=np.intp)
        self._secret_of_guess = np.asarray(game.secret_of_guess, dtype=np.intp)
        self._cores = [self._new_core() for _ in range(self.workers)]
        #: The core whose memo holds each set solved so far (by candidates and tries).
        self._owner: dict[tuple[bytes, int], CompiledCore] = {}
        self._timer: threading.Timer | None = None
        self._interrupted = False

    def _new_core(self) -> CompiledCore:
        game = self.game
        return CompiledCore(
            self._by_secret,
            self._secret_rows,
            self._secret_of_guess,
            game.win_pattern,
            game.n_patterns,
            beam=self.limit.beam,
        )

    # -- budget ---------------------------------------------------------------------------

    def start_clock(self) -> None:
        super().start_clock()
        if self._timer is not None:
            self._timer.cancel()
        self._interrupted = False
        for core in self._cores:
            core.set_budget(self.limit.nodes)
        if self.limit.seconds is not None:
            self._timer = threading.Timer(self.limit.seconds, self._stop_all)
            self._timer.daemon = True
            self._timer.start()

    def _stop_all(self) -> None:
        for core in self._cores:
            core.stop[0] = 1

    @property
    def _searched(self) -> int:
        return sum(core.nodes for core in self._cores)

    # -- search ---------------------------------------------------------------------------

    def solve(self, candidates: IdArray, tries_left: int, pool: Pool, beta: int) -> SetValue:
        core = self._owner.get((candidates.tobytes(), tries_left), self._cores[0])
        return self._solve_on(core, candidates, tries_left, pool, beta)

    def _solve_on(
        self, core: CompiledCore, candidates: IdArray, tries_left: int, pool: Pool, beta: int
    ) -> SetValue:
        if self._interrupted or core.stop[0]:
            raise SearchInterrupted("the optimal search ran out of its budget")
        lower, exact, worst, guess = core.solve(candidates, tries_left, pool, beta)
        self.nodes = self._searched
        if core.stopped:
            self._interrupted = True  # the budget is spent: every later set falls back
            raise SearchInterrupted("the optimal search ran out of its budget")
        self._owner[(candidates.tobytes(), tries_left)] = core
        return SetValue(lower, exact, worst, guess)

    def solve_all(self, jobs: Sequence[Job], progress: Progress | None = None) -> None:
        """Solve many sets exactly (the largest first, on every core); each answer stays in
        its core's memo for :meth:`solve` and :meth:`tree_rows`. Sets a budget stops are left
        for the caller (its :meth:`solve` raises :class:`SearchInterrupted`)."""
        order = sorted(range(len(jobs)), key=lambda k: -len(jobs[k][0]))
        free = list(self._cores)
        lock = threading.Lock()

        def run(k: int) -> None:
            with lock:
                core = free.pop()
            try:
                candidates, tries_left, pool = jobs[k]
                self._solve_on(core, candidates, tries_left, pool, INFEASIBLE)
            except SearchInterrupted:
                pass
            finally:
                with lock:
                    free.append(core)
            if progress is not None:
                progress(len(jobs[k][0]))

        if self.workers == 1 or len(jobs) == 1:
            for k in order:
                run(k)
            return
        with ThreadPoolExecutor(self.workers) as executor:
            list(executor.map(run, order))

    def proven_lower(self, candidates: IdArray, tries_left: int, pool: Pool) -> int:
        core = self._owner.get((candidates.tobytes(), tries_left), self._cores[0])
        return core.known_lower(candidates, tries_left)

    def tree_rows(self, candidates: IdArray, tries_left: int, pool: Pool) -> Int64Array:
        key = (candidates.tobytes(), tries_left)
        core = self._owner.get(key, self._cores[0])
        for _ in range(2):
            rows = core.tree(candidates, tries_left, pool)
            if rows is not None:
                return rows
            # The memo lost part of the tree: search the set again on a fresh memo.
            core.keys[:] = 0
            self._solve_on(core, candidates, tries_left, pool, INFEASIBLE)
        raise RuntimeError("the search could not rebuild its tree")

    # -- whole-game proofs, one first guess at a time -------------------------------------

    def first_guess_bounds(self, candidates: IdArray, tries_left: int, pool: Pool) -> Int64Array:
        """A proven lower bound on the total of each guess of ``pool`` played first: the set's
        size plus the level floor of each of its buckets (cheap: one pass over the cells)."""
        return self.guess_floors(candidates, pool)[1]

    def first_guess_value(
        self,
        guess: int,
        candidates: IdArray,
        tries_left: int,
        pool: Pool,
        cutoff: int = INFEASIBLE,
    ) -> FirstGuessValue:
        """The exact value of ``guess`` played first on ``candidates`` when its total is at
        most ``cutoff``, else a proven lower bound above ``cutoff``."""
        values = self.matrix.values[guess, candidates]
        buckets = [
            (members, self.floor(members, self.game.n_patterns))
            for pattern, members in split(values, candidates)
            if pattern != self.game.win_pattern
        ]
        buckets.sort(key=lambda bucket: len(bucket[0]))
        total = len(candidates)
        remaining = sum(floor for _, floor in buckets)
        if total + remaining > cutoff:
            return FirstGuessValue(guess, total + remaining, False)
        worst = 1
        core = self._cores[0]
        for members, floor in buckets:
            remaining -= floor
            child = self._solve_on(
                core, members, tries_left - 1, pool, cutoff - total - remaining + 1
            )
            total += child.lower
            if not child.exact or total + remaining > cutoff:
                return FirstGuessValue(guess, min(total + remaining, INFEASIBLE), False)
            worst = max(worst, child.worst + 1)
        return FirstGuessValue(guess, total, True, worst)


def exact_search(
    matrix: PatternMatrix,
    *,
    hard: bool = False,
    only_candidates: bool = False,
    limit: SearchLimit | None = None,
    weights: SecretWeights | None = None,
    compiled: bool = True,
) -> OptimalSearch:
    """The exact search for these play options: on the compiled core when it covers them
    (unweighted, any allowed word may be guessed), else the readable search."""
    fits = len(matrix.game.secrets) <= MAX_SECRETS and len(matrix.game.guesses) <= MAX_GUESSES
    if compiled and fits and not (hard or only_candidates or weights is not None):
        return CompiledSearch(matrix, limit=limit)
    return OptimalSearch(
        matrix, hard=hard, only_candidates=only_candidates, limit=limit, weights=weights
    )

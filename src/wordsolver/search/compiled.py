"""The exact search on its compiled core (:mod:`wordsolver.search.core`), on one or more cores.

:class:`CompiledSearch` is the :class:`~wordsolver.search.base.ExactSearch` of every game
the core covers, with the values and trees of the readable search the tests hold it to
(``tests/readable_search.py``): equally likely secrets or secrets
weighted (:class:`~wordsolver.weights.SecretWeights`, the least expected number of guesses),
any allowed word may be guessed (or, in hard mode, any the rule's hard mode allows, as the
rule states it: :meth:`~wordsolver.games.FeedbackRule.hard_mode`), or only the candidates
(``only_candidates``: at every set, only the candidates still possible; in hard mode too,
which always allows a candidate). :func:`exact_search` sets it up for a game and its play
options, and refuses a game beyond the core (:class:`~wordsolver.search.base.
SearchCoverageError`).

Several sets (the buckets of fixed openers) are solved at once on several threads, largest
first, all on one core whose memo they share; a time budget raises its stop flag when it runs
out.

The whole-game proof is split by first guess, which is how a cluster would share it out:
:meth:`CompiledSearch.first_guess_bounds` gives a cheap proven lower bound for every first
guess, and :meth:`CompiledSearch.first_guess_value` the exact value of one first guess, or a
proven lower bound of at least ``cutoff`` when it cannot beat it.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from wordsolver.matrix import PatternMatrix
from wordsolver.partition import split
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.plumbing.cores import usable_cores
from wordsolver.plumbing.progress import Progress, shared_out
from wordsolver.search.base import (
    INFEASIBLE,
    ExactSearch,
    Job,
    Pool,
    SearchCoverageError,
    SearchInterrupted,
    SearchLimit,
    SetValue,
)
from wordsolver.search.core import CompiledCore, FirstGuesses
from wordsolver.search.hard_tables import (
    HARD_LENGTH,
    HARD_TRIES,
    PoolTable,
    compiled_hard_mode,
    hard_mode_tables,
)
from wordsolver.weights import SecretWeights

#: Largest games the compiled core takes: its rank keys pack a guess's bound (below 3 × 2^14,
#: 16 bits), Σ size² (below 2^29) and position (19 bits) in 64; tonguess4's 358,800 strings of
#: distinct letters fit.
MAX_SECRETS = 1 << 14
MAX_GUESSES = 1 << 19
#: Sets searched alone from this size on are split by first guess (the whole game).
SPLIT_MIN = 500


@dataclass(frozen=True, slots=True)
class FirstGuessValue:
    """The value of a first guess: exact (total guesses, deepest secret), or a proven lower
    bound of at least the cutoff it was asked to beat."""

    guess: int
    total: int
    exact: bool
    worst: int = 0


@dataclass(frozen=True, slots=True)
class _SplitAnswer:
    """A set solved by first guess: the best tree's value, and the lower bound proven."""

    value: SetValue
    lower: int


class CompiledSearch(ExactSearch):
    """The exact search in compiled code, on ``workers`` threads sharing one memo; with
    ``weights`` each secret counts its weight in units (:meth:`SecretWeights.units
    <wordsolver.weights.SecretWeights.units>`), so that totals are weighted, as the readable
    search's. With ``only_candidates`` every set guesses only its own candidates (the pool of
    a set is its candidates' rows; hard mode, which allows every candidate, changes nothing)."""

    def __init__(
        self,
        matrix: PatternMatrix,
        *,
        hard: bool = False,
        only_candidates: bool = False,
        limit: SearchLimit | None = None,
        weights: SecretWeights | None = None,
        workers: int | None = None,
        split_min: int = SPLIT_MIN,
    ) -> None:
        super().__init__(matrix, hard=hard, limit=limit, weights=weights)
        self.only_candidates = only_candidates
        #: Whether a set's pool serves its subsets (free play): it may be cut and handed down.
        self._free = not (hard or only_candidates)
        self.split_min = split_min
        game = matrix.game
        # A node budget counts the sets of one search: it runs on one core.
        self.workers = 1 if self.limit.nodes is not None else workers or usable_cores()
        tables = hard_mode_tables(game) if hard and not only_candidates else {}
        self.core = CompiledCore(
            matrix.by_secret,
            np.asarray(game.secret_rows, dtype=np.intp),
            np.asarray(game.secret_of_guess, dtype=np.intp),
            game.win_pattern,
            game.n_patterns,
            self.limit.beam,
            **tables,
        )
        #: The guesses the core's table of consistency holds, when a game's whole table is
        #: too large: each search first makes it hold its pool (:meth:`_cover`).
        self._table = PoolTable(game, self.core) if "table_rows" in tables else None
        if only_candidates:
            self.core.guess_only_candidates()
        if self._free and game.rule.absent_letters_alike:
            # Small sets keep one guess per spelling of the letters they hold (hard mode's
            # pools follow the feedback instead, and candidates spell only letters held).
            self.core.set_letters(game.guess_codes)
        if weights is not None:
            self.core.set_units(self.units)
        self._timer: threading.Timer | None = None
        #: Sets solved by first guess: their best value and the lower bound proven.
        self._split: dict[tuple[bytes, int], _SplitAnswer] = {}
        #: The last first guesses ranked: (set and pool, the core's answer).
        self._first: tuple[tuple[bytes, bytes], FirstGuesses] | None = None

    def pool_after(self, pool: Pool, guess: int, pattern: int, members: IdArray) -> Pool:
        """As every exact search's, with hard mode's filter in the compiled core (the same
        test as the rule's, from the tables the rule's hard mode gave it); when only candidates
        are guessed, the candidates left."""
        if self.only_candidates:
            return np.asarray(self.game.secret_rows[members], dtype=np.intp)
        if not self.hard:
            return pool
        if self._table is not None and not self._table.holds(pool, guess):
            # A pool past the table (above openers): one row of the rule's feedback does.
            return super().pool_after(pool, guess, pattern, members)
        return self.core.allowed_after(pool, guess, pattern)

    def _cover(self, *pools: Pool) -> None:
        """Make the core's table of consistency hold these pools' guesses, when it holds only
        some (between searches: the threads of one run share one table)."""
        if self._table is not None:
            self._table.cover(*pools)

    # -- budget ---------------------------------------------------------------------------

    def start_clock(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self.core.set_budget(self.limit.nodes)
        if self.limit.seconds is not None:
            self._timer = threading.Timer(self.limit.seconds, self.core.stop)
            self._timer.daemon = True
            self._timer.start()

    @contextmanager
    def _stopped_when_left(self) -> Iterator[None]:
        """Stop every search on the core when the block is left by an exception (Ctrl-C
        while this thread waits for the pool's threads): they end within a set, so the pool
        closes at once instead of when they finish."""
        try:
            yield
        except BaseException:
            self.core.stop()
            raise

    # -- search ---------------------------------------------------------------------------

    def _solve_now(self, candidates: IdArray, tries_left: int, pool: Pool, beta: int) -> SetValue:
        if self.core.stopped:
            raise SearchInterrupted("the optimal search ran out of its budget")
        lower, exact, worst, guess = self.core.solve(candidates, tries_left, pool, beta)
        self.nodes = self.core.nodes
        if self.core.stopped:  # the budget is spent: every later set falls back
            raise SearchInterrupted("the optimal search ran out of its budget")
        return SetValue(lower, exact, worst, guess)

    def solve(self, candidates: IdArray, tries_left: int, pool: Pool, beta: int) -> SetValue:
        split_answer = self._split.get((candidates.tobytes(), tries_left))
        if split_answer is not None:
            return split_answer.value
        self._cover(pool)
        return self._solve_now(candidates, tries_left, pool, beta)

    def solve_all(self, jobs: Sequence[Job], progress: Progress | None = None) -> None:
        """Solve many sets exactly (the largest first, on every core); each answer stays in
        the memo for :meth:`solve` and :meth:`tree_rows`. Sets a budget stops are left for
        the caller (its :meth:`solve` raises :class:`SearchInterrupted`). A single set of at
        least ``split_min`` secrets is split by first guess (:meth:`solve_by_first_guess`), so
        that the whole game (a beam's too) runs on every core."""
        if len(jobs) == 1 and len(jobs[0][0]) >= self.split_min:
            self.solve_by_first_guess(*jobs[0], progress=progress)
            return
        self._solve_jobs(jobs, progress)

    def _solve_jobs(self, jobs: Sequence[Job], progress: Progress | None) -> None:
        """Solve the jobs, a group at a time whose pools one table of consistency holds
        (all at once, but when a game's whole table is too large)."""
        for group in self._table_groups(jobs):
            self._cover(*(pool for _, _, pool in group))
            self._run_jobs(group, progress)

    def _table_groups(self, jobs: Sequence[Job]) -> list[Sequence[Job]]:
        """The jobs in groups whose pools one table holds: the largest pools first, each in
        the first group it fits (one too large alone makes a group, refused when covered)."""
        if not jobs or self._table is None or self._table.fits([pool for *_, pool in jobs]):
            return [jobs]
        groups: list[list[Job]] = []
        for job in sorted(jobs, key=lambda job: -len(job[2])):
            for group in groups:
                if self._table.fits([*(pool for *_, pool in group), job[2]]):
                    group.append(job)
                    break
            else:
                groups.append([job])
        return list(groups)

    def _run_jobs(self, jobs: Sequence[Job], progress: Progress | None) -> None:
        order = sorted(range(len(jobs)), key=lambda k: -len(jobs[k][0]))

        def run(k: int) -> None:
            candidates, tries_left, pool = jobs[k]
            with contextlib.suppress(SearchInterrupted):
                self._solve_now(candidates, tries_left, pool, INFEASIBLE)
            if progress is not None:
                progress(len(candidates))

        if self.workers == 1 or len(jobs) == 1:
            for k in order:
                run(k)
            return
        with ThreadPoolExecutor(self.workers) as executor, self._stopped_when_left():
            list(executor.map(run, order))

    def lower_of(self, candidates: IdArray, tries_left: int, value: SetValue) -> int:
        split_answer = self._split.get((candidates.tobytes(), tries_left))
        return value.lower if split_answer is None else split_answer.lower

    def proven_lower(self, candidates: IdArray, tries_left: int, pool: Pool) -> int:
        return self.core.known_lower(candidates, tries_left, pool)

    def tree_rows(self, candidates: IdArray, tries_left: int, pool: Pool) -> Int64Array:
        split_answer = self._split.get((candidates.tobytes(), tries_left))
        if split_answer is not None:
            return self.guess_rows(split_answer.value.guess, candidates, tries_left, pool)
        self._cover(pool)
        with self.core.unbounded():  # a set solved once is grown whatever the budget left
            rows = self.core.tree(candidates, tries_left, pool)
        if rows is None:
            raise RuntimeError("the search could not rebuild its tree")
        return rows

    def guess_floors(self, candidates: IdArray, pool: Pool) -> tuple[IdArray, Int64Array]:
        """As every exact search's: every guess of ``pool`` in the order given, each with its
        floor played first (counted by the core)."""
        rows = np.ascontiguousarray(pool, dtype=np.intp)
        return rows, self.core.first_floors(candidates, rows)

    # -- whole-game proofs, one first guess at a time -------------------------------------

    def _first_guesses(self, candidates: IdArray, pool: Pool) -> FirstGuesses:
        rows = np.ascontiguousarray(pool, dtype=np.intp)
        key = (candidates.tobytes(), rows.tobytes())
        if self._first is None or self._first[0] != key:  # the whole game asks twice
            self._first = (key, self.core.first_guesses(candidates, rows, dedup=self._free))
        return self._first[1]

    def first_guess_order(self, candidates: IdArray, pool: Pool) -> IdArray:
        """The informative guesses of ``pool`` (one per partition in free play) in the
        order the search tries them: by the bound ``3n − w − k`` (weighted: ``3W − w(guess)
        − Σ max w`` over its buckets), then the evener split; a beam keeps the first K."""
        order = self._first_guesses(candidates, pool).order
        if self.limit.beam is not None:
            order = order[: self.limit.beam]
        return order

    def first_bound(self, candidates: IdArray, pool: Pool) -> int:
        """As every exact search's (the least first-guess floor), counting the floors only
        of the guesses whose bound (``3n − w − k``, or weighted) could still undercut the least
        found."""
        if len(candidates) <= 2:
            return super().first_bound(candidates, pool)
        return self.core.least_first_floor(candidates, np.ascontiguousarray(pool, dtype=np.intp))

    def solve_by_first_guess(
        self,
        candidates: IdArray,
        tries_left: int,
        pool: Pool,
        *,
        progress: Progress | None = None,
    ) -> None:
        """Solve a set by trying its first guesses one by one, each only for a value that
        can still beat the best so far: the first on every core (its buckets shared out,
        largest first), the others shared out between the cores. Within a budget the best
        complete tree found is kept, with the lower bound proven (:meth:`proven_lower`);
        without one :meth:`solve` raises SearchInterrupted."""
        self._cover(pool)  # every later pool is within it
        order = self.first_guess_order(candidates, pool)
        floors = self.core.first_floors(
            candidates, order, self._first_guesses(candidates, pool).fan_out
        )
        key = (candidates.tobytes(), tries_left)
        best: FirstGuessValue | None = None
        lower_left = INFEASIBLE  # the least bound proven for the guesses not finished
        first = int(order[0])
        buckets = [
            (members, tries_left - 1, self.pool_after(pool, first, pattern, members))
            for pattern, members in split(self.matrix.values[first, candidates], candidates)
            if pattern != self.game.win_pattern
        ]
        # The bar counts the secrets of the set once per first guess tried, shared out
        # between the guesses: its time remaining follows the guesses done.
        units = sum(len(members) for members, _, _ in buckets)
        each = None if progress is None else shared_out(progress, len(order))
        self._solve_jobs(buckets, each)
        try:
            best = self.first_guess_value(first, candidates, tries_left, pool)
        except SearchInterrupted:
            lower_left = min(lower_left, int(floors[0]))
        lock = threading.Lock()
        position = 1

        def evaluate() -> None:
            nonlocal best, lower_left, position
            while True:
                with lock:
                    if position >= len(order) or self.core.stopped:
                        return
                    k = position
                    position += 1
                    cutoff = INFEASIBLE if best is None else best.total
                guess = int(order[k])
                try:
                    value = self.first_guess_value(guess, candidates, tries_left, pool, cutoff)
                except SearchInterrupted:
                    with lock:
                        lower_left = min(lower_left, int(floors[k]))
                    continue
                if each is not None:
                    each(units)
                with lock:
                    if value.exact and (
                        best is None or (value.total, value.worst) < (best.total, best.worst)
                    ):
                        best = value
                    elif not value.exact:
                        lower_left = min(lower_left, value.total)

        if not self.core.stopped:
            if self.workers == 1:
                evaluate()
            else:
                with ThreadPoolExecutor(self.workers) as executor, self._stopped_when_left():
                    for running in [executor.submit(evaluate) for _ in range(self.workers)]:
                        running.result()
        with lock:  # guesses never reached keep their floors as bounds
            for k in range(position, len(order)):
                lower_left = min(lower_left, int(floors[k]))
        if best is not None:
            value = SetValue(best.total, True, best.worst, best.guess)
            self._split[key] = _SplitAnswer(value, min(best.total, lower_left))

    def first_guess_bounds(self, candidates: IdArray, tries_left: int, pool: Pool) -> Int64Array:
        """A proven lower bound on the total of each guess of ``pool`` played first: the set's
        size (weight) plus the level floor of each of its buckets (cheap: one pass over the
        cells)."""
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
        most ``cutoff``, else a proven lower bound above ``cutoff``. Raises SearchInterrupted
        when the budget runs out.

        With :meth:`first_guess_bounds` this is a whole-game proof shared out by first
        guess: a worker gets (guess, cutoff) and answers value or bound. In a consistent hard
        mode whose whole table is too large, a pool the table does not hold is valued one
        guess at a time (the table is made to hold each bucket's pool in turn)."""
        values = self.matrix.values[guess, candidates]
        most = self.game.n_patterns
        buckets = [
            (members, self.pool_after(pool, guess, pattern, members), self.floor(members, most))
            for pattern, members in split(values, candidates)
            if pattern != self.game.win_pattern
        ]
        buckets.sort(key=lambda bucket: len(bucket[0]))
        total = self.weight(candidates)
        remaining = sum(floor for _, _, floor in buckets)
        if total + remaining > cutoff:
            return FirstGuessValue(guess, total + remaining, False)
        worst = 1
        for members, child_pool, floor in buckets:
            remaining -= floor
            # Held already when the whole game is split by first guess (its pool is); else
            # the table is made to hold each bucket's pool in turn (one guess at a time).
            self._cover(child_pool)
            child = self._solve_now(
                members, tries_left - 1, child_pool, cutoff - total - remaining + 1
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
    workers: int | None = None,
) -> CompiledSearch:
    """The exact search for these play options, on the compiled core (secrets alike or
    weighted, any allowed word may be guessed or, in hard mode, any the rule's hard mode
    allows, or only candidates, in hard mode too; ``workers`` threads, default every core).
    Raises SearchCoverageError for a game beyond the core: more secrets or guesses than it
    takes, or a hard mode it cannot play."""
    game = matrix.game
    secrets, guesses = len(game.secrets), len(game.guesses)
    if secrets > MAX_SECRETS or guesses > MAX_GUESSES:
        raise SearchCoverageError(
            f"the exact search takes at most {MAX_SECRETS:,} secrets and {MAX_GUESSES:,}"
            f" guesses, not {secrets:,} and {guesses:,}"
        )
    # Hard mode always allows a candidate: guessing only candidates, it changes nothing.
    if hard and not only_candidates and not compiled_hard_mode(game):
        raise SearchCoverageError(
            f"the exact search plays hard mode within {HARD_TRIES} tries and words of at most"
            f" {HARD_LENGTH} letters, not {game.max_tries or 'unlimited'} tries of"
            f" {game.length}-letter words"
        )
    return CompiledSearch(
        matrix,
        hard=hard,
        only_candidates=only_candidates,
        limit=limit,
        weights=weights,
        workers=workers,
    )

"""What every exact search is: the value of a candidate set, its bounds, its tree.

An exact search answers for a set of candidates with some tries left: its least total
guesses (:meth:`ExactSearch.solve`, exact below a bound ``beta`` or a proven lower bound),
the value of one guess played first (:meth:`~ExactSearch.try_guess`), the optimal tree once
solved (:meth:`~ExactSearch.tree_rows`) and proven floors (:meth:`~ExactSearch.first_bound`,
:meth:`~ExactSearch.guess_floors`). :class:`ExactSearch` holds what the engines share, each
engine its own recursion: the readable search (:class:`~wordsolver.search.exact.
OptimalSearch`, which also plays every rule's hard mode and games too large for the core) and
the compiled one (:class:`~wordsolver.search.compiled.CompiledSearch`), both with or without
secret weights (:attr:`ExactSearch.units`: totals count each secret's weight), guessing any
allowed word or only candidates; the proof's symmetric search
(:class:`~wordsolver.proof.symmetric.SymmetricSearch`) plays one guess per class above either.

The floors are free functions: with no guess splitting a set into more than ``fan_out``
buckets, at most ``fan_out^(D−1)`` secrets are solved within ``D`` guesses
(:func:`level_floor`); a set of ``b`` equal secrets needs at least ``2b − 1`` guesses.
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wordsolver.errors import UnsolvableError, WordsolverError
from wordsolver.matrix import PatternMatrix
from wordsolver.partition import bucket_sizes, partition_stats, split
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.plumbing.progress import Progress
from wordsolver.weights import SecretWeights

#: The value of a set that cannot be solved within the tries left (above any weighted total).
INFEASIBLE = 1 << 60
#: Guesses whose bucket sizes :meth:`ExactSearch.first_bound` counts at once.
_BOUND_CHUNK = 4096
#: Tries assumed when a game sets no limit (no sensible tree comes near it).
UNLIMITED_TRIES = 32


@dataclass(frozen=True, slots=True)
class SearchLimit:
    """Budget of a search. ``beam`` keeps only the K most promising guesses at each set, which
    makes the answer a good tree rather than a proven optimum."""

    seconds: float | None = None
    nodes: int | None = None
    beam: int | None = None


class SearchInterrupted(WordsolverError):
    """The search ran out of its time or node budget."""


@dataclass(slots=True)
class SetValue:
    """What the search knows of a set: a proven lower bound, or the exact value, the depth of
    its deepest secret and the guess that achieves it."""

    lower: int
    exact: bool = False
    worst: int = 0
    guess: int = -1


Pool = IdArray


#: One set to solve: (candidates, tries left, guesses allowed).
Job = tuple[IdArray, int, Pool]


class ExactSearch(ABC):
    """An exact search over one pattern matrix, every secret counting one or (``weights``) its
    weight in integer units; reusable, what it learns of sets is kept for later calls. Each
    engine gives :meth:`solve` and :meth:`proven_lower`; the values of guesses, trees and
    floors follow from them."""

    #: The secrets' weights (None: alike; each secret's weight in integer units is
    #: :attr:`units`), and whether only candidates may be guessed.
    weights: SecretWeights | None = None
    only_candidates: bool = False

    def __init__(
        self,
        matrix: PatternMatrix,
        *,
        hard: bool = False,
        limit: SearchLimit | None = None,
        weights: SecretWeights | None = None,
    ) -> None:
        self.matrix = matrix
        self.game = matrix.game
        self.hard = hard
        self.limit = limit or SearchLimit()
        self.weights = weights
        self.units = (
            np.ones(len(self.game.secrets), dtype=np.int64) if weights is None else weights.units()
        )
        #: Sets searched so far (the engine's count).
        self.nodes = 0
        self._floor_tables: dict[int, Int64Array] = {}

    @abstractmethod
    def start_clock(self) -> None:
        """Start the time and node budget of :attr:`limit` from now."""

    @abstractmethod
    def solve(self, candidates: IdArray, tries_left: int, pool: Pool, beta: int) -> SetValue:
        """The least total guesses for ``candidates``, exact if it is below ``beta``; otherwise
        (not exact) a proven lower bound of at least ``beta``."""

    @abstractmethod
    def proven_lower(self, candidates: IdArray, tries_left: int, pool: Pool) -> int:
        """The lower bound the search has proven for a set (its value when solved), or 0."""

    def known_lower(self, candidates: IdArray, tries_left: int, pool: Pool) -> int | None:
        """A lower bound already proven for a set, cheap to read, or None: it tightens the
        floors :meth:`try_guess` starts from."""
        return None

    # -- pools and weights ----------------------------------------------------------------

    def pool_after(self, pool: Pool, guess: int, pattern: int, members: IdArray) -> Pool:
        """The guesses allowed after ``guess`` earned ``pattern``, leaving ``members``: all of
        them, or in hard mode those the rule's hard mode allows."""
        if not self.hard:
            return pool
        codes = self.game.guess_codes
        kept: Pool = pool[self.game.rule.hard_mode_allows(codes[pool], codes[guess], pattern)]
        return kept

    def weight(self, candidates: IdArray) -> int:
        """The weight of a set in the search's units (its size when unweighted)."""
        return len(candidates) if self.weights is None else int(self.units[candidates].sum())

    def can_win(self, candidates: IdArray, rows: Pool) -> Int64Array:
        """1 for each guess that is one of the candidates, else 0."""
        in_play = np.zeros(len(self.game.secrets) + 1, dtype=np.bool_)
        in_play[candidates] = True
        return in_play[self.game.secret_of_guess[rows]].astype(np.int64)

    # -- floors ---------------------------------------------------------------------------

    def floor(self, members: IdArray, fan_out: int) -> int:
        """A lower bound on the total guesses of a set when no guess splits it into more than
        ``fan_out`` buckets: see :func:`level_floor` (weighted, of the members' weights)."""
        if self.weights is not None:
            return level_floor(np.sort(self.units[members])[::-1], fan_out)
        return int(self._level_floors(fan_out)[len(members)])

    def _level_floors(self, fan_out: int) -> Int64Array:
        """:func:`level_floor` of equal weights for every set size, by fan-out (cached)."""
        table = self._floor_tables.get(fan_out)
        if table is None:
            table = level_floors(len(self.game.secrets), fan_out)
            self._floor_tables[fan_out] = table
        return table

    def first_bound(self, candidates: IdArray, pool: Pool) -> int:
        """A proven lower bound on the total guesses of a set, from its guesses' partitions:
        the least over the guesses allowed of the set's weight plus the floors of the guess's
        buckets (:meth:`floor`, with the most buckets any guess makes)."""
        if len(candidates) <= 2:
            return self.floor(candidates, 2)
        stats = partition_stats(self.matrix, pool, candidates)
        fan_out = int(stats.n_buckets.max())
        # A guess left out splits like one kept: the same floor.
        return int(self._floors_of(candidates, stats.rows, fan_out).min())

    def guess_floors(self, candidates: IdArray, pool: Pool) -> tuple[IdArray, Int64Array]:
        """Every guess of ``pool``, in the order given, and for each a proven lower bound on
        the total guesses of the set when it is played first: the set's size plus the level
        floor of each of its buckets (equal weights), no guess making more buckets than the
        most any guess of ``pool`` makes. Every row given gets its bound, those that
        :func:`~wordsolver.partition.partition_stats` leaves out as well (they split the set
        like a guess it keeps: the same buckets, the same floors)."""
        rows = np.ascontiguousarray(pool, dtype=np.intp)
        fan_out = int(partition_stats(self.matrix, rows, candidates).n_buckets.max())
        return rows, self._floors_of(candidates, rows, fan_out)

    def _floors_of(self, candidates: IdArray, rows: IdArray, fan_out: int) -> Int64Array:
        """Each guess's floor played first (:meth:`guess_floors`) with ``fan_out`` buckets
        at most per guess."""
        can_win = self.can_win(candidates, rows)
        floors = self._level_floors(fan_out)
        bounds = np.empty(len(rows), dtype=np.int64)
        for first in range(0, len(rows), _BOUND_CHUNK):
            chunk = rows[first : first + _BOUND_CHUNK]
            sizes = bucket_sizes(self.matrix, chunk, candidates)
            # The win bucket holds one secret (floor 1) and costs nothing more.
            part = len(candidates) + floors[sizes].sum(axis=1) - can_win[first : first + len(chunk)]
            bounds[first : first + len(chunk)] = part
        return bounds

    # -- values ---------------------------------------------------------------------------

    def try_guess(
        self,
        candidates: IdArray,
        tries_left: int,
        pool: Pool,
        guess: int,
        best: int,
        fan_out: int | None = None,
    ) -> SetValue:
        """Exact total of ``guess`` if it is at most ``best``, else a lower bound above it.

        ``fan_out``: the most buckets any allowed guess makes of the candidates (bounds every
        subset's too); the game's number of patterns when not known."""
        most = self.game.n_patterns if fan_out is None else fan_out
        groups = []
        for pattern, members in split(self.matrix.values[guess, candidates], candidates):
            if pattern != self.game.win_pattern:
                floor = self.floor(members, most)
                known = self.known_lower(members, tries_left - 1, pool)
                groups.append((pattern, members, floor if known is None else max(floor, known)))
        groups.sort(key=lambda group: -len(group[1]))
        remaining = sum(floor for _, _, floor in groups)
        total = self.weight(candidates)
        if total + remaining > best:  # the floors alone already exceed the best
            return SetValue(total + remaining)
        worst = 1
        for pattern, members, floor in groups:
            remaining -= floor
            child_pool = self.pool_after(pool, guess, pattern, members)
            child = self.solve(members, tries_left - 1, child_pool, best - total - remaining + 1)
            total += child.lower
            if not child.exact or total + remaining > best:
                return SetValue(total + remaining)
            worst = max(worst, child.worst + 1)
        return SetValue(total, True, worst, guess)

    def solve_all(self, jobs: Sequence[Job], progress: Progress | None = None) -> None:
        """Solve many sets exactly, the largest first (answers stay with the search); the sets
        a budget stops are left for :meth:`solve` to report. ``progress(n)`` after each set."""
        for candidates, tries_left, pool in sorted(jobs, key=lambda job: -len(job[0])):
            with contextlib.suppress(SearchInterrupted):  # the budget is spent: left for later
                self.solve(candidates, tries_left, pool, INFEASIBLE)
            if progress is not None:
                progress(len(candidates))

    def lower_of(self, candidates: IdArray, tries_left: int, value: SetValue) -> int:
        """The lower bound proven for a set whose (best found) value :meth:`solve` gave."""
        return value.lower

    # -- trees ----------------------------------------------------------------------------

    def best_guess(self, candidates: IdArray, tries_left: int, pool: Pool) -> int:
        """The row of an optimal guess (solving the set first if needed)."""
        known = self.solve(candidates, tries_left, pool, INFEASIBLE)
        if not known.exact or known.lower >= INFEASIBLE:
            raise UnsolvableError(
                f"no tree solves these {len(candidates)} candidates within {tries_left} tries"
            )
        return known.guess

    def tree_rows(self, candidates: IdArray, tries_left: int, pool: Pool) -> Int64Array:
        """The optimal tree of a set solved exactly, as rows of (guess, parent node, pattern
        from the parent): the root is node 1 (parent 0), parents come before children."""
        rows: list[tuple[int, int, int]] = []
        stack = [(candidates, tries_left, pool, 0, -1)]
        while stack:
            members, tries, allowed, parent, pattern = stack.pop()
            guess = self.best_guess(members, tries, allowed)
            rows.append((guess, parent, pattern))
            node = len(rows)
            for child_pattern, child in split(self.matrix.values[guess, members], members):
                if child_pattern != self.game.win_pattern:
                    child_pool = self.pool_after(allowed, guess, child_pattern, child)
                    stack.append((child, tries - 1, child_pool, node, child_pattern))
        return np.array(rows, dtype=np.int64).reshape(-1, 3)

    def guess_rows(
        self, guess: int, candidates: IdArray, tries_left: int, pool: Pool
    ) -> Int64Array:
        """The tree rows of ``guess`` played on a set, each bucket's optimal subtree below it
        (the buckets solved exactly already)."""
        return tree_below(self, self.tree_rows, guess, candidates, tries_left, pool)


#: The optimal tree of a set solved exactly: (candidates, tries left, pool) → tree rows.
TreeRows = Callable[[IdArray, int, Pool], Int64Array]


def tree_below(
    search: ExactSearch,
    subtree: TreeRows,
    guess: int,
    candidates: IdArray,
    tries_left: int,
    pool: Pool,
) -> Int64Array:
    """The tree rows of ``guess`` played on a set, each bucket's subtree (``subtree``, the
    buckets solved exactly already) below it; the pool of each bucket is the one the rules
    leave."""
    children = []
    for pattern, members in split(search.matrix.values[guess, candidates], candidates):
        if pattern == search.game.win_pattern:
            continue
        child_pool = search.pool_after(pool, guess, pattern, members)
        children.append((int(pattern), subtree(members, tries_left - 1, child_pool)))
    return joined_rows(guess, children)


def joined_rows(guess: int, children: list[tuple[int, Int64Array]]) -> Int64Array:
    """The tree rows of ``guess`` at the root with each (pattern, subtree rows) below it."""
    rows = [np.array([[guess, 0, -1]], dtype=np.int64)]
    size = 1
    for pattern, child in children:
        sub = child.copy()
        sub[:, 1] = np.where(sub[:, 1] == 0, 1, sub[:, 1] + size)
        sub[0, 2] = pattern
        rows.append(sub)
        size += len(sub)
    return np.concatenate(rows)


def level_floor(heaviest_first: Int64Array, fan_out: int) -> int:
    """The least total guesses (weighted) of any tree for secrets of these weights, given in
    decreasing order, when no guess splits a set into more than ``fan_out`` buckets.

    A first guess solves at most one secret, and splits the rest into at most ``fan_out``
    buckets, one of them the win when it may win: so if at most ``c_D`` secrets of any set
    are solved within ``D`` guesses, at most ``max(1 + (fan_out − 1)·c_D, fan_out·c_D) =
    fan_out·c_D`` are solved within ``D + 1``, and ``c_D = fan_out^(D−1)``. The total is at
    least ``Σ_D (W − weight of the c_D heaviest)`` over ``D = 0, 1, …`` (``c_0 = 0``). For
    ``b ≤ fan_out`` equal weights this is ``2b − 1``:

    >>> import numpy as np
    >>> level_floor(np.ones(3, dtype=np.int64), 3), level_floor(np.ones(10, dtype=np.int64), 3)
    (5, 27)
    """
    prefix = np.concatenate(([0], np.cumsum(heaviest_first)))
    total, solved = 0, 0
    while solved < len(heaviest_first):
        total += int(prefix[-1] - prefix[solved])
        solved = _more_solved(solved, fan_out)
    return total


def level_floors(largest: int, fan_out: int) -> Int64Array:
    """:func:`level_floor` of equal weights for every set size up to ``largest``."""
    sizes = np.arange(largest + 1, dtype=np.int64)
    table = np.zeros_like(sizes)
    solved = 0  # c_D: the most secrets solved within D guesses
    while solved < sizes[-1]:
        table += np.maximum(sizes - solved, 0)
        solved = _more_solved(solved, fan_out)
    return table


def _more_solved(solved: int, fan_out: int) -> int:
    """The most secrets solved within one guess more than ``solved`` are (see
    :func:`level_floor`); one more each guess when no guess splits (a set that size cannot be
    told apart, but the floor stays finite)."""
    return 1 if solved == 0 else max(fan_out * solved, solved + 1)


def _better(candidate: SetValue, best: SetValue) -> bool:
    """Fewer total guesses, then a shallower worst case."""
    if not best.exact:
        return candidate.lower <= best.lower
    return (candidate.lower, candidate.worst) < (best.lower, best.worst)


@dataclass(frozen=True, slots=True)
class GuessOrder:
    """A set's guesses in the order a search tries them (``order`` indexes the others): their
    rows, bounds, whether the bound is their value (``closed``) and its worst case then."""

    order: IdArray
    rows: IdArray
    bound: Int64Array
    closed: npt.NDArray[np.bool_]
    closed_worst: Int64Array


def best_of_guesses(
    guesses: GuessOrder, beta: int, try_guess: Callable[[int, int], SetValue]
) -> tuple[SetValue, int]:
    """The best guess of a set by the search's rules: in order, each guess whose bound can
    still beat the best so far is valued by ``try_guess(guess, best total)`` (exact if at most
    it, else a lower bound above); the best (``SetValue(beta)`` when none is exact below
    ``beta``) and the least lower bound of the guesses not solved (INFEASIBLE: none)."""
    best = SetValue(beta)
    untried_floor = INFEASIBLE
    order, bound = guesses.order, guesses.bound
    for position, k in enumerate(order):
        if bound[k] > best.lower or (bound[k] == best.lower and best.exact and best.worst <= 2):
            untried_floor = int(bound[order[position:]].min())
            break
        guess = int(guesses.rows[k])
        if guesses.closed[k]:
            candidate = SetValue(int(bound[k]), True, int(guesses.closed_worst[k]), guess)
        else:
            candidate = try_guess(guess, best.lower)
        if candidate.exact and _better(candidate, best):
            best = candidate
        elif not candidate.exact:
            untried_floor = min(untried_floor, candidate.lower)
    return best, untried_floor

"""One process's share of a whole-game proof: the value of a first guess under a cutoff.

A :class:`ProofSpec` says what is proven (the game with its lists, the mode); it travels to
every worker once. :func:`evaluate_first_guess` is the task a worker runs: the exact value of
one first guess when it is at most the cutoff, else a proven lower bound above it, with the
optimal tree when exact. Each process keeps its :class:`FirstGuessProver` (pattern matrix,
search core and memo) from task to task, so the sets one first guess solved serve the next.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from wordsolver.games import Game
from wordsolver.matrix import PatternMatrix, matrix_bytes, pattern_matrix
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.plumbing.digests import blake2b_digest, sha256_hex
from wordsolver.proof.first_guess import FirstGuessSearch, LiveCutoff
from wordsolver.proof.live import SharedCutoff
from wordsolver.proof.parts import WHOLE, FirstGuessParts
from wordsolver.proof.symmetric import SYMMETRY_MIN, SymmetricSearch
from wordsolver.proof.symmetry import Symmetry, game_symmetry
from wordsolver.search import INFEASIBLE, UNLIMITED_TRIES, FirstGuessValue
from wordsolver.search.compiled import exact_search
from wordsolver.search.core import MEMO_BYTES

#: Memory a search core takes besides the matrix: at most its memo.
_CORE_BYTES = MEMO_BYTES


@dataclass(frozen=True, slots=True)
class ProofSpec:
    """What a proof proves: a game (its rules and lists) in a mode. ``symmetric`` uses the
    game's symmetry when it has one; ``threads`` caps the threads of a worker's kernels.
    ``split`` proves each class of first guesses in parts (by buckets and second guesses,
    :mod:`.parts`; None: when there are few classes and a symmetry), buckets of fewer than
    ``split_min`` secrets being one part each."""

    game: Game
    hard: bool = False
    symmetric: bool = True
    threads: int | None = None
    split: bool | None = None
    split_min: int = SYMMETRY_MIN

    @property
    def key(self) -> str:
        """Names the setup in a worker's cache."""
        game = self.game
        parts = [game.name, game.secrets.digest(), game.guesses.digest(), str(game.max_tries)]
        parts += [game.rule.name, str(game.length), str(self.hard), str(self.symmetric)]
        return sha256_hex("|".join(parts).encode())[:24]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A first guess evaluated: its exact total (with worst case and tree rows) or a lower
    bound above the cutoff it was given."""

    guess: int
    total: int
    exact: bool
    worst: int
    #: Whether it took a search (False: refuted by its bounds alone).
    searched: bool
    seconds: float
    rows: Int64Array | None = field(default=None, repr=False)
    #: A part's bucket and second guess (-1, -1: the first guess whole; the second -1: the
    #: whole bucket).
    pattern: int = -1
    second: int = WHOLE


def process_bytes(game: Game) -> int:
    """About the memory one proving process takes: the matrix and two search cores."""
    return matrix_bytes(game) + 2 * _CORE_BYTES


class FirstGuessProver:
    """Values of first guesses for one game and mode, on one process."""

    def __init__(self, spec: ProofSpec, matrix: PatternMatrix | None = None) -> None:
        self.spec = spec
        self.game = spec.game
        self.matrix = matrix or pattern_matrix(spec.game)
        self.search = exact_search(self.matrix, hard=spec.hard, workers=spec.threads)
        self.tries = self.game.max_tries or UNLIMITED_TRIES
        self.candidates = np.arange(len(self.game.secrets), dtype=np.intp)
        self.pool = np.arange(len(self.game.guesses), dtype=np.intp)
        found = game_symmetry(self.game) if spec.symmetric and not spec.hard else None
        #: The game's symmetry in use (None: every first guess is searched for itself).
        self.symmetry: Symmetry | None = found
        symmetric = None if found is None else SymmetricSearch(self.search, found)
        self._first = FirstGuessSearch(
            self.search, self.candidates, self.tries, self.pool, symmetric
        )
        #: First guesses in parts (None without a symmetry to name second-guess classes).
        self.parts = (
            None if symmetric is None else FirstGuessParts(symmetric, self.tries, self.pool)
        )

    def bounds(self, rows: IdArray) -> Int64Array:
        """A cheap proven lower bound on each first guess of ``rows``: the level floors of its
        buckets (:meth:`wordsolver.search.ExactSearch.guess_floors`), for at most as many
        buckets per guess as any guess of ``rows`` makes of every secret. That is the game's
        fan-out when ``rows`` are every first guess or one per symmetry class (a class's
        guesses split alike), which is how proofs call it."""
        return self.search.guess_floors(self.candidates, rows)[1]

    def value(self, guess: int, cutoff: int = INFEASIBLE) -> FirstGuessValue:
        """The exact value of ``guess`` played first if it is at most ``cutoff``, else a
        proven lower bound above it (:class:`~wordsolver.proof.first_guess.FirstGuessSearch`)."""
        return self._first.value(guess, cutoff)[0]

    def tree_rows(self, guess: int) -> Int64Array:
        """The optimal tree of ``guess`` played first, once its value was found exact."""
        return self._first.tree_rows(guess)

    def evaluate(
        self, guess: int, cutoff: int, *, search: bool = True, live: LiveCutoff | None = None
    ) -> Outcome:
        """:meth:`value`, timed, with the tree rows when exact (without ``search``: the
        bounds alone; ``live``: the proof's best total as it falls, see
        :meth:`FirstGuessSearch.value`)."""
        started = time.perf_counter()
        value, searched = self._first.value(guess, cutoff, search=search, live=live)
        rows = self.tree_rows(guess) if value.exact and value.total < INFEASIBLE else None
        seconds = time.perf_counter() - started
        return Outcome(guess, value.total, value.exact, value.worst, searched, seconds, rows)

    def evaluate_part(self, guess: int, pattern: int, second: int, cutoff: int) -> Outcome:
        """One part of ``guess`` (:meth:`FirstGuessParts.value`), timed, with its tree rows
        when exact."""
        parts = self.parts
        if parts is None:
            raise ValueError("a proof in parts needs the game's symmetry")
        started = time.perf_counter()
        value = parts.value(guess, pattern, second, cutoff)
        exact = value.exact and value.lower < INFEASIBLE
        rows = parts.tree_rows(guess, pattern, second) if exact else None
        seconds = time.perf_counter() - started
        total, worst = value.lower, value.worst
        return Outcome(guess, total, value.exact, worst, True, seconds, rows, pattern, second)


#: This process's prover (one setup at a time: a new one replaces it).
_PROVERS: dict[str, FirstGuessProver] = {}


def prover_for(spec: ProofSpec, matrix: PatternMatrix | None = None) -> FirstGuessProver:
    """This process's prover for ``spec``, made on first use."""
    prover = _PROVERS.get(spec.key)
    if prover is None:
        _PROVERS.clear()
        if spec.threads is not None:
            import numba  # the partition kernels' threads; the search core takes `workers`

            numba.set_num_threads(max(1, min(spec.threads, numba.get_num_threads())))
        prover = _PROVERS[spec.key] = FirstGuessProver(spec, matrix)
    return prover


def evaluate_first_guess(
    spec: ProofSpec, guess: int, cutoff: int, search: bool = True, shared: str | None = None
) -> Outcome:
    """The task a worker runs (see :meth:`FirstGuessProver.evaluate`); ``shared`` names the
    Dask Variable holding the proof's best total (:mod:`.live`)."""
    live = None if shared is None else SharedCutoff(shared, cutoff)
    return prover_for(spec).evaluate(guess, cutoff, search=search, live=live)


def bound_first_guesses(spec: ProofSpec, guesses: tuple[int, ...], cutoff: int) -> list[Outcome]:
    """The task a worker runs to bound several first guesses at once (each by its buckets'
    two-level bounds, :meth:`FirstGuessProver.evaluate` without a search): one task for a
    few, so that the cluster's cost per task stays small beside theirs."""
    prover = prover_for(spec)
    return [prover.evaluate(guess, cutoff, search=False) for guess in guesses]


def evaluate_part(spec: ProofSpec, guess: int, pattern: int, second: int, cutoff: int) -> Outcome:
    """The task a worker runs for a part (see :meth:`FirstGuessProver.evaluate_part`)."""
    return prover_for(spec).evaluate_part(guess, pattern, second, cutoff)


def class_members(prover: FirstGuessProver) -> list[IdArray]:
    """The first guesses in classes of equal value, each class in row order (its first row
    stands for it): one class per symmetry class, else per distinct partition of the secrets
    (in hard mode each guess alone, as the words decide what stays allowed)."""
    rows = prover.pool
    if prover.symmetry is not None:
        keys = prover.symmetry.class_keys((), rows)
    elif not prover.spec.hard:
        values = np.ascontiguousarray(prover.matrix.values)
        digests = [blake2b_digest(values[row].tobytes(), 16) for row in rows]
        _, keys = np.unique(np.array(digests, dtype="S16"), return_inverse=True)
    else:
        return [np.array([row], dtype=np.intp) for row in rows]
    order = np.argsort(keys, kind="stable")
    edges = np.flatnonzero(np.diff(keys[order])) + 1
    groups = sorted(np.split(order.astype(np.intp), edges), key=lambda group: int(group[0]))
    return groups

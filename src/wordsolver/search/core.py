"""The compiled core of the exact search: its recursion in C++
(:mod:`wordsolver.search._engine`, built from ``search/engine/`` when the package is
installed), for secrets equally likely or weighted (:meth:`CompiledCore.set_units`) when any
allowed word may be guessed (or, in hard mode, any word the rule's hard mode allows), or
only the candidates (:meth:`CompiledCore.guess_only_candidates`).

It computes the same values as the tests' readable search (the fewest total guesses, ties broken by
the shallower deepest secret) by the same rules; ``engine/search.hpp`` lists them. Why C++
rather than numba: a set's search allocates a dozen small arrays and recurses, which numba
pays for with reference-counted allocations and no thread-shared memo; importing numba and
loading its cached kernels also costs more memory and start-up than the whole C++ search
needs.

One :class:`CompiledCore` serves a game: its memo (exact keys: the set itself) is shared by
every thread that searches on it, each call releases the interpreter lock, and a stop flag or
node budget ends every search cleanly, with proven lower bounds only.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wordsolver.alphabet import LetterCodes
from wordsolver.games.rule import PatternArray
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.search._engine import Engine

#: Memory the memo may take before it drops the entries of its smallest sets.
MEMO_BYTES = 1 << 30


#: Letter codes the compiled cut of small sets reads (one bit each of a word).
LETTER_CODES = 64


def _ids(values: npt.ArrayLike) -> Int64Array:
    return np.ascontiguousarray(values, dtype=np.int64)


@dataclass(frozen=True, slots=True, eq=False)
class FirstGuesses:
    """A set's first guesses as the core ranks them: ``order`` (guess rows), the most buckets
    any guess of the pool makes (``fan_out``), and the least floor of any of them played first
    (``least_floor``: a proven lower bound on the set's total)."""

    order: IdArray
    fan_out: int
    least_floor: int


class CompiledCore:
    """The compiled search of one game (``by_secret``: secret × guess cells), its memo and
    budget. ``beam`` keeps the K most promising guesses of every set. Hard mode, as the rule
    states it (:class:`~wordsolver.games.rule.HardMode`): ``feedback`` (each guess's pattern
    against each guess as the secret, played × guess, over every guess or over the guesses
    ``table_rows``; :meth:`set_hard_table` replaces it) for the consistent rule, or ``codes``
    (the guesses' letters) and ``digits`` (each pattern's mark per position) for kept
    letters."""

    def __init__(
        self,
        by_secret: PatternArray,
        secret_rows: IdArray,
        secret_of_guess: IdArray,
        win_pattern: int,
        n_patterns: int,
        beam: int | None = None,
        *,
        codes: LetterCodes | None = None,
        digits: LetterCodes | None = None,
        feedback: PatternArray | None = None,
        table_rows: IdArray | None = None,
        memo_bytes: int = MEMO_BYTES,
    ) -> None:
        empty = np.zeros((0, 0), np.uint8)
        self._engine = Engine(
            np.ascontiguousarray(by_secret),
            _ids(secret_rows),
            _ids(secret_of_guess),
            win_pattern,
            n_patterns,
            beam or 0,
            np.ascontiguousarray(codes if codes is not None else empty, dtype=np.uint8),
            np.ascontiguousarray(digits if digits is not None else empty, dtype=np.uint8),
            None if feedback is None else np.ascontiguousarray(feedback),
            None if table_rows is None else _ids(table_rows),
            memo_bytes,
        )

    @property
    def nodes(self) -> int:
        """Sets searched so far (by every thread)."""
        return int(self._engine.nodes)

    @property
    def stopped(self) -> bool:
        """Whether the searches were stopped (budget spent or :meth:`stop`)."""
        return bool(self._engine.stopped)

    @property
    def memo_size(self) -> int:
        """Sets the memo holds."""
        return int(self._engine.memo_size)

    def set_hard_table(self, feedback: PatternArray, rows: IdArray) -> None:
        """Read consistent hard mode from now on from ``feedback``: the pattern of each guess
        of ``rows`` (distinct guess rows) against each as the secret. Every pool searched or
        filtered must lie within ``rows``; set between searches only. The memo stays valid
        (its keys name guesses by their rows, not their places in the table)."""
        self._engine.set_hard_table(np.ascontiguousarray(feedback), _ids(rows))

    def set_letters(self, codes: LetterCodes) -> None:
        """Tell the search each guess's letters (``codes``: a row per guess), for a rule whose
        letters absent from every candidate are alike
        (:attr:`~wordsolver.games.FeedbackRule.absent_letters_alike`): small sets then keep
        one guess per spelling of the letters they hold. An alphabet of more letters than
        the cut tells apart (:data:`LETTER_CODES`) is left uncut."""
        if codes.size and int(codes.max()) < LETTER_CODES:
            self._engine.set_letters(np.ascontiguousarray(codes, dtype=np.uint8))

    def set_units(self, units: Int64Array) -> None:
        """Weigh each secret by its units (one per secret, 0 to 2**24): the search then
        minimises the weighted total. Set before searching."""
        self._engine.set_units(_ids(units))

    def guess_only_candidates(self) -> None:
        """Guess only candidates: every set searched guesses from its own candidates, whatever
        pool it is given (the first-guess floors still bound the guesses of the pool given).
        A core without hard mode's tables (hard mode allows every candidate); set before
        searching."""
        self._engine.set_only_candidates()

    def set_budget(self, nodes: int | None) -> None:
        """Stop after this many more sets (None: no limit); clears a past stop."""
        self._engine.set_budget(nodes)

    def stop(self) -> None:
        """End every search on this core cleanly (they return proven lower bounds)."""
        self._engine.stop()

    @contextmanager
    def unbounded(self) -> Iterator[None]:
        """Lift the budget for a while (to grow the tree of a set already solved)."""
        budget, stopped = self._engine.budget, self._engine.stopped
        self._engine.set_budget(None)
        try:
            yield
        finally:
            self._engine.set_state(budget, stopped)

    def solve(
        self, candidates: IdArray, tries_left: int, pool: IdArray, beta: int
    ) -> tuple[int, bool, int, int]:
        """(value, exact, worst, guess row) of a sorted set of secrets with ``tries_left``,
        guessing from ``pool``: exact when the value is at most ``beta``, else (not exact) a
        proven lower bound above it."""
        lower, exact, worst, guess = self._engine.solve(
            _ids(candidates), tries_left, _ids(pool), min(beta, 1 << 62)
        )
        return int(lower), bool(exact), int(worst), int(guess)

    def tree(self, candidates: IdArray, tries_left: int, pool: IdArray) -> Int64Array | None:
        """The optimal tree of a set solved exactly: rows of (guess row, parent node, pattern),
        the root first (node 1), parents before children; None when a set of it has no tree
        within its tries (or the budget stopped its search)."""
        rows = self._engine.tree(_ids(candidates), tries_left, _ids(pool))
        if rows is None:
            return None
        return np.frombuffer(rows, dtype=np.int64).reshape(-1, 3)

    def known_lower(self, candidates: IdArray, tries_left: int, pool: IdArray) -> int:
        """The lower bound (or exact value) the memo holds for a set, 0 when none."""
        return int(self._engine.known_lower(_ids(candidates), tries_left, _ids(pool)))

    def allowed_after(self, pool: IdArray, guess: int, pattern: int) -> IdArray:
        """The guesses of ``pool`` that hard mode allows after ``guess`` earned ``pattern``
        (the core must have been given the hard-mode tables)."""
        rows = self._engine.allowed_after(_ids(pool), guess, pattern)
        return np.frombuffer(rows, dtype=np.int64).astype(np.intp)

    def first_floors(self, candidates: IdArray, pool: IdArray, fan_out: int = 0) -> Int64Array:
        """For each guess of ``pool``, a proven lower bound on the set's total when it is
        played first (the set's size, or weight, plus its buckets' level floors, where no guess
        makes more than ``fan_out`` buckets; 0: the most any guess of ``pool`` makes, or when
        only candidates are guessed, any of the set's own)."""
        floors = self._engine.first_floors(_ids(candidates), _ids(pool), fan_out)
        return np.frombuffer(floors, dtype=np.int64).copy()

    def least_first_floor(self, candidates: IdArray, pool: IdArray) -> int:
        """The least of :meth:`first_floors` over ``pool``: a proven lower bound on the set's
        total (only the guesses whose bound, ``3n − w − k`` or weighted, could undercut it
        counted)."""
        return int(self._engine.least_first_floor(_ids(candidates), _ids(pool)))

    def first_guesses(self, candidates: IdArray, pool: IdArray, *, dedup: bool) -> FirstGuesses:
        """The guesses of ``pool`` that learn something (``dedup``: one per distinct split),
        in the order the search tries them (bound ``3n − w − k`` or weighted, then the evener
        split), with the pool's fan-out and least first-guess floor."""
        rows, fan_out, least_floor = self._engine.first_guess_order(
            _ids(candidates), _ids(pool), dedup
        )
        order = np.frombuffer(rows, dtype=np.int64).astype(np.intp)
        return FirstGuesses(order, int(fan_out), int(least_floor))

"""Exact play of small games in compiled code: candidate sets as 64-bit masks.

A Fallout terminal has a few dozen words on screen, and they are also all the guesses one may
play. Sets that small fit in one machine word, and a guess splits one in a few AND instructions,
so the whole exact search runs in numba with a memo keyed by (set, tries left):

- the value of a set ``S`` with ``d`` tries left is the triple (secrets not solved within the
  tries, total guesses, deepest secret), compared in that order and packed into one int64 so
  that integer order is that order. A secret still unsolved when the tries run out is one
  failure; the guesses it got count in the total and in its depth;
- ``MEAN`` (the ``optimal`` strategy) wants every secret solved within the tries, then the
  fewest total guesses, then the smaller worst case; a tree that fails a secret is infeasible.
  ``WITHIN`` (``optimal-within``) wants the most secrets solved within the tries, then the same;
- closed forms: one candidate takes 1 guess, two take 3, a candidate that tells all others apart
  gives ``2n − 1`` (the least any set allows); with one try left, ``n`` candidates leave
  ``n − 1`` failures. Tries beyond the number of candidates change nothing, so they are cut;
- each guess gets an admissible bound: ``2b − 1`` guesses per bucket of ``b`` secrets (exact up
  to two), a deepest secret two levels down for buckets of three or more, and ``b − c``
  failures when no tree solves more than ``c`` secrets in the tries the bucket gets (``c`` grows
  as ``1 + k·c`` per try, ``k`` the most buckets a guess makes; ``MEAN`` drops the guess); guesses
  are tried in order of bound (then the more even split) until a bound reaches the best value
  found. The open buckets of a guess are solved largest first, each with the room the guess
  leaves below the best (alpha-beta style): a bucket that cannot fit proves a lower bound
  instead, and the memo keeps it until a later call needs the exact value;
- guesses that split the set like an earlier one, or learn nothing, are never tried.

The tests hold its ``MEAN`` values to the readable search of ``tests/readable_search.py``
and to a plain exhaustive search.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from numba import njit, types
from numba.extending import intrinsic
from numba.typed import Dict

from wordsolver.errors import WordsolverError
from wordsolver.games.rule import PatternArray
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import IdArray, Int64Array

MaskArray = npt.NDArray[np.uint64]

#: Most secrets the compiled search handles: a set is a mask of this many bits, and the memo
#: key keeps six more for the tries left.
MAX_SECRETS = 58
#: Most guesses it considers at a set (its cost grows with them).
MAX_GUESSES = 256


class Objective(IntEnum):
    """What a tree is judged by first (then fewest total guesses, then smaller worst case)."""

    MEAN = 0  # every secret within the tries (when any tree manages it)
    WITHIN = 1  # the most secrets within the tries


# Packed value: failures << 24 | total << 8 | worst. Totals stay below n(n + 1)/2 ≤ 1,711.
_TOTAL_SHIFT = 8
_FAILURES_SHIFT = 24
_FIELD = (1 << 16) - 1
_WORST = (1 << 8) - 1
#: The value of a set no tree solves within the tries (``MEAN`` only); any value this high or
#: higher means the same.
_INFEASIBLE = 1 << 40
#: A bound no value reaches: the search then finds the exact value, however high.
_NO_BOUND = _INFEASIBLE + 1
# Memo entry: value << 13 | (1 if the value is only a lower bound) << 12 | (best guess + 1).
_GUESS_BITS = 12
_VALUE_SHIFT = 13
_TRIES_SHIFT = np.uint64(MAX_SECRETS)
#: ``played`` of :func:`_solve` when it is to find the best guess.
_BEST = -2
#: The mask of each single secret.
_BIT_VALUES = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))


@intrinsic
def _ctpop(typingctx: Any, mask: Any) -> Any:
    """Bits set in a uint64 (one instruction)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return types.int64(types.uint64), codegen


@intrinsic
def _cttz(typingctx: Any, mask: Any) -> Any:
    """Index of the lowest bit set in a non-zero uint64 (one instruction)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], context.get_constant(types.boolean, True))

    return types.int64(types.uint64), codegen


# How compiled code calls them (an intrinsic's Python signature is its typing hook's).
_popcount = cast(Callable[[np.uint64], int], _ctpop)
_lowest_bit = cast(Callable[[np.uint64], int], _cttz)


@njit(cache=True, inline="always")
def _pack(failures: int, total: int, worst: int) -> int:
    return (failures << _FAILURES_SHIFT) | (total << _TOTAL_SHIFT) | worst


@njit(cache=True, inline="always")
def _exact(value: int, guess: int) -> int:
    return (value << _VALUE_SHIFT) | (guess + 1)


@njit(cache=True, inline="always")
def _at_least(value: int) -> int:
    return (value << _VALUE_SHIFT) | (1 << _GUESS_BITS)


@njit(cache=True, inline="always")
def _floor(n: int) -> int:
    """The least value a set of ``n`` candidates allows: a candidate that tells all others
    apart (``2n − 1`` guesses, the others one level down)."""
    return _pack(0, 2 * n - 1, 2)


@njit(cache=True)
def _closed_form(n: int, tries: int, objective: int, first: int) -> int:
    """Memo entry of a set of ``n`` candidates (``first`` the table row of its first) whose
    value needs no search: one or two candidates, or at most one try left; -1 otherwise."""
    if n == 1:
        if tries >= 1:
            return _exact(_pack(0, 1, 1), first)
        return _exact(_INFEASIBLE if objective == 0 else _pack(1, 0, 0), -1)
    if tries <= 0:
        return _exact(_INFEASIBLE if objective == 0 else _pack(n, 0, 0), -1)
    if tries == 1:  # guess one candidate, lose the others
        return _exact(_INFEASIBLE if objective == 0 else _pack(n - 1, n, 1), first)
    if n == 2:
        return _exact(_pack(0, 3, 2), first)
    return -1


@njit(cache=True)
def _capacity(tries: int, most_classes: int) -> int:
    """Most secrets any tree can solve in ``tries - 1`` tries (what one bucket gets): one per
    guess, plus what each of at most ``most_classes`` buckets of it solves with a try less."""
    capacity = 0
    for _ in range(tries - 1):
        capacity = min(1 + most_classes * capacity, 64)
    return capacity


@njit(cache=True)
def _guess_bounds(
    candidates: np.uint64,
    tries: int,
    capacity: int,
    objective: int,
    classes: MaskArray,
    n_classes: Int64Array,
    wins: MaskArray,
    only_candidates: bool,
) -> tuple[int, Int64Array, Int64Array, Int64Array, Int64Array, int]:
    """The guesses worth trying at a set (``tries`` ≥ 2 left, three candidates or more), each
    with an admissible bound of its value: ``(count, bounds, order keys, table rows, deepest
    secret of the closed buckets or -1 when no bucket is open, a row whose bound is the least
    any set allows and exact, or -1)``. The first ``count`` entries are filled; a row of exact
    least value ends the count where it is found (no other guess can do better)."""
    n = _popcount(candidates)
    n_guesses = classes.shape[0]
    bounds = np.empty(n_guesses, np.int64)
    order_keys = np.empty(n_guesses, np.int64)
    guesses = np.empty(n_guesses, np.int64)
    closed_worst = np.empty(n_guesses, np.int64)
    count = 0
    floor = _floor(n)
    for g in range(n_guesses):
        can_win = (wins[g] & candidates) != 0
        if only_candidates and not can_win:
            continue
        failures, total, worst, shut = 0, n, 1, 1
        squares = 1 if can_win else 0
        useless = False
        for c in range(n_classes[g]):
            size = _popcount(candidates & classes[g, c])
            if size == 0:
                continue
            if size == n:
                useless = True  # learns nothing: never part of an optimal tree
                break
            squares += size * size
            if size > capacity:
                if objective == 0:
                    useless = True  # some secret of the bucket cannot be solved in time
                    break
                failures += size - capacity
            if size == 1:
                total += 1
                shut = max(shut, 2)
            elif tries == 2:  # one try left: one secret solved, the others fail
                total += size
                shut = max(shut, 2)
            elif size == 2:
                total += 3
                shut = max(shut, 3)
            else:  # open: at least 2b − 1 guesses, its deepest secret at least 2 below
                total += 2 * size - 1
                worst = 3
        if useless:
            continue
        bound = _pack(failures, total, max(worst, shut))
        if worst == 1 and bound == floor:
            return count, bounds, order_keys, guesses, closed_worst, g
        bounds[count] = bound
        order_keys[count] = (bound << 12) | squares  # then the more even split first
        guesses[count] = g
        closed_worst[count] = shut if worst == 3 else -1
        count += 1
    return count, bounds, order_keys, guesses, closed_worst, -1


@njit(cache=True)
def _in_order(keys: Int64Array, count: int) -> Int64Array:
    """The indices of the first ``count`` keys, least key first (equal keys in index order)."""
    order = np.empty(count, np.int64)
    for i in range(count):  # insertion sort: a few dozen guesses, already partly in order
        at = i
        while at > 0 and keys[order[at - 1]] > keys[i]:
            order[at] = order[at - 1]
            at -= 1
        order[at] = i
    return order


@njit(cache=True)
def _open_buckets(
    candidates: np.uint64, buckets: MaskArray, n_buckets: int
) -> tuple[MaskArray, Int64Array, int]:
    """The buckets of three candidates or more a guess splits a set into (``buckets``: its
    classes), largest first: ``(masks, sizes, how many)``."""
    masks = np.empty(n_buckets, np.uint64)
    sizes = np.empty(n_buckets, np.int64)
    n_open = 0
    for c in range(n_buckets):
        mask = candidates & buckets[c]
        size = _popcount(mask)
        if size >= 3:
            at = n_open
            while at > 0 and sizes[at - 1] < size:
                masks[at] = masks[at - 1]
                sizes[at] = sizes[at - 1]
                at -= 1
            masks[at] = mask
            sizes[at] = size
            n_open += 1
    return masks, sizes, n_open


@njit(cache=True)
def _child_beta(best: int, lost: int, made: int, others_deepest: int) -> int:
    """The bound a bucket is searched under: the value it may have at most for its guess to
    still beat ``best``, given the failures, guesses and deepest secret of the others."""
    room = best - _pack(lost, made, 0)
    beta = (room >> _TOTAL_SHIFT) << _TOTAL_SHIFT
    if others_deepest < room & _WORST:
        beta += (room & _WORST) - 1
    return beta


@njit(cache=True)
def _solve(
    candidates: np.uint64,
    tries: int,
    beta: int,
    played: int,
    objective: int,
    classes: MaskArray,
    n_classes: Int64Array,
    most_classes: int,
    wins: MaskArray,
    guess_of_bit: Int64Array,
    only_candidates: bool,
    memo: Any,
) -> int:
    """Memo entry of a set: its exact value and best guess (index into the tables) when the
    value is below ``beta``, else a lower bound of at least ``beta``.

    ``played`` ≥ -1 asks instead for the exact value of playing that guess first (-1: a guess
    that learns nothing), then the best. (One function for both: numba's cache mislinks a
    cached caller of a recursive function.)
    """
    # Plain ints, not literals, for the calls below: numba would compile (and cache) another
    # copy of this function for literal arguments, and its cache mislinks such copies.
    no_bound, find_best = max(beta, _NO_BOUND), min(played, _BEST)
    n = _popcount(candidates)
    if played >= -1:
        failures, total, worst = 0, n, 1
        for c in range(1 if played < 0 else n_classes[played]):
            bucket = candidates if played < 0 else candidates & classes[played, c]
            if bucket == 0:
                continue
            child = _solve(
                bucket, tries - 1, no_bound, find_best, objective, classes, n_classes,
                most_classes, wins, guess_of_bit, only_candidates, memo,
            ) >> _VALUE_SHIFT  # fmt: skip
            if child >= _INFEASIBLE:
                return _exact(_INFEASIBLE, played)
            failures += child >> _FAILURES_SHIFT
            total += (child >> _TOTAL_SHIFT) & _FIELD
            worst = max(worst, (child & _WORST) + 1)
        return _exact(_pack(failures, total, worst), played)
    closed = _closed_form(n, tries, objective, guess_of_bit[_lowest_bit(candidates)])
    if closed >= 0:
        return closed
    tries = min(tries, n)  # an optimal tree never needs more tries than candidates
    key = candidates | (np.uint64(tries) << _TRIES_SHIFT)
    known: int = memo.get(key, -1)
    if known >= 0 and ((known >> _GUESS_BITS) & 1 == 0 or known >> _VALUE_SHIFT >= beta):
        return known
    capacity = _capacity(tries, most_classes)
    count, bounds, order_keys, guesses, closed_worst, at_floor = _guess_bounds(
        candidates, tries, capacity, objective, classes, n_classes, wins, only_candidates
    )
    if at_floor >= 0:
        entry = _exact(_floor(n), at_floor)
        memo[key] = entry
        return entry
    best, best_guess = beta, -1
    proven = _INFEASIBLE  # least lower bound of the guesses not solved exactly
    for k in _in_order(order_keys, count):
        value = bounds[k]
        if value >= best:
            proven = min(proven, value)  # the rest are bounded at least as high
            break
        g = guesses[k]
        if closed_worst[k] >= 0:
            # Solve the open buckets (three or more secrets), largest first, each bounded so
            # that the guess could still beat the best.
            masks, sizes, n_open = _open_buckets(candidates, classes[g], n_classes[g])
            lost = value >> _FAILURES_SHIFT
            made = (value >> _TOTAL_SHIFT) & _FIELD
            deepest = closed_worst[k]
            for b in range(n_open):
                # The others, exact or bounded, without this one:
                lost -= max(sizes[b] - capacity, 0)
                made -= 2 * sizes[b] - 1
                others_deepest = max(deepest, 3 if b + 1 < n_open else 1)
                child = _solve(
                    masks[b], tries - 1, _child_beta(best, lost, made, others_deepest),
                    find_best, objective, classes, n_classes, most_classes, wins,
                    guess_of_bit, only_candidates, memo,
                )  # fmt: skip
                child_value = child >> _VALUE_SHIFT
                if child_value >= _INFEASIBLE:
                    value = _INFEASIBLE
                    break
                lost += child_value >> _FAILURES_SHIFT
                made += (child_value >> _TOTAL_SHIFT) & _FIELD
                deepest = max(deepest, (child_value & _WORST) + 1)
                value = _pack(lost, made, max(deepest, 3 if b + 1 < n_open else 1))
                if value >= best:
                    break  # a bounded child always lands here
        if value < best and value < _INFEASIBLE:
            best, best_guess = value, g
        else:
            proven = min(proven, value)
    if best_guess >= 0:
        entry = _exact(best, best_guess)
    elif proven >= _INFEASIBLE:
        entry = _exact(_INFEASIBLE, -1)
    else:
        entry = _at_least(proven)
    memo[key] = entry
    return entry


@njit(cache=True)
def _tables(
    patterns: PatternArray, win_pattern: int
) -> tuple[MaskArray, Int64Array, MaskArray, Int64Array, Int64Array]:
    """For guesses × secrets (at most 64), each guess's classes of secrets with the same
    non-winning pattern and the bit of the secret it is, if any. Guesses that split exactly like
    an earlier one, or learn nothing, are left out: the fourth array holds the guesses kept, the
    last one, for every guess, the table row it plays as (-1: it learns nothing)."""
    n_guesses, n_secrets = patterns.shape
    classes = np.zeros((n_guesses, max(n_secrets, 1)), np.uint64)
    n_classes = np.zeros(n_guesses, np.int64)
    wins = np.zeros(n_guesses, np.uint64)
    kept = np.empty(n_guesses, np.int64)
    plays_as = np.full(n_guesses, -1, np.int64)
    n_kept = 0
    seen = np.empty(n_secrets, np.int64)
    for g in range(n_guesses):
        k = 0
        for s in range(n_secrets):
            bit = np.uint64(1) << np.uint64(s)
            pattern = patterns[g, s]
            if pattern == win_pattern:
                wins[n_kept] |= bit
                continue
            c = 0
            while c < k and seen[c] != pattern:
                c += 1
            if c == k:
                seen[k] = pattern
                classes[n_kept, k] = 0
                k += 1
            classes[n_kept, c] |= bit
        if wins[n_kept] == 0 and k <= 1:
            classes[n_kept, 0] = 0
            continue  # learns nothing anywhere
        for c in range(1, k):  # canonical order, to compare (insertion sort)
            mask, at = classes[n_kept, c], c
            while at > 0 and classes[n_kept, at - 1] > mask:
                classes[n_kept, at] = classes[n_kept, at - 1]
                at -= 1
            classes[n_kept, at] = mask
        n_classes[n_kept] = k
        repeat = -1
        for h in range(n_kept):
            if n_classes[h] == k and wins[h] == wins[n_kept]:
                same = True
                for c in range(k):
                    if classes[h, c] != classes[n_kept, c]:
                        same = False
                        break
                if same:
                    repeat = h
                    break
        if repeat >= 0:
            wins[n_kept] = 0
            plays_as[g] = repeat
            continue
        kept[n_kept] = g
        plays_as[g] = n_kept
        n_kept += 1
    return classes[:n_kept], n_classes[:n_kept], wins[:n_kept], kept[:n_kept], plays_as


@njit(cache=True)
def _new_memo() -> Any:
    return Dict.empty(key_type=types.uint64, value_type=types.int64)


@dataclass(frozen=True, slots=True)
class ExactValue:
    """A set's value: secrets not solved within the tries, total guesses, deepest secret."""

    failures: int
    total: int
    worst: int


def unpack_value(value: int) -> ExactValue | None:
    """The value behind a packed one (None: infeasible)."""
    if value >= _INFEASIBLE:
        return None
    return ExactValue(value >> _FAILURES_SHIFT, (value >> _TOTAL_SHIFT) & _FIELD, value & _WORST)


@dataclass(eq=False)
class SmallExact:
    """The compiled exact search over one small set of secrets (the *universe*: a game's
    secrets, or the candidates of a position) and a fixed pool of guesses; reusable, its memos
    grow with every call.

    >>> from wordsolver.games import GameOverrides, find_game
    >>> from wordsolver.matrix import pattern_matrix
    >>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat", "bar", "cot")))
    >>> everything = np.arange(len(game.secrets))
    >>> search = SmallExact.build(pattern_matrix(game), everything, game.secret_rows)
    >>> search.value(everything, 4, Objective.MEAN)
    ExactValue(failures=0, total=10, worst=3)
    """

    matrix: PatternMatrix
    universe: IdArray
    only_candidates: bool
    guess_rows: IdArray  # the guess of each table row
    classes: MaskArray
    n_classes: Int64Array
    wins: MaskArray
    guess_of_bit: Int64Array  # for each secret of the universe, its table row
    bit_of_secret: Int64Array  # for each secret id, its bit in the universe (-1 outside)
    row_of_guess: dict[int, int]  # guess row -> table row (-1: learns nothing)
    memos: dict[Objective, Any] = field(default_factory=dict)
    _arguments: dict[Objective, tuple[Any, ...]] = field(default_factory=dict, repr=False)

    @classmethod
    def build(
        cls,
        matrix: PatternMatrix,
        universe: IdArray,
        pool: IdArray,
        *,
        only_candidates: bool = False,
    ) -> SmallExact:
        """Tables for the secrets of ``universe`` and the guess rows of ``pool`` (which must
        hold every secret of the universe); ``only_candidates``: at each set, only its
        candidates may be guessed (``pool`` is then ignored)."""
        game = matrix.game
        universe = np.asarray(universe, dtype=np.intp)
        secret_rows = np.asarray(game.secret_rows[universe], dtype=np.intp)
        if only_candidates:
            pool = secret_rows
        pool = np.asarray(pool, dtype=np.intp)
        check_fits(len(universe), len(pool))
        allowed = np.zeros(len(game.guesses), dtype=np.bool_)
        allowed[pool] = True
        if not allowed[secret_rows].all():
            raise WordsolverError("the exact search needs every candidate among the guesses")
        patterns = cast(PatternArray, np.ascontiguousarray(matrix.values[np.ix_(pool, universe)]))
        classes, n_classes, wins, kept, plays_as = _tables(patterns, game.win_pattern)
        guess_rows = pool[kept]
        row_of_guess = dict(zip(pool.tolist(), plays_as.tolist(), strict=True))
        guess_of_bit = np.full(len(universe), -1, dtype=np.int64)
        won = np.flatnonzero(wins)  # each of these is one secret: its win is a single bit
        guess_of_bit[np.searchsorted(_BIT_VALUES, wins[won])] = won
        bit_of_secret = np.full(len(game.secrets), -1, dtype=np.int64)
        bit_of_secret[universe] = np.arange(len(universe))
        return cls(
            matrix, universe, only_candidates, guess_rows, classes, n_classes, wins,
            guess_of_bit, bit_of_secret, row_of_guess,
        )  # fmt: skip

    def mask(self, candidates: IdArray) -> np.uint64:
        """The candidates (secret ids, all in the universe) as a mask."""
        bits = self.bit_of_secret[candidates]
        if len(bits) == 0 or bits.min() < 0:
            raise WordsolverError("the candidates are not all among the secrets searched")
        return np.uint64(np.bitwise_or.reduce(_BIT_VALUES[bits]))

    def _tables(self, objective: Objective) -> tuple[Any, ...]:
        """The arguments of :func:`_solve` after the set, tries, bound and guess played."""
        arguments = self._arguments.get(objective)
        if arguments is None:
            memo = self.memos[objective] = _new_memo()
            most_classes = int(self.n_classes.max(initial=0))
            arguments = self._arguments[objective] = (
                int(objective), self.classes, self.n_classes, most_classes, self.wins,
                self.guess_of_bit, self.only_candidates, memo,
            )  # fmt: skip
        return arguments

    def solve(self, candidates: IdArray, tries: int, objective: Objective) -> tuple[int, int]:
        """(packed value, best guess row or -1) of a set."""
        mask = self.mask(candidates)
        entry = int(_solve(mask, tries, _NO_BOUND, _BEST, *self._tables(objective)))
        value, index = entry >> _VALUE_SHIFT, (entry & ((1 << _GUESS_BITS) - 1)) - 1
        return value, int(self.guess_rows[index]) if index >= 0 and value < _INFEASIBLE else -1

    def value(self, candidates: IdArray, tries: int, objective: Objective) -> ExactValue | None:
        """The best value of a set with ``tries`` left (None: no tree solves it in time)."""
        return unpack_value(self.solve(candidates, tries, objective)[0])

    def guess_key(self, candidates: IdArray, tries: int, guess: int, objective: Objective) -> int:
        """Comparable value of playing guess row ``guess`` and then the best (lower is better)."""
        index = self.row_of_guess.get(guess)
        if index is None:
            raise WordsolverError(f"guess row {guess} is not among the guesses searched")
        entry = _solve(self.mask(candidates), tries, _NO_BOUND, index, *self._tables(objective))
        return int(entry) >> _VALUE_SHIFT

    def guess_value(
        self, candidates: IdArray, tries: int, guess: int, objective: Objective
    ) -> ExactValue | None:
        """Value of playing guess row ``guess`` and then the best (None: infeasible)."""
        return unpack_value(self.guess_key(candidates, tries, guess, objective))


def check_fits(n_secrets: int, n_guesses: int) -> None:
    """Raise a one-line error when a set is too large for the compiled search."""
    if n_secrets > MAX_SECRETS or n_guesses > MAX_GUESSES:
        raise WordsolverError(
            f"the compiled exact search takes at most {MAX_SECRETS} candidates and"
            f" {MAX_GUESSES} allowed guesses, not {n_secrets} and {n_guesses}"
        )


def fits(n_secrets: int, n_guesses: int) -> bool:
    """Whether a set of that many candidates and guesses fits the compiled search."""
    return n_secrets <= MAX_SECRETS and n_guesses <= MAX_GUESSES

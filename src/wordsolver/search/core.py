"""The compiled core of the exact search: the whole recursion of :class:`~wordsolver.search.
exact.OptimalSearch` in numba, for equally likely secrets when any allowed word may be guessed.

It computes the same values as the readable search (the fewest total guesses, ties broken by
the smaller worst case) by the same rules: closed forms for one and two candidates and for a
candidate that tells all others apart; each guess's admissible bound ``3n − w − k``; guesses
whose buckets hold at most two secrets solved by their bound; the level floor of every bucket
(:func:`~wordsolver.search.exact.level_floor`) or the bound the memo proved for it; guesses
tried in order of bound then evenness of split and abandoned as soon as their guesses so far
plus the floors of their open buckets pass the best total found (alpha-beta: each bucket is
searched only for a value that can still fit); and the pool of every set cut to one guess per
distinct partition, which serves all its subsets as well.

Frames. The search runs on dense secret-major blocks of the matrix: a large set copies the
cells of its own candidates and of its pool (one guess per partition) into a block of its
own, so that everything searched below it reads short contiguous rows and stays in cache. A
frame names its secrets and guesses by their position in the block; the whole game's frame
is the matrix itself.

The memo (:mod:`~wordsolver.search.memo`) is an open-addressing table in numpy arrays keyed by
two independent 64-bit hashes of (frame, sorted set, tries left), so a false match needs a
128-bit collision; so does a false repeat of a partition (two 64-bit fingerprints, in the
kernels of :mod:`~wordsolver.search.kernels`). Each entry holds the exact value (with
worst case and guess) or a proven lower bound. The search releases the interpreter lock, so
several searches (each with its own memo) run on several cores, and it stops cleanly when the
node budget is spent or its stop flag is raised.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
from numba import njit

from wordsolver.alphabet import LetterCodes as LetterArray
from wordsolver.games.kernels.colours import hard_mode as _hard_mode
from wordsolver.games.rule import PatternArray
from wordsolver.partition import IdArray, split
from wordsolver.search.kernels import (
    FRAME_MIN,
    bits_for,
    equal_floor,
    nearly_perfect,
    prepare,
    splitter,
)
from wordsolver.search.memo import (
    EXACT_BIT,
    MEMO_SLOTS,
    known_guess,
    known_lower,
    memo_find,
    memo_store,
    set_keys,
    with_pool,
)

Int64Array = npt.NDArray[np.int64]
HashArray = npt.NDArray[np.uint64]

#: The value of a set that cannot be solved within the tries left.
INFEASIBLE = 1 << 60
#: Guesses ordered by selection before the rest are sorted.
_SELECTED = 8
# Positions in the search's state array.
_NODES, _BUDGET, _BEAM, _WIN, _PATTERNS, _STOPPED = 0, 1, 2, 3, 4, 5
_STATE_SIZE = 8


@njit(cache=True, nogil=True)
def solve_set(
    cells: PatternArray,
    rows: IdArray,
    secret_of: IdArray,
    salts: HashArray,
    frame: np.uint64,
    candidates: IdArray,
    pool: IdArray,
    tries_left: int,
    beta: int,
    keys: HashArray,
    lowers: Int64Array,
    infos: Int64Array,
    state: Int64Array,
    stop: Int64Array,
    codes: LetterArray,
    digits: LetterArray,
) -> tuple[int, int, int, int]:
    """(value, exact, worst, guess) of a sorted set of a frame's secrets with ``tries_left``,
    guessing from ``pool`` (the frame's columns; the guess is one of them): exact (1) when
    the value is below ``beta``, else (0) a proven lower bound of at least ``beta``. A stopped
    search returns proven lower bounds only, never exact values it did not finish.

    Hard mode (Wordle's, in the whole game's frame) when ``codes`` holds the guesses' letters
    and ``digits`` each pattern's colours: each bucket's pool keeps the guesses the feedback
    allows, the memo keys name the pool, and pools are never cut to one guess per partition
    (the words decide what stays allowed)."""
    n = candidates.shape[0]
    if n == 1:
        if tries_left >= 1:
            return 1, 1, 1, rows[candidates[0]]
        return INFEASIBLE, 1, 0, -1
    if tries_left <= 1:
        return INFEASIBLE, 1, 0, -1
    if n == 2:
        return 3, 1, 2, rows[candidates[0]]
    hard = codes.shape[0] > 0
    h1, h2 = set_keys(frame, candidates, tries_left)
    if hard:
        h1, h2 = with_pool(h1, h2, pool)
    slot = memo_find(keys, h1, h2)
    known_lower = 0
    if slot >= 0:
        info = infos[slot]
        if info & EXACT_BIT:
            return lowers[slot], 1, (info >> 32) & 0xFF, info & 0xFFFFFFFF
        known_lower = lowers[slot]
        if known_lower >= beta:
            return known_lower, 0, 0, -1
    if state[_STOPPED] or stop[0]:
        state[_STOPPED] = 1
        return max(known_lower, 2 * n - 1), 0, 0, -1
    state[_NODES] += 1
    if 0 <= state[_BUDGET] <= state[_NODES]:
        state[_STOPPED] = 1
        return max(known_lower, 2 * n - 1), 0, 0, -1
    win = state[_WIN]
    n_patterns = state[_PATTERNS]

    # A candidate that tells all the others apart: 2n − 1 guesses, the least any set allows.
    if n <= n_patterns:
        scratch = np.zeros(n_patterns, np.int64)
        perfect = splitter(cells, candidates, rows[candidates], scratch)
        if perfect >= 0:
            info = EXACT_BIT | (2 << 32) | perfect
            memo_store(keys, lowers, infos, h1, h2, 2 * n - 1, info)
            return 2 * n - 1, 1, 2, perfect
        # Then 2n is the least; a candidate leaving one pair reaches it (deepest secret at
        # 3), a guess that splits every candidate apart reaches it with 2 and wins the tie.
        near = nearly_perfect(cells, rows, candidates, scratch) if tries_left >= 3 else -1
        if near >= 0:
            apart = splitter(cells, candidates, pool, scratch)
            guess, deepest = (near, 3) if apart < 0 else (apart, 2)
            memo_store(keys, lowers, infos, h1, h2, 2 * n, EXACT_BIT | (deepest << 32) | guess)
            return 2 * n, 1, deepest, guess

    (
        n_buckets, worst, sum_squares, can_win, outer, _,
        f_cells, f_rows, f_owners, f_salts, f_key, local, columns,
    ) = prepare(
        cells, rows, secret_of, salts, frame, candidates, pool, n_patterns,
        state[_BEAM] <= 0 and not hard, not hard,
    )  # fmt: skip
    m = outer.shape[0]
    bound = np.empty(m, np.int64)
    closed = np.empty(m, np.bool_)
    closed_worst = np.empty(m, np.int64)
    fan_out = 1
    for i in range(m):
        fan_out = max(fan_out, n_buckets[i])
        b = 3 * n - can_win[i] - n_buckets[i]
        # Guesses whose buckets hold at most two secrets are solved by their bound.
        closed[i] = worst[i] <= (1 if tries_left == 2 else 2)
        if tries_left == 2 and not closed[i]:
            b = INFEASIBLE
        bound[i] = b
        if worst[i] == 1:
            closed_worst[i] = 2 if n_buckets[i] > can_win[i] else 1
        else:
            closed_worst[i] = 3
    cut = beta + 1  # guesses equal to the best total stay in play for the worst-case tie
    limit = min(cut, INFEASIBLE)
    n_useful = 0
    least = INFEASIBLE
    for i in range(m):
        least = min(least, bound[i])
        if bound[i] < limit:
            n_useful += 1
    if n_useful == 0:
        lower = max(least, known_lower)
        if not state[_STOPPED]:
            memo_store(keys, lowers, infos, h1, h2, lower, 0)
        return lower, 0, 0, -1
    # Each useful guess's rank key packs (bound, Σ size², position): unique, so that a
    # partial selection finds the first few in order.
    index_bits = bits_for(m)
    square_bits = bits_for(n * n + 1)
    sort_keys = np.empty(n_useful, np.int64)
    u = 0
    for i in range(m):
        if bound[i] < limit:
            sort_keys[u] = (
                (bound[i] << (square_bits + index_bits)) | (sum_squares[i] << index_bits) | i
            )
            u += 1
    index_mask = (1 << index_bits) - 1
    beam = state[_BEAM]
    n_order = n_useful if beam <= 0 else min(beam, n_useful)
    # Most sets try a guess or two: the first few are found by selection, and the rest
    # sorted only when more are tried; a beam keeps its best few.
    if n_order < n_useful:
        sort_keys = np.sort(np.partition(sort_keys, n_order - 1)[:n_order])
    sorted_order = n_order <= _SELECTED
    if sorted_order:
        sort_keys = np.sort(sort_keys)
    outside_floor = INFEASIBLE
    if n_order < m:
        tried = np.zeros(m, np.bool_)
        for position in range(n_order):
            tried[sort_keys[position] & index_mask] = True
        for i in range(m):
            if not tried[i]:
                outside_floor = min(outside_floor, bound[i])

    best_lower, best_exact, best_worst, best_guess = beta, 0, 0, -1
    untried_floor = INFEASIBLE
    members = np.empty(n, np.intp)
    starts = np.empty(n_patterns, np.int64)
    fill = np.empty(n_patterns, np.int64)
    n_slots = min(n, n_patterns)
    group_patterns = np.empty(n_slots, np.int64)
    group_floors = np.empty(n_slots, np.int64)
    group_sizes = np.empty(n_slots, np.int64)
    group_known = np.empty(n_slots, np.int64)
    group_starts = np.empty(n_slots, np.int64)
    scratch = np.zeros(n_patterns, np.int64)
    tally = np.zeros(n_patterns, np.int64)
    touched = np.empty(n_slots, np.int64)
    for position in range(n_order):
        if not sorted_order:
            if position < _SELECTED:
                chosen = position  # the least key among the rest moves here
                for q in range(position + 1, n_order):
                    if sort_keys[q] < sort_keys[chosen]:
                        chosen = q
                sort_keys[position], sort_keys[chosen] = sort_keys[chosen], sort_keys[position]
            else:
                sort_keys[position:] = np.sort(sort_keys[position:])
                sorted_order = True
        if best_exact and (best_lower < least or (best_lower == least and best_worst <= 2)):
            break  # none of the rest can do better
        k = sort_keys[position] & index_mask
        if bound[k] > best_lower or (bound[k] == best_lower and best_exact and best_worst <= 2):
            # In bound order: none of the rest can do better.
            for rest_position in range(position, n_order):
                untried_floor = min(untried_floor, bound[sort_keys[rest_position] & index_mask])
            break
        if closed[k]:
            c_lower, c_exact, c_worst = bound[k], 1, closed_worst[k]
        else:
            # The guess's buckets, each bounded by its level floor or the memo's bound, then
            # searched largest first, each only for a value that still fits under the best.
            guess = columns[k]
            # Counting sort of the set by pattern, over the patterns that occur only.
            n_touched = 0
            for s in local:
                p = f_cells[s, guess]
                if tally[p] == 0:
                    touched[n_touched] = p
                    n_touched += 1
                tally[p] += 1
            start = 0
            for t in range(n_touched):
                p = touched[t]
                starts[p] = start
                fill[p] = start
                start += tally[p]
            for s in local:  # stable: each bucket stays sorted
                p = f_cells[s, guess]
                members[fill[p]] = s
                fill[p] += 1
            n_groups = 0
            remaining = 0
            for t in range(n_touched):
                p = touched[t]
                b = tally[p]
                tally[p] = 0
                if p == win:
                    continue
                floor = equal_floor(b, fan_out)
                known = 0
                if b > 2:
                    bucket = members[starts[p] : starts[p] + b]
                    g1, g2 = set_keys(f_key, bucket, tries_left - 1)
                    # In hard mode the key names the bucket's pool, not worth finding here.
                    found = -1 if hard else memo_find(keys, g1, g2)
                    if found >= 0:
                        floor = max(floor, lowers[found])
                    elif b <= n_patterns:
                        # Without a candidate that tells the others apart a bucket needs 2b.
                        perfect = splitter(f_cells, bucket, f_rows[bucket], scratch)
                        if perfect >= 0:
                            floor = 2 * b - 1
                            known = 1
                            if not hard:
                                info = EXACT_BIT | (2 << 32) | perfect
                                memo_store(keys, lowers, infos, g1, g2, floor, info)
                        else:
                            floor = max(floor, 2 * b)
                group_known[n_groups] = known
                group_patterns[n_groups] = p
                group_floors[n_groups] = floor
                group_sizes[n_groups] = b
                group_starts[n_groups] = starts[p]
                remaining += floor
                n_groups += 1
            total = n
            c_exact = 0
            c_worst = 0
            if total + remaining > best_lower:  # the floors alone already exceed the best
                c_lower = total + remaining
            else:
                c_exact = 1
                c_worst = 1
                for g in np.argsort(group_sizes[:n_groups], kind="mergesort"):  # smallest first
                    p = group_patterns[g]
                    remaining -= group_floors[g]
                    if group_known[g]:  # a candidate tells the bucket apart: solved
                        total += group_floors[g]
                        c_worst = max(c_worst, 3)
                        if total + remaining > best_lower:
                            c_exact = 0
                            break
                        continue
                    first = group_starts[g]
                    bucket = members[first : first + group_sizes[g]].copy()
                    child_pool = columns
                    if hard:
                        child_pool = pool[_hard_mode(codes[pool], codes[guess], digits[p])]
                    b_lower, b_exact, b_worst, _ = solve_set(
                        f_cells, f_rows, f_owners, f_salts, f_key, bucket, child_pool,
                        tries_left - 1, best_lower - total - remaining + 1,
                        keys, lowers, infos, state, stop, codes, digits,
                    )  # fmt: skip
                    total += b_lower
                    if not b_exact or total + remaining > best_lower:
                        c_exact = 0
                        break
                    c_worst = max(c_worst, b_worst + 1)
                c_lower = total if c_exact else min(total + remaining, INFEASIBLE)
        if c_exact:
            if not best_exact:
                better = c_lower <= best_lower
            else:
                better = c_lower < best_lower or (c_lower == best_lower and c_worst < best_worst)
            if better:
                best_lower, best_exact, best_worst, best_guess = c_lower, 1, c_worst, outer[k]
        else:
            untried_floor = min(untried_floor, c_lower)
        if state[_STOPPED]:
            break
    if state[_STOPPED]:
        # Only bounds are certain now: the least bound of the guesses.
        return max(least, known_lower, 2 * n - 1), 0, 0, -1
    if best_exact:
        memo_store(
            keys, lowers, infos, h1, h2, best_lower,
            EXACT_BIT | (best_worst << 32) | best_guess,
        )  # fmt: skip
        return best_lower, 1, best_worst, best_guess
    floor = max(min(untried_floor, outside_floor), beta, known_lower)
    memo_store(keys, lowers, infos, h1, h2, floor, 0)
    return floor, 0, 0, -1


@dataclass(eq=False)
class CompiledCore:
    """One memo and state for :func:`solve_set` over one pattern matrix (``values``: guess ×
    secret; the search copies what it needs into frames of its own)."""

    by_secret: PatternArray
    secret_rows: IdArray
    secret_of_guess: IdArray
    win_pattern: int
    n_patterns: int
    beam: int | None = None
    slots: int = MEMO_SLOTS
    #: Hard mode: the guesses' letters and each pattern's colours (empty: free play).
    codes: LetterArray = field(default_factory=lambda: np.zeros((0, 0), np.uint8))
    digits: LetterArray = field(default_factory=lambda: np.zeros((0, 0), np.uint8))

    def __post_init__(self) -> None:
        self.keys = np.zeros((self.slots, 2), np.uint64)
        self.lowers = np.zeros(self.slots, np.int64)
        self.infos = np.zeros(self.slots, np.int64)
        self.state = np.zeros(_STATE_SIZE, np.int64)
        self.state[_BUDGET] = -1
        self.state[_BEAM] = self.beam or 0
        self.state[_WIN] = self.win_pattern
        self.state[_PATTERNS] = self.n_patterns
        self.stop = np.zeros(1, np.int64)
        # Odd random multipliers, one per secret: a partition's fingerprint is their sum
        # weighted by the patterns (independent terms, so the scan has no serial chain).
        rng = np.random.default_rng(0x5EED)
        n_secrets = self.by_secret.shape[0]
        self.salts = rng.integers(0, 2**63, (n_secrets, 2), dtype=np.uint64) | np.uint64(1)

    @property
    def nodes(self) -> int:
        """Sets searched so far."""
        return int(self.state[_NODES])

    @property
    def stopped(self) -> bool:
        """Whether the last search ran out of its budget."""
        return bool(self.state[_STOPPED])

    def set_budget(self, nodes: int | None) -> None:
        """Stop after this many more sets (None: no limit); clears a past stop."""
        self.state[_BUDGET] = -1 if nodes is None else self.state[_NODES] + nodes
        self.state[_STOPPED] = 0
        self.stop[0] = 0

    @contextmanager
    def unbounded(self) -> Iterator[None]:
        """Lift the budget for a while (to grow the tree of a set already solved)."""
        saved = self.state[[_BUDGET, _STOPPED]].copy(), int(self.stop[0])
        self.state[_BUDGET], self.state[_STOPPED], self.stop[0] = -1, 0, 0
        try:
            yield
        finally:
            self.state[[_BUDGET, _STOPPED]] = saved[0]
            self.stop[0] = saved[1]

    def solve(
        self, candidates: IdArray, tries_left: int, pool: IdArray, beta: int
    ) -> tuple[int, bool, int, int]:
        """(value, exact, worst, guess row) of a set of secrets: see :func:`solve_set`."""
        lower, exact, worst, guess = solve_set(
            self.by_secret, self.secret_rows, self.secret_of_guess, self.salts, np.uint64(0),
            np.ascontiguousarray(candidates, dtype=np.intp),
            np.ascontiguousarray(pool, dtype=np.intp), tries_left, beta,
            self.keys, self.lowers, self.infos, self.state, self.stop, self.codes, self.digits,
        )  # fmt: skip
        return int(lower), bool(exact), int(worst), int(guess)

    def tree(self, candidates: IdArray, tries_left: int, pool: IdArray) -> Int64Array | None:
        """The optimal tree of a set solved exactly: rows of (guess row, parent node, pattern),
        the root first (node 1), parents before children; None when the memo lost part of
        it (search the set again)."""
        frame = (self.by_secret, self.secret_rows, self.secret_of_guess, self.salts, np.uint64(0))
        columns = np.arange(self.by_secret.shape[1], dtype=np.intp)
        members = np.ascontiguousarray(candidates, dtype=np.intp)
        allowed = np.ascontiguousarray(pool, dtype=np.intp)
        out: list[tuple[int, int, int]] = []
        hard = self.codes.shape[0] > 0
        # (frame, its columns' rows in the whole game, set, pool, tries, parent, pattern)
        stack = [(frame, columns, members, allowed, tries_left, 0, -1)]
        while stack:
            frame, global_columns, members, allowed, tries, parent, pattern = stack.pop()
            f_cells, f_rows, f_owners, f_salts, f_key = frame
            guess = known_guess(f_rows, f_key, members, allowed, tries, self.keys, self.infos, hard)
            if guess < 0:
                # Not in the memo (a full table dropped it; in hard mode buckets a candidate
                # tells apart are never stored): search the set again where it was searched.
                _, exact, _, guess = solve_set(
                    f_cells, f_rows, f_owners, f_salts, f_key, members, allowed, tries,
                    INFEASIBLE, self.keys, self.lowers, self.infos, self.state, self.stop,
                    self.codes, self.digits,
                )  # fmt: skip
                if not exact or guess < 0:
                    return None
            out.append((int(global_columns[guess]), parent, pattern))
            node = len(out)
            n = len(members)
            framing = not self.beam and not hard
            if framing and n >= FRAME_MIN and 4 * n <= f_cells.shape[0]:  # the search's frame
                prepared = prepare(
                    f_cells, f_rows, f_owners, f_salts, f_key, members, allowed,
                    self.n_patterns, framing, True,
                )  # fmt: skip
                outer, own = prepared[4], prepared[5]
                if own:
                    frame = (*prepared[6:10], np.uint64(prepared[10]))
                    global_columns = global_columns[outer]
                    members, allowed = prepared[11], prepared[12]
                    guess = int(np.flatnonzero(outer == guess)[0])
            patterns = frame[0][members, guess]
            for child_pattern, child in split(patterns, members):
                if child_pattern != self.win_pattern:
                    child_pool = allowed
                    if hard:
                        played, colours = self.codes[guess], self.digits[child_pattern]
                        child_pool = allowed[_hard_mode(self.codes[allowed], played, colours)]
                    stack.append(
                        (frame, global_columns, child, child_pool, tries - 1, node, child_pattern)
                    )
        return np.array(out, dtype=np.int64).reshape(-1, 3)

    def known_lower(self, candidates: IdArray, tries_left: int, pool: IdArray) -> int:
        """The lower bound (or exact value) the memo holds for a set, 0 when none."""
        members = np.ascontiguousarray(candidates, dtype=np.intp)
        allowed = np.ascontiguousarray(pool, dtype=np.intp)
        hard = self.codes.shape[0] > 0
        return int(
            known_lower(np.uint64(0), members, allowed, tries_left, self.keys, self.lowers, hard)
        )

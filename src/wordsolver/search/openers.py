"""Fixed multi-word openers: the best set of K first guesses, whatever the feedback.

Played one after the other, K fixed guesses split the secrets into classes: secrets that got the
same K patterns. The order of the words does not change these classes (each is the intersection
of one bucket per word), so a search looks at sets. A set is ranked by ``mean``, the mean number
of candidates left after all K words (Σ class size² / N, so Σ size² orders them exactly), or by
``worst``, the largest class; the other measure and then word order break ties.

The default search space is the one players use: words without a repeated letter and no letter
shared between the words (letter sets are bitmasks, so a clash costs one AND); ``any_words``
lifts both rules.

How the search works. A prefix of chosen words is a partition of the secrets, kept as its
classes of two or more members (a class of one can never be split again and adds exactly 1 to
Σ size²). Adding a word splits each class by that word's patterns. Scoring a candidate last word
walks the classes from the largest down and stops as soon as the sum so far, plus 1 for every
secret not yet visited, exceeds the score of the N-th best set found so far (a branch-and-bound
cut on the refined partition); the N-th best score is shared between threads.

- Exact: sets of up to ``exact_words`` words (default 2) are enumerated once each, in increasing
  word order, by a depth-first walk that refines the partition word by word: the true best sets
  of the space. Exact search works for any K but costs about the number of (K-1)-word prefixes
  times the space: seconds for K = 2 on 5 букв, a minute or more for K = 3, far more beyond.
- Beam: for larger K, the exact pass also keeps the ``beam_width`` best sets that can still grow
  to K words (enough unused letters remain: letters must not run out before the K-th word), and
  each next size extends every kept set by every allowed word and keeps the best distinct sets.
  Each size has its own beam. This is a heuristic, reported as such (``OpenerLevel.exact``).

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> game = find_game("wordle", GameOverrides(words=("crane", "slate", "pious", "dumpy", "fight")))
>>> search = search_openers(pattern_matrix(game, use_cache=False), OpenerQuery(words=2, top=1))
>>> best = search.final.openers[0]
>>> best.words, best.mean, search.final.exact
(('crane', 'dumpy'), 1.0, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from wordsolver.errors import OptionError, WordsolverError
from wordsolver.games import Game
from wordsolver.games.rule import PatternArray
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import Int64Array
from wordsolver.plumbing.progress import Progress
from wordsolver.plumbing.stopping import pieces

Objective = Literal["mean", "worst"]

#: Most words in one opener (and in ``--words``).
MAX_WORDS = 5
#: Sets kept per level of a beam search.
BEAM_WIDTH = 10_000
#: Work is dealt out round-robin into this many runs, then taken in pieces of a tenth of a
#: second; between pieces progress is reported and the best sets so far tighten the next cut.
_DEAL = 48
_UNBOUNDED = np.iinfo(np.int64).max


@dataclass(frozen=True, slots=True)
class OpenerQuery:
    """What to search: K words, the ranking, the space, how many to report and how.

    ``any_words`` allows repeated letters and letters shared between the words. Levels up to
    ``exact_words`` words are searched exhaustively; above it a beam of ``beam_width`` sets.
    """

    words: int = 1
    by: Objective = "mean"
    any_words: bool = False
    top: int = 10
    beam_width: int = BEAM_WIDTH
    exact_words: int = 2

    def __post_init__(self) -> None:
        if not 1 <= self.words <= MAX_WORDS:
            raise OptionError(
                f"`words` must be between 1 and {MAX_WORDS}, not {self.words}", ("words",)
            )
        if self.by not in ("mean", "worst"):
            raise OptionError(f"unknown `by` {self.by!r}; choose from: mean, worst", ("by",))
        if self.top < 1 or self.beam_width < self.top or self.exact_words < 1:
            raise OptionError(
                "need `top` ≥ 1, `beam_width` ≥ `top` and `exact_words` ≥ 1",
                ("top", "beam_width", "exact_words"),
            )


@dataclass(frozen=True, slots=True)
class Opener:
    """A set of first guesses in play order and the classes of secrets it leaves."""

    words: tuple[str, ...]
    rows: tuple[int, ...]
    n_secrets: int
    sum_squares: int
    worst: int
    n_classes: int
    bits: float

    @property
    def mean(self) -> float:
        """Mean number of candidates left after all the words: Σ class size² / N."""
        return self.sum_squares / self.n_secrets


@dataclass(frozen=True, slots=True)
class OpenerLevel:
    """The best openers of one size, best first; ``exact`` says whether they are proven best."""

    words: int
    exact: bool
    openers: tuple[Opener, ...]
    seconds: float


@dataclass(frozen=True, slots=True)
class OpenerSearch:
    """Results per size, from the last exact level up to the size asked for."""

    query: OpenerQuery
    space_size: int
    levels: tuple[OpenerLevel, ...]

    @property
    def final(self) -> OpenerLevel:
        """The level of the size asked for."""
        return self.levels[-1]

    @property
    def seconds(self) -> float:
        """Time of the whole search."""
        return sum(level.seconds for level in self.levels)


@dataclass(frozen=True, eq=False)
class OpenerSpace:
    """The guesses a search may use (guess rows) and their letter sets as bitmasks."""

    rows: Int64Array
    masks: Int64Array = field(repr=False)


def opener_space(game: Game, any_words: bool = False) -> OpenerSpace:
    """Allowed guesses without a repeated letter (all of them with ``any_words``).

    With the default rules each mask holds the word's letters, so two words clash when their
    masks share a bit; with ``any_words`` every mask is 0 and nothing clashes.
    """
    codes = game.guess_codes.astype(np.int64)
    rows = np.arange(len(codes), dtype=np.int64)
    if any_words:
        return OpenerSpace(rows, np.zeros(len(rows), dtype=np.int64))
    if game.alphabet.size > 64:
        raise OptionError(
            f"letter sets need at most 64 letters, {game.alphabet.name} has more; use `any_words`",
            ("any_words",),
        )
    ordered = np.sort(codes, axis=1)
    keep = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
    masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), codes[keep]), axis=1)
    return OpenerSpace(rows[keep], masks.astype(np.int64))


def score_opener(matrix: PatternMatrix, rows: tuple[int, ...]) -> Opener:
    """Reference scoring of one set (slow, readable): count the distinct pattern tuples."""
    game = matrix.game
    _, counts = np.unique(matrix.values[list(rows)], axis=1, return_counts=True)
    n = len(game.secrets)
    return Opener(
        words=tuple(game.guesses.words[r] for r in rows),
        rows=tuple(rows),
        n_secrets=n,
        sum_squares=int((counts.astype(np.int64) ** 2).sum()),
        worst=int(counts.max()),
        n_classes=len(counts),
        bits=float(math.log2(n) - (counts * np.log2(counts)).sum() / n),
    )


def search_steps(query: OpenerQuery, space: OpenerSpace) -> int:
    """Units of work :func:`search_openers` reports through ``progress``."""
    exact = min(query.words, query.exact_words)
    beams = sum(size - exact for size in range(exact + 1, query.words + 1))
    return (1 if exact == 1 else len(space.rows)) + beams * query.beam_width


def search_openers(
    matrix: PatternMatrix,
    query: OpenerQuery,
    *,
    space: OpenerSpace | None = None,
    progress: Progress | None = None,
) -> OpenerSearch:
    """The best openers of each size from the last exact level up to ``query.words`` words.

    One exhaustive pass over the sets of the exact size keeps, for each larger size, the best
    sets that can still grow to that size (the letters must not run out); each larger size then
    has its own beam, so the best 3-word openers are not held back by what 5 words would need.
    """
    space = space or opener_space(matrix.game, query.any_words)
    if len(space.rows) < query.words:
        kind = "allowed" if query.any_words else "allowed without a repeated letter"
        hint = "" if query.any_words else " (try `any_words`)"
        raise WordsolverError(f"only {len(space.rows)} words are {kind}{hint}", ("any_words",))
    searcher = _Searcher(matrix, space, query.by, progress)
    exact = min(query.words, query.exact_words)
    started = time.perf_counter()
    mores = list(range(query.words - exact + 1))  # words still to add, per target size
    keep = query.top if len(mores) == 1 else query.beam_width
    found = searcher.exact(exact, mores, keep)
    levels = [_level(matrix, space, query, exact, True, found[0], started)]
    for size in range(exact + 1, query.words + 1):
        started = time.perf_counter()
        sets = found[size - exact]
        for words in range(exact + 1, size + 1):
            keep = query.top if words == size else query.beam_width
            sets = searcher.beam(sets, size - words, keep, query.beam_width)
        levels.append(_level(matrix, space, query, size, False, sets, started))
    return OpenerSearch(query, len(space.rows), tuple(levels))


def opener_rows(level: OpenerLevel) -> list[dict[str, Any]]:
    """The openers of a level as plain data (the ``openers --json`` schema)."""
    return [
        {
            "word": ",".join(opener.words),
            "words": list(opener.words),
            "mean": round(opener.mean, 4),
            "worst": opener.worst,
            "buckets": opener.n_classes,
            "bits": round(opener.bits, 4),
            "exact": level.exact,
        }
        for opener in level.openers
    ]


def _level(
    matrix: PatternMatrix,
    space: OpenerSpace,
    query: OpenerQuery,
    words: int,
    exact: bool,
    sets: Int64Array,
    started: float,
) -> OpenerLevel:
    if len(sets) == 0:
        raise WordsolverError(
            f"no {words} words of the search space avoid repeated and shared letters;"
            " try `any_words`",
            ("any_words",),
        )
    best = [
        _play_order(matrix, [int(r) for r in space.rows[s]], query.by) for s in sets[: query.top]
    ]
    return OpenerLevel(words, exact, tuple(best), time.perf_counter() - started)


def _rank_key(opener: Opener, by: Objective) -> tuple[int, int, tuple[int, ...]]:
    if by == "mean":
        return opener.sum_squares, opener.worst, opener.rows
    return opener.worst, opener.sum_squares, opener.rows


def _play_order(matrix: PatternMatrix, rows: list[int], by: Objective) -> Opener:
    """The set with the best single word first, then the best pair with it, and so on.

    The classes after all the words do not depend on the order, but a game can end before the
    last opener, so the strongest prefixes come first.
    """
    order: list[int] = []
    while len(order) < len(rows):
        options = [score_opener(matrix, (*order, r)) for r in rows if r not in order]
        order = list(min(options, key=lambda opener: _rank_key(opener, by)).rows)
    return score_opener(matrix, tuple(order))


KernelResult = tuple[Int64Array, Int64Array, Int64Array, Int64Array]


@dataclass(frozen=True, slots=True)
class _Ranked:
    """Sets (rows of sorted space indices) with their ranking keys, best first."""

    sets: Int64Array
    primary: Int64Array
    secondary: Int64Array

    @classmethod
    def pool(cls, found: KernelResult, target: int) -> _Ranked:
        """One target's filled buffer entries from every chunk (not yet ranked)."""
        primary, secondary, sets = (part[:, target] for part in found[:3])
        valid = np.arange(primary.shape[1])[None, :] < found[3][:, target, None]
        return cls(sets[valid].reshape(-1, sets.shape[-1]), primary[valid], secondary[valid])

    def best(self, other: _Ranked | None, keep: int) -> _Ranked:
        """The ``keep`` best distinct sets of both."""
        if other is not None:
            return _Ranked(
                np.concatenate([self.sets, other.sets]),
                np.concatenate([self.primary, other.primary]),
                np.concatenate([self.secondary, other.secondary]),
            ).best(None, keep)
        if len(self.sets) == 0:
            return self
        order = np.lexsort((*self.sets.T[::-1], self.secondary, self.primary))
        sets = self.sets[order]
        chosen = order[np.r_[True, np.any(sets[1:] != sets[:-1], axis=1)]][:keep]
        return _Ranked(self.sets[chosen], self.primary[chosen], self.secondary[chosen])


class _Searcher:
    """Runs the kernels over blocks of work: progress between blocks, bounds carried over."""

    def __init__(
        self, matrix: PatternMatrix, space: OpenerSpace, by: Objective, progress: Progress | None
    ) -> None:
        self.values: PatternArray = matrix.values[space.rows]  # a contiguous copy
        self.n_patterns = matrix.game.n_patterns
        self.masks = space.masks
        self.letter_sets = np.unique(space.masks)
        self.lettered = bool(space.masks.any())  # without letter rules every set can grow
        self.by_worst = by == "worst"
        self.progress = progress

    def exact(self, words: int, mores: list[int], keep: int) -> list[Int64Array]:
        """For each target, the ``keep`` best sets of ``words`` that can grow by its ``more``."""
        targets = np.array(mores, dtype=np.int64) * self.lettered
        if words == 1:  # extend the empty prefix
            return self._run(np.zeros((1, 0), np.int64), targets, keep, None)
        roots = np.arange(len(self.masks), dtype=np.int64)
        return self._run(roots, targets, keep, words - 1)

    def beam(self, prefixes: Int64Array, more: int, keep: int, width: int) -> Int64Array:
        """The ``keep`` best distinct sets of a prefix plus one word that can grow by ``more``."""
        targets = np.array([more * self.lettered], dtype=np.int64)
        if len(prefixes) == 0:  # nothing below could grow this far
            sets = np.zeros((0, prefixes.shape[1] + 1), np.int64)
        else:
            sets = self._run(prefixes, targets, keep, None)[0]
        if self.progress is not None and len(prefixes) < width:
            self.progress(width - len(prefixes))  # a short beam: keep the promised total
        return sets

    def _run(
        self, items: Int64Array, targets: Int64Array, keep: int, depth: int | None
    ) -> list[Int64Array]:
        import numba

        from wordsolver.search import opener_kernels as kernels

        chunks = 4 * numba.get_num_threads()  # a block's items are dealt out to the chunks
        # Items dealt out round-robin, then taken in pieces of about a tenth of a second (so
        # Ctrl-C stops a search of minutes at once): each piece mixes early items, which have
        # the most sets after them, with late ones.
        dealt = np.concatenate([items[start::_DEAL] for start in range(_DEAL)])
        ranked: list[_Ranked | None] = [None] * len(targets)
        bounds = np.full(len(targets), _UNBOUNDED, np.int64)
        rules = (self.masks, self.letter_sets, targets)
        for start, stop in pieces(len(dealt), first=chunks):
            block = np.ascontiguousarray(dealt[start:stop])
            if depth is None:
                found = kernels.extend_block(
                    self.values, self.n_patterns, rules, block, self.by_worst, keep, bounds, chunks
                )
            else:
                found = kernels.exact_block(
                    self.values, self.n_patterns, rules, block, depth, self.by_worst, keep,
                    bounds, min(chunks, len(block)),
                )  # fmt: skip
            for t in range(len(targets)):
                best = _Ranked.pool(found, t).best(ranked[t], keep)
                if len(best.sets) == keep:
                    bounds[t] = best.primary[-1]
                ranked[t] = best
            if self.progress is not None:
                self.progress(len(block))
        return [r.sets for r in ranked if r is not None]

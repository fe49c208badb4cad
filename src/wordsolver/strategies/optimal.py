"""The exact strategies as registry entries: thin adapters over the engines of
:mod:`wordsolver.search`, which choose one proven optimal guess per position."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from wordsolver.errors import UnsolvableError, WordsolverError
from wordsolver.search.base import INFEASIBLE, UNLIMITED_TRIES, ExactSearch, SearchLimit
from wordsolver.strategies.base import Position, RankedGuess, Strategy
from wordsolver.weights import SecretWeights

if TYPE_CHECKING:
    from wordsolver.search.small_exact import SmallExact


class Optimal(Strategy):
    """The exact strategy as a registry entry: each choice is an optimal guess, proven.

    Positions that fit the compiled search of :mod:`~wordsolver.search.small_exact` (at
    most :data:`~wordsolver.search.small_exact.MAX_SECRETS` candidates and
    :data:`~wordsolver.search.small_exact.MAX_GUESSES` allowed guesses, not in hard mode:
    every Fallout terminal) are solved there; others by the exact search the play options call
    for (:func:`~wordsolver.search.compiled.exact_search`: the compiled core, or the readable
    search for a game too large for the core or a hard mode it does not compile). All find
    trees of the same value.
    """

    name = "optimal"
    description = "exact: fewest total guesses (ties: smaller worst case), proven by search"
    score_label = "mean guesses"
    needs_time_limit = True
    exact_tree = True

    def __init__(self, limit: SearchLimit | None = None, *, compiled: bool = True) -> None:
        self.limit = limit or SearchLimit(seconds=60.0)
        self.compiled = compiled  # False: always the general search (to compare the two)
        self._searches: dict[tuple[int, bool, bool], ExactSearch] = {}
        self._small: dict[tuple[int, bool, bytes, bytes], SmallExact] = {}

    def within(self, seconds: float | None) -> Optimal:
        """A fresh search of the same kind stopped after ``seconds`` (None: no time limit)."""
        return type(self)(SearchLimit(seconds=seconds), compiled=self.compiled)

    @property
    def time_limit(self) -> float | None:
        return self.limit.seconds

    def search_for(self, position: Position) -> ExactSearch:
        """The (memoised) search for this position's matrix and pool rules: the compiled core
        when it covers them (see :func:`~wordsolver.search.compiled.exact_search`)."""
        from wordsolver.search.compiled import exact_search

        key = (id(position.matrix), position.hard, position.only_candidates)
        if key not in self._searches:
            game = position.matrix.game
            self._searches[key] = exact_search(
                position.matrix,
                hard=position.hard,
                only_candidates=position.only_candidates,
                limit=self.limit,
                weights=None if game.uniform else SecretWeights(game.prior, game.probabilities),
                compiled=self.compiled,
            )
        return self._searches[key]

    def small_search_for(self, position: Position) -> SmallExact | None:
        """The (memoised) compiled search for this position, or None when it does not fit.

        It covers all the game's secrets when they fit (its memo then serves every later
        position of the game), else the candidates of this position alone.
        """
        from wordsolver.search import small_exact

        if (
            not self.compiled
            or position.hard
            or position.weights is not None  # the compiled search counts secrets alike
            or not small_exact.fits(len(position.candidates), len(position.pool))
        ):
            return None
        game = position.matrix.game
        whole = len(game.secrets) <= small_exact.MAX_SECRETS
        universe = np.arange(len(game.secrets), dtype=np.intp) if whole else position.candidates
        key = (
            id(position.matrix),  # the search holds the matrix, so the id stays its own
            position.only_candidates,
            b"" if whole else universe.tobytes(),
            b"" if position.only_candidates else position.pool.tobytes(),
        )
        search = self._small.get(key)
        if search is None:
            allowed = np.zeros(len(game.guesses), dtype=np.bool_)
            allowed[position.pool] = True
            if not (position.only_candidates or allowed[game.secret_rows[universe]].all()):
                return None  # a pool without the candidates: only the general search knows it
            if not whole:
                self._small = {k: v for k, v in self._small.items() if not k[2]}
            search = self._small[key] = small_exact.SmallExact.build(
                position.matrix,
                universe,
                position.pool,
                only_candidates=position.only_candidates,
            )
        return search

    def _tries_left(self, position: Position) -> int:
        tries = position.matrix.game.max_tries
        if tries is None or tries - position.tries_used < 1:
            return UNLIMITED_TRIES
        return tries - position.tries_used

    def _best(self, position: Position) -> tuple[int, int]:
        """The optimal guess and the tries it was optimised for: the tries left, or (when no
        tree can finish within them) as many as it takes."""
        from wordsolver.search import small_exact

        if position.matrix.streamed:  # its cells are not held: no search can read them
            raise WordsolverError(
                f"the exact search cannot weigh all {len(position.candidates):,} possible words"
                " of the first turn: give a first guess, or play under the uniform prior"
            )
        tries_left = self._tries_left(position)
        small = self.small_search_for(position)
        if small is not None:
            guess = small.solve(position.candidates, tries_left, small_exact.Objective.MEAN)[1]
            if guess < 0 and tries_left != UNLIMITED_TRIES:
                tries_left = UNLIMITED_TRIES
                guess = small.solve(position.candidates, tries_left, small_exact.Objective.MEAN)[1]
            if guess < 0:
                raise UnsolvableError(
                    f"no tree solves these {len(position.candidates)} candidates"
                    f" within {tries_left} tries"
                )
            return guess, tries_left
        search = self.search_for(position)
        search.start_clock()
        try:
            return search.best_guess(position.candidates, tries_left, position.pool), tries_left
        except UnsolvableError:
            if tries_left == UNLIMITED_TRIES:
                raise
            guess = search.best_guess(position.candidates, UNLIMITED_TRIES, position.pool)
            return guess, UNLIMITED_TRIES

    def choose(self, position: Position) -> int:
        return self._best(position)[0]

    def means_with(
        self, position: Position, guesses: Sequence[int]
    ) -> tuple[int, float, list[float]]:
        """An optimal guess now with the expected guesses from the position under best play
        (the next guess included), and the same when each of ``guesses`` is played first: inf
        where no tree starting with it finishes within the tries, or the position does not allow
        it (hard mode). One search clock covers the whole answer."""
        best, tries_left = self._best(position)
        allowed = np.isin(np.asarray(guesses, dtype=np.intp), position.pool)
        means = [
            self._score(position, guess, tries_left)[1] if ok else float("inf")
            for guess, ok in zip(guesses, allowed, strict=True)
        ]
        return best, self._score(position, best, tries_left)[1], means

    def _score(self, position: Position, guess: int, tries_left: int) -> tuple[int, float]:
        """A guess's value as (sort key, score shown), best play after it."""
        from wordsolver.search import small_exact

        n = len(position.candidates)
        small = self.small_search_for(position)
        if small is not None:
            key = small.guess_key(
                position.candidates, tries_left, guess, small_exact.Objective.MEAN
            )
            value = small_exact.unpack_value(key)
            return key, float("inf") if value is None else value.total / n
        search = self.search_for(position)
        known = search.try_guess(position.candidates, tries_left, position.pool, guess, INFEASIBLE)
        if known.lower >= INFEASIBLE:  # no tree after this guess finishes within the tries
            return known.lower, float("inf")
        return known.lower, known.lower / search.weight(position.candidates)

    def rank(self, position: Position, top: int) -> list[RankedGuess]:
        best, tries_left = self._best(position)
        stats = position.split(position.pool)
        scored = stats.rows
        can_win = position.can_win(scored)
        order = np.lexsort((stats.sum_squares, -(stats.n_buckets + can_win)))
        chosen = [int(np.flatnonzero(scored == best)[0])]
        chosen += [int(k) for k in order if scored[k] != best][: max(top - 1, 0)]
        ranked = []
        for k in chosen:
            guess = int(scored[k])
            key, score = self._score(position, guess, tries_left)
            ranked.append((key, RankedGuess.of_split(position, stats, k, score)))
        ranked.sort(key=lambda pair: pair[0])  # stable: the best guess stays first among ties
        return [guess for _, guess in ranked[:top]]


class OptimalWithin(Optimal):
    """Exact play for the chance to finish in time: the most secrets solved within the game's
    tries, then the fewest total guesses, then the smaller worst case. Compiled search only
    (see :class:`Optimal`): larger positions are refused. Once the tries are spent (or when the
    game has no limit) it plays as ``optimal``."""

    name = "optimal-within"
    description = "exact: most secrets solved within the tries, then fewest guesses"
    score_label = "share solved in time"
    #: Its objective is not the proof's nor the tree search's (fewest total guesses): its tree
    #: is grown by playing it, which the small exact search settles whole, and its first guess
    #: is its own.
    exact_tree = False

    def small_search_for(self, position: Position) -> SmallExact | None:
        from wordsolver.search import small_exact

        search = super().small_search_for(position)
        if search is not None:
            return search
        if position.hard:
            raise WordsolverError(f"{self.name} does not play hard mode: use optimal")
        if position.weights is not None:
            raise WordsolverError(
                f"{self.name} counts every secret alike: use optimal, or the uniform prior"
            )
        raise WordsolverError(
            f"{self.name} solves at most {small_exact.MAX_SECRETS} candidates and"
            f" {small_exact.MAX_GUESSES} allowed guesses; this position has"
            f" {len(position.candidates)} candidates and {len(position.pool)} guesses: use optimal"
        )

    def _within(self, position: Position) -> int | None:
        """Tries left to play for, or None when there is nothing left to win in time."""
        tries = position.matrix.game.max_tries
        if tries is None or tries - position.tries_used < 1:
            return None
        return tries - position.tries_used

    def _best(self, position: Position) -> tuple[int, int]:
        from wordsolver.search import small_exact

        small = self.small_search_for(position)
        assert small is not None  # refused above
        tries_left = self._within(position)
        if tries_left is None:
            return super()._best(position)
        return small.solve(position.candidates, tries_left, small_exact.Objective.WITHIN)[
            1
        ], tries_left

    def _score(self, position: Position, guess: int, tries_left: int) -> tuple[int, float]:
        from wordsolver.search import small_exact

        if self._within(position) is None:
            return super()._score(position, guess, tries_left)
        small = self.small_search_for(position)
        assert small is not None
        key = small.guess_key(position.candidates, tries_left, guess, small_exact.Objective.WITHIN)
        value = small_exact.unpack_value(key)
        assert value is not None  # every set has a value when failing is allowed
        return key, 1.0 - value.failures / len(position.candidates)

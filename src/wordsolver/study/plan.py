"""What a study compares: list pairs × objectives × algorithms, each combination one cell.

An **objective** picks both the greedy strategy and how openers are ranked; an **algorithm** says
how that greedy is played (from the start, after a fixed K-word opener, or guessing only from the
candidates as many people do). Both are registries, so a new one is one entry.

>>> plan = StudyPlan("5bukv", (ListPair(Path("a.txt"), Path("b.txt")),))
>>> len(plan.cells()), plan.opener_words
(12, 5)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from wordsolver.errors import OptionError, UnknownNameError
from wordsolver.search.openers import BEAM_WIDTH, MAX_WORDS, Objective
from wordsolver.strategies.player import GuessFrom


@dataclass(frozen=True, slots=True)
class Goal:
    """An objective: the greedy strategy that serves it and the opener ranking (``--by``)."""

    name: Objective
    strategy: str
    description: str


@dataclass(frozen=True, slots=True)
class Algorithm:
    """How the objective's greedy is played: after ``opener_words`` fixed words, from a pool."""

    name: str
    description: str
    opener_words: int = 0
    guess_from: GuessFrom = "allowed"


GOALS: dict[str, Goal] = {
    goal.name: goal
    for goal in (
        Goal("mean", "expected-size", "fewest candidates left on average (Σ bucket² / N)"),
        Goal("worst", "minimax", "smallest largest bucket (worst case)"),
    )
}

ALGORITHMS: dict[str, Algorithm] = {
    algorithm.name: algorithm
    for algorithm in (
        Algorithm("greedy", "the objective's greedy from the first guess"),
        *(
            Algorithm(f"opener-{k}", f"best {k}-word opener for the objective, then the greedy", k)
            for k in range(2, MAX_WORDS + 1)
        ),
        Algorithm("human", "the greedy guessing only words that can still win", 0, "candidates"),
    )
}


@dataclass(frozen=True, slots=True)
class ListPair:
    """One study column: a file of possible secrets and a file of allowed guesses."""

    answers: Path
    allowed: Path


@dataclass(frozen=True, slots=True)
class Cell:
    """One combination to evaluate."""

    pair: ListPair
    goal: Goal
    algorithm: Algorithm


@dataclass(frozen=True, slots=True)
class StudyPlan:
    """The game, its list pairs, and which objectives and algorithms to compare on each."""

    game: str
    pairs: tuple[ListPair, ...]
    goals: tuple[str, ...] = tuple(GOALS)
    algorithms: tuple[str, ...] = tuple(ALGORITHMS)
    beam_width: int = BEAM_WIDTH

    def __post_init__(self) -> None:
        if not self.pairs:
            raise OptionError(
                "a study needs at least one `answers`/`allowed` pair", ("answers", "allowed")
            )
        if len(set(self.pairs)) != len(self.pairs):
            raise OptionError("the same answers/allowed pair is given twice")
        for name in self.goals:
            if name not in GOALS:
                raise UnknownNameError("objective", name, list(GOALS))
        for name in self.algorithms:
            if name not in ALGORITHMS:
                raise UnknownNameError("algorithm", name, list(ALGORITHMS))

    @property
    def opener_words(self) -> int:
        """The largest opener any algorithm needs (0 when none plays one)."""
        return max((ALGORITHMS[name].opener_words for name in self.algorithms), default=0)

    def cells(self) -> list[Cell]:
        """Every combination, list pair first, then objective, then algorithm."""
        return list(self._cells())

    def _cells(self) -> Iterator[Cell]:
        for pair in self.pairs:
            for goal in self.goals:
                for algorithm in self.algorithms:
                    yield Cell(pair, GOALS[goal], ALGORITHMS[algorithm])

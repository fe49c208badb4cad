"""The whole-game proof: every first guess gets a proven lower bound, the best K exact values.

First guesses of equal value are taken as one class (a symmetry class, else the guesses that
split the secrets alike), bounded cheaply, then evaluated most promising first, each only for
a value that can still reach the best K (the cutoff: the K-th best exact total so far). A
class is settled when its value is exact or its lower bound passes the cutoff; the proof ends
when every class is settled. Every outcome goes to the results file the moment it arrives,
and the entries found there at the start are taken as they are, so a stopped proof resumes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from wordsolver.arrays import IdArray, Int64Array
from wordsolver.errors import WordsolverError
from wordsolver.games import Game
from wordsolver.proof.prover import FirstGuessProver, Outcome, ProofSpec, class_members, prover_for
from wordsolver.proof.results import Entry, ResultsLog
from wordsolver.proof.runners import Runner, Task
from wordsolver.search import INFEASIBLE
from wordsolver.tree.node import DecisionTree
from wordsolver.tree.optimal import nodes_of


@dataclass(frozen=True, slots=True)
class ProofCounts:
    """How far a proof is, in classes of first guesses."""

    classes: int
    done: int
    #: Classes shown above the cutoff: by bounds alone, or by a search.
    refuted: int
    refuted_by_bound: int
    exact: int
    #: Tasks run by this call (not read from the results file).
    computed: int
    running: int = 0


@dataclass(frozen=True, slots=True)
class Standing:
    """A first guess's place: its exact total (and worst case), or a proven lower bound."""

    guess: str
    total: int
    exact: bool
    worst: int
    #: The guess of its class that was searched (its value is this guess's).
    searched_as: str


@dataclass(frozen=True, slots=True, eq=False)
class Proof:
    """A proof, finished or stopped by its time budget: the ranking (best first, each first
    guess with its exact value or its proven lower bound), the least total any play can have
    (``lower_bound``, proven) and the tree of the best exact first guess found (None when
    none is exact yet). ``complete``: every first guess settled, the best proven."""

    game: Game
    hard: bool
    top: int
    ranking: tuple[Standing, ...]
    tree: DecisionTree | None
    counts: ProofCounts
    symmetric: bool
    seconds: float
    complete: bool
    lower_bound: int

    @property
    def best(self) -> Standing | None:
        """The best exact first guess found (proven best when ``complete``)."""
        return next((standing for standing in self.ranking if standing.exact), None)


@dataclass(slots=True)
class _Class:
    """First guesses of one value: the one searched, all of them, and what is known."""

    searched: int
    members: IdArray
    bound: int
    exact: bool = False
    worst: int = 0
    rows: Int64Array | None = None
    running: bool = False
    computed: bool = False
    #: Whether a search ran on it (not only bounds).
    took_search: bool = False


ProofProgress = Callable[[ProofCounts], None]


def prove(
    spec: ProofSpec,
    runner: Runner,
    results: ResultsLog,
    *,
    top: int = 1,
    seconds: float | None = None,
    progress: ProofProgress | None = None,
) -> Proof:
    """Prove the best ``top`` first guesses of the game exact and bound all the others,
    evaluating on ``runner`` and recording in ``results`` (whose entries are taken as done).
    Within ``seconds`` no task starts after the budget and the runner stops waiting at it;
    the proof is then incomplete (the same call with the same results file continues it).
    ``progress`` gets the counts after every outcome."""
    if top < 1:
        raise ValueError("top must be at least 1")
    started = time.perf_counter()
    stop_at = None if seconds is None else time.monotonic() + seconds
    prover = prover_for(spec)
    game = spec.game
    words = game.guesses.words
    groups = class_members(prover)
    searched = np.array([int(group[0]) for group in groups], dtype=np.intp)
    bounds = prover.bounds(searched)
    classes = [
        _Class(int(row), group, int(bound))
        for row, group, bound in zip(searched, groups, bounds, strict=True)
    ]
    class_of = np.empty(len(words), dtype=np.intp)
    for index, group in enumerate(groups):
        class_of[group] = index
    for entry in results:
        row = game.guess_index.get(entry.guess)
        if row is not None:
            _take(classes[class_of[row]], entry.total, entry.exact, entry.worst, entry.rows)
            classes[class_of[row]].took_search |= entry.searched
    ledger = _Ledger(classes, top)

    def report() -> None:
        if progress is not None:
            progress(ledger.counts())

    report()

    def next_task() -> Task | None:
        if stop_at is not None and time.monotonic() >= stop_at:
            return None
        chosen = ledger.next_class()
        if chosen is None:
            return None
        chosen.running = True
        return Task(chosen.searched, ledger.cutoff())

    for outcome in runner.run(spec, next_task, stop_at):
        known = classes[class_of[outcome.guess]]
        known.running = False
        known.computed = True
        known.took_search |= outcome.searched
        _take(known, outcome.total, outcome.exact, outcome.worst, outcome.rows)
        results.add(_entry(words, outcome))
        report()
    return _finish(prover, classes, ledger, top, time.perf_counter() - started)


def _take(known: _Class, total: int, exact: bool, worst: int, rows: Int64Array | None) -> None:
    """What an outcome or a recorded entry says of a class: an exact value, or a bound."""
    if exact:
        known.bound, known.exact, known.worst, known.rows = total, True, worst, rows
    elif not known.exact:
        known.bound = max(known.bound, total)


def _entry(words: tuple[str, ...], outcome: Outcome) -> Entry:
    return Entry(
        words[outcome.guess],
        outcome.total,
        outcome.exact,
        outcome.worst,
        outcome.seconds,
        outcome.rows,
        outcome.searched,
    )


class _Ledger:
    """The classes' state: the cutoff, the next class to evaluate, the counts."""

    def __init__(self, classes: list[_Class], top: int) -> None:
        self.classes = classes
        self.top = top
        # Most promising first: the least bound, then the first row.
        self.order = sorted(classes, key=lambda known: (known.bound, known.searched))

    def cutoff(self) -> int:
        """The K-th best exact total among the first guesses so far (INFEASIBLE while fewer
        than K are exact): a class above it cannot be among the best K."""
        exact = sorted((known.bound, len(known.members)) for known in self.classes if known.exact)
        reached = 0
        for total, size in exact:
            reached += size
            if reached >= self.top:
                return total
        return INFEASIBLE

    def settled(self, known: _Class, cutoff: int) -> bool:
        """Exact, or bounded out of the best K (or out of reach of the tries allowed)."""
        return known.exact or known.bound > cutoff or known.bound >= INFEASIBLE

    def next_class(self) -> _Class | None:
        """The most promising class not settled nor running; None while the running ones may
        still settle it (no class runs without a cutoff while others could give one)."""
        cutoff = self.cutoff()
        if cutoff >= INFEASIBLE:
            exact = sum(len(known.members) for known in self.classes if known.exact)
            running = sum(len(known.members) for known in self.classes if known.running)
            if exact + running >= self.top:
                return None
        for known in self.order:
            if not known.running and not self.settled(known, cutoff):
                return known
        return None

    def counts(self) -> ProofCounts:
        cutoff = self.cutoff()
        exact = sum(known.exact for known in self.classes)
        refuted = [
            known for known in self.classes if not known.exact and self.settled(known, cutoff)
        ]
        return ProofCounts(
            classes=len(self.classes),
            done=exact + len(refuted),
            refuted=len(refuted),
            refuted_by_bound=sum(not known.took_search for known in refuted),
            exact=exact,
            computed=sum(known.computed for known in self.classes),
            running=sum(known.running for known in self.classes),
        )


def _finish(
    prover: FirstGuessProver, classes: list[_Class], ledger: _Ledger, top: int, seconds: float
) -> Proof:
    game = prover.game
    words = game.guesses.words
    standings = [
        Standing(words[row], known.bound, known.exact, known.worst, words[known.searched])
        for known in classes
        for row in known.members.tolist()
    ]
    standings.sort(key=lambda s: (s.total, not s.exact, s.worst, game.guess_index[s.guess]))
    counts = ledger.counts()
    complete = counts.done == counts.classes
    solved = [known for known in classes if known.exact and known.bound < INFEASIBLE]
    if complete and not solved:
        tries = game.max_tries
        raise WordsolverError(f"no first guess solves every secret within {tries} tries")
    lower = min(known.bound for known in classes)
    tree = None
    if solved:
        best = min(solved, key=lambda known: (known.bound, known.worst, known.searched))
        rows = best.rows if best.rows is not None else prover.tree_rows(best.searched)
        tree = DecisionTree(
            matrix=prover.matrix,
            root=nodes_of(rows),
            strategy="optimal",
            proven=complete,
            lower_bound=lower,
        )
    return Proof(
        game=game,
        hard=prover.spec.hard,
        top=top,
        ranking=tuple(standings),
        tree=tree,
        counts=counts,
        symmetric=prover.symmetry is not None,
        seconds=seconds,
        complete=complete,
        lower_bound=lower,
    )

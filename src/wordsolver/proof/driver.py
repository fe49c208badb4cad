"""The whole-game proof: every first guess gets a proven lower bound, the best K exact values.

First guesses of equal value are taken as one class (a symmetry class, else the guesses that
split the secrets alike), bounded cheaply, then evaluated most promising first, each only for
a value that can still reach the best K (the cutoff: the K-th best exact total so far). A
class is settled when its value is exact or its lower bound passes the cutoff; the proof ends
when every class is settled. With fewer classes than :data:`SPLIT_BELOW` (Bulls and Cows has
one) each class is proven in parts, its buckets by their second guesses' classes
(:mod:`.parts`, :mod:`.split`), so that the workers share it. Every outcome goes to the results
file the moment it arrives, and the entries found there at the start are taken as they are,
so a stopped proof resumes.
"""

from __future__ import annotations

import heapq
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from wordsolver.errors import OptionError, UnsolvableError
from wordsolver.games import Game
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.proof.prover import FirstGuessProver, Outcome, ProofSpec, class_members, prover_for
from wordsolver.proof.results import Entry, ResultsLog
from wordsolver.proof.runners import Runner, Task
from wordsolver.proof.split import Known, Part, SplitClass
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
    #: Parts of the classes proven in parts: settled, and all (0 when none is).
    parts_done: int = 0
    parts: int = 0
    #: The least total any play can have, proven so far.
    lower_bound: int = 0


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


@dataclass(slots=True, kw_only=True)
class _Class(Known):
    """First guesses of one value: the one searched, all of them, and what is known."""

    searched: int
    members: IdArray
    #: Its parts, when it is proven in parts.
    split: SplitClass | None = None
    #: Whether its buckets' two-level bounds were counted (else only their level floors).
    bounded: bool = False
    #: Whether the task running on it searches (not only bounds).
    searching: bool = False
    #: Searches started on it: each asks for twice as far above its bound as the one before.
    probes: int = 0
    #: Whether the search running on it has no cap (nothing was exact when it started).
    uncapped: bool = False

    def refresh(self) -> None:
        """Take what the parts add up to (a bound, or the exact value once all settle)."""
        split = self.split
        if split is None:
            return
        self.running = split.running()
        if self.exact:
            return
        if split.exact():
            self.bound, self.exact, self.worst = split.lower(), True, split.worst()
            self.rows = split.rows() if self.bound < INFEASIBLE else None
        else:
            self.bound = max(self.bound, split.lower())


ProofProgress = Callable[[ProofCounts], None]


class ProofInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a proof: ``proof`` is what it had proven (incomplete), every finished
    task of which is in the results file."""

    def __init__(self, proof: Proof) -> None:
        super().__init__("the proof was interrupted")
        self.proof = proof


#: Classes of least floors bounded by one task at most.
BOUND_BATCH = 8
#: A class is searched for a total at most (secrets / ASPIRATION) above its bound.
ASPIRATION = 32
#: Seconds between two progress reports at most.
REPORT_EVERY = 0.25
#: Games with fewer classes of first guesses than this have each proven in parts ...
SPLIT_BELOW = 4
#: ... when they have this many secrets (a smaller game is proven whole in seconds).
SPLIT_SECRETS = 1000


def in_parts(spec: ProofSpec, classes: int) -> bool:
    """Whether a proof of ``spec`` with this many classes of first guesses proves each in
    parts (``spec.split``; None: when there are few classes and the game is not small)."""
    if spec.split is not None:
        return spec.split
    return classes < SPLIT_BELOW and len(spec.game.secrets) >= SPLIT_SECRETS


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
    if seconds is not None and not (math.isfinite(seconds) and seconds >= 0):
        # NaN fails every comparison with the clock: a proof that would never stop.
        raise OptionError(f"`seconds` must be a number of seconds ≥ 0, not {seconds}", ("seconds",))
    started = time.perf_counter()
    stop_at = None if seconds is None else time.monotonic() + seconds
    prover = prover_for(spec)
    game = spec.game
    words = game.guesses.words
    groups = class_members(prover)
    searched = np.array([int(group[0]) for group in groups], dtype=np.intp)
    bounds = prover.bounds(searched)
    classes = [
        _Class(int(bound), searched=int(row), members=group)
        for row, group, bound in zip(searched, groups, bounds, strict=True)
    ]
    class_of = np.empty(len(words), dtype=np.intp)
    for index, group in enumerate(groups):
        class_of[group] = index
    if in_parts(spec, len(classes)):
        _plan_parts(prover, classes, spec.split_min)
    for entry in results:
        row = game.guess_index.get(entry.guess)
        if row is not None:
            _take_entry(classes[class_of[row]], entry, game.guess_index)
    ledger = _Ledger(classes, top, len(game.secrets))

    reported = 0.0

    def report(*, now: bool = False) -> None:
        """The counts to ``progress``, at most every REPORT_EVERY seconds (they take a pass
        over the classes)."""
        nonlocal reported
        if progress is not None and (now or time.monotonic() - reported >= REPORT_EVERY):
            reported = time.monotonic()
            progress(ledger.counts())

    report(now=True)

    def next_task() -> Task | None:
        if stop_at is not None and time.monotonic() >= stop_at:
            return None
        return ledger.next_task()

    try:
        for outcome in runner.run(spec, next_task, stop_at, ledger.cutoff):
            _record(outcome, classes[class_of[outcome.guess]], ledger, results, words)
            report()
    except KeyboardInterrupt:
        # Everything finished is in the results file already: the standing goes with it.
        elapsed = time.perf_counter() - started
        raise ProofInterrupted(_finish(prover, classes, ledger, top, elapsed)) from None
    report(now=True)
    return _finish(prover, classes, ledger, top, time.perf_counter() - started)


def _record(
    outcome: Outcome, known: _Class, ledger: _Ledger, results: ResultsLog, words: tuple[str, ...]
) -> None:
    """An outcome: its class (or part) takes it, and the results file records it at once."""
    ledger.computed += 1
    known.took_search |= outcome.searched
    part = None if known.split is None else known.split.part(outcome.pattern, outcome.second)
    if part is None:
        ledger.finished(known)
        known.bounded = True
        known.take(outcome.total, outcome.exact, outcome.worst, outcome.rows)
        ledger.requeue(known)
    else:
        _take_part(known, part, outcome.total, outcome.exact, outcome.worst, outcome.rows)
    results.add(_entry(words, outcome))
    if part is not None and known.exact and known.rows is not None:
        results.add(_class_entry(words, known))


def _plan_parts(prover: FirstGuessProver, classes: list[_Class], min_size: int) -> None:
    """Prove each class in parts, where the game's symmetry names the second guesses'."""
    parts = prover.parts
    if parts is None:
        return
    size = len(prover.candidates)
    for known in classes:
        plans = parts.plan(known.searched, min_size)
        known.split = SplitClass.planned(known.searched, size, plans)
        known.refresh()


def _take_entry(known: _Class, entry: Entry, guess_index: dict[str, int]) -> None:
    """What a recorded entry says of a class, or of one of its parts."""
    known.took_search |= entry.searched
    if entry.pattern is None:
        known.bounded = True
        known.take(entry.total, entry.exact, entry.worst, entry.rows)
        return
    if known.split is None:
        return  # a part of a proof in parts: this proof takes classes whole
    second = -1 if entry.second is None else guess_index.get(entry.second, -2)
    part = known.split.part(entry.pattern, second)
    if part is not None:
        _take_part(known, part, entry.total, entry.exact, entry.worst, entry.rows)


def _take_part(
    known: _Class, part: Part, total: int, exact: bool, worst: int, rows: Int64Array | None
) -> None:
    """An outcome or a recorded entry of one part of a class: the part takes it, no longer
    runs, and the class takes what its parts now add up to."""
    part.running = False
    part.take(total, exact, worst, rows)
    known.refresh()


def _entry(words: tuple[str, ...], outcome: Outcome) -> Entry:
    part = outcome.pattern >= 0
    return Entry(
        words[outcome.guess],
        outcome.total,
        outcome.exact,
        outcome.worst,
        outcome.seconds,
        outcome.rows,
        outcome.searched,
        pattern=outcome.pattern if part else None,
        second=words[outcome.second] if part and outcome.second >= 0 else None,
    )


def _class_entry(words: tuple[str, ...], known: _Class) -> Entry:
    """A class proven in parts, exact: recorded whole too (a resumed proof takes it so)."""
    return Entry(words[known.searched], known.bound, True, known.worst, 0.0, known.rows)


class _Ledger:
    """The classes' state: the cutoff, the next task, the counts.

    Best first: the class of least bound not settled is always the next refined. A class
    with only its level floors gets its two-level bounds counted (a bound task: cheap, and
    most classes are refuted by it); a class already bounded is searched under the cutoff.
    While no class is exact (no cutoff yet), the least bounded class is searched a little
    above its bound; once such a search misses, one class at a time is searched without a cap,
    and the others are bounded and probed meanwhile; so the first exact values come from the
    classes most likely best, and the cutoff falls fast. Classes proven in parts (few
    classes) take their parts in turn instead."""

    def __init__(self, classes: list[_Class], top: int, secrets: int) -> None:
        self.classes = classes
        self._secrets = secrets
        self.top = top
        #: Tasks finished by this call.
        self.computed = 0
        self._parts = any(known.split is not None for known in classes)
        # Most promising first: the least bound, then the first row.
        self.order = sorted(classes, key=lambda known: (known.bound, known.searched))
        #: Heaps of (bound, row, class) of the classes with level floors only, and bounded;
        #: an entry whose bound is stale, or whose class runs or is settled, is skipped.
        self._floors: list[tuple[int, int, int]] = []
        self._bounded: list[tuple[int, int, int]] = []
        self._index = {id(known): index for index, known in enumerate(classes)}
        #: How far above its bound a class is searched for at most (1/32 guess a secret):
        #: near enough that a refutation is cheap, far enough that few classes need two.
        self.aspiration = max(1, secrets // ASPIRATION)
        self._searching = 0
        self._uncapped = False  # an uncapped search runs
        self._cutoff = INFEASIBLE
        self._cutoff_stale = True
        for index, known in enumerate(classes):
            self._push(index, known)

    def _push(self, index: int, known: _Class) -> None:
        heap = self._bounded if known.bounded else self._floors
        heapq.heappush(heap, (known.bound, known.searched, index))

    def requeue(self, known: _Class) -> None:
        """A class's bound or state changed (an outcome came in)."""
        self._cutoff_stale = True
        if known.split is None:
            self._push(self._index[id(known)], known)

    def cutoff(self) -> int:
        """The K-th best exact total among the first guesses so far (INFEASIBLE while fewer
        than K are exact): a class above it cannot be among the best K."""
        if not self._cutoff_stale:
            return self._cutoff
        exact = sorted((known.bound, len(known.members)) for known in self.classes if known.exact)
        reached = 0
        self._cutoff = INFEASIBLE
        for total, size in exact:
            reached += size
            if reached >= self.top:
                self._cutoff = total
                break
        self._cutoff_stale = False
        return self._cutoff

    def settled(self, known: _Class, cutoff: int) -> bool:
        """Exact, or bounded out of the best K (or out of reach of the tries allowed)."""
        return known.exact or known.bound > cutoff or known.bound >= INFEASIBLE

    def _least(self, heap: list[tuple[int, int, int]], cutoff: int) -> _Class | None:
        """The class of least bound on ``heap`` that may run now (stale entries dropped)."""
        while heap:
            bound, _, index = heap[0]
            known = self.classes[index]
            if bound != known.bound or known.running or self.settled(known, cutoff):
                heapq.heappop(heap)
                continue
            if (heap is self._floors) == known.bounded:  # moved to the other heap
                heapq.heappop(heap)
                continue
            return known
        return None

    def next_task(self) -> Task | None:
        """The next task (its class marked running), best first; None while none may run."""
        if self._parts:
            return self._next_part_task()
        cutoff = self.cutoff()
        floors = self._least(self._floors, cutoff)
        bounded = self._least(self._bounded, cutoff)
        if bounded is not None and (
            floors is None or bounded.bound <= floors.bound or not self._searching
        ):
            # Searched for a total a little above its bound at most (the cutoff, when lower):
            # exact, or refuted and back in line with a higher bound; a class refuted again
            # and again is asked for twice as much each time. While nothing is exact, a class
            # whose capped search missed once is searched without a cap (one at a time), so
            # the first cutoff comes from it rather than from every class climbing together.
            reach = bounded.bound + (self.aspiration << min(bounded.probes, 40))
            if cutoff >= INFEASIBLE and bounded.probes > 0 and not self._uncapped:
                reach = INFEASIBLE
                bounded.uncapped = True
                self._uncapped = True
            bounded.probes += 1
            return self._start(bounded, min(cutoff, reach), True)
        if floors is not None:
            # Bounded until it passes what the least bounded class may reach; the next few
            # classes of least floors go with it (a bound is cheap beside a task's cost).
            reach = cutoff if bounded is None else min(cutoff, bounded.bound + self.aspiration)
            task = self._start(floors, reach, False)
            more: list[int] = []
            while len(more) < BOUND_BATCH - 1 and (next_one := self._least(self._floors, cutoff)):
                more.append(self._start(next_one, reach, False).guess)
            return replace(task, more=tuple(more))
        return None

    def _start(self, known: _Class, cutoff: int, search: bool) -> Task:
        heap = self._bounded if known.bounded else self._floors
        heapq.heappop(heap)  # its entry is the heap's least (just found by _least)
        known.running = True
        known.searching = search
        self._searching += search
        return Task(known.searched, cutoff, search=search)

    def finished(self, known: _Class) -> None:
        """A task on a class came back."""
        self._searching -= known.searching
        if known.uncapped:
            self._uncapped = known.uncapped = False
        known.running = known.searching = False

    def _next_part_task(self) -> Task | None:
        """As :meth:`next_task` for classes proven in parts: the most promising class not
        settled nor running (or the next part of a class in parts)."""
        cutoff = self.cutoff()
        self.order.sort(key=lambda known: (known.bound, known.searched))
        for known in self.order:
            if self.settled(known, cutoff):
                continue
            if known.split is not None:
                found = known.split.next_part(cutoff)
                if found is None:
                    continue
                bucket, part, part_cutoff = found
                part.running = known.running = True
                return Task(known.searched, part_cutoff, bucket.pattern, part.second)
            if known.running:
                continue
            if cutoff >= INFEASIBLE and self._enough_running():
                return None
            known.running = known.searching = True
            return Task(known.searched, cutoff)
        return None

    def _enough_running(self) -> bool:
        """Whether the classes exact or being searched could already make the best K."""
        exact = sum(len(known.members) for known in self.classes if known.exact)
        running = sum(len(known.members) for known in self.classes if known.searching)
        return exact + running >= self.top

    def counts(self) -> ProofCounts:
        cutoff = self.cutoff()
        exact = sum(known.exact for known in self.classes)
        refuted = [
            known for known in self.classes if not known.exact and self.settled(known, cutoff)
        ]
        split_counts = []
        for known in self.classes:
            if known.split is not None:
                done, parts = known.split.counts()
                # Every part of a settled class is done (a refuted class's need not run).
                split_counts.append((parts if self.settled(known, cutoff) else done, parts))
        return ProofCounts(
            classes=len(self.classes),
            done=exact + len(refuted),
            refuted=len(refuted),
            refuted_by_bound=sum(not known.took_search for known in refuted),
            exact=exact,
            computed=self.computed,
            running=sum(known.running for known in self.classes),
            parts_done=sum(parts[0] for parts in split_counts),
            parts=sum(parts[1] for parts in split_counts),
            lower_bound=min(known.bound for known in self.classes),
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
        raise UnsolvableError(
            f"no tree solves the {len(game.secrets)} secrets within {tries} tries:"
            " no first guess does"
        )
    lower = counts.lower_bound
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

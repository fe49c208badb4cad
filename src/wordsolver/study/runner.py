"""Running a study: every cell of the plan, reusing what the results file already holds.

Per list pair and objective, one opener search finds the best opener of every size the plan
needs (exact for 2 words, a beam above: see :mod:`wordsolver.search.openers`); each cell is
then one whole-dictionary evaluation. Progress is one step per cell, finished or reused.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wordsolver.evaluation import evaluate
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.plumbing.digests import sha256_hex
from wordsolver.plumbing.progress import Progress
from wordsolver.plumbing.tables import Row, data_frame, html_table
from wordsolver.search.openers import OpenerQuery, search_openers
from wordsolver.strategies.player import Player, PlayOptions
from wordsolver.strategies.registry import find_strategy
from wordsolver.study.plan import ALGORITHMS, GOALS, Cell, ListPair, StudyPlan
from wordsolver.study.results import CellResult, OpenerChoice, ResultsFile

if TYPE_CHECKING:
    from pandas import DataFrame

#: The columns of a study's rows, in order (a DataFrame's too).
STUDY_COLUMNS = ("lists", "goal", "algorithm", "opener", "mean", "worst", "losses", "secrets")


@dataclass(frozen=True, slots=True)
class PairResults:
    """The cells of one list pair, in plan order."""

    label: str
    pair: ListPair
    n_secrets: int
    n_guesses: int
    max_tries: int | None
    cells: tuple[CellResult, ...]

    def cell(self, goal: str, algorithm: str) -> CellResult:
        """The cell of that objective and algorithm (KeyError when the plan had none)."""
        for cell in self.cells:
            if (cell.goal, cell.algorithm) == (goal, algorithm):
                return cell
        raise KeyError((goal, algorithm))


@dataclass(frozen=True, slots=True)
class StudyResults:
    """Every cell of a plan, and what this run cost."""

    plan: StudyPlan
    pairs: tuple[PairResults, ...]
    reused: int
    wall_seconds: float

    @property
    def compute_seconds(self) -> float:
        """Time the results cost when computed: evaluations plus opener searches (each once)."""
        searches = {
            (pair.label, cell.goal, cell.opener.words): cell.opener.seconds
            for pair in self.pairs
            for cell in pair.cells
            if cell.opener is not None
        }
        return sum(c.seconds for p in self.pairs for c in p.cells) + sum(searches.values())

    def rows(self) -> list[Row]:
        """One row per cell: the list pair (``secrets|allowed``), objective and algorithm, the
        opener played (words by spaces; empty without one), mean, worst, losses, secrets."""
        return [
            {
                "lists": pair.label,
                "goal": cell.goal,
                "algorithm": cell.algorithm,
                "opener": "" if cell.opener is None else " ".join(cell.opener.words),
                "mean": cell.mean,
                "worst": cell.worst,
                "losses": cell.losses,
                "secrets": cell.total,
            }
            for pair in self.pairs
            for cell in pair.cells
        ]

    def to_frame(self) -> DataFrame:
        """The rows as a pandas DataFrame (the ``notebook`` extra)."""
        return data_frame(self.rows(), STUDY_COLUMNS)

    def _repr_html_(self) -> str:
        caption = f"{self.plan.game}: {len(self.pairs)} list pairs, {self.reused} cells reused"
        return html_table(self.rows(), STUDY_COLUMNS, caption=caption, limit=100)


def pair_key(game: Game) -> str:
    """What a list pair's results depend on: the rules and both lists' contents."""
    parts = [
        game.name,
        game.rule.name,
        str(game.length),
        str(game.max_tries),
        game.alphabet.letters,
        game.secrets.digest(),
        game.guesses.digest(),
    ]
    return sha256_hex("|".join(parts).encode())[:16]


def run_study(
    plan: StudyPlan, results: ResultsFile, *, progress: Progress | None = None
) -> StudyResults:
    """Evaluate every cell of ``plan`` not yet in ``results``, saving each as it finishes."""
    started = time.perf_counter()
    reused = 0
    pairs: list[PairResults] = []
    for pair in plan.pairs:
        game = find_game(plan.game, GameOverrides(answers=pair.answers, allowed=pair.allowed))
        run = _PairRun(plan, game, results)
        cells = []
        for cell in (c for c in plan.cells() if c.pair == pair):
            result = results.cell(run.cell_key(cell))
            if result is None:
                result = run.compute(cell)
            else:
                reused += 1
            cells.append(result)
            if progress is not None:
                progress(1)
        label = _label(game, [p.label for p in pairs])
        pairs.append(
            PairResults(
                label, pair, len(game.secrets), len(game.guesses), game.max_tries, tuple(cells)
            )
        )
    return StudyResults(plan, tuple(pairs), reused, time.perf_counter() - started)


class _PairRun:
    """The work of one list pair; the matrix and the opener searches are made when first needed."""

    def __init__(self, plan: StudyPlan, game: Game, results: ResultsFile) -> None:
        self.plan = plan
        self.game = game
        self.results = results
        self.key = pair_key(game)
        self._matrix: PatternMatrix | None = None

    @property
    def matrix(self) -> PatternMatrix:
        if self._matrix is None:
            self._matrix = pattern_matrix(self.game)
        return self._matrix

    def cell_key(self, cell: Cell) -> str:
        beam = f"/beam{self.plan.beam_width}" if cell.algorithm.opener_words else ""
        return f"{self.key}/{cell.goal.name}/{cell.algorithm.name}{beam}"

    def compute(self, cell: Cell) -> CellResult:
        opener = None
        if cell.algorithm.opener_words:
            opener = self.openers(cell.goal.name)[cell.algorithm.opener_words]
        options = PlayOptions(
            guess_from=cell.algorithm.guess_from, openers=opener.words if opener else ()
        )
        player = Player(self.matrix, find_strategy(cell.goal.strategy), options)
        result = CellResult.from_evaluation(
            cell.goal.name, cell.algorithm.name, opener, evaluate(player)
        )
        self.results.put_cell(self.cell_key(cell), result)
        return result

    def openers(self, goal: str) -> dict[int, OpenerChoice]:
        """The best opener of each size the plan plays, searched once per objective."""
        key = f"{self.key}/{goal}/openers/beam{self.plan.beam_width}"
        sizes = [ALGORITHMS[a].opener_words for a in self.plan.algorithms]
        wanted = [k for k in sizes if k]
        known = self.results.openers(key)
        if known is not None and all(k in known for k in wanted):
            return known
        query = OpenerQuery(
            words=max(wanted), by=GOALS[goal].name, top=1, beam_width=self.plan.beam_width
        )
        search = search_openers(self.matrix, query)
        choices = {
            level.words: OpenerChoice(
                level.openers[0].words,
                level.openers[0].mean,
                level.openers[0].worst,
                level.exact,
                level.seconds,
            )
            for level in search.levels
        }
        self.results.put_openers(key, choices)
        return choices


def _label(game: Game, taken: list[str]) -> str:
    """``secrets|allowed`` sizes, numbered when two pairs have the same sizes."""
    label = f"{len(game.secrets)}|{len(game.guesses)}"
    count = sum(1 for other in taken if other.split(" ")[0] == label)
    return label if count == 0 else f"{label} #{count + 1}"

"""Exact search: speed against budgets and results against known optima, printed as one table.

Run: ``python benchmarks/bench_optimal.py [--quick]`` (reads the reference lists in
``tests/data``). ``--quick`` skips the long, time-limited searches (Wordle hard mode,
Tonguess, Bulls and Cows, Mastermind) and keeps the budgeted rows.

Rows:

- Wordle, original lists, opener salet: the proven optimum is 7,920 guesses (mean 3.4212, worst 5);
  budget 10 s. Hard mode after salet: 8,122 (reported, no time budget). With the secrets weighted
  by their wordfreq frequency: the proven least expected number of guesses.
- Tonguess 3 and 4 letters (the game's own dictionaries; words that repeat a letter are skipped):
  the greedy entropy tree (budget 5 s) and the optimal search under a time limit, with the lower
  bound it proved and the gap to it.
- Tonguess 3 letters, random sets of 20, 30 and 40 of its secrets: exact search time and sets
  searched (the median of three sets each), to show how the proof grows with the set.
- Fallout-sized games: random terminals of 20 five-letter words, exact solve time per terminal,
  the median over 50 terminals (budget 50 ms).
- Optimal suggestions (what ``suggest GAME -s optimal`` pays once its matrix is loaded, through
  the composer the faces call): Mastermind's start (ranked by the proof of its best first
  guesses), Mastermind after ``aabb 1-0`` (256 candidates) and Wordle's original lists after
  ``salet .....`` (221), the top 3 ranked with their exact means, a fresh strategy each; budget
  2 s each (the command line's time limit is 10 s).
- Mastermind's whole game evaluated by ``optimal`` (``evaluate mastermind -s optimal``: every
  code played on the tree of the proof of its best first guess): 5,625 proven; budget 3 s.
- Bulls and Cows (4 distinct digits, 60 s) and Mastermind (4 pegs, 6 colours, 300 s: its
  optimum must be reproduced and proven) under a time limit, beside the published optima: Bulls
  and Cows 26,274 guesses (mean 5.2131); Mastermind 5,625 (mean 4.3403, worst 6; Koyama and Lai
  1993). Every first guess of Bulls and Cows is the same up to renaming digits, so searching
  after 0123 loses nothing; Mastermind is searched after aabc (1123), the first guess of the
  Koyama–Lai optimum.

Numba compile (or cache load) time is measured first, on tiny games, and reported on its own row.
Progress goes to stderr; the table to stdout. Exit code 1 when a budget or a known answer failed.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
os.environ.setdefault("WORDSOLVER_CACHE_DIR", tempfile.mkdtemp(prefix="wordsolver-bench-"))

# After the cache folder is chosen:
from wordsolver.against import evaluate_play  # noqa: E402
from wordsolver.alphabet import find_alphabet  # noqa: E402
from wordsolver.errors import WordsolverError  # noqa: E402
from wordsolver.evaluation import Evaluation  # noqa: E402
from wordsolver.games import Game, GameOverrides, find_game, make_game  # noqa: E402
from wordsolver.games.colours import ColoursRule  # noqa: E402
from wordsolver.lexicon import Lexicon  # noqa: E402
from wordsolver.matrix import PatternMatrix, pattern_matrix  # noqa: E402
from wordsolver.plans import bounded_strategy, suggest_now  # noqa: E402
from wordsolver.search import INFEASIBLE, UNLIMITED_TRIES, SearchLimit  # noqa: E402
from wordsolver.search.compiled import exact_search  # noqa: E402
from wordsolver.session import Session  # noqa: E402
from wordsolver.strategies import Player, PlayOptions, find_strategy  # noqa: E402
from wordsolver.tree import DecisionTree, grow_tree  # noqa: E402
from wordsolver.tree.optimal import SearchResult, optimal_tree  # noqa: E402
from wordsolver.weights import WORDFREQ, SecretWeights, load_weights  # noqa: E402

TONGUESS_SECONDS = 120.0
#: Sizes of the random Tonguess sets solved exactly, and how many sets of each.
GROWTH_SIZES = (20, 30, 40)
GROWTH_SETS = 3
BULLS_SECONDS = 60.0
#: Time allowed to prove the Mastermind optimum (it takes about 80 s).
MASTERMIND_SECONDS = 300.0
TERMINALS = 50
#: Tries that never bind on a 20-word terminal (the game's own limit is 4).
UNLIMITED = 20


def note(message: str) -> None:
    """A progress line on stderr."""
    print(f"[bench_optimal {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


@dataclass
class Row:
    """One line of the table; ``budget`` in seconds, ``expected`` the known total if any."""

    game: str
    strategy: str
    mean: float | None = None
    worst: int | None = None
    total: int | None = None
    proven: bool | None = None
    lower_bound: int | None = None
    seconds: float = 0.0
    budget: float | None = None
    expected: int | None = None
    reference: str = ""

    @property
    def verdict(self) -> str:
        if self.budget is None and self.expected is None:
            return ""
        ok = self.budget is None or self.seconds <= self.budget
        if self.expected is not None:
            ok = ok and self.total == self.expected and bool(self.proven)
        return "PASS" if ok else "FAIL"

    def cells(self) -> list[str]:
        bound = ""
        if self.lower_bound is not None:
            bound = f"{self.lower_bound:,}"
            if self.total is not None and not self.proven:
                bound += f" (gap {(self.total - self.lower_bound) / self.total:.1%})"
        proven = "" if self.proven is None else ("yes" if self.proven else "no")
        return [
            self.game,
            self.strategy,
            "" if self.mean is None else f"{self.mean:.4f}",
            "" if self.worst is None else str(self.worst),
            "" if self.total is None else f"{self.total:,}",
            proven,
            bound,
            f"{self.seconds:.3f}",
            "" if self.budget is None else f"≤ {self.budget:g}",
            self.verdict,
            self.reference,
        ]


def search(
    matrix: PatternMatrix,
    *,
    hard: bool = False,
    opener: str | None = None,
    seconds: float | None = None,
    weights: SecretWeights | None = None,
) -> tuple[SearchResult, float]:
    """Run the exact search (wall time measured around it, fallback included)."""
    options = PlayOptions(hard=hard, openers=() if opener is None else (opener,))
    started = time.perf_counter()
    result = optimal_tree(matrix, options, limit=SearchLimit(seconds=seconds), weights=weights)
    return result, time.perf_counter() - started


def search_row(
    game: str,
    strategy: str,
    result: SearchResult,
    seconds: float,
    budget: float | None = None,
    expected: int | None = None,
    reference: str = "",
) -> Row:
    needed = result.tree.guesses_needed()
    return Row(
        game,
        strategy,
        result.mean,
        int(needed.max()),
        result.total,
        result.proven,
        result.lower_bound,
        seconds,
        budget,
        expected,
        reference,
    )


def tree_row(game: str, tree: DecisionTree, seconds: float, budget: float | None) -> Row:
    needed = tree.guesses_needed()
    return Row(
        game,
        f"{tree.strategy} tree",
        float(needed.mean()),
        int(needed.max()),
        int(needed.sum()),
        None,
        None,
        seconds,
        budget,
    )


def tree_total(tree: DecisionTree) -> int:
    return int(tree.guesses_needed().sum())


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel the rows use, on tiny games."""
    fallout = pattern_matrix(
        find_game("fallout", GameOverrides(words=("cat", "car", "bat", "cot")))
    )
    colours = pattern_matrix(
        make_game(
            "warm-up",
            ColoursRule(),
            find_alphabet("abcd"),
            3,
            6,
            Lexicon("warm-up", ("abc", "abd", "bcd", "cab", "dab")),
            None,
        )
    )
    bulls = pattern_matrix(find_game("bulls", GameOverrides(length=2, alphabet="abcd")))
    mastermind = pattern_matrix(find_game("mastermind"))  # large enough for the threaded kernels
    for matrix in (fallout, colours, bulls):
        for hard in (False, True):
            search(matrix, hard=hard)
            grow_tree(Player(matrix, find_strategy("entropy"), PlayOptions(hard=hard)))
    grow_tree(Player(mastermind, find_strategy("entropy"), PlayOptions()))


def wordle_rows(quick: bool) -> list[Row]:
    folder = DATA / "wordle"
    game = find_game(
        "wordle", GameOverrides(answers=folder / "answers.txt", allowed=folder / "allowed.txt")
    )
    matrix = pattern_matrix(game)
    matrix.by_secret  # noqa: B018 (built once here, not inside the timed search)
    rows = []
    note("wordle, opener salet: exact search")
    result, seconds = search(matrix, opener="salet")
    rows.append(
        search_row(
            "wordle",
            "optimal after salet",
            result,
            seconds,
            budget=10.0,
            expected=7920,
            reference="7,920 (3.4212, worst 5)",
        )
    )
    note("wordle, opener salet, wordfreq weights: exact search")
    weights = load_weights(WORDFREQ, game)
    result, seconds = search(matrix, opener="salet", weights=weights)
    needed = result.tree.guesses_needed()
    rows.append(
        Row(
            "wordle, wordfreq weights",
            "optimal after salet",
            result.mean,
            int(needed.max()),
            proven=result.proven,
            seconds=seconds,
            reference=f"expected guesses; plain mean of this tree {needed.mean():.4f}",
        )
    )
    if not quick:
        note("wordle, opener salet, hard mode: exact search")
        result, seconds = search(matrix, hard=True, opener="salet")
        rows.append(
            search_row(
                "wordle, hard mode",
                "optimal after salet",
                result,
                seconds,
                expected=8122,
                reference="8,122",
            )
        )
    return rows


def tonguess_matrix(letters: int) -> PatternMatrix:
    """The Tonguess game on its own dictionary (words that repeat a letter skipped), with its
    matrix built before any clock starts."""
    name = f"tonguess{letters}"
    game = find_game(
        name, GameOverrides(answers=DATA / "tonguess" / f"dict{letters}", skip_bad=True)
    )
    note(f"{name}: pattern matrix {len(game.guesses):,} × {len(game.secrets):,}")
    matrix = pattern_matrix(game)
    matrix.by_secret  # noqa: B018
    return matrix


def tonguess_rows(letters: int, quick: bool) -> list[Row]:
    name = f"tonguess{letters}"
    matrix = tonguess_matrix(letters)
    game = matrix.game
    label = f"{name} ({len(game.secrets):,}, {game.secrets.skipped} skipped)"
    note(f"{name}: greedy entropy tree")
    player = Player(matrix, find_strategy("entropy"), PlayOptions())
    started = time.perf_counter()
    tree = grow_tree(player)
    rows = [tree_row(label, tree, time.perf_counter() - started, 5.0)]
    if not quick:
        note(f"{name}: optimal search, limit {TONGUESS_SECONDS:g} s")
        result, seconds = search(matrix, seconds=TONGUESS_SECONDS)
        rows.append(search_row(label, f"optimal, {TONGUESS_SECONDS:g} s limit", result, seconds))
    return rows


def growth_rows() -> list[Row]:
    """Exact search of random sets of ``tonguess3`` secrets (every 3-letter heterogram may be
    guessed): the median time and number of sets searched per set size."""
    matrix = tonguess_matrix(3)
    game = matrix.game
    every_guess = np.arange(len(game.guesses), dtype=np.intp)
    rng = np.random.default_rng(2026)
    rows = []
    for size in GROWTH_SIZES:
        note(f"tonguess3: exact search of {GROWTH_SETS} random sets of {size} secrets")
        seconds: list[float] = []
        nodes: list[int] = []
        totals: list[int] = []
        for _ in range(GROWTH_SETS):
            candidates = np.sort(rng.choice(len(game.secrets), size, replace=False))
            exact = exact_search(matrix, workers=1)
            started = time.perf_counter()
            totals.append(exact.solve(candidates, UNLIMITED_TRIES, every_guess, INFEASIBLE).lower)
            seconds.append(time.perf_counter() - started)
            nodes.append(exact.nodes)
        rows.append(
            Row(
                f"tonguess3, {GROWTH_SETS} random sets of {size}",
                "optimal (median)",
                sum(totals) / (size * GROWTH_SETS),
                proven=True,
                seconds=statistics.median(seconds),
                reference=f"sets searched: median {statistics.median(nodes):,.0f},"
                f" most {max(nodes):,}",
            )
        )
    return rows


def five_letter_words() -> list[str]:
    text = (DATA / "fallout-terminal" / "words_alpha.txt").read_text(encoding="utf-8")
    return sorted({w for w in text.split() if len(w) == 5 and w.isascii() and w.isalpha()})


def fallout_rows(count: int) -> list[Row]:
    """Exact solve time of random 20-word terminals (the search only: each matrix is built
    before the clock starts), with the game's 4 tries and with no limit of tries."""
    words = five_letter_words()
    rng = random.Random(2024)
    screens = [tuple(rng.sample(words, 20)) for _ in range(count)]
    rows = []
    for tries, label in ((None, "4 tries"), (UNLIMITED, "no limit of tries")):
        note(f"fallout: exact solve of {count} random terminals of 20 five-letter words, {label}")
        solve_times: list[float] = []
        build_times: list[float] = []
        means: list[float] = []
        worsts: list[int] = []
        totals: list[int] = []
        proven = True
        for screen in screens:
            started = time.perf_counter()
            game = find_game("fallout", GameOverrides(words=screen, tries=tries))
            matrix = pattern_matrix(game, use_cache=False)
            build_times.append(time.perf_counter() - started)
            started = time.perf_counter()
            try:
                result = optimal_tree(matrix)
            except WordsolverError:  # no tree finds every secret within the tries
                solve_times.append(time.perf_counter() - started)
                continue
            solve_times.append(time.perf_counter() - started)
            needed = result.tree.guesses_needed()
            means.append(float(needed.mean()))
            worsts.append(int(needed.max()))
            totals.append(result.total)
            proven &= result.proven
        solved = len(totals)
        rows.append(
            Row(
                f"fallout {count}×20 words, {label}",
                "optimal (median)",
                statistics.mean(means) if means else None,
                max(worsts) if worsts else None,
                sum(totals) if totals else None,
                proven if solved else None,
                None,
                statistics.median(solve_times),
                0.05,
                None,
                f"{solved} solvable; slowest {max(solve_times) * 1000:.0f} ms;"
                f" matrix {statistics.median(build_times) * 1000:.1f} ms",
            )
        )
    return rows


#: Seconds an optimal suggestion after one guess may take (in-process, the matrix loaded).
SUGGESTION_BUDGET = 2.0


def suggestion_rows() -> list[Row]:
    rows = []
    for name, overrides, history in (
        ("mastermind", GameOverrides(), ()),
        ("mastermind", GameOverrides(), (("aabb", "1-0"),)),
        ("wordle", GameOverrides(lists="original"), (("salet", "....."),)),
    ):
        matrix = pattern_matrix(find_game(name, overrides))
        state = Session(matrix)
        state.replay(history)
        where = " ".join(f"after {guess} {feedback}" for guess, feedback in history) or "at start"
        note(f"{name}: optimal suggestions {where}")
        player = Player(matrix, bounded_strategy("optimal", seconds=10.0), PlayOptions())
        started = time.perf_counter()
        suggested = suggest_now(state, player, top=3)
        seconds = time.perf_counter() - started
        ranked = suggested.ranked if suggested.gave_way is None else []
        shown = ", ".join(f"{r.word} {r.score:.4f}" for r in ranked) or "gave way to entropy"
        rows.append(
            Row(
                name,
                f"optimal suggestions {where}",
                mean=ranked[0].score if ranked else None,
                seconds=seconds if ranked else float("inf"),
                budget=SUGGESTION_BUDGET,
                reference=f"{len(state.candidates)} candidates: {shown}",
            )
        )
    return rows


#: Seconds the evaluation of Mastermind's whole game by ``optimal`` may take (in-process).
EVALUATION_BUDGET = 3.0


def evaluation_rows() -> list[Row]:
    """``evaluate mastermind -s optimal``: every code played on the proof's tree."""
    matrix = pattern_matrix(find_game("mastermind"))
    note("mastermind: optimal evaluation of the whole game")
    player = Player(matrix, bounded_strategy("optimal", seconds=60.0), PlayOptions())
    started = time.perf_counter()
    played = evaluate_play(player)
    seconds = time.perf_counter() - started
    tree = played.tree if isinstance(played, Evaluation) else None
    return [
        Row(
            "mastermind",
            "optimal evaluation, whole game",
            mean=played.mean,
            worst=played.worst,
            total=int(played.guesses.sum()),
            proven=tree is not None and tree.proven,
            seconds=seconds,
            budget=EVALUATION_BUDGET,
            expected=5625,
            reference="the proof's tree: Koyama and Lai's 5,625 (4.3403, worst 6)",
        )
    ]


def classic_rows(quick: bool) -> list[Row]:
    rows = []
    for name, opener, known, reference, limit, proves in (
        ("bulls", "0123", 26274, "26,274 (5.2131)", BULLS_SECONDS, False),
        ("mastermind", "aabc", 5625, "5,625 (4.3403, worst 6)", MASTERMIND_SECONDS, True),
    ):
        game: Game = find_game(name)
        matrix = pattern_matrix(game)
        matrix.by_secret  # noqa: B018
        note(f"{name}: greedy entropy tree")
        started = time.perf_counter()
        tree = grow_tree(Player(matrix, find_strategy("entropy"), PlayOptions()))
        rows.append(tree_row(name, tree, time.perf_counter() - started, None))
        rows[-1].reference = f"optimum {reference}; ours {tree_total(tree) - known:+,}"
        if quick:
            continue
        note(f"{name}: optimal search after {opener}, limit {limit:g} s")
        result, seconds = search(matrix, opener=opener, seconds=limit)
        over = result.total - known
        rows.append(
            search_row(
                name,
                f"optimal after {opener}, {limit:g} s",
                result,
                seconds,
                expected=known if proves else None,
                reference=f"optimum {reference}; ours {over:+,}",
            )
        )
    return rows


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    started = time.perf_counter()
    note("warm-up: compile or load the numba kernels on tiny games")
    compile_seconds = timed(warm_up)
    rows = [Row("tiny games", "numba compile or cache load", seconds=compile_seconds)]
    rows += wordle_rows(quick)
    rows += tonguess_rows(3, quick)
    rows += tonguess_rows(4, quick)
    if not quick:
        rows += growth_rows()
    rows += fallout_rows(TERMINALS)
    rows += suggestion_rows()
    rows += evaluation_rows()
    rows += classic_rows(quick)

    table = Table(
        "game",
        "strategy",
        "mean",
        "worst",
        "total",
        "proven",
        "lower bound",
        "seconds",
        "budget",
        "verdict",
        "known optimum / notes",
        title=f"wordsolver exact search{' (quick)' if quick else ''}",
    )
    for row in rows:
        table.add_row(*row.cells())
    Console(width=200).print(table)
    note(f"done in {time.perf_counter() - started:.0f} s")
    return 1 if any(row.verdict == "FAIL" for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

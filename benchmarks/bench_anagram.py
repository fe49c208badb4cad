"""Speed of the hand solver against its budgets and against a recursive-permutation baseline.

Run ``python benchmarks/bench_anagram.py [--dict PATH] [--cap SECONDS]`` (default list: Birdigo's,
in ``tests/data``). Budgets, from the issue:

* letter-count index ready: at most 2 s cold (built and cached), 0.2 s from the cache;
* a 10-letter hand with 2 wildcards answered in 20 ms, a 15-letter hand with 3 in 100 ms;
* any crossword pattern answered in 50 ms, including those that made a backtracking regular
  expression run for tens of seconds (``*?*?*?*?*?*?*?*?*q``) and a 1 MB pattern (refused).

"Answered" means the complete ranked answer: every spellable word, scored and sorted. Hands are
drawn from a Scrabble tile bag with fixed seeds. Numba compiles into a fresh cache folder first,
so compile time is reported on its own and excluded from every other number. The baseline tries
permutations of the hand recursively, pruned by a set of all word prefixes; it runs on the same
hands in the same process, under a time cap per hand. Exit status 1 means a budget was missed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import partial
from pathlib import Path

from rich.console import Console
from rich.table import Table

# Fresh cache folders, removed at exit: numba must compile (timed on its own) and the index cache
# starts empty. Numba reads NUMBA_CACHE_DIR when first imported, hence before the imports below.
_FOLDERS = {
    name: tempfile.TemporaryDirectory(prefix="bench-anagram-")
    for name in ("NUMBA_CACHE_DIR", "WORDSOLVER_CACHE_DIR")
}
os.environ.update({name: folder.name for name, folder in _FOLDERS.items()})

from wordsolver.alphabet import LATIN  # noqa: E402
from wordsolver.anagram import (  # noqa: E402
    Hand,
    LetterIndex,
    WordPattern,
    cached_index,
    parse_hand,
    solve_hand,
)
from wordsolver.errors import InvalidWordError  # noqa: E402
from wordsolver.lexicon import Lexicon, WordRule, read_word_file  # noqa: E402

BIRDIGO = Path(__file__).resolve().parents[1] / "tests/data/birdigo/words_alpha.txt"

#: English Scrabble's 98 letter tiles (hands get their wildcards separately).
TILE_BAG = "".join(
    letter * count
    for letter, count in zip(
        "abcdefghijklmnopqrstuvwxyz",
        (9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1),
        strict=True,
    )
)
SEEDS = (1, 2, 3, 4, 5)
REPEATS = 5
#: (letters, wildcards, budget in seconds)
HAND_BUDGETS = ((10, 2, 0.020), (15, 3, 0.100))
#: Every pattern, answered in full (all matches, sorted), within this many seconds.
PATTERN_BUDGET = 0.050
PATTERNS = (
    "c?t*",
    "*",
    "*ing",
    "?????",
    "*a*e*i*o*u*",
    "*?*?*?*?*?*?*?*?*q",
    "*?" * 15 + "*",
    "*e*e*e*e*e*e*e*e*e*",
    "a" * 1_000_000,
)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the report; a row with a budget passes or fails."""

    what: str
    seconds: float | None
    budget: float | None = None
    note: str = ""
    correct: bool = True

    @property
    def verdict(self) -> str:
        if not self.correct:
            return "FAIL"
        if self.budget is None or self.seconds is None:
            return ""
        return "PASS" if self.seconds <= self.budget else "FAIL"


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def seeded_hands(n_letters: int, wildcards: int) -> list[Hand]:
    """One hand per seed, drawn from the tile bag."""
    return [
        parse_hand("".join(random.Random(seed).sample(TILE_BAG, n_letters)) + "*" * wildcards)
        for seed in SEEDS
    ]


class PermutationBaseline:
    """The straightforward solver: extend a prefix by each unused tile in turn, recursively.

    A set of every prefix of every word prunes dead branches; a wildcard tries all 26 letters.
    """

    def __init__(self, words: tuple[str, ...]) -> None:
        self.words = frozenset(words)
        self.prefixes = {word[:end] for word in words for end in range(1, len(word) + 1)}

    def solve(self, hand: Hand, cap: float) -> set[str] | None:
        """Every spellable word, or None when the time cap runs out first."""
        deadline = time.perf_counter() + cap
        found: set[str] = set()
        tiles = Counter(hand.letters)

        def extend(prefix: str, wildcards: int) -> None:
            if time.perf_counter() > deadline:
                raise TimeoutError
            if prefix in self.words:
                found.add(prefix)
            for letter in list(tiles):
                if tiles[letter] and prefix + letter in self.prefixes:
                    tiles[letter] -= 1
                    extend(prefix + letter, wildcards)
                    tiles[letter] += 1
            if wildcards:
                for letter in LATIN.letters:
                    if prefix + letter in self.prefixes:
                        extend(prefix + letter, wildcards - 1)

        try:
            extend("", hand.wildcards)
        except TimeoutError:
            return None
        return found


def index_rows(dictionary: Path) -> tuple[list[Row], LetterIndex]:
    """Numba compile, reading the list, and the index built cold and loaded from the cache."""
    warm_up = LetterIndex.build(Lexicon("warm-up", ("ab",)))
    rows = [
        Row(
            "numba compile (excluded below)",
            timed(lambda: solve_hand(warm_up, parse_hand("a*"))),
            note="first call, empty numba cache",
        )
    ]
    start = time.perf_counter()
    lexicon = read_word_file(dictionary, WordRule(LATIN))
    rows.append(
        Row("read the word file", time.perf_counter() - start, note=f"{len(lexicon):,} words")
    )
    rows.append(Row("index cold: build + write cache", timed(lambda: cached_index(lexicon)), 2.0))
    from_cache = statistics.median(timed(lambda: cached_index(lexicon)) for _ in range(REPEATS))
    rows.append(Row("index from cache", from_cache, 0.2, note=f"median of {REPEATS}"))
    return rows, cached_index(lexicon)


def hand_rows(
    index: LetterIndex,
    baseline: PermutationBaseline,
    size: tuple[int, int, float],
    cap: float,
) -> tuple[Row, Row]:
    """Our median time on the seeded hands, and the baseline's on the same hands."""
    n_letters, wildcards, budget = size
    hands = seeded_hands(n_letters, wildcards)
    times = [timed(partial(solve_hand, index, hand)) for hand in hands for _ in range(REPEATS)]
    answers = [{index.words[i] for i in solve_hand(index, hand).ids.tolist()} for hand in hands]
    ours = statistics.median(times)
    sizes = f"{min(map(len, answers)):,}-{max(map(len, answers)):,} words"
    label = f"{n_letters} letters + {wildcards} wildcards"
    row = Row(label, ours, budget, note=f"median of {len(times)} ({len(hands)} hands); {sizes}")

    baseline_times: list[float] = []
    agree = True
    for hand, answer in zip(hands, answers, strict=True):
        start = time.perf_counter()
        found = baseline.solve(hand, cap)
        if found is None:
            late = len(baseline_times) + 1
            note = f"≥ {cap / ours:,.0f}× slower: hand {late} hit the {cap:g} s cap"
            return row, Row("  baseline: recursive permutations", None, note=note)
        baseline_times.append(time.perf_counter() - start)
        agree &= found == answer
    slow = statistics.median(baseline_times)
    same = "yes" if agree else "NO"
    note = f"{slow / ours:,.0f}× slower (median of {len(hands)}); same answers: {same}"
    return row, Row("  baseline: recursive permutations", slow, note=note)


def pattern_rows(words: tuple[str, ...]) -> list[Row]:
    """Median time of each pattern's complete answer; checked against fnmatch once."""
    WordPattern.parse("a*").matches(words)  # compile the matcher (numba) before timing
    rows = []
    for text in PATTERNS:

        def answer(text: str = text) -> str:
            try:
                found = WordPattern.parse(text).matches(words)
            except InvalidWordError:
                return "refused"
            return f"{len(found):,} words"

        times = []
        for _ in range(REPEATS):
            start = time.perf_counter()
            outcome = answer()
            times.append(time.perf_counter() - start)
        correct = outcome == "refused" and len(text) > max(map(len, words))
        if outcome != "refused":
            expected = f"{sum(fnmatchcase(word, text) for word in words):,} words"
            correct = outcome == expected
            outcome += "; same as fnmatch" if correct else f"; fnmatch finds {expected}"
        shown = text if len(text) <= 30 else f"{text[:8]}... ({len(text):,} characters)"
        median = statistics.median(times)
        rows.append(Row(f"pattern {shown}", median, PATTERN_BUDGET, outcome, correct))
    return rows


def report(rows: list[Row], dictionary: Path) -> None:
    table = Table(
        "measurement", "time", "budget", "result", "notes", title=f"hand solver on {dictionary}"
    )
    for row in rows:
        seconds = "—" if row.seconds is None else f"{row.seconds * 1000:,.1f} ms"
        budget = "" if row.budget is None else f"{row.budget * 1000:,.0f} ms"
        verdict = {"PASS": "[green]PASS[/]", "FAIL": "[red]FAIL[/]"}.get(row.verdict, "")
        table.add_row(row.what, seconds, budget, verdict, row.note)
    console = Console()
    if not console.is_terminal:
        console.width = 140  # piped: one line per row rather than wrapped cells
    console.print(table)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dict", type=Path, default=BIRDIGO, help="word list (default: Birdigo)")
    parser.add_argument("--cap", type=float, default=10.0, help="baseline seconds per hand")
    parser.add_argument("--quick", action="store_true", help="cap the baseline at 2 s a hand")
    args = parser.parse_args(argv)
    if args.quick:
        args.cap = min(args.cap, 2.0)
    if not args.dict.is_file():
        print(f"error: {args.dict}: no such file", file=sys.stderr)
        return 2
    rows, index = index_rows(args.dict)
    start = time.perf_counter()
    baseline = PermutationBaseline(index.words)
    rows.append(
        Row("baseline set-up: prefix set", time.perf_counter() - start, note="untimed below")
    )
    for size in HAND_BUDGETS:
        rows.extend(hand_rows(index, baseline, size, args.cap))
    rows.extend(pattern_rows(index.words))
    report(rows, args.dict)
    return 1 if any(row.verdict == "FAIL" for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())

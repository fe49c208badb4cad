"""Engine speed against the budgets of the core issue, printed as one table.

Run: ``python benchmarks/bench_engine.py`` (reads the reference lists in ``tests/data``).
Compile time of the numba kernels is measured first, with an empty numba cache, on a tiny game,
and reported on its own row.
Every timed step uses a private, empty cache folder so "cold" really is cold.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
os.environ["WORDSOLVER_CACHE_DIR"] = tempfile.mkdtemp(prefix="wordsolver-bench-")
# A fresh numba cache: the first row then measures real compilation, excluded from the rest.
os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="wordsolver-numba-")

from wordsolver.evaluation import evaluate  # noqa: E402  (after the cache folder is chosen)
from wordsolver.games import GameOverrides, find_game  # noqa: E402
from wordsolver.matrix import build_values, pattern_matrix  # noqa: E402
from wordsolver.partition import partition_stats  # noqa: E402
from wordsolver.strategies import Player, PlayOptions, find_strategy  # noqa: E402


def timed(action: Callable[[], object], repeat: int = 1) -> float:
    """Median wall time of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def russian_lists(folder: Path) -> tuple[Path, Path]:
    """The published study's lists as files (answers, allowed), with its four later changes."""
    rows = [line.split(";") for line in (folder / "all-words.csv").read_text("utf-8").splitlines()]
    allowed = [
        word
        for word, source, flag in rows
        if flag != "not-exists" and (flag == "exists" or source == "OpenCorpora")
    ]
    answers = (folder / "tbank-answers-assumption.txt").read_text("utf-8").split()
    out = Path(tempfile.mkdtemp(prefix="wordsolver-ru-"))
    (out / "answers.txt").write_text("\n".join(w for w in answers if w not in ("драже", "кешью")))
    (out / "allowed.txt").write_text("\n".join(w for w in allowed if w not in ("танок", "такое")))
    return out / "answers.txt", out / "allowed.txt"


def main() -> int:
    rows: list[tuple[str, float, float | None]] = []

    tiny_games = [
        find_game("fallout", GameOverrides(words=("cat", "car", "bat"))),
        find_game("wordle", GameOverrides(words=("crane", "slate", "trace"))),
        find_game("bulls", GameOverrides(length=2, alphabet="abcd")),
    ]

    def warm_up() -> None:
        for game in tiny_games:
            for hard in (False, True):
                evaluate(Player(pattern_matrix(game), find_strategy("entropy"), PlayOptions(hard)))

    compile_seconds = timed(warm_up)
    rows.append(("numba compile of the kernels (tiny game, excluded below)", compile_seconds, None))

    wordle = find_game("wordle")  # the default lists: today's 14,855 guesses, 2,315 answers
    size = f"{len(wordle.guesses):,}×{len(wordle.secrets):,}"
    rows.append((f"wordle {size} matrix, cold build", timed(lambda: build_values(wordle), 3), 2.0))
    pattern_matrix(wordle)
    rows.append(
        ("wordle matrix from cache (verified)", timed(lambda: pattern_matrix(wordle), 3), 0.2)
    )
    matrix = pattern_matrix(wordle)
    entropy = find_strategy("entropy")
    player = Player(matrix, entropy, PlayOptions())
    start = player.position(np.arange(len(wordle.secrets)), 0, None)
    best = entropy.rank(start, 1)[0].word
    rows.append(
        (
            f"wordle best first guess by entropy ({best})",
            timed(lambda: entropy.choose(start), 5),
            0.1,
        )
    )
    result = evaluate(player)
    rows.append(
        (
            f"wordle greedy entropy, every secret (mean {result.mean:.4f})",
            timed(lambda: evaluate(player)),
            5.0,
        )
    )

    tonguess = find_game("tonguess4")  # the game's own dictionary
    rows.append(
        (
            f"tonguess4 {len(tonguess.guesses):,}×{len(tonguess.secrets):,} matrix, cold",
            timed(lambda: build_values(tonguess)),
            5.0,
        )
    )

    answers, allowed = russian_lists(DATA / "five-letters")
    russian = find_game("5bukv", GameOverrides(answers=answers, allowed=allowed))
    ru_matrix = pattern_matrix(russian)
    everything = np.arange(len(russian.secrets), dtype=np.intp)
    all_rows = np.arange(len(russian.guesses), dtype=np.intp)

    def start_word_table() -> None:
        stats = partition_stats(ru_matrix, all_rows, everything)
        np.lexsort((all_rows, stats.worst, stats.sum_squares))

    rows.append(
        (
            f"5bukv start-word table {len(russian.guesses):,}×{len(russian.secrets):,}",
            timed(start_word_table, 5),
            1.0,
        )
    )

    table = Table("step", "seconds", "budget", "verdict", title="wordsolver engine benchmarks")
    failed = False
    for label, seconds, budget in rows:
        verdict = "" if budget is None else ("PASS" if seconds <= budget else "FAIL")
        failed |= verdict == "FAIL"
        table.add_row(label, f"{seconds:.3f}", "" if budget is None else f"≤ {budget:g}", verdict)
    Console().print(table)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

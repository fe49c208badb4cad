"""Today's Wordle under its prior: how it plays real answers beside the old lists, and how fast.

Play, side by side, taking the top suggestion every turn as the assistant does
(:func:`wordsolver.against.play_against`):

- the 3,158 WordleBot answers and the 2,315 original answers (package data), and a seeded
  sample of every accepted word, each with the default lists and prior (``nyt``) and with the
  uniform prior (the original answers alike, widening when none fits: the old default);
- the same strategy told the WordleBot list (``--lists wordlebot``, uniform), the reference.

Targets (issue 24): WordleBot answers with the defaults: 0 losses, 0 false certainties, mean
within 0.03 of the reference (3.5687); original answers with the defaults: mean ≤ 3.50.

Speed budgets (warm cache): ``wordsolver suggest wordle --top 1`` as a whole process ≤ 0.5 s
wall and ≤ 300 MB peak (median of 5); one turn in-process (a guess and its feedback pushed,
five suggestions ranked) ≤ 50 ms at the median, first turns and later ones alike; the web's
Enter (``/api/suggest`` on loopback, the history replayed) p95 ≤ 0.2 s. A busy machine stretches
the wall times: the load average is printed beside them, and CPU seconds too.

Usage: ``python benchmarks/bench_prior.py [--quick] [--speed] [--play]`` (``--quick``: 400
sampled answers of each list and 200 accepted words instead of all; neither ``--speed`` nor
``--play``: both).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from processes import load_average, medians, run_process
from rich.console import Console
from rich.table import Table

from wordsolver.against import SecretsPlayed, play_against
from wordsolver.games import GameOverrides, find_game
from wordsolver.lexicon import builtin_lexicon
from wordsolver.session import Session, game_matrix

#: The reference: entropy told the WordleBot list (measured before the prior, issue 24).
REFERENCE_MEAN = 3.5687
#: How far the defaults' mean on the WordleBot answers may be from the reference.
MEAN_TOLERANCE = 0.03
#: The defaults' mean on the original answers may be at most this.
ORIGINAL_MEAN = 3.50
#: Accepted words sampled (seeded) for the "every accepted word" row.
SAMPLE = 1_000


def wordsolver() -> str:
    """The installed command beside this interpreter."""
    return str(Path(sys.executable).parent / "wordsolver")


def play(console: Console, quick: bool) -> int:
    """The side-by-side table; the number of targets missed."""
    nyt, uniform = find_game("wordle"), find_game("wordle", GameOverrides(prior="uniform"))
    wordlebot = find_game("wordle", GameOverrides(lists="wordlebot"))
    rng = np.random.default_rng(24)
    every = nyt.guesses.words
    size = 200 if quick else SAMPLE
    sets = {
        "WordleBot answers": builtin_lexicon("wordle-answers-wordlebot").words,
        "original answers": builtin_lexicon("wordle-answers-original").words,
        f"{size:,} accepted words (seed 24)": tuple(
            every[i] for i in np.sort(rng.choice(len(every), size, replace=False))
        ),
    }
    if quick:
        sets = {
            name: words if "accepted" in name else words[:: max(len(words) // 400, 1)]
            for name, words in sets.items()
        }
    table = Table("secrets", "knowledge", "n", "mean", "worst", "losses", "false certain",
                  "seconds", title="entropy, top suggestion every turn")  # fmt: skip
    results: dict[tuple[str, str], SecretsPlayed] = {}
    for name, words in sets.items():
        for label, game in (
            ("defaults (nyt prior)", nyt),
            ("--prior uniform (old default)", uniform),
            ("--lists wordlebot (told the list)", wordlebot),
        ):
            if "wordlebot" in label and "WordleBot" not in name:
                continue
            played = play_against(game, words)
            results[name, label] = played
            table.add_row(name, label, f"{played.total:,}", f"{played.mean:.4f}",
                          str(played.worst), str(played.losses), str(played.false_certainties),
                          f"{played.seconds:.0f}")  # fmt: skip
    console.print(table)
    missed = 0
    bot = results["WordleBot answers", "defaults (nyt prior)"]
    told = results["WordleBot answers", "--lists wordlebot (told the list)"]
    original = results["original answers", "defaults (nyt prior)"]
    checks = [
        ("WordleBot answers: 0 losses", bot.losses == 0, str(bot.losses)),
        ("WordleBot answers: 0 false certainties", bot.false_certainties == 0,
         str(bot.false_certainties)),
        (f"WordleBot answers: mean within {MEAN_TOLERANCE} of told the list ({told.mean:.4f};"
         f" {REFERENCE_MEAN} measured before)", abs(bot.mean - told.mean) <= MEAN_TOLERANCE,
         f"{bot.mean:.4f}"),
        (f"original answers: mean ≤ {ORIGINAL_MEAN}", original.mean <= ORIGINAL_MEAN,
         f"{original.mean:.4f}"),
    ]  # fmt: skip
    for what, ok, got in checks:
        console.print(f"{'PASS' if ok else 'FAIL'}  {what}: {got}")
        missed += not ok
    return missed


def speed(console: Console) -> int:
    """The speed budgets; the number missed."""
    missed = 0
    program = wordsolver()
    args = [program, "suggest", "wordle", "--top", "1"]
    run_process(args)  # warm: the first turn's table is on disk
    loads = [load_average()]
    runs = [run_process(args) for _ in range(5)]
    loads.append(load_average())
    whole = medians(runs)
    ok = whole.wall <= 0.5 and whole.peak_mb <= 300
    missed += not ok
    console.print(
        f"{'PASS' if ok else 'FAIL'}  suggest wordle --top 1: {whole.wall:.2f} s wall"
        f" ({whole.cpu:.2f} s CPU), {whole.peak_mb:.0f} MB peak (≤ 0.5 s, ≤ 300 MB);"
        f" load {min(loads):.1f}–{max(loads):.1f}"
    )
    first, later = turns()
    for label, times in (("first turn", first), ("later turns", later)):
        wall = statistics.median(t for t, _ in times)
        cpu = statistics.median(c for _, c in times)
        worst = max(t for t, _ in times)
        ok = wall <= 0.05
        missed += not ok
        console.print(
            f"{'PASS' if ok else 'FAIL'}  one turn in-process, {label}: median {1000 * wall:.0f} ms"
            f" wall ({1000 * cpu:.0f} ms CPU), slowest {1000 * worst:.0f} ms, {len(times)} turns"
            f" (≤ 50 ms); load {load_average():.1f}"
        )
    p95 = web_enter()
    ok = p95 <= 0.2
    missed += not ok
    console.print(
        f"{'PASS' if ok else 'FAIL'}  web Enter → suggestions: p95 {1000 * p95:.0f} ms"
        f" (≤ 200 ms); load {load_average():.1f}"
    )
    return missed


def histories(count: int) -> list[list[tuple[str, str]]]:
    """The first three moves of the assistant's own play against WordleBot answers."""
    game = find_game("wordle")
    state = Session(game_matrix(game))
    words = builtin_lexicon("wordle-answers-wordlebot").words
    made = []
    for secret in words[:: len(words) // count][:count]:
        state.reset()
        moves: list[tuple[str, str]] = []
        while len(moves) < 3 and not state.solved:
            guess = state.suggest(top=1)[0].word
            feedback = game.format_pattern(game.feedback(guess, secret))
            state.push(guess, feedback)
            moves.append((guess, feedback))
        made.append(moves)
    return made


def turns() -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """(wall, CPU) seconds of each turn: a move pushed and five suggestions ranked, in a fresh
    session each game (the first move's narrowed game is not kept from an earlier one)."""
    game = find_game("wordle")
    first: list[tuple[float, float]] = []
    later: list[tuple[float, float]] = []
    for moves in histories(60):
        state = Session(game_matrix(game))
        state.suggest(top=5)
        for number, (guess, feedback) in enumerate(moves):
            if feedback == "ggggg":
                break
            wall, cpu = time.perf_counter(), time.process_time()
            state.push(guess, feedback)
            state.suggest(top=5)
            spent = (time.perf_counter() - wall, time.process_time() - cpu)
            (first if number == 0 else later).append(spent)
    return first, later


def web_enter() -> float:
    """p95 seconds of ``/api/suggest`` on the app in-process (the page's Enter: the history
    replayed, five suggestions), over the assistant's own games."""
    from fastapi.testclient import TestClient

    from wordsolver.web.app import create_app

    times = []
    with TestClient(create_app()) as client:
        client.post("/api/suggest", json={"game": "wordle", "history": []})  # loaded
        for moves in histories(40):
            for done in range(1, len(moves) + 1):
                history = [{"guess": g, "feedback": f} for g, f in moves[:done]]
                started = time.perf_counter()
                answer = client.post("/api/suggest", json={"game": "wordle", "history": history})
                times.append(time.perf_counter() - started)
                assert answer.status_code == 200, answer.text
    return float(np.percentile(times, 95))


def main(argv: Sequence[str]) -> int:
    console = Console(width=140)
    quick = "--quick" in argv
    both = "--speed" not in argv and "--play" not in argv
    missed = 0
    if both or "--speed" in argv:
        missed += speed(console)
    if both or "--play" in argv:
        missed += play(console, quick)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

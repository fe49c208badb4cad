"""``fallout parse``, ``fallout simulate``, ``fallout sweep``: read a terminal, measure terminals.

Playing a terminal is the ``fallout`` game of the other commands, e.g.
``wordsolver suggest fallout --words "$(wordsolver fallout parse screen.txt --format words)"``.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from wordsolver.anagram import DEFAULT_DICTIONARY, load_dictionary
from wordsolver.cli.base import app, stdout, warn
from wordsolver.cli.evaluate import comparison_table
from wordsolver.cli.options import JsonOption, split_names
from wordsolver.cli.progress import progress_bar
from wordsolver.errors import OptionError, WordsolverError
from wordsolver.evaluation import Evaluation
from wordsolver.fallout import (
    FALLOUT_TRIES,
    OCR_SECONDS,
    ScreenReading,
    SimulationOptions,
    Sweep,
    TerminalSpec,
    UnreadRow,
    WordPool,
    check_heatmaps,
    draw_heatmaps,
    metrics_for,
    read_photo,
    read_screen,
    simulate,
    sweep,
    sweep_csv,
    sweep_markdown,
    terminal_players,
)
from wordsolver.fallout.report import pivot_rows
from wordsolver.plumbing.files import atomic_write_bytes, output_folder, read_user_bytes

fallout = typer.Typer(
    name="fallout",
    help="Fallout terminals: read the screen, and measure terminals by simulation.",
    no_args_is_help=True,
)
app.add_typer(fallout)

#: Strategies compared when none are named: the baselines and the greedy heuristics.
DEFAULT_STRATEGIES = ["random", "eliminations", "entropy", "expected-size", "minimax"]

StrategiesOption = Annotated[
    list[str],
    typer.Option(
        "--strategy", "-s", help="strategy name (any of `wordsolver strategies`); repeat or comma"
    ),
]
TrialsOption = Annotated[int, typer.Option("--trials", min=1, help="random terminals per shape")]
SeedOption = Annotated[
    int, typer.Option(min=0, help="seed: the same seed plays the same terminals")
]
UntilSolvedOption = Annotated[
    bool, typer.Option("--until-solved", help="no tries limit: play every terminal until solved")
]
TriesOption = Annotated[
    int | None,
    typer.Option(min=1, help=f"tries before the terminal locks [default: {FALLOUT_TRIES}]"),
]
DictOption = Annotated[
    str,
    typer.Option(
        "--dict", metavar="NAME|FILE", help="english (built in) or a word list, one word per line"
    ),
]


@fallout.command("parse")
def parse(
    file: Annotated[
        str | None,
        typer.Argument(
            metavar="[FILE|-]",
            help="the screen as text, or just its words; - or nothing reads stdin",
        ),
    ] = None,
    image: Annotated[
        Path | None,
        typer.Option(
            help="read the screen from a screenshot or a phone photo of it: straightened and"
            " cleaned, then read by OCR (Tesseract)"
        ),
    ] = None,
    ocr_seconds: Annotated[
        float,
        typer.Option(
            "--ocr-timeout",
            min=0.1,
            max=3600,
            help="seconds OCR may take on --image before it stops",
        ),
    ] = OCR_SECONDS,
    length: Annotated[
        int | None, typer.Option(min=1, help="word length, when the screen is too noisy to tell")
    ] = None,
    output: Annotated[
        str, typer.Option("--format", help="text, or words: one comma-separated line for --words")
    ] = "text",
    as_json: JsonOption = False,
) -> None:
    """Find the candidate words and the bracket pairs on a terminal's screen.

    The screen is its text as shown (rows after their addresses), or a screenshot (--image);
    text of words alone, one per line or separated by spaces, is read as the words on screen.
    """
    printer = _PARSE_FORMATS.get(output)
    if printer is None:
        raise OptionError(
            f"unknown format {output!r}; choose from: {', '.join(_PARSE_FORMATS)}"
        )
    if image is not None and file is not None:
        raise OptionError("give the screen as text (FILE) or as --image, not both")
    unread: tuple[UnreadRow, ...] = ()
    if image is None:
        screen = read_screen(_read_text(file), length)
        document = screen.to_json()
    else:
        photo = read_photo(image, length, ocr_seconds)
        screen, unread = photo.checked(), photo.unread
        document = photo.to_json()
    if screen.fragments:
        shown = ", ".join(screen.fragments)
        warn(f"ignored letters that do not make a {screen.length}-letter word: {shown}")
    if unread:
        places = "; ".join(row.describe() for row in unread)
        rows = f"{len(unread)} row{'' if len(unread) == 1 else 's'}"
        warn(f"could not read {rows} (a word there may be missing); check on the screen: {places}")
    if as_json:
        stdout.print_json(json.dumps(document))
    else:
        printer(screen)


#: Most characters a screen's text may have (a real screen has about 1,000).
MAX_SCREEN_TEXT = 1 << 20


def _read_text(file: str | None) -> str:
    """The screen's text from a file or standard input, bounded in size."""
    if file is None or file == "-":
        text = sys.stdin.read(MAX_SCREEN_TEXT + 1)
        if len(text) > MAX_SCREEN_TEXT:
            raise WordsolverError(f"the screen is longer than {MAX_SCREEN_TEXT:,} characters")
        return text
    return read_user_bytes(Path(file), MAX_SCREEN_TEXT).decode("utf-8", errors="replace")


def _print_text(screen: ScreenReading) -> None:
    words = ",".join(screen.words)
    stdout.print(f"{len(screen.words)} words of {screen.length} letters: {' '.join(screen.words)}")
    if screen.brackets:
        stdout.print(f"{len(screen.brackets)} bracket pairs (each removes a dud or resets tries):")
        for pair in screen.brackets:
            where = f"row {pair.row + 1}" + (f" {pair.address}" if pair.address else "")
            stdout.print(f"  {where} column {pair.column + 1}: {pair.text}", markup=False)
    else:
        stdout.print("no bracket pairs")
    stdout.print(f"play it: wordsolver suggest fallout --words {words}", markup=False)


def _print_words(screen: ScreenReading) -> None:
    stdout.print(",".join(screen.words), markup=False)


_PARSE_FORMATS: dict[str, Callable[[ScreenReading], None]] = {
    "text": _print_text,
    "words": _print_words,
}


@fallout.command("simulate")
def simulate_command(
    length: Annotated[int, typer.Option(min=1, help="letters per word")] = 5,
    words: Annotated[int, typer.Option(min=2, help="words on screen")] = 20,
    trials: TrialsOption = 1000,
    seed: SeedOption = 0,
    strategy: StrategiesOption = DEFAULT_STRATEGIES,
    until_solved: UntilSolvedOption = False,
    tries: TriesOption = None,
    dictionary: DictOption = DEFAULT_DICTIONARY,
    as_json: JsonOption = False,
) -> None:
    """Play random terminals of one shape with each strategy: mean tries, share solved, spread."""
    options = SimulationOptions(trials, seed, _max_tries(until_solved, tries))
    names = _names(strategy)
    terminal_players(names, seed)  # unknown names fail before the dictionary is read
    pool = _pool(dictionary)
    spec = TerminalSpec(length, words)
    with progress_bar(spec.label, trials * len(names)) as advance:
        results = simulate(pool, spec, names, options, advance)
    if as_json:
        stdout.print_json(json.dumps([_evaluation_json(r) for r in results]))
        return
    title = f"{trials} terminals of {spec.label} from {Path(pool.name).name} (seed {seed})"
    stdout.print(comparison_table(title, results))


@fallout.command("sweep")
def sweep_command(
    lengths: Annotated[str, typer.Option(help="letters per word: a range or list, e.g. 4-15")] = (
        "4-15"
    ),
    words: Annotated[str, typer.Option(help="words on screen: a range or list, e.g. 5-20")] = (
        "5-20"
    ),
    trials: TrialsOption = 200,
    seed: SeedOption = 0,
    strategy: StrategiesOption = DEFAULT_STRATEGIES,
    until_solved: UntilSolvedOption = False,
    tries: TriesOption = None,
    dictionary: DictOption = DEFAULT_DICTIONARY,
    out: Annotated[
        Path, typer.Option(help="folder for sweep.md, sweep.csv and the heat maps")
    ] = Path("fallout-sweep"),
    as_json: JsonOption = False,
) -> None:
    """Simulate every shape of a grid; write a table and heat maps of what is hard."""
    options = SimulationOptions(trials, seed, _max_tries(until_solved, tries))
    length_list, count_list = _numbers(lengths, "--lengths"), _numbers(words, "--words")
    names = _names(strategy)
    terminal_players(names, seed)
    check_heatmaps()
    pool = _pool(dictionary)
    total = len(length_list) * len(count_list) * len(names) * trials
    output_folder(out)
    with progress_bar("sweep", total) as advance:
        result = sweep(pool, length_list, count_list, names, options, advance)
    atomic_write_bytes(out / "sweep.md", sweep_markdown(result).encode())
    atomic_write_bytes(out / "sweep.csv", sweep_csv(result).encode())
    images = draw_heatmaps(result, out)
    files = [out / "sweep.md", out / "sweep.csv", *images]
    if as_json:
        stdout.print_json(json.dumps(_sweep_json(result, files)))
        return
    for table in _sweep_tables(result):
        stdout.print(table)
    stdout.print(f"wrote {', '.join(str(path) for path in files)}", markup=False)


def _sweep_tables(result: Sweep) -> list[Table]:
    tables = []
    for metric in metrics_for(result.options):
        for name in result.strategies:
            title = f"{name}: {metric.heading(result.options)} (letters down, words across)"
            table = Table("letters", title=title)
            for count in result.word_counts:
                table.add_column(str(count), justify="right")
            for row in pivot_rows(result, name, metric):
                table.add_row(*row)
            tables.append(table)
    return tables


def _sweep_json(result: Sweep, files: list[Path]) -> dict[str, Any]:
    return {
        "lengths": list(result.lengths),
        "words": list(result.word_counts),
        "strategies": list(result.strategies),
        "cells": [_evaluation_json(evaluation) for evaluation in result.results.values()],
        "files": [str(path) for path in files],
    }


def _evaluation_json(evaluation: Evaluation) -> dict[str, Any]:
    return {**evaluation.to_json(), "solved": round(evaluation.solved_share, 6)}


def _max_tries(until_solved: bool, tries: int | None) -> int | None:
    if until_solved and tries is not None:
        raise OptionError("give --until-solved or --tries, not both")
    return None if until_solved else (tries or FALLOUT_TRIES)


def _names(strategies: list[str]) -> list[str]:
    return split_names(strategies, "strategy")


def _numbers(text: str, option: str) -> list[int]:
    """``4-15`` or ``4,6,8`` (or both: ``4-6,9``) as a sorted list of distinct numbers."""
    numbers: set[int] = set()
    for part in filter(None, (p.strip() for p in text.split(","))):
        match = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?", part)
        if match is None or int(match.group(2) or match.group(1)) < int(match.group(1)):
            raise OptionError(f"cannot read {option} {text!r}: give e.g. 4-15 or 4,6,8")
        numbers.update(range(int(match.group(1)), int(match.group(2) or match.group(1)) + 1))
    if not numbers:
        raise OptionError(f"{option} is empty: give e.g. 4-15 or 4,6,8")
    return sorted(numbers)


def _pool(dictionary: str) -> WordPool:
    return WordPool.from_lexicon(load_dictionary(dictionary, skip_bad=True))

"""``prove``: the best first guess of a whole game, proven, on a Dask cluster or in-process."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from wordsolver.cli.base import JsonOption, app, stderr, stdout, warn
from wordsolver.cli.options import (
    AllowedOption,
    AlphabetOption,
    AnswersOption,
    GameArgument,
    HardOption,
    LengthOption,
    ListsOption,
    SkipBadOption,
    TriesOption,
    WordsOption,
    finite_seconds,
    open_game,
    play_options,
)
from wordsolver.cli.progress import status_bar
from wordsolver.errors import OptionError
from wordsolver.plumbing.cores import usable_cores
from wordsolver.plumbing.files import check_output
from wordsolver.plumbing.memory import ensure_fits
from wordsolver.proof import (
    DaskRunner,
    InProcessRunner,
    Proof,
    ProofCounts,
    ProofInterrupted,
    ProofSpec,
    ResultsLog,
    Runner,
    SchedulerError,
    dask_available,
    process_bytes,
    prove,
)
from wordsolver.tree import save_tree

#: Rows of the ranking printed at least (``--json`` gives all).
SHOWN = 10


@app.command("prove")
def prove_command(
    game_name: GameArgument,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    hard: HardOption = False,
    top: Annotated[
        int, typer.Option(min=1, help="how many of the best first guesses get exact values")
    ] = 1,
    workers: Annotated[
        int | None,
        typer.Option(min=1, help="worker processes of the local cluster (default: the cores)"),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(help="run on an existing Dask cluster: its scheduler, e.g. tcp://host:8786"),
    ] = None,
    results: Annotated[
        Path | None,
        typer.Option(help="results file: every finished first guess, resumed when it exists"),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="tree file of the best first guess")
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(
            "--time",
            callback=finite_seconds,
            help="stop after this long with what is proven so far (the same command goes on)",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Prove which first guess is best: every allowed first guess gets a proven lower bound,
    the best --top K exact values, and the best's optimal tree is saved. Resumable."""
    game = open_game(
        game_name,
        lists=lists,
        length=length,
        alphabet=alphabet,
        tries=tries,
        answers=answers,
        allowed=allowed,
        words=words,
        skip_bad=skip_bad,
    )
    if workers is not None and scheduler is not None:
        raise OptionError("give --workers (a local cluster) or --scheduler, not both")
    short = game.name.split()[0]
    mode = "-hard" if hard else ""
    results_path = results or Path(f"{short}-{game.lists}{mode}.proof.jsonl")
    target = output or Path(f"{short}-optimal.tree.json")
    processes = 1 if scheduler is not None else (workers or usable_cores()) + 1
    ensure_fits(f"proving {game.name} on {processes} processes", processes * process_bytes(game))
    log = ResultsLog(results_path, game, hard)  # a foreign file is refused before any work
    check_output(target)
    runner = _runner(workers, scheduler)
    interrupted: Proof | None = None
    try:
        if runner.dashboard is not None:
            stderr.print(f"dashboard: {runner.dashboard}", markup=False)
        spec = ProofSpec(game, hard=hard)
        with status_bar(f"proving {short}") as update:

            def progress(counts: ProofCounts) -> None:
                if counts.parts:  # few classes, proven in parts: the bar counts the parts
                    detail = f"parts of first guesses; every play ≥ {counts.lower_bound}"
                    update(counts.parts_done, counts.parts, detail)
                    return
                detail = (
                    f"{counts.refuted_by_bound} refuted by bound,"
                    f" {counts.refuted - counts.refuted_by_bound} by search,"
                    f" {counts.exact} exact, {counts.running} running"
                )
                update(counts.done, counts.classes, detail)

            try:
                proof = prove(spec, runner, log, top=top, seconds=seconds, progress=progress)
            except ProofInterrupted as stopped:
                interrupted = stopped.proof
    finally:
        runner.close()
    if interrupted is not None:  # Ctrl-C: what is proven so far, then exit 130
        _print(interrupted, results_path, None, as_json, interrupted=True)
        raise KeyboardInterrupt
    if proof.tree is not None:
        proof.tree.options = play_options(hard, "allowed", None).describe()
        save_tree(proof.tree, target)
    _print(proof, results_path, target if proof.tree is not None else None, as_json)


def _runner(workers: int | None, scheduler: str | None) -> Runner:
    if dask_available():
        if scheduler is not None:
            return DaskRunner(scheduler=scheduler)
        return DaskRunner(workers=workers or usable_cores())
    if scheduler is not None:
        raise SchedulerError("--scheduler needs Dask: pip install 'wordsolver[cluster]'")
    warn("Dask is not installed (pip install 'wordsolver[cluster]'): proving in this process")
    return InProcessRunner()


def _data(proof: Proof, results: Path, tree: Path | None) -> dict[str, Any]:
    n = len(proof.game.secrets)
    best = proof.best
    return {
        "game": proof.game.name,
        "lists": proof.game.lists,
        "hard": proof.hard,
        "top": proof.top,
        "complete": proof.complete,
        "lower_bound": proof.lower_bound,
        "best": None if best is None else best.guess,
        "total": None if best is None else best.total,
        "mean": None if best is None else round(best.total / n, 6),
        "symmetric": proof.symmetric,
        "classes": proof.counts.classes,
        "exact": proof.counts.exact,
        "refuted": proof.counts.refuted,
        "refuted_by_bound": proof.counts.refuted_by_bound,
        "computed": proof.counts.computed,
        "parts": proof.counts.parts,
        "parts_done": proof.counts.parts_done,
        "seconds": round(proof.seconds, 3),
        "results": os.fspath(results),
        "tree": None if tree is None else os.fspath(tree),
        "ranking": [
            {
                "guess": standing.guess,
                "total": standing.total,
                "mean": round(standing.total / n, 6),
                "exact": standing.exact,
                "worst": standing.worst if standing.exact else None,
                "searched_as": standing.searched_as,
            }
            for standing in proof.ranking
        ],
    }


def _print(
    proof: Proof, results: Path, tree: Path | None, as_json: bool, *, interrupted: bool = False
) -> None:
    data = _data(proof, results, tree)
    data["interrupted"] = interrupted
    if as_json:
        stdout.print_json(json.dumps(data, ensure_ascii=False))
        return
    counts = proof.counts
    title = (
        f"{proof.game.name}{' (hard)' if proof.hard else ''}: {len(proof.ranking):,} first"
        f" guesses in {counts.classes:,} {'class' if counts.classes == 1 else 'classes'}"
        f" of equal value: {counts.exact:,} exact,"
        f" {counts.refuted:,} refuted"
    )
    table = Table("rank", "first guess", "alike", "total", "mean", "proof", "worst", title=title)
    ranking = data["ranking"]
    alike = Counter(row["searched_as"] for row in ranking)
    # One row per class of first guesses of equal value (its first guess; --json lists all).
    classes = [row for row in ranking if row["guess"] == row["searched_as"]]
    shown = max(SHOWN, sum(row["exact"] for row in classes[: proof.top]))
    for rank, row in enumerate(classes[:shown], start=1):
        proof_text = "exact" if row["exact"] else f"≥ {row['total']}"
        worst = "" if row["worst"] is None else str(row["worst"])
        more = alike[row["guess"]] - 1
        table.add_row(
            str(rank),
            row["guess"],
            f"+{more}" if more else "",
            str(row["total"]),
            f"{row['mean']:.4f}",
            proof_text,
            worst,
        )
    stdout.print(table)
    if len(classes) > shown:
        stdout.print(f"… {len(classes) - shown} more, each with its bound (--json: every guess)")
    saved = "" if tree is None else f"; tree saved {tree}"
    if proof.complete and data["best"] is not None:
        stdout.print(
            f"best: {data['best']}, {data['total']} guesses in total (mean {data['mean']:.4f}),"
            f" proven{saved}; results in {results}"
        )
        return
    found = "" if data["best"] is None else f"; best found {data['best']} ({data['total']})"
    why = "interrupted" if interrupted else "not finished within --time"
    stdout.print(
        f"{why}: every play needs at least {proof.lower_bound} guesses"
        f"{found}{saved}; the same command goes on from {results}"
    )

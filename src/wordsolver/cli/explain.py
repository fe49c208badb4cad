"""``explain``: why a guess is good, as the buckets it splits the candidates into."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from wordsolver.cli.base import app, stdout
from wordsolver.cli.options import (
    AllowedOption,
    AlphabetOption,
    AnswersOption,
    GameArgument,
    GuessFromOption,
    HardOption,
    HistoryOption,
    JsonOption,
    LengthOption,
    ListsOption,
    PriorOption,
    SkipBadOption,
    TriesOption,
    WordsOption,
    open_game,
    play_options,
)
from wordsolver.cli.progress import pattern_table
from wordsolver.cli.repl.explained import SHOW_BUCKETS, explanation_view
from wordsolver.explain import EXACT_SECONDS, SHOW_WORDS, ExplainOptions, explain
from wordsolver.plumbing.files import check_output
from wordsolver.session import Session, parse_history


@app.command("explain")
def explain_command(
    game_name: GameArgument,
    guess: Annotated[str, typer.Argument(help="the guess to explain")],
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    prior: PriorOption = None,
    history: HistoryOption = "",
    against: Annotated[
        str | None, typer.Option(metavar="OTHER", help="a guess to show beside it")
    ] = None,
    hard: HardOption = False,
    guess_from: GuessFromOption = "allowed",
    buckets: Annotated[
        int, typer.Option(min=1, help="how many feedbacks to list (the largest)")
    ] = SHOW_BUCKETS,
    show_words: Annotated[
        int, typer.Option(min=0, help="candidates named per feedback")
    ] = SHOW_WORDS,
    exact_seconds: Annotated[
        float,
        typer.Option(
            "--exact-seconds",
            min=0,
            help="seconds the exact search may try (0: leave it out)",
        ),
    ] = EXACT_SECONDS,
    plot: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="also draw the bucket sizes as a PNG (plots extra)"),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """How a guess splits the candidates: each feedback, what it leaves, how likely it is."""
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
        prior=prior,
    )
    if plot is not None:
        check_output(plot)  # a mistyped path fails before the work
    session = Session(pattern_table(game))
    session.replay(parse_history(history))
    answer = explain(
        session,
        guess,
        versus=against,
        play=play_options(hard, guess_from, None),
        options=ExplainOptions(show_words=show_words, exact_seconds=exact_seconds),
    )
    if plot is not None:
        from wordsolver.plots import bucket_histogram, save_png  # matplotlib only when asked

        save_png(bucket_histogram(answer), plot)
    if as_json:
        stdout.print_json(json.dumps(answer.to_json(), ensure_ascii=False))
        return
    stdout.print(explanation_view(session.game, answer, buckets))
    if plot is not None:
        stdout.print(f"histogram written to {plot}", markup=False)

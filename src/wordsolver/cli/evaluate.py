"""``evaluate``: play every secret with one or more strategies and compare."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from wordsolver.against import SecretsPlayed, evaluate_play, secrets_total
from wordsolver.cli.base import app, stdout
from wordsolver.cli.boards import evaluate_boards_command
from wordsolver.cli.options import (
    AllowedOption,
    AlphabetOption,
    AnswersOption,
    BoardsOption,
    GameArgument,
    GuessFromOption,
    HardOption,
    JsonOption,
    LengthOption,
    ListsOption,
    OpenerOption,
    PriorOption,
    SkipBadOption,
    TriesOption,
    WordsOption,
    finite_seconds,
    open_boards,
    play_options,
    split_names,
)
from wordsolver.cli.progress import pattern_table, progress_bar, proof_bar
from wordsolver.errors import OptionError, WordsolverError
from wordsolver.evaluation import Played
from wordsolver.games import Game
from wordsolver.lexicon import read_word_file
from wordsolver.plans import bounded_strategy, plays_the_proof
from wordsolver.plumbing.files import check_output
from wordsolver.search.base import SearchInterrupted
from wordsolver.strategies import Player, PlayOptions

#: Board sets ``evaluate`` plays on several boards unless ``--sample`` says.
BOARD_SAMPLE = 1_000
#: How long an exact strategy's search may take in an evaluation, unless ``--time`` says.
EXACT_SECONDS = 60.0


@app.command("evaluate")
def evaluate_command(
    game_name: GameArgument,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    prior: PriorOption = None,
    boards: BoardsOption = None,
    strategy: Annotated[
        list[str],
        typer.Option("--strategy", "-s", help="strategy name; repeat or comma-separate to compare"),
    ] = ["entropy"],  # noqa: B006 (Typer reads the default, never mutates it)
    hard: HardOption = False,
    guess_from: GuessFromOption = "allowed",
    opener: OpenerOption = None,
    sample: Annotated[
        int | None,
        typer.Option(
            min=1,
            help=f"play N random secrets only (on several boards: N random board sets,"
            f" {BOARD_SAMPLE:,} unless given)",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(min=0, help="seed of --sample and of the random strategy")
    ] = 0,
    seconds: Annotated[
        float,
        typer.Option(
            "--time",
            callback=finite_seconds,
            help="optimal: stop its exact search (a whole game's proof, else each turn's"
            " search) after this long",
        ),
    ] = EXACT_SECONDS,
    sets: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="on several boards: play the board sets of FILE, a game per line"
            " (cigar,rebut,sissy,humph), instead of random ones",
        ),
    ] = None,
    secrets_file: Annotated[
        Path | None,
        typer.Option(
            "--secrets",
            metavar="FILE",
            help="play the game's lists and prior against the secrets of FILE (words the game"
            " accepts, one a line; they need not be among its answers)",
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE", help="also draw the guess distributions as a PNG (plots extra)"
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Play every secret and report mean guesses, distribution, worst case and losses.

    --json gives each strategy's summary and a row per secret: the guesses it needed, the
    words played and whether it was lost. Under a prior over every accepted word (wordle,
    5bukv) the known answers of the lists are played, as the assistant plays them (the top
    suggestion each turn), unless --secrets gives others; `false certain` counts the secrets
    whose play was once left with one candidate that was not the secret. On several boards
    (--boards, dordle, quordle, octordle) the secret sets are too many to play all: --sample N
    random sets (seeded by --seed), or the sets of --sets FILE, are played to the end, and a
    game needing more guesses than the tries allowed counts as a loss.
    """
    game, boards = open_boards(
        game_name,
        boards,
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
    names = split_names(strategy, "strategy")
    options = play_options(hard, guess_from, opener)
    board_count = boards or 1
    if sets is not None and board_count == 1:
        raise OptionError("--sets gives the board sets of a multi-board game (quordle, --boards)")
    if sets is not None and sample is not None:
        raise OptionError("--sets plays the sets it gives: leave out --sample")
    if secrets_file is not None and board_count > 1:
        raise OptionError("--secrets plays one board: on several boards use --sets")
    if plot is not None:
        check_output(plot)  # a mistyped path fails before the work
    if board_count > 1:
        size = BOARD_SAMPLE if sample is None else sample
        played = evaluate_boards_command(game, board_count, names, options, size, seed, sets)
        _draw(played, plot)
        if as_json:
            stdout.print_json(json.dumps([r.to_json() for r in played], ensure_ascii=False))
            return
        drawn = "random board sets" if sets is None else f"board sets from {sets.name}"
        if sets is None and not game.uniform:
            drawn += " of the known answers"
        played_as = played[0].game if game.uniform else f"{played[0].game} ({game.prior} prior)"
        count = played[0].total
        title = f"{played_as}: {count:,} {drawn}, {len(game.guesses)} allowed guesses"
        stdout.print(comparison_table(title, played))
        _say_drawn(plot)
        return
    secrets = None if secrets_file is None else read_word_file(secrets_file, game.word_rule).words
    results = play_each(game, names, options, secrets, sample, seed, seconds)
    _draw(results, plot)
    if as_json:
        rows = [r.to_json(rows=True) for r in results]
        stdout.print_json(json.dumps(rows, ensure_ascii=False))
        return
    stdout.print(comparison_table(_title(game, results[0], secrets_file), results))
    _say_drawn(plot)


def play_each(
    game: Game,
    names: Sequence[str],
    options: PlayOptions,
    words: Sequence[str] | None,
    sample: int | None,
    seed: int,
    seconds: float = EXACT_SECONDS,
) -> list[Played]:
    """Each strategy evaluated on the game (:func:`~wordsolver.against.evaluate_play`): its
    secrets, or under a prior (or given ``words``) those words or the lists' known answers
    played as the assistant plays; a random sample of them when asked. A strategy that needs
    a time limit stops after ``seconds``."""
    matrix = pattern_table(game)
    total = secrets_total(game, words, sample)
    results = []
    for name in names:
        player = Player(matrix, bounded_strategy(name, seed=seed, seconds=seconds), options)
        try:
            results.append(_played(player, name, words, sample, seed, total))
        except SearchInterrupted as stopped:
            raise WordsolverError(
                f"{stopped} ({name}, after {seconds:g} s): allow it longer with --time"
            ) from None
    return results


def _played(
    player: Player,
    name: str,
    words: Sequence[str] | None,
    sample: int | None,
    seed: int,
    total: int,
) -> Played:
    """One strategy's evaluation with its bar: the proof's classes, or the secrets played."""
    if plays_the_proof(player):
        with proof_bar(f"{name}: proving the best first guess") as proving:
            return evaluate_play(
                player, secrets=words, sample=sample, seed=seed, proof_progress=proving
            )
    with progress_bar(name, total) as advance:
        return evaluate_play(player, secrets=words, sample=sample, seed=seed, progress=advance)


def _title(game: Game, first: Played, secrets_file: Path | None) -> str:
    """What the table shows: the game (and its prior, when played as the assistant plays),
    the secrets played and the guesses allowed."""
    allowed = f"{len(game.guesses)} allowed guesses"
    if not isinstance(first, SecretsPlayed):
        return f"{game.name}: {first.total} secrets, {allowed}"
    source = "known answers" if secrets_file is None else f"secrets from {secrets_file.name}"
    return f"{game.name} ({first.prior} prior): {first.total} {source}, {allowed}"


def _say_drawn(plot: Path | None) -> None:
    if plot is not None:
        stdout.print(f"distributions written to {plot}", markup=False)


def _draw(results: Sequence[Played], plot: Path | None) -> None:
    """Draw the guess distributions into ``plot`` when asked."""
    if plot is not None:
        from wordsolver.plots import guess_distribution, save_png  # matplotlib only when asked

        save_png(guess_distribution(results), plot)


def comparison_table(title: str, results: Sequence[Played]) -> Table:
    """One row per strategy: mean, worst, losses and share solved (when tries are limited),
    false certainties (secrets played as the assistant plays), the distribution of guesses
    from the fewest any game needed, time."""
    longest = max(r.worst for r in results)
    fewest = min((min(r.distribution) for r in results if r.distribution), default=1)
    limit = results[0].max_tries
    limited = ["losses", f"solved ≤ {limit}"] if limit is not None else []
    certain = [r.false_certainties for r in results if isinstance(r, SecretsPlayed)]
    limited += ["false certain"] if certain else []
    table = Table("strategy", "mean", "worst", *limited, title=title)
    for guesses in range(fewest, longest + 1):
        table.add_column(str(guesses), justify="right")
    table.add_column("seconds", justify="right")
    for r in results:
        counts = r.distribution
        table.add_row(
            r.strategy,
            f"{r.mean:.4f}",
            str(r.worst),
            *([str(r.losses), f"{r.solved_share:.2%}"] if limit is not None else []),
            *([str(r.false_certainties)] if isinstance(r, SecretsPlayed) else []),
            *(str(counts.get(k, "")) for k in range(fewest, longest + 1)),
            f"{r.seconds:.2f}",
        )
    return table

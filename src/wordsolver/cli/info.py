"""``games``, ``strategies`` and ``feedback``: what the tool knows, and the rules on one pair."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table

from wordsolver.boards.games import BOARD_GAMES, BoardGameSpec
from wordsolver.cli.base import app, stdout
from wordsolver.cli.options import (
    AllowedOption,
    AlphabetOption,
    AnswersOption,
    GameArgument,
    JsonOption,
    LengthOption,
    ListsOption,
    SkipBadOption,
    TriesOption,
    WordsOption,
    open_game,
)
from wordsolver.errors import InvalidWordError
from wordsolver.games import GAMES, GameSpec, ListSet, list_sizes
from wordsolver.lexicon import BUILTIN_LISTS, prior_header
from wordsolver.strategies import STRATEGIES


@app.command("games")
def list_games(as_json: JsonOption = False) -> None:
    """List the built-in games, their rules and their word lists (``--lists``, default first).

    With --json, each list set also gives the provenance of its lists (source, date, licence),
    and the multi-board games follow the others with their ``boards`` and the game they are
    ``boards_of`` (their lists are that game's).
    """
    if as_json:
        games = [_game_json(spec) for spec in GAMES]
        games += [_board_game_json(spec, games) for spec in BOARD_GAMES]
        stdout.print_json(json.dumps(games, ensure_ascii=False))
        return
    table = Table("game", "aliases", "letters", "tries", "description")
    lists = Table("game", "lists", "prior", "secrets", "guesses", "what they are")
    for spec in GAMES:
        table.add_row(
            spec.name,
            ", ".join(spec.aliases),
            str(spec.length or "any"),
            str(spec.max_tries or "∞"),
            spec.description,
        )
        for number, list_set in enumerate(spec.lists):
            sizes = list_sizes(spec, list_set)
            skipped = f" ({sizes.skipped} skipped)" if sizes and sizes.skipped else ""
            lists.add_row(
                spec.name if number == 0 else "",
                list_set.name + (" (default)" if number == 0 else ""),
                list_set.prior,
                f"{sizes.secrets:,}{skipped}" if sizes else "given",
                f"{sizes.guesses:,}" if sizes else "given",
                list_set.description,
            )
    stdout.print(table)
    stdout.print(lists)
    stdout.print(_priors())
    stdout.print(_board_games())


def _priors() -> Table:
    """Every prior other than uniform: which games play it, what it is, where it comes from
    (``--prior``; uniform plays a list set's answers alike)."""
    table = Table("game", "prior", "what it is", "made from")
    for spec in GAMES:
        for prior in spec.priors:
            if prior.file is not None:
                table.add_row(spec.name, prior.name, prior.description, _made_from(prior.file))
    return table


def _made_from(file: str) -> str:
    """A prior's sources as its file's header names them."""
    header = prior_header(file)
    return f"{header['known']}; {header['outside']} ({file}.tsv, {header['built']})"


def _board_games() -> Table:
    """The named multi-board games (any colours game also plays ``--boards N``)."""
    table = Table("game", "boards of", "boards", "tries", "description")
    for spec in BOARD_GAMES:
        table.add_row(spec.name, spec.base, str(spec.boards), str(spec.tries), spec.description)
    return table


def _game_json(spec: GameSpec) -> dict[str, Any]:
    return {
        "name": spec.name,
        "aliases": list(spec.aliases),
        "rule": spec.rule.name,
        "length": spec.length,
        "max_tries": spec.max_tries,
        "description": spec.description,
        "lists": [_lists_json(spec, list_set) for list_set in spec.lists],
        "priors": [
            {
                "name": prior.name,
                "description": prior.description,
                "file": None if prior.file is None else f"{prior.file}.tsv",
                "sources": None if prior.file is None else prior_header(prior.file),
            }
            for prior in spec.priors
        ],
    }


def _board_game_json(spec: BoardGameSpec, games: list[dict[str, Any]]) -> dict[str, Any]:
    """A multi-board game as ``games --json`` lists it: its base game's entry with its own name,
    tries and board count."""
    base = next(game for game in games if game["name"] == spec.base)
    return {
        **base,
        "name": spec.name,
        "aliases": [],
        "max_tries": spec.tries,
        "description": spec.description,
        "boards": spec.boards,
        "boards_of": spec.base,
    }


def _lists_json(spec: GameSpec, list_set: ListSet) -> dict[str, Any]:
    sizes = list_sizes(spec, list_set)
    return {
        "name": list_set.name,
        "default": list_set is spec.default_lists,
        "description": list_set.description,
        "prior": list_set.prior,
        "secrets": sizes.secrets if sizes else None,
        "guesses": sizes.guesses if sizes else None,
        "skipped": sizes.skipped if sizes else 0,
        "answers": _source_json(list_set.answers),
        "allowed": _source_json(list_set.allowed),
    }


def _source_json(source: str | None) -> dict[str, Any] | str | None:
    """A built-in list's name and provenance; "generated" or None as they are."""
    if source is None or source not in BUILTIN_LISTS:
        return source
    provenance = BUILTIN_LISTS[source].provenance
    return {
        "list": source,
        "source": provenance.source,
        "date": provenance.date,
        "licence": provenance.licence,
    }


@app.command("strategies")
def list_strategies() -> None:
    """List the strategies with a one-line description each."""
    table = Table("strategy", "description")
    for name, cls in STRATEGIES.items():
        table.add_row(name, cls.description)
    stdout.print(table)


@app.command("feedback")
def feedback(
    game_name: GameArgument,
    guess: Annotated[str, typer.Argument(help="the word played")],
    secret: Annotated[str, typer.Argument(help="the hidden word")],
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
) -> None:
    """Show the feedback a guess earns against a secret, as text and as its pattern int.

    The guess must be one the game allows, and the secret a word the game could hide (an
    allowed word that fits its rule: distinct letters in Tonguess and Bulls and Cows).
    """
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
    guess_word = game.guesses.words[game.guess_row(guess)]
    secret_word = game.word_rule.validate(secret)
    if game.row_of(secret_word) is None:
        raise InvalidWordError(f"{secret_word!r} cannot be the secret of {game.name}")
    pattern = game.feedback(guess_word, secret_word)
    stdout.print(f"{game.format_pattern(pattern)}\t{pattern}")

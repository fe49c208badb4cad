"""``openers``: the best fixed first guesses (one word, or a set of K played in a row)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table

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
from wordsolver.cli.progress import pattern_table, progress_bar
from wordsolver.games import Game
from wordsolver.search.openers import (
    BEAM_WIDTH,
    MAX_WORDS,
    OpenerQuery,
    OpenerSearch,
    opener_rows,
    opener_space,
    search_openers,
    search_steps,
)


@app.command("openers")
def openers(
    game_name: GameArgument,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    size: Annotated[
        int,
        typer.Option(
            "--size", "-k", min=1, max=MAX_WORDS, help="how many first guesses played in a row"
        ),
    ] = 1,
    top: Annotated[int, typer.Option(min=1, help="how many openers to show")] = 10,
    by: Annotated[str, typer.Option(help="rank by mean or worst candidates left")] = "mean",
    any_words: Annotated[
        bool,
        typer.Option("--any", help="allow repeated letters and letters shared between the words"),
    ] = False,
    exact_size: Annotated[
        int,
        typer.Option(
            min=1, help="search sets of up to this many words exhaustively; larger ones by a beam"
        ),
    ] = 2,
    beam_width: Annotated[
        int, typer.Option(min=1, help="sets kept per size by the beam")
    ] = BEAM_WIDTH,
    as_json: JsonOption = False,
) -> None:
    """The best openers: mean and worst number of candidates left after all the words.

    One word ranks every allowed first guess. Sets of words by default have no repeated letter
    and share no letter, as players choose them; --any lifts both rules. Words are listed in
    play order, the best single word first. Sets of up to --exact-size words are the proven
    best; larger ones come from a beam (a heuristic). The secrets come from the game, or
    --answers or --words.
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
    any_words = any_words or size == 1  # one word: every allowed first guess is ranked
    query = OpenerQuery(
        words=size,
        by=by,  # type: ignore[arg-type]  # OpenerQuery checks it
        any_words=any_words,
        top=top,
        beam_width=max(beam_width, top),
        exact_words=exact_size,
    )
    matrix = pattern_table(game)
    space = opener_space(game, any_words)
    with progress_bar(f"{size}-word openers", search_steps(query, space)) as advance:
        search = search_openers(matrix, query, space=space, progress=advance)
    rows = opener_rows(search.final)
    if as_json:
        stdout.print_json(json.dumps(rows, ensure_ascii=False))
    else:
        stdout.print(_table(game, search, rows))


def _table(game: Game, search: OpenerSearch, rows: list[dict[str, Any]]) -> Table:
    query, level = search.query, search.final
    space = "any allowed words" if query.any_words else "words without repeated or shared letters"
    how = (
        "exact: the best of the search space"
        if level.exact
        else f"beam of {query.beam_width} sets per size: a heuristic, not proven best"
    )
    table = Table(
        "#",
        "words" if query.words > 1 else "word",
        "mean left",
        "worst",
        "buckets",
        "bits",
        title=f"{game.name}: {query.words}-word openers over {len(game.secrets)} secrets",
        caption=f"{search.space_size} {space}; {how}; {search.seconds:.1f} s",
    )
    for rank, row in enumerate(rows, 1):
        table.add_row(
            str(rank),
            " ".join(row["words"]),
            f"{row['mean']:.4f}",
            str(row["worst"]),
            str(row["buckets"]),
            f"{row['bits']:.3f}",
        )
    return table

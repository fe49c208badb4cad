"""``check``, ``hand``, ``pattern``: word validity, hand (anagram) solving, crossword patterns."""

from __future__ import annotations

import json
from itertools import groupby
from typing import Annotated

import typer

from wordsolver.anagram import (
    DEFAULT_DICTIONARY,
    HandMatch,
    LengthRange,
    WordPattern,
    cached_index,
    check_words,
    find_letter_values,
    load_dictionary,
    normalise_words,
    parse_hand,
    solve_hand,
)
from wordsolver.cli.base import ExitCode, JsonOption, app, stderr, stdout, warn
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.lexicon import Lexicon, WordRule

DictionaryOption = Annotated[
    str,
    typer.Option(
        "--dict", metavar="NAME|FILE", help="english (built in) or a word-list file, one per line"
    ),
]
SkipBadOption = Annotated[
    bool, typer.Option("--skip-bad", help="skip lines of a word file that are not words")
]


@app.command("check")
def check(
    words: Annotated[list[str], typer.Argument(metavar="WORD...", help="the words to look up")],
    dictionary: Annotated[
        str | None,
        typer.Option(
            "--dict",
            metavar="NAME|FILE",
            help=f"{DEFAULT_DICTIONARY} (built in, the default) or a word-list file, one per line",
        ),
    ] = None,
    game_name: Annotated[
        str | None,
        typer.Option(
            "--game", metavar="GAME", help="check against a game's lists instead (e.g. wordle)"
        ),
    ] = None,
    lists: Annotated[
        str | None, typer.Option(metavar="NAME", help="the game's word lists (with --game)")
    ] = None,
    skip_bad: SkipBadOption = False,
) -> int:
    """Say whether each word is in the dictionary (exit 0 if all are, 1 if any is not).

    With --game, say whether the game accepts each word as a guess and whether it can be the
    secret, with the game's lists (--lists picks another of its list sets).
    """
    if game_name is not None:
        if dictionary is not None:
            raise typer.BadParameter("give --game or --dict, not both")
        if skip_bad:
            raise typer.BadParameter("--skip-bad skips lines of a --dict file: leave it out")
        return _check_in_game(words, find_game(game_name, GameOverrides(lists=lists)))
    if lists is not None:
        raise typer.BadParameter("--lists needs --game")
    normal = normalise_words(words)
    lexicon = _load(dictionary or DEFAULT_DICTIONARY, skip_bad)
    stderr.print(f"dictionary: {lexicon.name} ({len(lexicon):,} words)", markup=False)
    results = check_words(lexicon, normal)
    width = max(len(result.word) for result in results)
    for result in results:
        stdout.print(f"{result.word:<{width}}  {'yes' if result.found else 'no'}", markup=False)
    return ExitCode.OK if all(result.found for result in results) else ExitCode.FAILURE


def _check_in_game(words: list[str], game: Game) -> int:
    """Each word: allowed as a guess, and a possible secret, in the game's lists."""
    stderr.print(
        f"{game.name} ({game.lists} lists): {len(game.guesses):,} allowed guesses,"
        f" {len(game.secrets):,} possible secrets",
        markup=False,
    )
    rule = WordRule(game.alphabet)
    normal = [rule.validate(word) for word in words]
    width = max(len(word) for word in normal)
    secrets = frozenset(game.secrets.words)
    for word in normal:
        if word in secrets:
            verdict = "yes, and it can be the secret"
        elif game.row_of(word) is not None:
            verdict = "yes, as a guess (not in the answer list)"
        else:
            verdict = "no"
        stdout.print(f"{word:<{width}}  {verdict}", markup=False)
    allowed = all(game.row_of(word) is not None for word in normal)
    return ExitCode.OK if allowed else ExitCode.FAILURE


@app.command("hand")
def hand(
    letters: Annotated[
        str,
        typer.Argument(
            metavar="LETTERS", help="the hand; each '*' is a wildcard: quote it, e.g. 'retains*'"
        ),
    ],
    length: Annotated[
        int | None, typer.Option(min=1, metavar="N", help="only words of this length")
    ] = None,
    min_length: Annotated[
        int | None, typer.Option(min=1, metavar="N", help="only words this long or longer")
    ] = None,
    dictionary: DictionaryOption = DEFAULT_DICTIONARY,
    score: Annotated[
        str,
        typer.Option(
            metavar="scrabble|none|FILE",
            help="letter values: English Scrabble tiles, none, or a file of 'letter value' lines",
        ),
    ] = "scrabble",
    top: Annotated[
        int | None, typer.Option(min=1, metavar="K", help="show only the best K words")
    ] = None,
    as_json: JsonOption = False,
    skip_bad: SkipBadOption = False,
) -> int:
    """List every word the hand spells, using each letter at most as often as the hand has it.

    Words are ranked by score (letters from wildcards score 0), then length, then alphabet, and
    grouped by length. Letters filled in by wildcards are shown in UPPER CASE; in --json they are
    0-based positions under "wildcards". Exit 1 if the hand spells no word.
    """
    if length is not None and min_length is not None:
        raise typer.BadParameter("give --length or --min-length, not both")
    parsed = parse_hand(letters)
    lengths = LengthRange.exactly(length) if length is not None else LengthRange(min_length or 1)
    values = find_letter_values(score)
    result = solve_hand(cached_index(_load(dictionary, skip_bad)), parsed, values, lengths)
    matches = result.matches(top)
    if as_json:
        stdout.print(_json_list(matches), markup=False)
    elif matches:
        _print_by_length(matches, values.scores_anything)
        if len(matches) < len(result):
            stderr.print(f"showing the best {len(matches)} of {len(result)} words", markup=False)
    else:
        stderr.print(f"no word can be spelled from {parsed}", markup=False)
    return ExitCode.OK if matches else ExitCode.FAILURE


@app.command("pattern")
def pattern(
    text: Annotated[
        str,
        typer.Argument(
            metavar="PATTERN", help="letters, '?' for one letter, '*' for any run, e.g. 'c?t*'"
        ),
    ],
    contains: Annotated[
        str, typer.Option(metavar="LETTERS", help="letters the word must have (repeat for twice)")
    ] = "",
    excludes: Annotated[
        str, typer.Option(metavar="LETTERS", help="letters the word must not have")
    ] = "",
    dictionary: DictionaryOption = DEFAULT_DICTIONARY,
    skip_bad: SkipBadOption = False,
) -> int:
    """List the dictionary words matching a crossword-style pattern (exit 1 if none does)."""
    word_pattern = WordPattern.parse(text, contains, excludes)
    found = word_pattern.matches(_load(dictionary, skip_bad).words)
    if found:
        stdout.print("\n".join(found), markup=False)
    else:
        stderr.print(f"no word matches {word_pattern.text!r}", markup=False)
    return ExitCode.OK if found else ExitCode.FAILURE


def _load(dictionary: str, skip_bad: bool) -> Lexicon:
    lexicon = load_dictionary(dictionary, skip_bad=skip_bad)
    if lexicon.skipped:
        warn(f"skipped {lexicon.skipped} line(s) of {lexicon.name} that are not words")
    return lexicon


def _print_by_length(matches: list[HandMatch], show_scores: bool) -> None:
    """Groups of equal length, longest first, each packed in columns in rank order."""
    by_length = sorted(matches, key=lambda match: -match.length)
    for index, (length, group) in enumerate(groupby(by_length, key=lambda match: match.length)):
        shown = list(group)
        digits = max(len(str(match.score)) for match in shown) if show_scores else 0
        cells = [_cell(match, digits) for match in shown]
        width = max(map(len, cells))
        per_row = max(1, (stdout.width - 2) // (width + 2))
        if index:
            stdout.print()
        stdout.print(f"{length} letter{'' if length == 1 else 's'} ({len(cells)})", markup=False)
        for start in range(0, len(cells), per_row):
            row = "  ".join(cell.ljust(width) for cell in cells[start : start + per_row])
            stdout.print(f"  {row.rstrip()}", markup=False)


def _json_list(matches: list[HandMatch]) -> str:
    """A JSON list with one object per line: greppable, and far quicker to print than indented."""
    rows = [
        json.dumps({"word": m.word, "score": m.score, "length": m.length, "wildcards": m.wildcards})
        for m in matches
    ]
    return "[\n" + ",\n".join(rows) + "\n]" if rows else "[]"


def _cell(match: HandMatch, digits: int) -> str:
    """The word with wildcard letters in upper case, then its score right-aligned (if digits)."""
    letters = list(match.word)
    for position in match.wildcards:
        letters[position] = letters[position].upper()
    word = "".join(letters)
    return f"{word} {match.score:>{digits}}" if digits else word

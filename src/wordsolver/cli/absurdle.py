"""What ``solve`` and ``tree build`` do for an adversarial game (absurdle): the guesses that
force the win soonest, proven shortest, from a history of guesses alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wordsolver.cli.base import stdout
from wordsolver.cli.progress import pattern_table, progress_bar
from wordsolver.errors import InvalidPatternError
from wordsolver.games import Game
from wordsolver.hosted.absurdle import AdversarialGame, replay_guesses
from wordsolver.plans import forced_win_answer, forced_win_work, search_forced_win
from wordsolver.plumbing.files import check_output, write_output
from wordsolver.session import history_items


def replayed_adversary(game: Game, history: str, hard: bool) -> AdversarialGame:
    """The game after the guesses of ``history`` (``crane,slate``), answered by the adversary;
    feedback in the history is refused (the host gives it)."""
    guesses = history_items(history)
    try:
        return replay_guesses(pattern_table(game), guesses, hard=hard)
    except InvalidPatternError as error:
        raise InvalidPatternError(f"{error}: give --history crane,slate") from None


def forced_win_document(hosted: AdversarialGame, every_first: bool) -> dict[str, Any]:
    """The shortest forced win from where the game stands, searched under a progress bar, as
    the JSON ``solve --json`` and ``tree build`` give."""
    with progress_bar("forced-win search", forced_win_work(hosted)) as advance:
        win = search_forced_win(hosted, every_first=every_first, progress=advance)
    return forced_win_answer(hosted, win, every_first=every_first)


def print_forced_win(document: dict[str, Any], as_json: bool) -> None:
    """Print the shortest forced win, as a line or as JSON."""
    if as_json:
        stdout.print_json(json.dumps(document, ensure_ascii=False))
        return
    moves = "  ".join(
        f"{guess} {answer}"
        for guess, answer in zip(document["guesses"], document["answers"], strict=True)
    )
    mode = " (hard mode)" if document["hard"] else ""
    stdout.print(
        f"best guess {document['guesses'][0]}: forces the win in {document['shortest_win']}"
        f"{mode}, and no guess forces it sooner",
        markup=False,
    )
    stdout.print(f"  {moves}", markup=False)
    if "first_guess_count" in document:
        stdout.print(
            f"{document['first_guess_count']} first guesses force a win in"
            f" {document['shortest_win']}",
            markup=False,
        )


def solve_adversary(game: Game, history: str, hard: bool, as_json: bool) -> None:
    """``solve absurdle``: the guess that forces the win soonest from the history."""
    document = forced_win_document(replayed_adversary(game, history, hard), every_first=False)
    print_forced_win(document, as_json)


def build_adversary(
    game: Game, hard: bool, output: Path | None, as_json: bool, every_first: bool
) -> None:
    """``tree build absurdle -s optimal``: the shortest forced win from the start, proven (with
    ``every_first``, every first guess that starts one counted); saved as JSON (a win against
    the adversary is one path: the tree format, which must reach every secret, does not fit)."""
    target = output or Path(f"{game.name.split()[0]}-optimal{'-hard' if hard else ''}.json")
    check_output(target)
    document = forced_win_document(replayed_adversary(game, "", hard), every_first)
    write_output(target, (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode())
    print_forced_win(document, as_json)
    if not as_json:
        stdout.print(f"saved {target}", markup=False)

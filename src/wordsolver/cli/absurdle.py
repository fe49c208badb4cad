"""What ``solve`` and ``tree build`` do for an adversarial game (absurdle): the guesses that
force the win soonest, proven shortest, from a history of guesses alone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wordsolver.cli.base import stdout
from wordsolver.cli.progress import pattern_table, progress_bar
from wordsolver.errors import InvalidPatternError
from wordsolver.files import check_output, write_output
from wordsolver.games import Game
from wordsolver.hosted.absurdle import AdversarialGame, replay_guesses

if TYPE_CHECKING:
    from wordsolver.search.absurdle import ForcedWin


def replayed_adversary(game: Game, history: str, hard: bool) -> AdversarialGame:
    """The game after the guesses of ``history`` (``crane,slate``), answered by the adversary;
    feedback in the history is refused (the host gives it)."""
    guesses = [part for part in re.split(r"[,;]", history) if part.strip()]
    try:
        return replay_guesses(pattern_table(game), guesses, hard=hard)
    except InvalidPatternError as error:
        raise InvalidPatternError(f"{error}: give --history crane,slate") from None


def search_forced_win(hosted: AdversarialGame, every_first: bool) -> ForcedWin:
    """The shortest forced win from where the game stands, with a progress bar."""
    from wordsolver.search.absurdle import forced_win  # compiled: loaded when a search runs

    session = hosted.session
    mask = session.consistent_mask() if hosted.hard else None
    allowed = len(hosted.game.guesses) if mask is None else int(mask.sum())
    with progress_bar("forced-win search", 2 * allowed) as advance:
        return forced_win(
            hosted.matrix,
            session.candidates,
            mask,
            hard=hosted.hard,
            every_first=every_first,
            progress=advance,
        )


def forced_win_json(hosted: AdversarialGame, win: ForcedWin, every_first: bool) -> dict[str, Any]:
    """The result as the JSON ``solve --json`` and ``tree build`` give."""
    game = hosted.game
    document: dict[str, Any] = {
        "game": game.name,
        "lists": game.lists,
        "hard": hosted.hard,
        "history": hosted.guesses,
        "candidates": len(hosted.session.candidates),
        "tie_break": "largest bucket, then fewest greens, then fewest yellows, then lowest pattern",
        "shortest_win": win.length,
        "proven": True,
        "guesses": list(win.guesses),
        "answers": _answers(hosted, win.guesses),
    }
    if every_first:
        document["first_guesses"] = list(win.first_guesses)
        document["first_guess_count"] = len(win.first_guesses)
    return document


def _answers(hosted: AdversarialGame, guesses: tuple[str, ...]) -> list[str]:
    """The adversary's feedback to each guess of the win, as text."""
    replay = AdversarialGame(hosted.matrix, hard=hosted.hard)
    for guess in hosted.guesses:
        replay.guess(guess)
    return [hosted.game.format_pattern(replay.guess(word).pattern) for word in guesses]


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
    hosted = replayed_adversary(game, history, hard)
    win = search_forced_win(hosted, every_first=False)
    print_forced_win(forced_win_json(hosted, win, every_first=False), as_json)


def build_adversary(
    game: Game, hard: bool, output: Path | None, as_json: bool, every_first: bool
) -> None:
    """``tree build absurdle -s optimal``: the shortest forced win from the start, proven (with
    ``every_first``, every first guess that starts one counted); saved as JSON (a win against
    the adversary is one path: the tree format, which must reach every secret, does not fit)."""
    target = output or Path(f"{game.name.split()[0]}-optimal{'-hard' if hard else ''}.json")
    check_output(target)
    hosted = replayed_adversary(game, "", hard)
    win = search_forced_win(hosted, every_first)
    document = forced_win_json(hosted, win, every_first)
    write_output(target, (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode())
    print_forced_win(document, as_json)
    if not as_json:
        stdout.print(f"saved {target}", markup=False)

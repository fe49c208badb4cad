"""The share text of a finished game: the line and the grid players post, spoiler-free.

Drawn from the rule's feedback form, so every game gets one: a square per letter for colour
marks (``🟩🟨⬛``, Wordle's own grid); for counters and numbers a bar of squares (the first count
green, the second yellow, the rest dark) with the counts written beside it, since a bare ``1-2``
means nothing to a reader who has not played.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.session import Session
>>> game = find_game("wordle", GameOverrides(words=("crane", "slate", "trace", "store")))
>>> session = Session(pattern_matrix(game, use_cache=False))
>>> _ = session.push("crane", "..g.g"), session.push("slate", "ggggg")
>>> print(share_text(game, session.steps, won=True))
Wordle (custom) 2/6
⬛⬛🟩⬛🟩
🟩🟩🟩🟩🟩
"""

from __future__ import annotations

from collections.abc import Sequence

from wordsolver.games import Game
from wordsolver.session import Step

#: The square of each colour mark, by the mark's name; marks of other names take the squares of
#: :data:`SQUARES` in their order.
MARK_SQUARES = {"grey": "⬛", "yellow": "🟨", "green": "🟩"}
#: Squares by place: what is absent, then the first count, then the second.
SQUARES = ("⬛", "🟩", "🟨", "🟦", "🟧", "🟥")


def share_text(game: Game, steps: Sequence[Step], *, won: bool, hard: bool = False) -> str:
    """``Wordle 3/6`` (``X/6`` when lost, ``*`` in hard mode) and one row per guess."""
    header = share_header(game.name, len(steps) if won else None, game.max_tries, hard=hard)
    return "\n".join([header, *(share_row(game, step.pattern) for step in steps)])


def share_header(name: str, guesses: int | None, tries: int | None, *, hard: bool = False) -> str:
    """The first line of a share text: ``Wordle 3/6``, ``X/6`` when lost (``guesses`` None),
    no ``/6`` without a limit, ``*`` in hard mode.

    >>> share_header("quordle", None, 9)
    'Quordle X/9'
    """
    limit = f"/{tries}" if tries else ""
    score = "X" if guesses is None else str(guesses)
    return f"{name[:1].upper()}{name[1:]} {score}{limit}{'*' * hard}"


def share_row(game: Game, pattern: int) -> str:
    """One guess's feedback without its letters.

    >>> from wordsolver.games import find_game
    >>> tonguess = find_game("tonguess4")
    >>> share_row(tonguess, tonguess.parse_pattern("1-2"))
    '🟩🟨🟨⬛  1 get, 2 touch'
    """
    form = game.rule.form
    shown = game.format_pattern(pattern)
    if form.kind == "marks":
        squares = {
            mark.symbol: MARK_SQUARES.get(mark.name, SQUARES[k % len(SQUARES)])
            for k, mark in enumerate(form.marks)
        }
        return "".join(squares[symbol] for symbol in shown)
    if form.win is not None and shown == form.win:
        return SQUARES[1] * game.length + f"  {form.win}"
    counts = [int(value) for value in shown.split(form.separator)]
    bar = "".join(SQUARES[1 + k] * count for k, count in enumerate(counts))
    bar += SQUARES[0] * max(game.length - sum(counts), 0)
    named = ", ".join(f"{count} {c.name}" for count, c in zip(counts, form.counts, strict=True))
    return f"{bar}  {named}"

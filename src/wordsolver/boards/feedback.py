"""The text form of a multi-board guess's feedback: one pattern per board, in board order.

``crane gy..g,.....,-,ggggg`` reads: ``crane`` earned ``gy..g`` on board 1, ``.....`` on board
2, board 3 was solved by an earlier guess (``-``), and ``crane`` solved board 4. Every board has
its place, so the count is always the number of boards; a history holds guesses separated by
``;`` (the commas belong to the boards).

>>> from wordsolver.games import find_game
>>> game = find_game("wordle")
>>> parse_board_feedback(game, "gy..g,-,ggggg", (False, True, False))
(191, None, 242)
>>> format_board_feedback(game, (191, None, 242))
'gy..g,-,ggggg'
>>> parse_board_history("crane gy..g,.....; slate:ggggg,-")
[('crane', 'gy..g,.....'), ('slate', 'ggggg,-')]
"""

from __future__ import annotations

from collections.abc import Sequence

from wordsolver.errors import InvalidPatternError
from wordsolver.games import Game
from wordsolver.session import parse_history

#: What a board solved by an earlier guess shows.
SOLVED_MARK = "-"


def parse_board_feedback(game: Game, text: str, solved: Sequence[bool]) -> tuple[int | None, ...]:
    """Each board's pattern (None for a board solved earlier) from ``gy..g,-,ggggg``."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != len(solved):
        raise InvalidPatternError(
            f"{len(solved)} boards need {len(solved)} patterns separated by commas"
            f" ({SOLVED_MARK} for a board solved earlier), not {len(parts)}"
        )
    patterns: list[int | None] = []
    for board, (part, done) in enumerate(zip(parts, solved, strict=True), start=1):
        if done != (part == SOLVED_MARK):
            wanted = f"write {SOLVED_MARK} for it" if done else "give its pattern"
            state = "was solved earlier" if done else "is not solved yet"
            raise InvalidPatternError(f"board {board} {state}: {wanted}")
        if done:
            patterns.append(None)
            continue
        try:
            patterns.append(game.parse_pattern(part))
        except InvalidPatternError as error:
            raise InvalidPatternError(f"board {board}: {error}") from None
    return tuple(patterns)


def format_board_feedback(game: Game, patterns: Sequence[int | None]) -> str:
    """The text form of each board's pattern (None: solved earlier)."""
    return ",".join(SOLVED_MARK if p is None else game.format_pattern(p) for p in patterns)


def parse_board_history(text: str) -> list[tuple[str, str]]:
    """Read ``"crane gy..g,.....; slate ..g..,g...."``: guesses separated by ``;`` (the commas
    belong to the boards), each with its boards' patterns."""
    return parse_history(text, separators=";")

"""Reading what people type at the prompt: ``crane gy..g``, ``норка 20100``, ``tare 2-1``, or
just the feedback (``3``) for the guess already chosen.

>>> from wordsolver.games import find_game
>>> game = find_game("tonguess3")
>>> read_move(game, "tar 1 2")
TypedMove(guess='tar', feedback='1-2')
>>> read_move(game, "1-1")
TypedMove(guess=None, feedback='1-1')
>>> read_move(game, "tar")
TypedMove(guess='tar', feedback=None)
"""

from __future__ import annotations

from dataclasses import dataclass

from wordsolver.errors import InvalidPatternError, InvalidWordError
from wordsolver.games import Game

#: Added to errors about a lone word, which may be a mistyped command.
COMMANDS_HINT = " (help lists the commands)"


@dataclass(frozen=True, slots=True)
class TypedMove:
    """A line typed at the prompt: a guess (None: the suggested one) and its feedback as the
    game writes it (None: not given yet); once both are known the REPL pushes them on its
    state."""

    guess: str | None
    feedback: str | None


def read_move(game: Game, text: str) -> TypedMove:
    """Read ``[GUESS] FEEDBACK`` or a lone ``GUESS``; errors say which part is wrong."""
    stripped = text.strip()
    try:
        return TypedMove(None, game.format_pattern(game.parse_pattern(stripped)))
    except InvalidPatternError as feedback_error:
        first, _, rest = stripped.partition(" ")
        if rest.strip():
            word = read_guess(game, first)
            return TypedMove(word, game.format_pattern(game.parse_pattern(rest)))
        if _looks_like_feedback(game, first):
            raise feedback_error from None
        return TypedMove(read_guess(game, first, hint=COMMANDS_HINT), None)


def read_guess(game: Game, text: str, *, hint: str = "") -> str:
    """The allowed guess typed, normalised; InvalidWordError (plus ``hint``) when it is not one."""
    try:
        return game.guesses.words[game.guess_row(text)]
    except InvalidWordError as error:
        raise InvalidWordError(f"{error}{hint}") from None


def _looks_like_feedback(game: Game, token: str) -> bool:
    """Whether a lone token that is neither is closer to feedback than to a word.

    A token of the game's word length, or made only of the alphabet's letters, is read as a word
    (so the error explains the word); anything else, like ``gy.g`` or ``9``, as feedback.
    """
    normal = game.alphabet.normalise(token)
    return len(normal) != game.length and bool(game.alphabet.foreign_letters(normal))

"""Exceptions raised by wordsolver.

Every error a user can cause derives from :class:`WordsolverError`, so the CLI and the web app can
turn it into one readable line without a traceback.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable


class WordsolverError(Exception):
    """Base class of every error caused by input rather than by a bug.

    A message speaks the library's language: a parameter it mentions is written in backquotes
    (```tries` must be at least 1``) and listed in ``parameters``, so each face names it its own
    way (:meth:`worded`: ``--tries`` on the command line, ``tries`` in the web API).

    >>> error = OptionError("`tries` must be at least 1", ("tries",))
    >>> error.worded(lambda name: "--" + name)
    '--tries must be at least 1'
    """

    def __init__(self, message: str, parameters: tuple[str, ...] = ()) -> None:
        super().__init__(message, tuple(parameters))  # both in args: they survive pickling

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""

    @property
    def parameters(self) -> tuple[str, ...]:
        """The parameters the message names."""
        return tuple(self.args[1]) if len(self.args) > 1 else ()

    def worded(self, spell: Callable[[str], str]) -> str:
        """The message with each parameter it names spelled by ``spell``."""
        text = str(self)
        for parameter in self.parameters:
            text = text.replace(f"`{parameter}`", spell(parameter))
        return text


class OptionError(WordsolverError, ValueError):
    """A parameter has a value the library cannot use (a try count below 1, a length too long);
    the message names the parameter."""


class InvalidWordError(WordsolverError, ValueError):
    """A word has the wrong length, a letter outside the alphabet, or breaks a game rule."""


class InvalidPatternError(WordsolverError, ValueError):
    """A feedback text cannot be read as a pattern of the game."""


class InconsistentFeedbackError(WordsolverError):
    """The feedback given so far leaves no secret that fits it. The message names the moves
    to check; a face that can take moves back says how in its own words."""


class GameOverError(InconsistentFeedbackError):
    """A move made once the game is over (the secret found, every board solved): the same
    error for one board and several, hosted or told; each face says how to go on in its words."""


class WordListError(WordsolverError):
    """A word list cannot be read, or a line of it is not a valid word (names file and line)."""


class UnknownNameError(WordsolverError, LookupError):
    """A game, strategy or list name is not registered; the message lists the valid choices."""

    def __init__(self, kind: str, name: str, choices: list[str]) -> None:
        close = difflib.get_close_matches(name.casefold(), choices, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]}?)" if close else ""
        listed = ", ".join(sorted(choices))
        super().__init__(f"unknown {kind} {quoted(name)}{hint}; choose from: {listed}")
        self.kind = kind
        self.name = name
        self.choices = choices


#: Longest word quoted whole in a message.
QUOTED_LENGTH = 40


class TimeLimitError(WordsolverError):
    """A computation ran past the time it was given and was stopped (the web answers 503)."""


class UnsolvableError(WordsolverError):
    """No decision tree solves every secret within the tries the game allows (a proof or an
    exact search found none), so a play for the fewest guesses has no answer."""


def quoted(word: str) -> str:
    """A word as messages quote it, cut short when it is too long to read.

    >>> quoted("crane"), quoted("x" * 50)
    ("'crane'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (50 characters)")
    """
    if len(word) <= QUOTED_LENGTH:
        return repr(word)
    return f"{word[:QUOTED_LENGTH] + '…'!r} ({len(word):,} characters)"

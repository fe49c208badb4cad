"""The changes a user asks of a built-in game: another list set or prior, their own lists, a
custom length, alphabet or number of tries.

>>> GameOverrides(words=("cat", "car"), answers=Path("mine.txt"))
Traceback (most recent call last):
wordsolver.errors.OptionError: give `words` or `answers`, not both
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from wordsolver.errors import OptionError


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOverrides:
    """Changes a user asks for; None keeps the game's own setting.

    ``lists`` names one of the game's list sets; ``answers``/``words`` and ``allowed`` replace
    its parts (given answers alone play without the game's allowed list, unless ``lists`` is
    named too); ``allowed_words`` gives the allowed guesses as words (a tree file's own lists).
    ``prior`` names the prior to play under (None: the list set's own; lists the user gives are
    played uniform).
    """

    lists: str | None = None
    prior: str | None = None
    length: int | None = None
    alphabet: str | None = None
    tries: int | None = None
    answers: Path | None = None
    allowed: Path | None = None
    words: tuple[str, ...] | None = None
    allowed_words: tuple[str, ...] | None = None
    skip_bad: bool = False

    def __post_init__(self) -> None:
        """Two ways of giving one list contradict each other: refused, never one dropped."""
        for one, other in (("words", "answers"), ("allowed_words", "allowed")):
            if getattr(self, one) is not None and getattr(self, other) is not None:
                raise OptionError(f"give `{one}` or `{other}`, not both", (one, other))
        if self.lists is not None and self.gives_secrets and self.gives_allowed:
            raise OptionError(
                "`lists` picks the game's own lists, but both are given: leave out `lists`",
                ("lists",),
            )

    @property
    def gives_secrets(self) -> bool:
        """Whether the user gives the secrets (as words or a file)."""
        return self.words is not None or self.answers is not None

    @property
    def gives_allowed(self) -> bool:
        """Whether the user gives the allowed guesses (as words or a file)."""
        return self.allowed_words is not None or self.allowed is not None

    @property
    def custom_shape(self) -> bool:
        """Whether the game's shape changes (a custom length or alphabet): its own lists no
        longer fit."""
        return self.length is not None or self.alphabet is not None

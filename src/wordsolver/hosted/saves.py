"""Hosted games in progress, saved as JSON after every move so a closed terminal can ``--resume``.

Files live in the user data folder (``WORDSOLVER_DATA_DIR`` overrides it, as tests do), one per
game and mode, and are written atomically: a crash leaves the previous save, never half a file.
A file that cannot be read back is a :class:`SaveError` with the path, never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from wordsolver.errors import WordsolverError
from wordsolver.games import Game
from wordsolver.plumbing.files import UserFileError, atomic_write_bytes, parse_json, read_user_text

#: Bump when the file layout changes; older files are then reported, not misread.
SAVE_FORMAT = 1
#: Largest save read: a game of a thousand guesses takes some 30 kB.
MAX_SAVE = 16 * 1024 * 1024


class SaveError(WordsolverError):
    """A saved game is missing, damaged, or was made with other word lists."""


def data_dir() -> Path:
    """The folder for saved games (created by the first save)."""
    override = os.environ.get("WORDSOLVER_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("wordsolver"))


def lists_digest(game: Game) -> str:
    """What ties a save to the word lists it was played with."""
    return f"{game.secrets.digest()}-{game.guesses.digest()}"


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A hosted game as saved: the secrets and the guesses made so far (feedback is recomputed).

    ``secret``/``guesses`` are the human's side; a duel adds the computer's side as
    ``opponent_secret`` (the human's word) and ``opponent_guesses``; a game on several boards
    names each board's secret in ``boards`` (``secret`` is then the first's).
    """

    mode: str
    game: str
    lists: str
    strategy: str
    hard: bool
    secret: str
    guesses: tuple[str, ...]
    opponent_secret: str | None = None
    opponent_guesses: tuple[str, ...] = ()
    boards: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values, with the format version."""
        return {
            "format": SAVE_FORMAT,
            "mode": self.mode,
            "game": self.game,
            "lists": self.lists,
            "strategy": self.strategy,
            "hard": self.hard,
            "secret": self.secret,
            "guesses": list(self.guesses),
            "opponent_secret": self.opponent_secret,
            "opponent_guesses": list(self.opponent_guesses),
            "boards": list(self.boards),
        }

    @classmethod
    def from_json(cls, data: Any) -> SavedGame:
        """Read back :meth:`to_json`; ValueError names the first field that is wrong."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError(f"not a format {SAVE_FORMAT} saved game")
        opponent = data.get("opponent_secret")
        if not (opponent is None or isinstance(opponent, str)):
            raise ValueError("opponent_secret is not a word")
        if not isinstance(data.get("hard"), bool):
            raise ValueError("hard is not true or false")
        return cls(
            mode=_text(data, "mode"),
            game=_text(data, "game"),
            lists=_text(data, "lists"),
            strategy=_text(data, "strategy"),
            hard=data["hard"],
            secret=_text(data, "secret"),
            guesses=_words(data, "guesses"),
            opponent_secret=opponent,
            opponent_guesses=_words(data, "opponent_guesses"),
            boards=_words(data, "boards") if "boards" in data else (),
        )


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{key} is missing")
    return value


def _words(data: dict[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(word, str) for word in value):
        raise ValueError(f"{key} is not a list of words")
    return tuple(value)


@dataclass(frozen=True, slots=True)
class SaveSlot:
    """The one save file of a game and mode."""

    path: Path

    @classmethod
    def for_game(cls, game: Game, mode: str, name: str | None = None) -> SaveSlot:
        """The slot of ``game`` in ``mode`` (``solo``, ``versus``, ``boards``), e.g.
        ``wordle-solo.json``; ``name`` names a game on several boards (``quordle-boards.json``,
        ``wordle ×3`` in ``wordle-3-boards.json``)."""
        slug = re.sub(r"[^a-z0-9]+", "-", (name or game.name).casefold()).strip("-")
        return cls(data_dir() / "games" / f"{slug}-{mode}.json")

    def exists(self) -> bool:
        """Whether a game is saved here."""
        return self.path.is_file()

    def write(self, saved: SavedGame) -> None:
        """Save atomically, replacing the previous save; SaveError when the folder cannot take
        it (read-only, full, a file in its place)."""
        text = json.dumps(saved.to_json(), ensure_ascii=False, indent=1)
        try:
            atomic_write_bytes(self.path, text.encode())
        except OSError as error:
            raise SaveError(
                f"cannot save the game in {self.path.parent} ({error.strerror})"
            ) from None

    def read(self) -> SavedGame:
        """The saved game; SaveError when there is none or it is damaged."""
        if not self.path.exists() and not self.path.is_symlink():
            raise SaveError(f"no saved game to resume ({self.path} does not exist)")
        try:
            text = read_user_text(self.path, MAX_SAVE)
        except UserFileError as error:
            raise SaveError(f"cannot read the saved game: {error}") from None
        try:
            return SavedGame.from_json(parse_json(text))
        except ValueError as error:
            kept = self.keep_damaged()
            raise SaveError(
                f"the saved game is damaged: a copy is kept as {kept.name}, and a new game"
                f" replaces it ({self.path}: {error})"
            ) from None

    def keep_damaged(self) -> Path:
        """Copy a damaged save beside it (``…-solo.damaged.json``), so nothing is lost when a
        new game replaces it."""
        copy = self.path.with_suffix(".damaged.json")
        if not copy.exists():
            try:
                shutil.copyfile(self.path, copy)
            except OSError:
                return self.path  # nowhere to copy to: the file itself stays until replaced
        return copy

    def delete(self) -> None:
        """Forget the save (the game is over)."""
        self.path.unlink(missing_ok=True)

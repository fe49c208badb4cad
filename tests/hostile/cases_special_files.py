"""Special files where a file is read (a pipe no one writes to, a device, a folder): each reader
goes through one door that refuses them at once, where opening a pipe used to wait for ever.
A special file in the program's own places (the cache) is passed over and replaced."""

import os
from pathlib import Path

from tests.hostile.catalogue import BadInput

NOT_REGULAR = "is not a regular file (a pipe or a device)"
DATA = {"WORDSOLVER_DATA_DIR": "{tmp}/data"}


def _pipe(scratch: Path, name: str = "pipe") -> str:
    path = scratch / name
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return str(path)


def _save_is_a_pipe(scratch: Path) -> list[str]:
    _pipe(scratch, "data/games/wordle-solo.json")
    return ["play", "wordle", "--resume"]


def _table_is_a_pipe(scratch: Path) -> list[str]:
    from wordsolver.games import GameOverrides, find_game
    from wordsolver.matrix import matrix_key

    game = find_game("mastermind", GameOverrides(length=3, alphabet="abcde"))
    cache = scratch / "cache"
    cache.mkdir()
    os.mkfifo(cache / f"matrix-{matrix_key(game)}.bin")
    return ["suggest", "mastermind", "--length", "3", "--alphabet", "abcde", "--top", "1"]


def _results_are_a_pipe(scratch: Path) -> list[str]:
    _pipe(scratch, "out/results.json")
    lists = ["--answers", "/etc/hostname", "--allowed", "/etc/hostname"]
    return ["study", "5bukv", *lists, "--out", str(scratch / "out")]


CASES = [
    BadInput("endless answers", ["suggest", "wordle", "--answers", "/dev/zero"], NOT_REGULAR),
    BadInput(
        "answers from a pipe",
        lambda s: ["suggest", "wordle", "--answers", _pipe(s)],
        NOT_REGULAR,
    ),
    BadInput("a saved game that is a pipe", _save_is_a_pipe, NOT_REGULAR, env=DATA),
    BadInput(
        "a screenshot that is a pipe",
        lambda s: ["fallout", "parse", "--image", _pipe(s)],
        NOT_REGULAR,
    ),
    BadInput(
        "a screenshot from /dev/zero", ["fallout", "parse", "--image", "/dev/zero"], NOT_REGULAR
    ),
    BadInput("a screenshot that is a folder", ["fallout", "parse", "--image", "/"], "is a folder"),
    BadInput(
        "allowed guesses from a pipe",
        lambda s: ["suggest", "wordle", "--allowed", _pipe(s)],
        NOT_REGULAR,
    ),
    BadInput("a dictionary from /dev/zero", ["hand", "abc", "--dict", "/dev/zero"], NOT_REGULAR),
    BadInput("a tree file that is a pipe", lambda s: ["tree", "stats", _pipe(s)], NOT_REGULAR),
    BadInput("a tree file from /dev/zero", ["tree", "check", "/dev/zero", "wordle"], NOT_REGULAR),
    BadInput(
        "board sets from a pipe",
        lambda s: ["evaluate", "quordle", "--sets", _pipe(s)],
        NOT_REGULAR,
    ),
    BadInput("a screen from /dev/zero", ["fallout", "parse", "/dev/zero"], NOT_REGULAR),
    BadInput("study results that are a pipe", _results_are_a_pipe, NOT_REGULAR),
    BadInput(
        "a cached table that is a pipe: passed over and built again",
        _table_is_a_pipe,
        None,
        env={"WORDSOLVER_CACHE_DIR": "{tmp}/cache"},
        code=0,
    ),
]

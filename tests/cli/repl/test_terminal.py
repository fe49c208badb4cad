"""The console script under a pseudo-terminal: colours, Tab completion, history, a whole game."""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest

from tests.conftest import WORDLE_OPTION, WORDLE_WORDS
from wordsolver.games import GameOverrides, find_game
from wordsolver.hosted.picking import random_secret

pexpect = pytest.importorskip("pexpect")

TIMEOUT = 60  # a fresh CI venv compiles the kernels on first use


def spawn(*args: str) -> Any:  # a pexpect.spawn (the package has no types)
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "40"}
    env.pop("NO_COLOR", None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "wordsolver", *args],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 100),
    )


def test_play_a_whole_game_in_a_terminal() -> None:
    game = find_game("wordle", GameOverrides(words=WORDLE_WORDS))
    secret = game.secrets.words[random_secret(game, 4)]
    wrong = next(w for w in ("proxy", "llama", "eerie") if w != secret)
    child = spawn("play", "wordle", *WORDLE_OPTION, "--seed", "4")
    child.expect_exact("guess 1/6> ")
    child.send(wrong[:3] + "\t")  # Tab completes the only word with this prefix
    child.expect_exact(wrong)
    child.send("\r")
    child.expect_exact("guess 2/6> ")
    assert "\x1b[" in child.before  # coloured tiles
    child.sendline(secret)
    child.expect_exact("solved in 2 guesses!")
    child.expect_exact("the solver against " + secret)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_assistant_history_recalls_the_last_line() -> None:
    child = spawn("solve", "wordle", *WORDLE_OPTION)
    child.expect_exact("guess 1/6 (slate)> ")
    child.sendline("crane ..y..")
    child.expect_exact("certain")
    child.expect_exact("guess 2/6 (pizza)> ")
    child.sendline("undo")
    child.expect_exact("took back crane")
    child.expect_exact("guess 1/6 (slate)> ")
    child.send("\x1b[A\x1b[A\r")  # up twice: back to ``crane ..y..``
    child.expect_exact("certain")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

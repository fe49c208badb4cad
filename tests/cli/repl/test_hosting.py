"""Hosted games driven in-process: guessing, commands, saving on every move, the review."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.cli.repl.conftest import Drive
from wordsolver.cli.repl.hosting import DuelRepl, HostRepl, SoloRepl
from wordsolver.hosted.duel import Duel
from wordsolver.hosted.host import HostedGame, solver_path
from wordsolver.hosted.saves import SaveSlot
from wordsolver.hosted.share import share_row
from wordsolver.matrix import PatternMatrix
from wordsolver.strategies import Player, PlayOptions, find_strategy


def player(matrix: PatternMatrix) -> Player:
    return Player(matrix, find_strategy("entropy"), PlayOptions())


def solo(
    matrix: PatternMatrix, secret: str, slot: SaveSlot | None = None
) -> Callable[..., HostRepl]:
    hosted = HostedGame(matrix, matrix.game.secrets.words.index(secret))
    return lambda console: SoloRepl(console, hosted, player(matrix), slot=slot)


def test_win_then_review(drive: Drive, wordle: PatternMatrix) -> None:
    screen = drive(solo(wordle, "store"), ["crane", "shore", "store", "crane"])
    assert "wordsolver play: wordle (custom). Guess my secret in 6 tries" in screen
    assert re.search(r"^ 1   C   R   A   N   E   \S+", screen, flags=re.MULTILINE)
    assert "solved in 3 guesses!" in screen
    assert "your game beside the entropy solver" in screen
    store = wordle.game.secrets.words.index("store")
    path = " ".join(step.guess for step in solver_path(player(wordle), store))
    assert f"the solver against store: {path}" in screen
    assert "> crane\n" not in screen.split("solved in")[1]  # the game ended: no more prompts


def test_summary_sentence_names_the_spot(drive: Drive, wordle: PatternMatrix) -> None:
    screen = drive(solo(wordle, "store"), ["pizza", "hello", "llama", "store"])
    assert re.search(
        r"after your \d(st|nd|rd|th) guess \d+ words? (was|were) left; the solver would have"
        r" needed \d\.\d more on average, you needed \d",
        screen,
    )


def test_commands_and_bad_input(drive: Drive, wordle: PatternMatrix) -> None:
    lines = ["crne", "hint", "left", "guess", "guess pizza", "help", "giveup"]
    screen = drive(solo(wordle, "store"), lines)
    assert "✗ 'crne' has 4 letters, expected 5 (help lists the commands)" in screen
    assert "20 candidates left" in screen
    assert "✗ usage: guess WORD" in screen
    assert re.search(r"^ 1   P   I   Z   Z   A ", screen, flags=re.MULTILINE)
    assert "giveup" in screen and "the secret was store" in screen


def test_out_of_tries(drive: Drive, fallout: PatternMatrix) -> None:
    screen = drive(solo(fallout, "force"), ["spite", "spies", "tires", "tries"])
    assert "guess 4/4> tries" in screen
    assert "the secret was force" in screen


def test_every_move_is_saved_and_the_end_forgets_the_save(
    drive: Drive, wordle: PatternMatrix
) -> None:
    slot = SaveSlot.for_game(wordle.game, "solo")
    screen = drive(solo(wordle, "store", slot), ["crane", "shore"])
    assert slot.read().guesses == ("crane", "shore")
    assert "saved: --resume continues this game" in screen
    drive(solo(wordle, "store", slot), ["store"])
    assert not slot.exists()


def test_duel_from_choosing_a_secret_to_the_result(drive: Drive, tonguess: PatternMatrix) -> None:
    solver = player(tonguess)
    cat = tonguess.game.secrets.words.index("cat")
    slot = SaveSlot.for_game(tonguess.game, "versus")
    lines = ["hint", "zz", "abc", "ten", "xyz", "cat"]
    screen = drive(lambda console: DuelRepl(console, solver, cat, slot=slot), lines)
    assert "✗ choose your secret word first" in screen
    assert "✗ 'zz' has 2 letters, expected 3" in screen
    assert "✗ abc is not in the list of secrets" in screen
    assert "your secret is ten. You guess first." in screen
    assert re.search(r"^you 1  xyz  0-0$", screen, flags=re.MULTILINE)
    assert re.search(r"^me  1  \w{3}  \d-\d$", screen, flags=re.MULTILINE)
    assert "My secret was cat." in screen
    assert not slot.exists()


def test_resumed_duel_lets_the_computer_play_its_owed_turn(
    drive: Drive, tonguess: PatternMatrix
) -> None:
    solver = player(tonguess)
    duel = Duel(solver, tonguess.game.secrets.words.index("cat"), 10)
    duel.guess("xyz")
    screen = drive(lambda console: DuelRepl(console, solver, duel.human.secret, duel=duel), [])
    assert "you 1  xyz  0-0" in screen
    assert re.search(r"^me  1  \w{3}  \d-\d$", screen, flags=re.MULTILINE)
    assert len(duel.computer.guesses) == 1


def test_the_end_shows_losses_and_the_share_text(drive: Drive, wordle: PatternMatrix) -> None:
    screen = drive(solo(wordle, "store"), ["crane", "shore", "store"])
    game = wordle.game
    header = next(line for line in screen.splitlines() if line.startswith("#  your guess"))
    assert header.split()[-1] == "lost" and "it leaves" in header
    assert re.search(r"in all your guesses (lost|saved) \d\.\d\d beside", screen)
    rows = [share_row(game, game.feedback(w, "store")) for w in ("crane", "shore", "store")]
    assert "Wordle (custom) 3/6\n" + "\n".join(rows) + "\n" in screen
    assert rows[-1] == "🟩" * 5


def test_a_given_up_game_shares_an_x(drive: Drive, fallout: PatternMatrix) -> None:
    screen = drive(solo(fallout, "force"), ["spite", "giveup"])
    assert "Fallout (custom) X/4\n" in screen

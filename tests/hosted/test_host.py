"""Hosted games and duels: scoring, the end of a game, and who wins."""

from __future__ import annotations

import pytest

from wordsolver.boards.host import HostedBoards
from wordsolver.errors import GameOverError, InvalidWordError, WordsolverError
from wordsolver.evaluation import evaluate
from wordsolver.hosted.duel import Duel, Outcome
from wordsolver.hosted.host import HostedGame, solver_path, solver_turn
from wordsolver.matrix import PatternMatrix
from wordsolver.strategies import Player, PlayOptions, find_strategy


def player(matrix: PatternMatrix, hard: bool = False) -> Player:
    return Player(matrix, find_strategy("entropy"), PlayOptions(hard=hard))


def secret_id(matrix: PatternMatrix, word: str) -> int:
    return matrix.game.secrets.words.index(word)


def test_guesses_are_scored_against_the_secret(wordle: PatternMatrix) -> None:
    hosted = HostedGame(wordle, secret_id(wordle, "store"))
    for word in ("crane", "shore"):
        step = hosted.guess(word)
        assert step.pattern == wordle.game.feedback(word, "store")
        assert not hosted.finished
    hosted.guess("STORE")
    assert (hosted.won, hosted.lost, hosted.guesses) == (True, False, ["crane", "shore", "store"])
    with pytest.raises(GameOverError, match=r"^this game is over: start a new one$"):
        hosted.guess("crane")


def test_one_board_and_several_end_alike(wordle: PatternMatrix) -> None:
    """A guess once the game is over: the same error, in the same words, hosted on one board
    or several, and told (the library's words: what happened, no face's way of going on)."""
    boards = HostedBoards(wordle, [secret_id(wordle, "store"), secret_id(wordle, "crane")])
    boards.guess("store")
    boards.guess("crane")
    hosted = HostedGame(wordle, secret_id(wordle, "store"))
    hosted.guess("store")
    for finished in (hosted, boards):
        with pytest.raises(GameOverError) as raised:
            finished.guess("shore")
        assert str(raised.value) == "this game is over: start a new one"
    with pytest.raises(GameOverError, match=r"^every board is solved \(guess 2, crane\): no guess"):
        boards.state.push("shore", "ggggg;ggggg")
    with pytest.raises(GameOverError, match=r"^the secret is found already \(guess 1, store\)"):
        hosted.state.push("shore", "ggggg")


def test_running_out_of_tries_loses(fallout: PatternMatrix) -> None:
    hosted = HostedGame(fallout, secret_id(fallout, "force"))
    for word in ("spite", "spies", "tires", "tries"):
        hosted.guess(word)
    assert (hosted.won, hosted.lost, hosted.finished) == (False, True, True)
    assert hosted.secret_word == "force"


def test_hard_mode_refuses_guesses_that_do_not_fit(wordle: PatternMatrix) -> None:
    hosted = HostedGame(wordle, secret_id(wordle, "store"), hard=True)
    hosted.guess("shore")
    with pytest.raises(InvalidWordError, match="hard mode: pizza does not fit"):
        hosted.guess("pizza")
    hosted.guess("snore")


def test_giving_up_ends_the_game_lost(wordle: PatternMatrix) -> None:
    hosted = HostedGame(wordle, 0)
    hosted.give_up()
    assert hosted.lost and hosted.finished


def test_solver_path_agrees_with_evaluate(wordle: PatternMatrix) -> None:
    solver = player(wordle)
    needed = evaluate(solver).guesses
    for secret, word in enumerate(wordle.game.secrets.words):
        path = solver_path(solver, secret)
        assert path[-1].guess == word
        assert len(path) == needed[secret]


def test_solver_turn_follows_hard_mode(wordle: PatternMatrix) -> None:
    hard = player(wordle, hard=True)
    for secret in range(len(wordle.game.secrets)):
        hosted = HostedGame(wordle, secret, hard=True)
        steps = [solver_turn(hosted, hard)]
        while not hosted.finished:
            steps.append(solver_turn(hosted, hard))
            for earlier in steps[:-1]:
                assert wordle.game.feedback(earlier.guess, steps[-1].guess) == earlier.pattern


def duel_of(matrix: PatternMatrix, computer: str, human: str) -> Duel:
    return Duel(player(matrix), secret_id(matrix, computer), secret_id(matrix, human))


def test_duel_win_when_you_solve_first(tonguess: PatternMatrix) -> None:
    duel = duel_of(tonguess, computer="cat", human="hen")
    duel.guess("cat")
    assert duel.outcome is None and duel.computer_due
    with pytest.raises(WordsolverError, match="not your turn"):
        duel.guess("art")
    duel.computer_turn()
    assert duel.outcome is Outcome.WIN or duel.computer.won  # the computer may guess hen at once


def test_duel_draw_with_equal_guesses_and_loss_with_more(tonguess: PatternMatrix) -> None:
    needs = len(solver_path(player(tonguess), secret_id(tonguess, "hen")))
    for extra, outcome in ((0, Outcome.DRAW), (1, Outcome.LOSS)):
        duel = duel_of(tonguess, computer="cat", human="hen")
        wrong = iter(["xyz", "qwe", "rty", "uio", "pas", "dfg", "hjk", "lzx"])
        while duel.outcome is None:
            mine = "cat" if len(duel.human.guesses) == needs - 1 + extra else next(wrong)
            duel.guess(mine)
            duel.computer_turn()
        assert duel.outcome is outcome
        assert len(duel.computer.guesses) == needs


def test_duel_computer_waits_its_turn_and_giving_up_loses(tonguess: PatternMatrix) -> None:
    duel = duel_of(tonguess, computer="cat", human="hen")
    with pytest.raises(WordsolverError, match="not the computer's turn"):
        duel.computer_turn()
    duel.human.give_up()
    assert duel.outcome is Outcome.LOSS

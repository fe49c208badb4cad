"""The assistant driven in-process by scripted lines: what the screen shows after each one."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from tests.cli.repl.conftest import Drive
from tests.conftest import feedback
from wordsolver.cli.repl import Assistant
from wordsolver.matrix import PatternMatrix
from wordsolver.session import Session
from wordsolver.strategies import Player, PlayOptions, find_strategy


def assistant(matrix: PatternMatrix, strategy: str = "entropy") -> type[Assistant]:
    """A factory for :func:`drive`: an assistant on ``matrix`` with a fresh state."""

    def make(console: Console) -> Assistant:
        player = Player(matrix, find_strategy(strategy), PlayOptions())
        return Assistant(console, Session(matrix), player, top=3, more=6)

    return make  # type: ignore[return-value]


def suggested(screen: str) -> list[str]:
    """The word named in each prompt, in order."""
    return re.findall(r"^guess \d+/\d+ \((\w+)\)> ", screen, flags=re.MULTILINE)


def prompts(screen: str) -> int:
    return len(re.findall(r"^guess \d+(?:/\d+)?[^>]*> ", screen, flags=re.MULTILINE))


def test_start_shows_candidates_and_ranked_suggestions(drive: Drive, wordle: PatternMatrix) -> None:
    screen = drive(assistant(wordle), ["quit"])
    assert "wordsolver assistant: wordle (custom) (20 secrets, 6 tries, entropy)" in screen
    assert "20 possible: abide chore crane" in screen
    header = next(line for line in screen.splitlines() if line.startswith("#"))
    assert header.split() == ["#", "guess", "mean", "left", "worst", "bits", "can", "win"]
    assert suggested(screen) == ["slate"]


def test_feedback_alone_answers_the_suggested_guess(drive: Drive, wordle: PatternMatrix) -> None:
    shown = feedback(wordle, "slate", "store")
    screen = drive(assistant(wordle), [shown, "quit"])
    assert f"guess 1/6 (slate)> {shown}\n" in screen
    assert re.search(rf"^ 1   S   L   A   T   E   {re.escape(shown)} ", screen, flags=re.M)
    assert suggested(screen)[1] != "slate"


def test_guess_and_feedback_on_one_line_until_solved(drive: Drive, wordle: PatternMatrix) -> None:
    screen = drive(assistant(wordle), ["crane ..y..", "pizza ggggg", "pizza ggggg"])
    assert "certain: pizza" in screen
    assert "solved in 2 guesses! new starts another game." in screen
    assert "new, undo or quit> pizza ggggg\n✗ solved already" in screen


def test_a_lone_word_waits_for_its_feedback(drive: Drive, fallout: PatternMatrix) -> None:
    screen = drive(assistant(fallout), ["tires", "1", "quit"])
    assert "playing tires: type the answer the game gave" in screen
    assert "guess 1/4: answer for tires> 1\n" in screen
    assert re.search(r"^ 1  tires  1", screen, flags=re.MULTILINE)
    assert "guess 2/4 (" in screen


BAD_LINES = [
    ("blorp", "✗ 'blorp' is not an allowed guess in wordle (custom) (help lists the commands)"),
    ("crne", "✗ 'crne' has 4 letters, expected 5 (help lists the commands)"),
    ("cr4ne", "✗ 'cr4ne' has letters outside the latin alphabet: 4"),
    ("crane gy.g", "✗ cannot read colours 'gy.g'"),
    ("gyg", "✗ 'gyg' has 3 letters"),
    ("g.y", "✗ cannot read colours 'g.y'"),
    ("undo now", "✗ undo takes no argument"),
    ("remove", "✗ usage: remove WORD"),
    ("hard maybe", "✗ hard takes on or off"),
    ("hint lots", "✗ hint takes a number"),
    ("strategy best", "✗ unknown strategy 'best'"),
    ("undo", "✗ nothing to undo"),
]


@pytest.mark.parametrize(("line", "message"), BAD_LINES)
def test_bad_input_gets_one_line_and_the_prompt_again(
    drive: Drive, wordle: PatternMatrix, line: str, message: str
) -> None:
    screen = drive(assistant(wordle), [line, "quit"])
    after = screen.split(f"> {line}\n", 1)[1].splitlines()
    assert after[0].startswith(message)
    assert after[1] == "guess 1/6 (slate)> quit"


def test_impossible_feedback_names_the_guess_and_offers_undo(
    drive: Drive, wordle: PatternMatrix
) -> None:
    screen = drive(assistant(wordle), ["crane ..y..", "slate ggggg", "undo", "slate ..y..", "q"])
    contradiction = "✗ guess 2, slate ggggg, contradicts guess 1, crane ..y..: no secret fits both"
    assert f"{contradiction} (check them) — undo takes back the last move" in screen
    assert "took back crane" in screen
    after_undo = screen.split("took back crane")[1]
    assert "20 possible" in after_undo
    assert re.search(r"^ 1   S   L   A   T   E   ..y.. ", after_undo, flags=re.M)


def test_undo_hint_list_and_new(drive: Drive, wordle: PatternMatrix) -> None:
    shown = feedback(wordle, "crane", "store")
    fits = [w for w in wordle.game.secrets.words if feedback(wordle, "crane", w) == shown]
    assert len(fits) > 3
    screen = drive(assistant(wordle), [f"crane {shown}", "hint", "list", "undo", "new", "q"])
    hint = screen.split("> hint\n")[1].split("> list")[0]
    assert len(re.findall(r"^\d+ ", hint, flags=re.MULTILINE)) == 6  # ``more`` suggestions
    listed = screen.split("> list\n")[1].split("guess 2/6")[0]
    assert listed.split() == [str(len(fits)), "possible", *fits]
    assert "took back crane" in screen and "new game" in screen


def test_hard_mode_and_strategy_change_the_suggestions(drive: Drive, wordle: PatternMatrix) -> None:
    shown = feedback(wordle, "crane", "slate")
    lines = [f"crane {shown}", "hard on", "strategy minimax", "hard", "strategy", "q"]
    screen = drive(assistant(wordle), lines)
    assert "strategy: minimax" in screen
    assert "hard mode is on\nguess 2/6" in screen
    assert "strategy: minimax (choose from " in screen
    in_hard = screen.split("> hard on\n")[1].split("> strategy")[0]
    rows = [line for line in in_hard.splitlines() if re.match(r"^\d +[a-z]+ +\d", line)]
    table = [row.split() for row in rows]
    assert table
    assert all(feedback(wordle, "crane", row[1]) == shown for row in table)


def test_remove_a_dud_in_fallout(drive: Drive, fallout: PatternMatrix) -> None:
    screen = drive(assistant(fallout), ["spite 1", "remove force", "remove spies", "undo", "q"])
    assert "removed force" in screen
    assert "4 possible: fried sides sites tries" in screen
    assert "✗ spies is not a candidate now" in screen
    assert "took back removal of force" in screen


def test_a_command_word_with_feedback_is_a_move(drive: Drive, tonguess: PatternMatrix) -> None:
    # In Tonguess ``new`` is a word as well as a command: ``new 1-1`` plays it.
    screen = drive(assistant(tonguess), ["new 1-1", "help"])
    assert re.search(r"^ 1  new  1-1   2 left$", screen, flags=re.MULTILINE)
    assert "hard [on|off]" in screen and "remove WORD" in screen


def test_end_of_input_leaves_quietly(drive: Drive, wordle: PatternMatrix) -> None:
    screen = drive(assistant(wordle), ["crane ..y.."])
    assert screen.endswith("certain: pizza\n\n")
    assert "Traceback" not in screen


def test_explain_splits_the_candidates_at_the_position_reached(
    drive: Drive, wordle: PatternMatrix
) -> None:
    shown = feedback(wordle, "crane", "store")
    screen = drive(assistant(wordle), [f"crane {shown}", "explain", "explain store slate", "quit"])
    state = Session(wordle)
    state.push("crane", shown)
    left = len(state.candidates)
    top = suggested(screen)[1]
    assert left > 2 and f"{left} possible; {top} leaves" in screen
    assert "store: " in screen and "feedbacks it can earn" in screen
    assert "slate leaves" in screen and "bucket sizes" in screen
    # the exact verdict, or (on a machine too busy for its fraction of a second) why there is none
    assert "exact: best play" in screen or "did not prove this position" in screen


def test_explain_refuses_bad_words(drive: Drive, wordle: PatternMatrix) -> None:
    screen = drive(assistant(wordle), ["explain qqqqq", "explain a b c", "quit"])
    assert "qqqqq" in screen and "at most one other" in screen
    assert "Traceback" not in screen


def test_solved_game_is_reviewed_and_shared(drive: Drive, wordle: PatternMatrix) -> None:
    screen = drive(assistant(wordle), ["crane ..y..", "pizza ggggg", "quit"])
    assert "your game beside the entropy solver" in screen
    assert "Wordle (custom) 2/6\n" in screen and "🟩🟩🟩🟩🟩" in screen

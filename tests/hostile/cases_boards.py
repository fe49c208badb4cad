"""Multi-board games: board counts, per-board feedback and options that one board only plays."""

from tests.hostile.catalogue import BadInput

CASES = [
    BadInput("zero boards", ["suggest", "wordle", "--boards", "0"], "--boards must be from 1"),
    BadInput("too many boards", ["suggest", "wordle", "--boards", "99"], "--boards must be from 1"),
    BadInput(
        "boards of a named board game",
        ["suggest", "quordle", "--boards", "3"],
        "quordle is played on 4 boards",
    ),
    BadInput(
        "boards of a game without colours",
        ["suggest", "tonguess3", "--boards", "2"],
        "--boards plays colours games",
    ),
    BadInput(
        "too few patterns",
        ["suggest", "quordle", "--history", "crane gy..g,....."],
        "4 boards need 4 patterns",
    ),
    BadInput(
        "too many patterns",
        ["suggest", "dordle", "--history", "crane gy..g,.....,....."],
        "2 boards need 2 patterns",
    ),
    BadInput(
        "solved mark on an unsolved board",
        ["suggest", "dordle", "--history", "crane gy..g,-"],
        "board 2 is not solved yet",
    ),
    BadInput(
        "pattern on a solved board",
        ["suggest", "dordle", "--history", "crane ggggg,.....;slate .....,....."],
        "board 1 was solved earlier: write - for it",
    ),
    BadInput(
        "bad pattern on one board",
        ["suggest", "dordle", "--history", "crane gy..g,gy"],
        "board 2: ",
    ),
    BadInput(
        "contradiction on one board",
        ["suggest", "dordle", "--history", "crane ggggg,.....;slate -,ggggg"],
        "board 2: ",
    ),
    BadInput(
        "history item without feedback",
        ["suggest", "quordle", "--history", "crane"],
        "cannot read history item",
    ),
    BadInput("hard mode on boards", ["suggest", "quordle", "--hard"], "hard mode is not played"),
    BadInput("optimal on boards", ["suggest", "dordle", "-s", "optimal"], "plays one board"),
    BadInput(
        "tree on boards",
        ["solve", "dordle", "--tree", "missing.json"],
        "a tree plays one board",
    ),
    BadInput("daily on boards", ["play", "quordle", "--daily"], "play one board"),
    BadInput(
        "evaluate boards with a zero sample",
        ["evaluate", "quordle", "--sample", "0"],
        "'--sample'",
    ),
    BadInput(
        "more boards than secrets",
        ["evaluate", "wordle", "--words", "crane,slate", "--boards", "3", "--sample", "2"],
        "3 boards need 3 distinct secrets",
    ),
]

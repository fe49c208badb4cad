"""Multi-board games: board counts, per-board feedback and options that one board only plays."""

from pathlib import Path

from tests.hostile.catalogue import ArgsBuilder, BadInput


def _sets(text: str, *options: str) -> ArgsBuilder:
    """``evaluate`` on a board-sets file holding ``text``."""

    def build(scratch: Path) -> list[str]:
        path = scratch / "sets.txt"
        path.write_text(text, encoding="utf-8")
        return ["evaluate", *options, "--sets", str(path)]

    return build


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
    BadInput("board sets of one board", _sets("cigar\n", "wordle"), "--sets gives the board sets"),
    BadInput(
        "board sets and a sample",
        _sets("cigar,rebut\n", "dordle", "--sample", "5"),
        "leave out --sample",
    ),
    BadInput("a board set too short", _sets("cigar\n", "dordle"), "line 1: 1 words for 2 boards"),
    BadInput(
        "a board set of no secret",
        _sets("# none\ncigar,aahed\n", "dordle"),
        "line 2: aahed is not a possible secret",
    ),
    BadInput(
        "a board set of no word",
        _sets("cigar,qqqqq\n", "dordle"),
        "line 1: 'qqqqq' is not an allowed",
    ),
    BadInput("no board sets", _sets("# only a comment\n", "dordle"), "no board sets"),
    BadInput(
        "board sets not a file",
        lambda scratch: ["evaluate", "dordle", "--sets", str(scratch)],
        "is a folder, not a file",
    ),
]

"""Multi-board games: board counts, per-board feedback and options that one board only plays."""

import json
from pathlib import Path

from tests.hostile.catalogue import ArgsBuilder, BadInput


def _sets(text: str, *options: str) -> ArgsBuilder:
    """``evaluate`` on a board-sets file holding ``text``."""

    def build(scratch: Path) -> list[str]:
        path = scratch / "sets.txt"
        path.write_text(text, encoding="utf-8")
        return ["evaluate", *options, "--sets", str(path)]

    return build


_DATA = {"WORDSOLVER_DATA_DIR": "{tmp}/data"}


#: A single board's save, then a Quordle's; their word lists are Quordle's own unless changed.
_SOLO = {"format": 1, "mode": "solo", "game": "wordle", "strategy": "entropy", "hard": False}
_SOLO |= {"secret": "cigar", "guesses": [], "opponent_secret": None, "opponent_guesses": []}
_BOARDS = _SOLO | {
    "mode": "boards",
    "game": "quordle",
    "boards": ["cigar", "rebut", "sissy", "humph"],
}


def _save(text: str | dict[str, object]) -> ArgsBuilder:
    """``play quordle --resume`` on a board save holding ``text`` (a dict: its JSON, with
    Quordle's lists digest unless it names its own)."""

    def build(scratch: Path) -> list[str]:
        games = scratch / "data" / "games"
        games.mkdir(parents=True)
        if isinstance(text, dict):
            from wordsolver.boards.games import load_board_game
            from wordsolver.games import GameOverrides
            from wordsolver.hosted.saves import lists_digest

            hosted = GameOverrides(prior="uniform")  # `play` hosts the answers alike
            lists = lists_digest(load_board_game("quordle", hosted)[0])
            written = json.dumps({"lists": lists} | text)
        else:
            written = text
        (games / "quordle-boards.json").write_text(written, encoding="utf-8")
        return ["play", "quordle", "--resume"]

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
    BadInput("a duel on boards", ["play", "quordle", "--versus"], "play one board"),
    BadInput(
        "the day's boards with a seed",
        ["play", "dordle", "--daily", "--seed", "3"],
        "--daily picks the secrets by date",
    ),
    BadInput(
        "resume boards never saved",
        ["play", "octordle", "--resume"],
        "no saved game to resume",
        env=_DATA,
    ),
    BadInput(
        "board save nested 100,000 deep",
        _save("{" * 100_000),
        "the saved game is damaged",
        env=_DATA,
    ),
    BadInput("board save of a number", _save("7"), "not a format 1 saved game", env=_DATA),
    BadInput(
        "a single board's game in the board save",
        _save(_SOLO),
        "is a solo game of wordle, not quordle",
        env=_DATA,
    ),
    BadInput(
        "a board save of other lists",
        _save(_BOARDS | {"lists": "x-y"}),
        "played with other word lists",
        env=_DATA,
    ),
    BadInput(
        "a board save of three secrets for four boards",
        _save(_BOARDS | {"boards": ["cigar", "rebut", "sissy"]}),
        "3 board secrets for 4 boards",
        env=_DATA,
    ),
    BadInput(
        "a board save whose guesses do not replay",
        _save(_BOARDS | {"guesses": ["crane", "zzzzz"]}),
        "cannot be replayed",
        env=_DATA,
    ),
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
        _sets("# none\ncigar,aahed\n", "dordle", "--prior", "uniform"),
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

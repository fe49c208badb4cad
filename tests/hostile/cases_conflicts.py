"""Options that contradict each other: refused in one line, never one of them dropped."""

from pathlib import Path

from tests.hostile.catalogue import BadInput


def _answers_and_words(scratch: Path) -> list[str]:
    (scratch / "answers.txt").write_text("crane\nslate\n")
    return ["suggest", "wordle", "--answers", str(scratch / "answers.txt"), "--words", "abide"]


def _lists_and_both_lists(scratch: Path) -> list[str]:
    (scratch / "allowed.txt").write_text("crane\nslate\nabide\n")
    allowed = ["--allowed", str(scratch / "allowed.txt")]
    return ["solve", "wordle", "--lists", "original", "--words", "crane,slate", *allowed]


CASES = [
    BadInput("answers beside words", _answers_and_words, "give --words or --answers, not both"),
    BadInput("lists beside both lists of one's own", _lists_and_both_lists, "leave out --lists"),
    BadInput(
        "absurdle on two boards",
        ["suggest", "absurdle", "--boards", "2"],
        "absurdle has no secret to put on boards",
    ),
    BadInput(
        "absurdle played on two boards",
        ["play", "absurdle", "--boards", "2"],
        "absurdle has no secret to put on boards",
    ),
    BadInput(
        "absurdle evaluated on two boards",
        ["evaluate", "absurdle", "--boards", "2"],
        "play it on one board",
    ),
    BadInput(
        "a dictionary beside a game",
        ["check", "--game", "wordle", "--dict", "english", "crane"],
        "give --game or --dict, not both",
    ),
    BadInput(
        "skipping bad lines of no file",
        ["check", "--game", "wordle", "--skip-bad", "crane"],
        "--skip-bad skips lines of a --dict file",
    ),
    BadInput(
        "until solved beside a number of tries",
        ["fallout", "simulate", "--until-solved", "--tries", "3"],
        "give --until-solved or --tries, not both",
    ),
]

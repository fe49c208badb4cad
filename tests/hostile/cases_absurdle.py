"""The adversarial game refuses feedback (its host gives it) and what it has no use for."""

from tests.hostile.catalogue import BadInput

WORDS = ["--words", "crane,slate,trace,crate"]

CASES = [
    BadInput(
        "feedback in an absurdle history",
        ["solve", "absurdle", *WORDS, "--history", "crane:gy..g"],
        "the host gives the feedback itself",
    ),
    BadInput(
        "feedback after a space in an absurdle history",
        ["solve", "absurdle", *WORDS, "--history", "crane gy..g"],
        "the host gives the feedback itself",
    ),
    BadInput(
        "unknown guess in an absurdle history",
        ["solve", "absurdle", *WORDS, "--history", "qqqqq"],
        "not an allowed guess",
    ),
    BadInput("absurdle duel", ["play", "absurdle", *WORDS, "--versus"], "no secret to pick"),
    BadInput("absurdle daily", ["play", "absurdle", *WORDS, "--daily"], "no secret to pick"),
    BadInput(
        "absurdle tree by entropy",
        ["tree", "build", "absurdle", *WORDS, "-s", "entropy"],
        "optimal only",
    ),
]

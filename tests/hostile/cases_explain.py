"""Bad input to ``explain``: words, histories and options it must refuse in one line."""

from tests.hostile.catalogue import BadInput

CASES = [
    BadInput("explain an unknown word", ["explain", "wordle", "qzqzq"], "qzqzq"),
    BadInput("explain a word of the wrong length", ["explain", "wordle", "cat"], "5"),
    BadInput(
        "explain against an unknown word", ["explain", "wordle", "crane", "--against", "zz"], "zz"
    ),
    BadInput(
        "explain once solved",
        ["explain", "wordle", "crane", "--history", "crane:ggggg"],
        "found already",
    ),
    BadInput(
        "explain after contradicting feedback",
        ["explain", "wordle", "crane", "--history", "crane:ggggg,slate:....."],
        "found already",
    ),
    BadInput(
        "explain with bad feedback",
        ["explain", "wordle", "crane", "--history", "crane:xx"],
        "cannot read colours 'xx'",
    ),
    BadInput(
        "explain with zero buckets", ["explain", "wordle", "crane", "--buckets", "0"], "'--buckets'"
    ),
    BadInput(
        "explain with negative words",
        ["explain", "wordle", "crane", "--show-words", "-1"],
        "'--show-words'",
    ),
    BadInput(
        "explain with an infinite search",
        ["explain", "wordle", "crane", "--exact-seconds", "inf"],
        "--exact-seconds",
    ),
    BadInput("explain into a folder", ["explain", "wordle", "crane", "--plot", "/"], "is a folder"),
    BadInput(
        "explain into no folder",
        ["explain", "wordle", "crane", "--plot", "/no/such/h.png"],
        "there is no folder",
    ),
]

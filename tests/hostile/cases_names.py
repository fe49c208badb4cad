"""Unknown names and missing arguments."""

from tests.hostile.catalogue import BadInput

CASES = [
    BadInput("unknown game", ["suggest", "nosuch"], "unknown game 'nosuch'"),
    BadInput("unknown strategy", ["suggest", "wordle", "-s", "nosuch"], "unknown strategy"),
    BadInput("missing secret", ["feedback", "wordle", "crane"], "Missing argument"),
]

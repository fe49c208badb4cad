"""Hands and crossword patterns: sizes no word can have."""

from tests.hostile.catalogue import BadInput

CASES = [
    BadInput(
        "hand length past any integer kernel",
        ["hand", "abc", "--length", "100000000000000000000"],
        "word length must be at most 255",
    ),
    BadInput(
        "hand minimum length past the longest word",
        ["hand", "abc", "--min-length", "300"],
        "word length must be at most 255",
    ),
    BadInput(
        "a megabyte pattern",
        ["pattern", "a" * 1_000_000],
        "the pattern needs at least 1,000,000 letters",
    ),
    BadInput(
        "a pattern of stars and one-letter wildcards longer than every word",
        ["pattern", "*?" * 100 + "q"],
        "the pattern needs at least 101 letters",
    ),
]

"""Options, words, feedback and histories that must be refused in one line."""

from tests.hostile.catalogue import BadInput

HUGE_WORD = "x" * 100_000

CASES = [
    BadInput("no strategy", ["evaluate", "wordle", "-s", ","], "give at least one strategy"),
    BadInput("negative seed", ["evaluate", "wordle", "--seed", "-1"], "'--seed'"),
    BadInput("negative seed of play", ["play", "wordle", "--seed", "-1"], "'--seed'"),
    BadInput("negative seed of suggest", ["suggest", "wordle", "--seed", "-1"], "'--seed'"),
    BadInput("guess with a repeat", ["feedback", "tonguess4", "abcc", "tare"], "not an allowed"),
    BadInput("digits with a repeat", ["feedback", "bulls", "1123", "1234"], "not an allowed"),
    BadInput("secret with a repeat", ["feedback", "bulls", "1234", "1123"], "repeats a letter"),
    BadInput(
        "negative beam",
        ["tree", "build", "wordle", "--words", "crane,slate", "-s", "optimal", "--beam", "-5"],
        "'--beam'",
    ),
    BadInput(
        "zero beam",
        [
            "tree",
            "build",
            "bulls",
            "--length",
            "2",
            "--alphabet",
            "abcd",
            "-s",
            "optimal",
            "--beam",
            "0",
        ],
        "'--beam'",
    ),
    BadInput(
        "negative time",
        ["tree", "build", "wordle", "--words", "crane,slate", "-s", "optimal", "--time", "-1"],
        "positive number of seconds",
    ),
    BadInput(
        "history longer than any game",
        ["suggest", "wordle", "--history", ",".join(["crane:....."] * 1000)],
        "at most 64 guesses",
    ),
    BadInput("a history of commas", ["suggest", "wordle", "--history", ",,,"], "holds no guess"),
    BadInput(
        "a history of commas for a script",
        ["solve", "wordle", "--json", "--history", ",,,"],
        "holds no guess",
    ),
    BadInput(
        "a board history of semicolons",
        ["suggest", "quordle", "--history", ";;;;"],
        "holds no guess",
    ),
    BadInput(
        "an absurdle history of separators",
        ["solve", "absurdle", "--history", " , ; "],
        "holds no guess",
    ),
    BadInput(
        "explain after a history of commas",
        ["explain", "wordle", "crane", "--history", ",,"],
        "holds no guess",
    ),
    BadInput("a megabyte of game name", ["suggest", HUGE_WORD], "unknown game"),
    BadInput("a megabyte of guess", ["feedback", "wordle", HUGE_WORD, "abide"], "letters"),
    BadInput("answers that are a folder", ["suggest", "wordle", "--answers", "/"], "a folder"),
    BadInput(
        "Fallout words of 40 letters",
        ["suggest", "fallout", "--words", "a" * 40 + "," + "b" * 40],
        "at most 32",
    ),
    BadInput("unknown list set", ["suggest", "wordle", "--lists", "times"], "list set"),
    BadInput("lists without a game", ["check", "--lists", "nyt", "cat"], "--lists needs --game"),
]

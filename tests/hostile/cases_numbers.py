"""NaN and infinity in number options: every float option refuses them by one shared check
(``nan`` passes any range check, so without it a server would start whose every search times
out, and OCR would fail with a traceback)."""

from tests.hostile.catalogue import BadInput

NOT_FINITE = "is not a finite number"
WORDS = ["--words", "crane,slate"]

CASES = [
    BadInput(
        "nan time",
        ["tree", "build", "wordle", *WORDS, "--time", "nan"],
        f"nan {NOT_FINITE}",
    ),
    BadInput("nan time of suggest", ["suggest", "wordle", "--time", "nan"], NOT_FINITE),
    BadInput("serve for nan seconds", ["serve", "--time-limit", "nan"], f"nan {NOT_FINITE}"),
    BadInput("serve for ever", ["serve", "--time-limit", "inf"], f"inf {NOT_FINITE}"),
    BadInput("OCR for nan seconds", ["fallout", "parse", "--ocr-timeout", "nan"], NOT_FINITE),
    BadInput(
        "OCR for nan seconds, spelled NaN",
        ["fallout", "parse", "--ocr-timeout", "NaN", "--image", "shot.png"],
        NOT_FINITE,
    ),
    BadInput(
        "a tree searched for ever",
        ["tree", "build", "wordle", *WORDS, "-s", "optimal", "--time", "inf"],
        NOT_FINITE,
    ),
    BadInput("a search for minus infinity", ["suggest", "wordle", "--time", "-inf"], NOT_FINITE),
    BadInput(
        "an exact verdict for nan seconds",
        ["explain", "wordle", "crane", "--exact-seconds", "nan"],
        NOT_FINITE,
    ),
    BadInput("a proof for ever", ["prove", "tonguess3", "--time", "inf"], NOT_FINITE),
]

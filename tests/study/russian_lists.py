"""The word lists of the published Russian "5 букв" study, written as files from the shared data.

The study names its lists by size: 2066 answers (``tbank-answers-assumption.txt``), 4109 allowed
words (rows of ``all-words.csv`` flagged ``exists``, or from OpenCorpora and not flagged
``not-exists``) and 6826 allowed words (every row). After folding ё into е the counts here are
2066, 4110 and 6827. Used by the study tests and ``benchmarks/bench_study.py``.
"""

from __future__ import annotations

from pathlib import Path

from wordsolver.alphabet import CYRILLIC

#: The six (answers, allowed) pairs the published study compared, by list name.
STUDY_PAIRS = (
    ("2066", "6826"),
    ("2066", "4109"),
    ("2066", "2066"),
    ("4109", "6826"),
    ("4109", "4109"),
    ("6826", "6826"),
)


def write_study_lists(folder: Path, out: Path) -> dict[str, Path]:
    """Write the three lists (normalised, sorted, one word per line) into ``out``; name → file."""
    rows = [line.split(";") for line in (folder / "all-words.csv").read_text("utf-8").splitlines()]
    lists = {
        "2066": (folder / "tbank-answers-assumption.txt").read_text("utf-8").split(),
        "4109": [
            word
            for word, source, flag in rows
            if flag != "not-exists" and (flag == "exists" or source == "OpenCorpora")
        ],
        "6826": [word for word, _, _ in rows],
    }
    out.mkdir(parents=True, exist_ok=True)
    files = {}
    for name, words in lists.items():
        normal = sorted({CYRILLIC.normalise(word) for word in words})
        files[name] = out / f"{name}.txt"
        files[name].write_text("\n".join(normal) + "\n", encoding="utf-8")
    return files

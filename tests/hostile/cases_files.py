"""Output paths and damaged files: refused in one line, nothing clobbered."""

import json
from pathlib import Path

from tests.hostile.catalogue import BadInput

WORDS = ["--words", "crane,slate"]


def _tree(scratch: Path) -> Path:
    """A real tree file to export (built in-process)."""
    from wordsolver.cli.app import main

    path = scratch / "t.json"
    assert main(["tree", "build", "wordle", *WORDS, "-o", str(path)]) == 0
    return path


def _export_to_folder(scratch: Path) -> list[str]:
    return ["tree", "export", str(_tree(scratch)), *WORDS, "-o", str(scratch)]


def _export_to_missing_folder(scratch: Path) -> list[str]:
    return [
        "tree",
        "export",
        str(_tree(scratch)),
        *WORDS,
        "--format",
        "dot",
        "-o",
        str(scratch / "no" / "such" / "x.dot"),
    ]


def _nested(scratch: Path) -> list[str]:
    path = scratch / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    return ["tree", "stats", str(path)]


def _long_number(scratch: Path) -> list[str]:
    document = json.loads(_tree(scratch).read_text())
    text = json.dumps(document).replace('"lower_bound": null', '"lower_bound": ' + "9" * 5000)
    (scratch / "long.json").write_text(text)
    return ["tree", "stats", str(scratch / "long.json"), *WORDS]


def _deep_save(scratch: Path) -> list[str]:
    games = scratch / "data" / "games"
    games.mkdir(parents=True)
    (games / "wordle-solo.json").write_text("{" * 100_000)
    return ["play", "wordle", "--resume"]


def _study_out_file(scratch: Path) -> list[str]:
    (scratch / "taken").write_text("mine")
    lists = ["--answers", "/etc/hostname", "--allowed", "/etc/hostname"]
    return ["study", "5bukv", *lists, "--out", str(scratch / "taken")]


def _sweep_out_file(scratch: Path) -> list[str]:
    (scratch / "taken").write_text("mine")
    return ["fallout", "sweep", "--trials", "1", "--out", str(scratch / "taken")]


CASES = [
    BadInput(
        "tree into a folder",
        lambda s: ["tree", "build", "wordle", *WORDS, "-o", str(s)],
        "is a folder",
    ),
    BadInput(
        "tree into a missing folder",
        lambda s: ["tree", "build", "wordle", *WORDS, "-o", str(s / "no" / "t.json")],
        "there is no folder",
    ),
    BadInput(
        "tree onto a full device",
        ["tree", "build", "wordle", *WORDS, "-o", "/dev/full"],
        "No space left",
    ),
    BadInput("export into a folder", _export_to_folder, "is a folder"),
    BadInput("export into a missing folder", _export_to_missing_folder, "there is no folder"),
    BadInput("tree nested 200,000 deep", _nested, "nested too deeply"),
    BadInput("a 5,000-digit number in a tree", _long_number, "damaged JSON"),
    BadInput(
        "save nested 100,000 deep", _deep_save, "damaged", env={"WORDSOLVER_DATA_DIR": "{tmp}/data"}
    ),
    BadInput("study out is a file", _study_out_file, "is a file, not a folder"),
    BadInput("sweep out is a file", _sweep_out_file, "is a file, not a folder"),
]

"""The example runner itself: how pages are read and outputs compared."""

from __future__ import annotations

from pathlib import Path

from tests.docs.examples import matches, normalise, read_examples


def test_commands_outputs_setup_and_sessions_are_read(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "<!-- setup: echo hi > a.txt -->\n"
        "<!-- file: screen.txt -->\n```text\nSPIES\n```\n"
        "```console\n$ cat a.txt\nhi\n$ echo one \\\n  two\none two\n```\n"
        "```sh\n$ not run\n```\n"
        "<!-- interactive -->\n```console\n$ wordsolver solve wordle\n"
        "guess 1/6 (tarse)> crane .....\nx\n```\n",
        encoding="utf-8",
    )
    first, second, session = read_examples(page)
    assert (first.command, first.expected) == ("cat a.txt", ["hi"])
    assert first.setup[0] == "echo hi > a.txt" and "SPIES" in first.setup[1]
    assert second.command == "echo one \n  two" and second.setup == []
    assert session.interactive and session.typed() == "crane .....\n"
    assert not first.interactive


def test_ellipsis_stands_for_any_lines() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "...", "d"], ["a", "b", "c"])
    assert not matches(["a", "b"], ["a", "b", "c"])


def test_timings_and_paths_do_not_count(tmp_path: Path) -> None:
    assert normalise([f"saved {tmp_path}/t.json in 3.1 s  "], tmp_path) == [
        "saved ./t.json in <time>"
    ]
    table = ["┃ strategy ┃ seconds ┃", "│ entropy  │    0.59 │", "└──────────┴─────────┘"]
    assert normalise(table) == normalise([table[0], "│ entropy  │    1.02 │", table[2]])
    assert normalise(['  "seconds": 0.2']) == normalise(['  "seconds": 12.5'])
    assert normalise(["mean 3.4212"]) != normalise(["mean 3.4213"])

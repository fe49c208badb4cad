"""Large word files: a 60 MB list of ten million lines read as a user's ``--dict`` or
``--allowed`` file.

Budget: ``wordsolver check --dict FILE crane`` (the whole process: read, fold, check every line,
drop repeats, look the word up) ≤ 5 s of wall time, median of 3 (``--quick``: 1). The file is
ten million random five-letter lines (6.8 million distinct words), written once into a
temporary folder; ``read_word_file`` is also timed alone, in this process, with the rule of a
five-letter game (``--allowed``) and of a dictionary (``--dict``).
Usage: ``python benchmarks/bench_wordfile.py [--quick]``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from bench_commands import wordsolver
from processes import load_average, medians, run_process
from rich.console import Console
from rich.table import Table

from wordsolver.alphabet import LATIN
from wordsolver.lexicon import WordRule, read_word_file

LINES = 10_000_000
WALL_BUDGET = 5.0


def write_words(path: Path) -> None:
    """Ten million random lowercase five-letter words, one per line (60 MB)."""
    letters = np.random.default_rng(1).integers(97, 123, size=(LINES, 5), dtype=np.uint8)
    lines = np.concatenate([letters, np.full((LINES, 1), ord("\n"), np.uint8)], axis=1)
    path.write_bytes(lines.tobytes())


def main(argv: list[str]) -> int:
    repeats = 1 if "--quick" in argv else 3
    console = Console(width=120)
    table = Table("what", "wall s", "CPU s", "peak MB", "budget", "result",
                  title=f"a {LINES:,}-line word file, median of {repeats}")  # fmt: skip
    loads = [load_average()]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "words.txt"
        write_words(path)
        size = path.stat().st_size
        runs = [
            run_process([wordsolver(), "check", "--dict", str(path), "crane"])
            for _ in range(repeats)
        ]
        loads.append(load_average())
        measured = medians(runs)
        ok = measured.wall <= WALL_BUDGET
        table.add_row(f"check --dict ({size / 1e6:.0f} MB)", f"{measured.wall:.2f}",
                      f"{measured.cpu:.2f}", f"{measured.peak_mb:.0f}", f"≤ {WALL_BUDGET:g} s",
                      "PASS" if ok else "FAIL")  # fmt: skip
        for label, rule in (("five letters", WordRule(LATIN, length=5)), ("any", WordRule(LATIN))):
            walls, cpus = [], []
            for _ in range(repeats):
                started, cpu = time.perf_counter(), time.process_time()
                lexicon = read_word_file(path, rule)
                walls.append(time.perf_counter() - started)
                cpus.append(time.process_time() - cpu)
            table.add_row(f"read_word_file, {label}: {len(lexicon):,} words",
                          f"{sorted(walls)[len(walls) // 2]:.2f}",
                          f"{sorted(cpus)[len(cpus) // 2]:.2f}", "", "—", "—")  # fmt: skip
            loads.append(load_average())
    console.print(table)
    console.print(f"load average while measuring: {min(loads):.1f}–{max(loads):.1f} (2 cores)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

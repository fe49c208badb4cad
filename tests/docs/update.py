"""Rewrite the output of every console example and ``pycon`` block of the pages named (default:
all) with what they print now: ``python -m tests.docs.update [PAGE...]``. Review the diff before
committing: the pages are the documentation, and a changed number is a changed claim.

Expected outputs with ``...`` lines are left alone (they are written by hand).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.docs.examples import (
    ELLIPSIS,
    PAGES,
    environment,
    matches,
    normalise,
    read_examples,
    run,
    scratch_folder,
)


def update(page: Path, base: Path) -> int:
    """Rewrite one page in place; the number of examples whose output changed."""
    lines = page.read_text(encoding="utf-8").splitlines()
    work = scratch_folder(base / page.stem)
    env = environment(base / "cache", work, page)
    changed = 0
    shift = 0  # lines added so far, as outputs grow or shrink
    for example in read_examples(page):
        actual = run(example, work, env)
        if matches(normalise(example.expected), normalise(actual, work)):
            continue
        if ELLIPSIS in example.expected:
            print(f"{page.name}:{example.line}: differs, but has '...': fix by hand")
            continue
        shown = [line.replace(str(work), ".").rstrip() for line in actual]
        start = example.output_at + shift
        lines[start : start + len(example.expected)] = shown
        shift += len(shown) - len(example.expected)
        changed += 1
        print(f"{page.name}:{example.line}: $ {example.command.splitlines()[0]}")
    page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    pages = [Path(name).resolve() for name in argv] or list(PAGES)
    with tempfile.TemporaryDirectory(prefix="wordsolver-docs-") as folder:
        total = sum(update(page, Path(folder)) for page in pages)
    print(f"{total} example(s) rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

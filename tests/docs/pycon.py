"""Run a ``pycon`` block of the docs as the interactive interpreter would, and print the transcript.

``python -m tests.docs.pycon < block`` reads the block's text, takes its statements (a ``>>> ``
line and the ``... `` lines after it; output lines are ignored) and runs them one by one in one
namespace, printing each statement as written and then what it printed, as a session in a
terminal shows them. An expression's value is echoed (its ``repr``), an exception ends as doctest
writes it (the ``Traceback`` line, ``  ...``, then the exception's own line) and the session goes
on. So a block is correct when this prints it back unchanged.
"""

from __future__ import annotations

import sys
import traceback

PROMPT, CONTINUATION = ">>> ", "... "


def statements(block: str) -> list[list[str]]:
    """The statements of a block, each its lines as written (prompts included)."""
    found: list[list[str]] = []
    inside = False
    for line in block.splitlines():
        if line.startswith(PROMPT):
            found.append([line])
            inside = True
        elif inside and line.startswith(CONTINUATION):
            found[-1].append(line)
        else:
            inside = False
    return found


def run(block: str) -> None:
    """Run every statement of the block, echoing each before its output."""
    namespace: dict[str, object] = {"__name__": "__main__"}
    for lines in statements(block):
        print("\n".join(lines), flush=True)
        source = "\n".join(line[len(PROMPT) :] for line in lines) + "\n"
        try:
            exec(compile(source, "<docs>", "single"), namespace)
        except Exception as error:
            sys.stdout.flush()
            print("Traceback (most recent call last):\n  ...")
            print(traceback.format_exception_only(error)[-1].rstrip())
        sys.stdout.flush()
        sys.stderr.flush()


if __name__ == "__main__":
    run(sys.stdin.read())

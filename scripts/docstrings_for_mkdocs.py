"""A griffe extension that lets the reference pages render the package's docstrings as written.

The docstrings are written for readers of the code (and for ``pydoc``): cross-references in the
reStructuredText roles ``:func:`name```, ``:class:`~pkg.Name``` and friends, ``>>>`` examples
that run as doctests, and ``Title::`` before an indented literal block. Markdown knows none of
these, so before mkdocstrings renders a docstring this extension turns

- each role into a link to the object's reference entry (an *optional* link: an object that has
  no entry on the site, such as a private helper, stays plain code instead of breaking the build),
- each run of ``>>>`` lines and their output into a ``pycon`` code block,
- a closing ``::`` into ``:``.

The source is never changed. ``mkdocs.yml`` loads it with
``extensions: [scripts/docstrings_for_mkdocs.py:ReadableDocstrings]``.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:mod|func|class|meth|attr|data|exc|obj|const):`(~?)([\w.]+)`")
_PROMPT = re.compile(r"^(\s*)>>> ")


def _link(obj: griffe.Object, match: re.Match[str]) -> str:
    short, target = match.group(1) == "~", match.group(2)
    shown = target.rsplit(".", 1)[-1] if short else target
    head, _, rest = target.partition(".")
    try:
        identifier = obj.resolve(head) + (f".{rest}" if rest else "")
    except (griffe.NameResolutionError, ValueError):
        identifier = target
    return f'<autoref identifier="{identifier}" optional><code>{shown}</code></autoref>'


def _fence_examples(text: str) -> str:
    """Wrap each doctest (``>>>`` lines and the output up to a blank line) in a pycon block."""
    lines, out = text.splitlines(), []
    number = 0
    while number < len(lines):
        prompt = _PROMPT.match(lines[number])
        if not prompt:
            out.append(lines[number])
            number += 1
            continue
        indent = prompt.group(1)
        out.extend([f"{indent}```pycon"])
        while number < len(lines) and lines[number].strip():
            out.append(lines[number])
            number += 1
        out.append(f"{indent}```")
    return "\n".join(out)


def readable(obj: griffe.Object, text: str) -> str:
    """The docstring ``text`` of ``obj`` in Markdown."""
    text = _ROLE.sub(lambda match: _link(obj, match), text)
    text = re.sub(r"::$", ":", text, flags=re.MULTILINE)
    return _fence_examples(text)


class ReadableDocstrings(griffe.Extension):
    """Rewrites every docstring of a package once it is loaded (see the module docstring)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Rewrite the docstrings of the package and all it holds."""
        seen: set[int] = set()
        pending: list[griffe.Object] = [pkg]
        while pending:
            obj = pending.pop()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if obj.docstring is not None:
                obj.docstring.value = readable(obj, obj.docstring.value)
            pending.extend(
                member for member in obj.members.values() if not isinstance(member, griffe.Alias)
            )

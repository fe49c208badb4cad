"""Packages that name their parts without importing them, so a command that needs one part
starts without the others (the compiled kernels, the search, the terminal programs).

A package lists each public name with the module that defines it and sets its module
``__getattr__`` to :func:`exports`; the name is imported when first read, and type checkers
and the reference pages read the same names from an ``if TYPE_CHECKING:`` block.

>>> attribute = exports("demo", {"sqrt": "math"})
>>> attribute("sqrt")(9.0)
3.0
>>> attribute("cube")
Traceback (most recent call last):
AttributeError: module 'demo' has no attribute 'cube'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def exports(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name of ``names`` is imported from its
    module on first use; any other name is an AttributeError, as for a plain module."""

    def attribute(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(module), name)

    return attribute

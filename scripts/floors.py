"""Print the floors of the package: each top-level module and the modules it imports.

``python -m scripts.floors`` reads the imports of every source file of ``wordsolver`` (without
running them) and sorts the top-level modules into floors: a module stands one floor above the
highest module it imports, so imports only run down. A cycle, which the layout forbids, is named
and exits with 1. The architecture page of the docs shows this output.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import wordsolver

PACKAGE = Path(wordsolver.__path__[0])


def modules() -> set[str]:
    """The top-level modules of ``wordsolver``: its files (``__init__`` is the package itself),
    its subpackages and its compiled extensions (known by their stubs when not yet built)."""
    found = set()
    for path in PACKAGE.iterdir():
        if path.suffix in (".py", ".pyi", ".so", ".pyd"):
            found.add(path.name.split(".")[0])
        elif (path / "__init__.py").is_file():
            found.add(path.name)
    return found


def top_level(parts: list[str]) -> str | None:
    """The top-level module of ``wordsolver`` a dotted name names (``__init__`` for the package
    itself), if it names one.

    >>> top_level(["wordsolver", "games", "game"]), top_level(["wordsolver"]), top_level(["numpy"])
    ('games', '__init__', None)
    """
    if parts[0] != "wordsolver":
        return None
    return parts[1] if len(parts) > 1 else "__init__"


def imported(node: ast.AST, package: list[str], known: set[str]) -> list[str]:
    """The top-level modules of ``wordsolver`` one statement imports, in every form: ``import
    wordsolver[.x]``, ``from wordsolver[.x] import y`` (``y`` a module of its own, or a name of
    the package), and relative imports, read from ``package`` (the dotted package of the file).

    >>> statement = ast.parse("from wordsolver import errors, __version__").body[0]
    >>> imported(statement, ["wordsolver"], {"errors"})
    ['errors', '__init__']
    >>> imported(ast.parse("from .. import errors").body[0], ["wordsolver", "games"], {"errors"})
    ['errors']
    """
    if isinstance(node, ast.Import):
        names = [top_level(alias.name.split(".")) for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = package[: len(package) - node.level + 1] if node.level else []
        parts = base + (node.module.split(".") if node.module else [])
        if parts != ["wordsolver"]:
            names = [top_level(parts)]
        else:  # a name of the package: one of its modules, else something the package defines
            names = [alias.name if alias.name in known else "__init__" for alias in node.names]
    else:
        return []
    return [name for name in names if name is not None]


def imports() -> dict[str, set[str]]:
    """Top-level module → the other top-level modules its files import."""
    known = modules()
    found: dict[str, set[str]] = {module: set() for module in sorted(known)}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        module = relative.parts[0].removesuffix(".py")
        package = ["wordsolver", *relative.parent.parts]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            found[module].update(name for name in imported(node, package, known) if name != module)
    return found


def floors(graph: dict[str, set[str]]) -> dict[str, int]:
    """Each module's floor: 0 for a module that imports none, else one above its highest import.

    >>> floors({"a": set(), "b": {"a"}, "c": {"a", "b"}})
    {'a': 0, 'b': 1, 'c': 2}
    """
    floor: dict[str, int] = {}
    visiting: list[str] = []

    def place(module: str) -> int:
        if module in visiting:
            cycle = [*visiting[visiting.index(module) :], module]
            raise ValueError("import cycle: " + " -> ".join(cycle))
        if module not in floor:
            visiting.append(module)
            floor[module] = 1 + max((place(dep) for dep in graph.get(module, ())), default=-1)
            visiting.pop()
        return floor[module]

    for module in graph:
        place(module)
    return {module: floor[module] for module in graph}


def main() -> int:
    graph = imports()
    try:
        floor = floors(graph)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    width = max(map(len, graph))
    print(f"floor  {'module':<{width}}  imports")
    for module in sorted(graph, key=lambda name: (floor[name], name)):
        below = " ".join(sorted(graph[module], key=lambda name: (floor[name], name)))
        print(f"{floor[module]:<5}  {module:<{width}}  {below}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())

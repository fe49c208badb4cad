"""Print the floors of the package: each top-level module and the modules it imports.

``python -m scripts.floors`` reads the imports of every source file of ``wordsolver`` (without
running them) and sorts the top-level modules into floors: a module stands one floor above the
highest module it imports, so imports only run down. A cycle, which the layout forbids, is named
and exits with 1. The architecture page of the docs shows this output.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

import wordsolver

PACKAGE = Path(wordsolver.__path__[0])


def top_level(module: str) -> str | None:
    """The top-level module of ``wordsolver`` a dotted import names, if it names one."""
    parts = module.split(".")
    return parts[1] if parts[0] == "wordsolver" and len(parts) > 1 else None


def imports() -> dict[str, set[str]]:
    """Top-level module → the other top-level modules its files import."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).parts[0].removesuffix(".py")
        found[module]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            found[module].update(name for name in map(top_level, names) if name and name != module)
    return dict(found)


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

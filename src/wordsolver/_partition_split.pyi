"""Types of the compiled split counting (built from ``partition_split.cpp``)."""

from typing import Any

GROW: int
COMPARE: int
SCATTER: int

def split(
    by_secret: Any,
    guess_rows: Any,
    candidates: Any,
    method: int,
    n_patterns: int,
    size_log_size_of: Any,
    width: int,
    threads: int,
    sums: Any,
    size_log_size: Any,
) -> None: ...

def split_weighted(
    by_secret: Any,
    guess_rows: Any,
    candidates: Any,
    weights: Any,
    n_patterns: int,
    width: int,
    threads: int,
    sums: Any,
    size_log_size: Any,
    masses: Any,
) -> None: ...

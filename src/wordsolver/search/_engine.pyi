"""Types of the compiled exact search (built from ``engine/module.cpp``)."""

from typing import Any

INFEASIBLE: int

class Engine:
    """One game's exact search: its pattern matrix, memo and budget."""

    nodes: int
    budget: int
    stopped: bool
    memo_size: int

    def __init__(
        self,
        cells: Any,
        secret_rows: Any,
        secret_of_guess: Any,
        win_pattern: int,
        n_patterns: int,
        beam: int,
        codes: Any,
        digits: Any,
        feedback: Any,
        memo_bytes: int,
    ) -> None: ...
    def solve(
        self, candidates: Any, tries: int, pool: Any, beta: int
    ) -> tuple[int, bool, int, int]: ...
    def tree(self, candidates: Any, tries: int, pool: Any) -> bytes | None: ...
    def known_lower(self, candidates: Any, tries: int, pool: Any) -> int: ...
    def first_floors(self, candidates: Any, pool: Any, fan_out: int = 0) -> bytes: ...
    def first_guess_order(
        self, candidates: Any, pool: Any, dedup: bool
    ) -> tuple[bytes, int, int]: ...
    def least_first_floor(self, candidates: Any, pool: Any) -> int: ...
    def allowed_after(self, pool: Any, guess: int, pattern: int) -> bytes: ...
    def set_letters(self, codes: Any) -> None: ...
    def set_budget(self, nodes: int | None) -> None: ...
    def set_state(self, budget: int, stop: bool) -> None: ...
    def stop(self) -> None: ...

"""Proven totals after a few openers, held to the C++ reference solver's own proof (built from
``../shared/peers/selby-wordle`` when a compiler exists; skipped otherwise)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import SHARED_DATA
from wordsolver.matrix import PatternMatrix
from wordsolver.strategies import PlayOptions
from wordsolver.tree import check_tree
from wordsolver.tree.optimal import optimal_tree

#: The peer programs' sources, beside the project (never part of it: see their README).
PEERS = Path(__file__).resolve().parents[3] / "shared" / "peers"

PEER = PEERS / "selby-wordle"


@pytest.fixture(scope="module")
def peer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The C++ solver, built for this run."""
    compiler = shutil.which("g++")
    if compiler is None or not (PEER / "wordle.cpp").exists():
        pytest.skip(f"no g++ or no C++ solver source at {PEER}: its totals cannot be checked here")
    binary = tmp_path_factory.mktemp("peer") / "selby-wordle"
    flags = ["-O3", "-march=native", "-std=c++17", '-DCOMMITDESC="8fd3f1b"']
    subprocess.run([compiler, *flags, "-o", str(binary), str(PEER / "wordle.cpp")], check=True)
    return binary


def peer_total(binary: Path, opener: str, folder: Path) -> int:
    lists = SHARED_DATA / "wordle"
    command = [str(binary), "-a", str(lists / "allowed.txt"), "-h", str(lists / "answers.txt")]
    run = subprocess.run(
        [*command, "-w", opener], cwd=folder, capture_output=True, text=True, check=True
    )
    found = re.search(r"Best first guess score = (\d+)", run.stdout)
    assert found, run.stdout[-500:]
    return int(found.group(1))


@pytest.mark.slow
@pytest.mark.parametrize("opener", ["reast", "crane", "slate"])
def test_proven_total_after_an_opener_is_the_cpp_solvers(
    opener: str, peer: Path, original_wordle_matrix: PatternMatrix, tmp_path: Path
) -> None:
    result = optimal_tree(original_wordle_matrix, PlayOptions(openers=(opener,)))
    check_tree(result.tree)
    assert result.proven and result.lower_bound == result.total
    assert result.total == peer_total(peer, opener, tmp_path)

"""A proof in parts (a first guess's buckets by their second guesses' classes): the same values
as the plain search (the brute force: test_prove.py), sound cutoffs, and a results file it
resumes from."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tests.proof.conftest import SMALL, plain_values, small
from wordsolver.games import find_game
from wordsolver.proof import InProcessRunner, ProofSpec, ResultsLog, dask_available, prove
from wordsolver.proof.driver import Proof, in_parts
from wordsolver.proof.parts import WHOLE, FirstGuessParts
from wordsolver.proof.prover import FirstGuessProver
from wordsolver.search import INFEASIBLE


def _prove(name: str, path: Path, *, top: int = 1) -> Proof:
    """Every class in parts, every bucket of three secrets or more by its second guesses."""
    game = small(name)
    spec = ProofSpec(game, split=True, split_min=3)
    return prove(spec, InProcessRunner(), ResultsLog(path, game, False), top=top)


def _parts(name: str) -> tuple[FirstGuessProver, FirstGuessParts]:
    prover = FirstGuessProver(ProofSpec(small(name)))
    assert prover.parts is not None
    return prover, prover.parts


@pytest.mark.parametrize("name", list(SMALL))
def test_every_first_guess_in_parts_equals_the_plain_search(name: str, tmp_path: Path) -> None:
    game = small(name)
    proof = _prove(name, tmp_path / "r.jsonl", top=len(game.guesses))
    assert proof.complete and all(standing.exact for standing in proof.ranking)
    assert {s.guess: (s.total, s.worst) for s in proof.ranking} == plain_values(name)
    assert proof.counts.parts > 0 and proof.counts.parts_done == proof.counts.parts
    assert proof.tree is not None
    needed = proof.tree.guesses_needed()  # the tree put together from the parts' trees
    assert (int(needed.sum()), int(needed.max())) == min(plain_values(name).values())


@pytest.mark.parametrize("name", ["bulls-3of6", "mastermind-3x4"])
def test_each_part_is_its_bucket_value_under_a_cutoff(name: str) -> None:
    """A bucket's least part is the bucket's value (the whole bucket solved); each part is
    exact at or below a cutoff and a true lower bound above it; the planned bounds hold."""
    prover, parts = _parts(name)
    search = prover.search
    tries = prover.tries
    assert prover.symmetry is not None
    for guess in prover.symmetry.representatives((), prover.pool):
        for plan in parts.plan(int(guess), min_size=3):
            whole = parts.value(int(guess), plan.pattern, WHOLE, INFEASIBLE)
            row = search.matrix.values[guess, prover.candidates]
            members = prover.candidates[row == plan.pattern]
            plain = search.solve(members, tries - 1, prover.pool, INFEASIBLE)
            assert whole.exact and whole.lower == plain.lower
            values = {}
            for second, bound in plan.parts:
                value = parts.value(int(guess), plan.pattern, second, INFEASIBLE)
                assert value.exact and bound <= value.lower
                values[second] = value.lower
            if plan.parts[0][0] != WHOLE:
                assert min(values.values()) == whole.lower
                for second, total in values.items():
                    cut = parts.value(int(guess), plan.pattern, second, whole.lower)
                    if total <= whole.lower:
                        assert cut.exact and cut.lower == total
                    else:
                        assert not cut.exact and whole.lower < cut.lower <= total


def test_a_partial_file_of_parts_resumes_where_it_stopped(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    full = _prove("bulls-3of6", whole)
    lines = whole.read_bytes().splitlines(keepends=True)
    entries = [json.loads(line) for line in lines[1:]]
    assert all("pattern" in entry for entry in entries[:-1])  # the parts, then the class
    assert "pattern" not in entries[-1] and entries[-1]["exact"]
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(lines[:6]))
    resumed = _prove("bulls-3of6", part)
    assert resumed.ranking == full.ranking
    assert resumed.counts.computed == full.counts.computed - 5
    keys = [
        (entry["guess"], entry.get("pattern"), entry.get("second"))
        for entry in map(json.loads, part.read_bytes().splitlines()[1:])
    ]
    assert len(keys) == len(set(keys)), "a finished part was computed again"
    again = _prove("bulls-3of6", part)  # finished: the class entry settles it whole
    assert again.counts.computed == 0 and again.ranking == full.ranking


def test_few_classes_of_a_large_game_are_proven_in_parts(tmp_path: Path) -> None:
    """By default: Bulls and Cows (one class) in parts, Mastermind (five) and the small games
    whole; a proof taking classes whole reads a proof in parts' classes, not its parts."""
    assert in_parts(ProofSpec(find_game("bulls")), 1)
    assert not in_parts(ProofSpec(find_game("mastermind")), 5)
    assert not in_parts(ProofSpec(small("bulls-3of6")), 1)
    assert in_parts(ProofSpec(small("bulls-3of6"), split=True), 1)
    game = small("bulls-3of6")
    log = ResultsLog(tmp_path / "r.jsonl", game, False)
    proof = prove(ProofSpec(game, split=True, split_min=3), InProcessRunner(), log)
    assert proof.counts.classes == 1 and proof.counts.parts > 1
    log = ResultsLog(tmp_path / "r.jsonl", game, False)
    whole = prove(ProofSpec(game, split=False), InProcessRunner(), log)
    assert whole.counts.computed == 0 and whole.best == proof.best


@pytest.mark.skipif(not dask_available(), reason="the cluster extra is not installed")
def test_a_cluster_proves_in_parts_what_one_process_does(tmp_path: Path) -> None:
    from wordsolver.proof import DaskRunner

    game = small("mastermind-3x4")
    spec = ProofSpec(game, split=True, split_min=3)
    here = _prove("mastermind-3x4", tmp_path / "here.jsonl", top=len(game.guesses))
    runner = DaskRunner(workers=2)
    try:
        log = ResultsLog(tmp_path / "there.jsonl", game, False)
        there = prove(spec, runner, log, top=len(game.guesses))
    finally:
        runner.close()
    assert there.ranking == here.ranking
    assert there.tree is not None and here.tree is not None
    assert np.array_equal(there.tree.guesses_needed(), here.tree.guesses_needed())

"""The whole-game proof in one process: its ranking against the plain search and a brute
force, its cutoffs, and its results file (resumed, guarded against foreign files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.proof.conftest import game_named, plain_values, small, task_outcome, words_game
from tests.reference import brute_force
from wordsolver.errors import OptionError
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.proof import InProcessRunner, ProofSpec, ResultsFileError, ResultsLog, prove
from wordsolver.proof.driver import Proof
from wordsolver.proof.results import Entry
from wordsolver.strategies import PlayOptions
from wordsolver.tree import check_tree
from wordsolver.tree.optimal import optimal_tree


def _prove(
    name: str, path: Path, *, top: int = 1, symmetric: bool = True, hard: bool = False
) -> Proof:
    game = game_named(name)
    log = ResultsLog(path, game, hard)
    spec = ProofSpec(game, hard=hard, symmetric=symmetric)
    return prove(spec, InProcessRunner(), log, top=top)


@pytest.mark.parametrize("name", ["mastermind-3x4", "bulls-3of5", "words"])
@pytest.mark.parametrize("symmetric", [True, False])
def test_every_first_guess_exact_equals_the_plain_search(
    name: str, symmetric: bool, tmp_path: Path
) -> None:
    game = game_named(name)
    proof = _prove(name, tmp_path / "r.jsonl", top=len(game.guesses), symmetric=symmetric)
    plain = plain_values(name)
    assert len(proof.ranking) == len(game.guesses)
    assert all(standing.exact for standing in proof.ranking)
    assert {s.guess: (s.total, s.worst) for s in proof.ranking} == plain
    assert [s.total for s in proof.ranking] == sorted(total for total, _ in plain.values())


@pytest.mark.parametrize("name", ["mastermind-3x4", "bulls-3of6", "words"])
def test_the_best_is_proven_and_every_other_bounded(name: str, tmp_path: Path) -> None:
    proof = _prove(name, tmp_path / "r.jsonl")
    plain = plain_values(name)
    best = min(plain.values())
    assert proof.best is not None and proof.tree is not None
    assert (proof.best.total, proof.best.worst) == best and proof.best.exact
    for standing in proof.ranking:
        total = plain[standing.guess][0]
        if standing.exact:
            assert standing.total == total
        else:  # a true lower bound, and one that shows the guess cannot be best
            assert best[0] < standing.total <= total
    # The saved tree is the best's, and holds its total.
    needed = proof.tree.guesses_needed()
    assert (int(needed.sum()), int(needed.max())) == best
    assert proof.tree.matrix.game.guesses.words[proof.tree.root.guess] == proof.best.guess


def test_top_k_are_exact_and_the_rest_above_them(tmp_path: Path) -> None:
    proof = _prove("words", tmp_path / "r.jsonl", top=5)
    plain = plain_values("words")
    fifth = sorted(total for total, _ in plain.values())[4]
    assert all(standing.exact for standing in proof.ranking[:5])
    assert all(s.exact or s.total > fifth for s in proof.ranking)
    assert [s.total for s in proof.ranking[:5]] == sorted(t for t, _ in plain.values())[:5]


@pytest.mark.parametrize(
    ("game", "length", "alphabet"), [("mastermind", 3, "abc"), ("bulls", 3, "0123")]
)
@pytest.mark.parametrize("in_parts", [False, True])
def test_the_best_equals_a_brute_force(
    game: str, length: int, alphabet: str, in_parts: bool, tmp_path: Path
) -> None:
    """Against the exhaustive search that tries every guess everywhere (also proven in parts,
    every bucket of three secrets or more by its second guesses)."""
    small_game = find_game(game, GameOverrides(length=length, alphabet=alphabet))
    proof = prove(
        ProofSpec(small_game, split=in_parts, split_min=3),
        InProcessRunner(),
        ResultsLog(tmp_path / "r.jsonl", small_game, False),
    )
    assert proof.best is not None and (proof.counts.parts > 0) == in_parts
    assert (proof.best.total, proof.best.worst) == brute_force(small_game)


def test_hard_mode_values_follow_the_hard_mode_pools(tmp_path: Path) -> None:
    """Each first guess's exact hard-mode value equals the proven tree with it as opener."""
    game = game_named("words")
    proof = _prove("words", tmp_path / "r.jsonl", top=len(game.guesses), hard=True)
    matrix = pattern_matrix(game, use_cache=False)
    for standing in proof.ranking[:12]:
        options = PlayOptions(hard=True, openers=(standing.guess,))
        assert standing.total == optimal_tree(matrix, options).total, standing.guess
    tree = proof.tree
    assert tree is not None
    tree.options = PlayOptions(hard=True).describe()
    check_tree(tree)  # every guess of the saved tree keeps to hard mode
    assert int(tree.guesses_needed().sum()) == proof.ranking[0].total


def test_a_finished_proof_resumes_without_computing(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    first = _prove("bulls-3of6", path, symmetric=False)
    again = _prove("bulls-3of6", path, symmetric=False)
    assert first.counts.computed > 0 and again.counts.computed == 0
    assert again.ranking == first.ranking
    assert again.tree is not None and first.best is not None
    needed = again.tree.guesses_needed()
    assert int(needed.sum()) == first.best.total


def test_a_partial_file_resumes_where_it_stopped(tmp_path: Path) -> None:
    """Keep the first few lines of a finished run's file: the rest is computed, the kept ones
    are not, and the ranking is the same."""
    whole = tmp_path / "whole.jsonl"
    full = _prove("words", whole, top=60)
    lines = whole.read_bytes().splitlines(keepends=True)
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(lines[:11]))
    resumed = _prove("words", part, top=60)
    assert resumed.ranking == full.ranking
    assert resumed.counts.computed == full.counts.computed - 10
    entries = [json.loads(line) for line in part.read_bytes().splitlines()[1:]]
    tasks = [task_outcome(entry) for entry in entries]
    assert len(tasks) == len(set(tasks)), "a finished task was computed again"


def test_a_line_cut_short_is_computed_again(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    full = _prove("words", path, top=60)
    data = path.read_bytes()
    path.write_bytes(data[:-7])  # the last line loses its end, as a full disk leaves it
    with pytest.warns(UserWarning, match="cut short"):
        resumed = _prove("words", path, top=60)
    assert resumed.counts.computed == 1
    assert resumed.ranking == full.ranking
    assert all(json.loads(line) for line in path.read_bytes().splitlines())


def _header_edit(path: Path, **fields: object) -> None:
    lines = path.read_bytes().splitlines(keepends=True)
    header = json.loads(lines[0])
    header.update(fields)
    path.write_bytes(json.dumps(header).encode() + b"\n" + b"".join(lines[1:]))


def test_foreign_results_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    _prove("mastermind-3x4", path)
    with pytest.raises(ResultsFileError, match="other rules or word lists"):
        ResultsLog(path, small("bulls-3of5"), False)
    with pytest.raises(ResultsFileError, match="made for free play"):
        ResultsLog(path, small("mastermind-3x4"), True)
    _header_edit(path, engine={"wordsolver": "0.0.1", "proof": 1})
    before = path.read_bytes()
    with pytest.raises(ResultsFileError, match="another engine version"):
        ResultsLog(path, small("mastermind-3x4"), False)
    other = tmp_path / "other.txt"
    other.write_text("salet\ncrane\n")
    with pytest.raises(ResultsFileError, match="not a wordsolver proof results file"):
        ResultsLog(other, small("mastermind-3x4"), False)
    assert other.read_text() == "salet\ncrane\n"
    assert path.read_bytes() == before  # refused files are left as they were


def test_a_damaged_line_inside_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    _prove("words", path, top=3)
    lines = path.read_bytes().splitlines(keepends=True)
    lines[2] = b'{"guess": "x", "total": "many"}\n'
    path.write_bytes(b"".join(lines))
    with pytest.raises(ResultsFileError, match="damaged at line 3"):
        ResultsLog(path, game_named("words"), False)


def test_a_time_budget_stops_with_proven_bounds_and_the_proof_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    game = game_named("words")
    log = ResultsLog(path, game, False)
    stopped = prove(ProofSpec(game), InProcessRunner(), log, top=60, seconds=0)
    plain = plain_values("words")
    assert not stopped.complete and stopped.best is None and stopped.tree is None
    assert stopped.counts.computed == 0
    assert 0 < stopped.lower_bound <= min(total for total, _ in plain.values())
    assert all(s.total <= plain[s.guess][0] for s in stopped.ranking)
    finished = _prove("words", path, top=60)
    assert finished.best is not None
    assert finished.complete and finished.lower_bound == finished.best.total
    assert finished.tree is not None and finished.tree.proven


def test_a_strict_runner_stops_the_task_running_at_the_budget_and_keeps_nothing_of_it() -> None:
    """Mastermind's best class is one task of about a second: a strict run of a hundredth of
    that stops inside it and settles nothing (the bounds alone are counted); the search is as
    free as before for the next."""
    matrix = pattern_matrix(find_game("mastermind"))
    spec = ProofSpec(matrix.game)
    log = ResultsLog(None, matrix.game, False)
    stopped = prove(spec, InProcessRunner(strict=True), log, seconds=0.01)
    assert not stopped.complete and stopped.tree is None and stopped.counts.done == 0
    finished = prove(spec, InProcessRunner(strict=True), ResultsLog(None, matrix.game, False))
    assert finished.complete and finished.best is not None and finished.best.total == 5625


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1.0])
def test_a_time_budget_that_is_no_number_of_seconds_is_refused(
    seconds: float, tmp_path: Path
) -> None:
    game = game_named("words")
    log = ResultsLog(tmp_path / "r.jsonl", game, False)
    with pytest.raises(OptionError, match=r"`seconds` must be a number of seconds ≥ 0, not"):
        prove(ProofSpec(game), InProcessRunner(), log, seconds=seconds)
    assert not (tmp_path / "r.jsonl").exists()  # refused before any work


def test_a_results_file_keeps_what_says_most_of_each_first_guess(tmp_path: Path) -> None:
    """Tasks finish in any order: a lower bound recorded after a higher one, or after an exact
    value, does not replace it, in the run nor read back."""
    game = words_game()
    path = tmp_path / "r.jsonl"
    log = ResultsLog(path, game, False)
    guess, other = game.guesses.words[:2]
    for entry in (
        Entry(guess, 208, False, 0, 0.1),
        Entry(guess, 207, False, 0, 0.1),
        Entry(other, 300, True, 4, 0.1),
        Entry(other, 250, False, 0, 0.1),
    ):
        log.add(entry)
    for read in (log, ResultsLog(path, game, False)):
        kept = {entry.guess: (entry.total, entry.exact) for entry in read}
        assert kept == {guess: (208, False), other: (300, True)}

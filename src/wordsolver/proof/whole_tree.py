"""The optimal tree of a whole game, by the proof: ``tree build -s optimal`` without an opener.

Without a fixed opener the optimal tree starts with the best first guess, which is what
:func:`~wordsolver.proof.driver.prove` finds, with the game's symmetry, the bounds of every
first guess and the proof in parts; so the tree of a whole game is grown by the proof (in this
process, its results kept in memory), not by a plain search from the root.
"""

from __future__ import annotations

from wordsolver.matrix import PatternMatrix
from wordsolver.proof.driver import Proof, ProofProgress, prove
from wordsolver.proof.prover import ProofSpec, prover_for
from wordsolver.proof.results import ResultsLog
from wordsolver.proof.runners import InProcessRunner


def prove_whole_game(
    matrix: PatternMatrix,
    *,
    hard: bool = False,
    seconds: float | None = None,
    progress: ProofProgress | None = None,
    top: int = 1,
    strict: bool = False,
) -> Proof:
    """The proof of the game's best first guess (its best ``top`` first guesses exact), and so
    its optimal tree (``proof.tree``, proven when ``proof.complete``); within ``seconds`` the
    best first guess found so far (None when none was exact yet). ``strict`` stops at
    ``seconds`` even inside a task (see :class:`~wordsolver.proof.runners.InProcessRunner`)."""
    spec = ProofSpec(matrix.game, hard=hard)
    prover_for(spec, matrix)  # the matrix already built serves the proof
    log = ResultsLog(None, matrix.game, hard)
    runner = InProcessRunner(strict=strict)
    return prove(spec, runner, log, top=top, seconds=seconds, progress=progress)

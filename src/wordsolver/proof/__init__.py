"""Whole-game proofs: which first guess is best, proven, on one process or a Dask cluster.

:func:`prove` bounds every first guess and proves the best K exact (:mod:`.driver`), sharing
the first guesses out to a runner (:mod:`.runners`: this process, or a Dask cluster) whose
workers evaluate one first guess under a cutoff each (:mod:`.prover`), searching one guess per
symmetry class where the game has symmetries (:mod:`.symmetry`, :mod:`.symmetric`); a game
with very few classes (Bulls and Cows: one) has each proven in parts, its buckets by their
second guesses' classes (:mod:`.parts`, :mod:`.split`), so that the workers share it. Every
finished first guess or part goes to a results file at once (:mod:`.results`), so a stopped
proof resumes where it stopped. :func:`prove_whole_game` is the optimal tree of a whole game
(``tree build -s optimal`` without an opener) by the same proof.

Floors: above the search (:mod:`wordsolver.search`) and the tree (:mod:`wordsolver.tree`),
below the faces.
"""

from wordsolver.proof.driver import Proof, ProofCounts, ProofInterrupted, Standing, prove
from wordsolver.proof.prover import ProofSpec, process_bytes
from wordsolver.proof.results import ResultsFileError, ResultsLog
from wordsolver.proof.runners import (
    DaskRunner,
    InProcessRunner,
    Runner,
    SchedulerError,
    dask_available,
)
from wordsolver.proof.whole_tree import prove_whole_game

__all__ = [
    "DaskRunner",
    "InProcessRunner",
    "Proof",
    "ProofCounts",
    "ProofInterrupted",
    "ProofSpec",
    "ResultsFileError",
    "ResultsLog",
    "Runner",
    "SchedulerError",
    "Standing",
    "dask_available",
    "process_bytes",
    "prove",
    "prove_whole_game",
]

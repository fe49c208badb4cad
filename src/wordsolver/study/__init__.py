"""Studies: compare openers and ways of playing over several word-list pairs, as a report.

A :class:`StudyPlan` names the game, the (answers, allowed) list pairs, the objectives and the
algorithms; :func:`run_study` evaluates every cell, keeping finished ones in a
:class:`ResultsFile` so a stopped study resumes; :func:`write_report` turns the results into
Markdown with PNG charts.
"""

from wordsolver.study.plan import ALGORITHMS, GOALS, Algorithm, Goal, ListPair, StudyPlan
from wordsolver.study.report import REPORT_NAME, write_report
from wordsolver.study.results import CellResult, OpenerChoice, ResultsFile
from wordsolver.study.runner import PairResults, StudyResults, run_study

__all__ = [
    "ALGORITHMS",
    "GOALS",
    "REPORT_NAME",
    "Algorithm",
    "CellResult",
    "Goal",
    "ListPair",
    "OpenerChoice",
    "PairResults",
    "ResultsFile",
    "StudyPlan",
    "StudyResults",
    "run_study",
    "write_report",
]

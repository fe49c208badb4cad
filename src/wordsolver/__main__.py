"""``python -m wordsolver`` runs the command-line interface."""

from wordsolver.cli.app import run

run()

"""``python -m wordsolver`` runs the command-line interface."""

import sys

from wordsolver.cli.app import main

sys.exit(main())

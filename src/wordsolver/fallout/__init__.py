"""Fallout terminal hacking: read a terminal's screen, and measure terminals by simulation.

- :func:`read_screen` finds the candidate words and bracket pairs in a screen's text;
  :func:`read_screenshot` gets that text from an image by OCR (optional extra), and
  :func:`read_photo` from a phone photo of the screen, straightened and cleaned first (the
  rows it could not read reported as :class:`UnreadRow`).
- :func:`simulate` draws random terminals (:class:`TerminalSpec`) from a :class:`WordPool` and
  plays them with any registered strategy; :func:`sweep` does it over a grid of shapes, which
  :mod:`~wordsolver.fallout.report` and :func:`draw_heatmaps` turn into tables and heat maps.

Playing one terminal needs nothing from here: it is the ``fallout`` game with the screen's words,
``find_game("fallout", GameOverrides(words=reading.words))``.
"""

from wordsolver.fallout.heatmap import check_heatmaps, draw_heatmaps
from wordsolver.fallout.ocr import MAX_PIXELS, OCR_SECONDS, read_screenshot
from wordsolver.fallout.photo import PhotoReading, clean_photo, read_photo
from wordsolver.fallout.photo_rows import UnreadRow
from wordsolver.fallout.players import (
    COMPILED,
    CompiledPlayer,
    LibraryPlayer,
    TerminalPlayer,
    terminal_player,
    terminal_players,
)
from wordsolver.fallout.pool import WordPool
from wordsolver.fallout.report import METRICS, Metric, metrics_for, sweep_csv, sweep_markdown
from wordsolver.fallout.screen import BracketPair, Row, ScreenReading, read_screen
from wordsolver.fallout.simulate import FALLOUT_TRIES, SimulationOptions, simulate
from wordsolver.fallout.sweep import Sweep, sweep
from wordsolver.fallout.terminals import Terminals, TerminalSpec, draw_terminals

__all__ = [
    "COMPILED",
    "FALLOUT_TRIES",
    "MAX_PIXELS",
    "METRICS",
    "OCR_SECONDS",
    "BracketPair",
    "CompiledPlayer",
    "LibraryPlayer",
    "Metric",
    "PhotoReading",
    "Row",
    "ScreenReading",
    "SimulationOptions",
    "Sweep",
    "TerminalPlayer",
    "TerminalSpec",
    "Terminals",
    "UnreadRow",
    "WordPool",
    "check_heatmaps",
    "clean_photo",
    "draw_heatmaps",
    "draw_terminals",
    "metrics_for",
    "read_photo",
    "read_screen",
    "read_screenshot",
    "simulate",
    "sweep",
    "sweep_csv",
    "sweep_markdown",
    "terminal_player",
    "terminal_players",
]

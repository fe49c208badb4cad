"""Wordle's colours as the digits of a pattern (read in base 3, the first letter most
significant): the readable rule (:mod:`wordsolver.games.colours`) and its compiled kernel
(:mod:`wordsolver.games.kernels.colours`) both count in them, so neither imports the other.

>>> GREY, YELLOW, GREEN
(0, 1, 2)
"""

GREY, YELLOW, GREEN = 0, 1, 2

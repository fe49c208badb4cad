"""How a rule's feedback is typed and shown, as data: every face (the terminal, the web page)
draws any rule from this, so a new rule needs no code in either face.

Three forms cover the games:

- ``marks``: one mark per letter, typed as its symbol and shown as a coloured tile (Wordle's
  grey, yellow and green);
- ``counters``: a few counts joined by ``-`` (Bulls and Cows' get and touch; Mastermind's black
  and white pegs);
- ``number``: one count (Fallout's likeness; Jotto's letters in common), with an optional word
  for the winning feedback.

>>> COUNTERS_GET_TOUCH.names
('get', 'touch')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

FormKind = Literal["marks", "counters", "number"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Mark:
    """One state a letter's tile shows: its symbol in the feedback text, a name, a colour."""

    symbol: str
    name: str
    colour: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Count:
    """One number of the feedback, and what it counts."""

    name: str
    description: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FeedbackForm:
    """How people type a rule's feedback and how it is shown.

    ``marks`` lists the tile states in the order a tap cycles through them; ``counts`` the
    numbers, in the order they are written (joined by ``separator``); ``win`` is the text of the
    winning feedback when it is not one of the counts (Jotto's ``win``).
    """

    kind: FormKind
    marks: tuple[Mark, ...] = ()
    counts: tuple[Count, ...] = ()
    separator: str = "-"
    win: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the counts (or of the marks)."""
        return tuple(item.name for item in (self.counts or self.marks))

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values, for the web page."""
        return {
            "kind": self.kind,
            "marks": [{"symbol": m.symbol, "name": m.name, "colour": m.colour} for m in self.marks],
            "counts": [{"name": c.name, "description": c.description} for c in self.counts],
            "separator": self.separator,
            "win": self.win,
        }


MARKS_COLOURS = FeedbackForm(
    kind="marks",
    marks=(
        Mark(symbol=".", name="grey", colour="#787c7e"),
        Mark(symbol="y", name="yellow", colour="#c9b458"),
        Mark(symbol="g", name="green", colour="#6aaa64"),
    ),
)
COUNTERS_GET_TOUCH = FeedbackForm(
    kind="counters",
    counts=(
        Count(name="get", description="letters in the right place"),
        Count(name="touch", description="letters present elsewhere"),
    ),
)
COUNTERS_BULLS_COWS = FeedbackForm(
    kind="counters",
    counts=(
        Count(name="bulls", description="digits in the right place"),
        Count(name="cows", description="digits present elsewhere"),
    ),
)
COUNTERS_PEGS = FeedbackForm(
    kind="counters",
    counts=(
        Count(name="black", description="pegs of the right colour in the right place"),
        Count(name="white", description="pegs of the right colour elsewhere"),
    ),
)
NUMBER_LIKENESS = FeedbackForm(
    kind="number",
    counts=(Count(name="likeness", description="letters right in the right place"),),
)
NUMBER_COMMON = FeedbackForm(
    kind="number",
    counts=(Count(name="common", description="letters the guess and the secret share"),),
    win="win",
)

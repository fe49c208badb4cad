"""The feedback rules by name: ``find_rule("jotto")``. A new rule is one module and one entry.

>>> find_rule("likeness").name
'likeness'
"""

from __future__ import annotations

from wordsolver.errors import UnknownNameError
from wordsolver.games.bulls_cows import BullsCowsRule
from wordsolver.games.colours import ColoursRule
from wordsolver.games.jotto import JottoRule
from wordsolver.games.likeness import LikenessRule
from wordsolver.games.rule import FeedbackRule

#: Every rule, by registry name (one instance each; games may name the counts their own way).
RULES: dict[str, FeedbackRule] = {
    rule.name: rule for rule in (ColoursRule(), BullsCowsRule(), LikenessRule(), JottoRule())
}


def find_rule(name: str) -> FeedbackRule:
    """The rule of that registry name."""
    rule = RULES.get(name.casefold())
    if rule is None:
        raise UnknownNameError("feedback rule", name, list(RULES))
    return rule

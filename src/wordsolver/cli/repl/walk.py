"""``tree walk``: the saved tree says what to guess, the player types what the game answered.

Every answer is a lookup in the tree, so it is instant. ``undo`` takes the last feedback back
(a mistyped answer costs nothing), ``left`` lists the secrets still possible, ``help`` the rest.
"""

from __future__ import annotations

import numpy as np
from rich.console import Console

from wordsolver.cli.repl.repl import Command, PromptError, Repl
from wordsolver.errors import InvalidPatternError
from wordsolver.plumbing.arrays import IdArray
from wordsolver.tree import DecisionTree, Node, TreeFileError

#: Most secrets ``left`` lists by name.
SHOW_LEFT = 30


class TreeWalk(Repl):
    """Walks one tree from its root; each step is (node, the secrets that reach it)."""

    def __init__(self, console: Console, tree: DecisionTree, name: str) -> None:
        self.tree = tree
        self.name = name
        game = tree.matrix.game
        self.path: list[tuple[Node, IdArray]] = [(tree.root, np.arange(len(game.secrets)))]
        #: Set when the file turns out damaged: the walk stops and the command fails with it.
        self.damage: TreeFileError | None = None
        super().__init__(console)

    def command_list(self) -> list[Command]:
        return [
            Command("undo", self.undo, "take the last feedback back", aliases=("u",)),
            Command("left", self.left, "the secrets still possible", aliases=("l",)),
            Command("help", self.show_help, "this list", aliases=("h", "?")),
            Command("quit", self.quit, "stop walking", aliases=("q", "exit")),
        ]

    @property
    def word(self) -> str:
        """The guess the tree plays now."""
        return self.tree.matrix.game.guesses.words[self.path[-1][0].guess]

    def prompt(self) -> str:
        left = len(self.path[-1][1])
        return f"guess {len(self.path)}: {self.word}  ({left:,} left)\nfeedback> "

    def start(self) -> None:
        tree, game = self.tree, self.tree.matrix.game
        proven = ", proven optimal" if tree.proven else ""
        self.console.print(
            f"{self.name}: the {tree.strategy} tree of {game.name} ({len(game.secrets):,} secrets"
            f"{proven}). Play its guess, type the game's answer; undo takes one back, help"
            " lists the commands.",
            markup=False,
            highlight=False,
        )

    def move_help(self) -> list[tuple[str, str]]:
        game = self.tree.matrix.game
        example = game.format_pattern(0)
        return [(example, f"the game's answer to the guess ({game.rule.description})")]

    def end_of_input(self) -> None:
        """Input ended mid-game: say where the walk stands, for whoever reads the output."""
        self.console.print(f"\nnext: guess {len(self.path)}: {self.word}", highlight=False)

    def move(self, text: str) -> None:
        game, matrix = self.tree.matrix.game, self.tree.matrix
        try:
            pattern = game.parse_pattern(text)
        except InvalidPatternError as error:
            raise PromptError(str(error)) from None
        node, candidates = self.path[-1]
        if pattern == game.win_pattern:
            self.console.print(f"solved in {len(self.path)}")
            self.finished = True
            return
        child = node.children.get(pattern)
        fitting = candidates[matrix.values[node.guess, candidates] == pattern]
        shown = game.format_pattern(pattern)
        if child is None and fitting.size:
            self.damage = TreeFileError(
                f"{self.name}: the tree has no branch for {shown} after guess {len(self.path)},"
                f" though {fitting.size} secret(s) give it: the file is damaged"
                " (`wordsolver tree check` finds such faults)"
            )
            self.finished = True
            return
        if child is None:
            raise PromptError(f"no secret gives {shown} here; check the feedback (or undo)")
        self.path.append((child, fitting))

    def undo(self, _: str = "") -> None:
        """Back to the guess before the last feedback."""
        if len(self.path) == 1:
            raise PromptError("nothing to undo: this is the first guess")
        self.path.pop()

    def left(self, _: str = "") -> None:
        """The secrets that still reach this guess."""
        words = self.tree.matrix.game.secrets.words
        candidates = self.path[-1][1]
        shown = " ".join(words[i] for i in candidates[:SHOW_LEFT])
        more = f" … and {len(candidates) - SHOW_LEFT:,} more" if len(candidates) > SHOW_LEFT else ""
        self.console.print(f"{len(candidates):,} left: {shown}{more}", markup=False)

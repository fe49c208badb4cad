"""The assistant: you play a real game elsewhere, type what it answered, and get the best next
guesses (``wordsolver solve``). :class:`GameAssistant` is the prompt for any
:class:`~wordsolver.session.GameState` (one board or several): moves, ``undo``, ``hint``,
``strategy`` and ``new`` mean the same whatever the boards; :class:`Assistant` is one board's."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Generic, TypeVar

from rich.console import Console
from rich.table import Table
from rich.text import Text

from wordsolver.cli.repl.explained import explanation_view
from wordsolver.cli.repl.hosting import ProgressFactory, no_progress
from wordsolver.cli.repl.moves import TypedMove, read_move
from wordsolver.cli.repl.render import (
    WIDENED_NOTE,
    board,
    candidate_columns,
    plural,
    possible_line,
    review_summary,
    review_table,
    review_total,
    suggestion_table,
)
from wordsolver.cli.repl.repl import Command, PromptError, Repl
from wordsolver.errors import InvalidPatternError
from wordsolver.explain import explain
from wordsolver.hosted.review import review
from wordsolver.hosted.share import share_text
from wordsolver.plans import Suggested, suggest_now
from wordsolver.session import SHOW_CANDIDATES, GameState, Removal, Session, Step
from wordsolver.strategies import Player, RankedGuess, Strategy, find_strategy, strategy_names

_SWITCH = {"on": True, "off": False}
#: Most suggestions ``hint N`` shows (a screenful, however large N is).
MAX_HINTS = 100

State = TypeVar("State", bound=GameState)


class GameAssistant(Repl, Generic[State]):
    """A prompt that records each guess with its feedback on a game state and shows the best
    next guesses: a guess typed alone waits for its feedback, feedback typed alone answers the
    guess chosen (else the top suggestion)."""

    #: What the game answers a guess with, as the prompt names it ("answer", "answers").
    answer_name = "answer"
    #: The mistake of a move typed once the game is solved.
    solved_already = "solved already: new starts another game, undo goes back"

    def __init__(
        self,
        console: Console,
        state: State,
        *,
        top: int = 5,
        more: int = 15,
        seed: int = 0,
        progress: ProgressFactory = no_progress,
    ) -> None:
        self.state = state
        self.progress = progress
        self.top = top
        self.more = more
        self.seed = seed
        self.chosen: str | None = None  # a guess typed alone, waiting for its feedback
        self.ranked: Sequence[RankedGuess] = []
        super().__init__(console)

    @property
    @abstractmethod
    def strategy(self) -> Strategy:
        """The strategy the suggestions are ranked by."""

    @abstractmethod
    def use_strategy(self, name: str) -> None:
        """Rank the next suggestions by the strategy of this name."""

    @abstractmethod
    def read(self, text: str) -> TypedMove:
        """A typed line as a guess and its feedback as text (either may be missing)."""

    @abstractmethod
    def show(self) -> None:
        """The game now and the best next guesses (``ranked``)."""

    @abstractmethod
    def show_more(self, top: int) -> None:
        """The ``top`` best guesses now."""

    def own_commands(self) -> list[Command]:
        """The commands of this kind of game, listed after ``hint``."""
        return []

    def command_list(self) -> list[Command]:
        return [
            Command("undo", self._undo, "take back the last move"),
            Command("hint", self._hint, f"show more suggestions ({self.more} unless N)", "[N]"),
            *self.own_commands(),
            Command("strategy", self._strategy, "rank guesses another way", "[NAME]"),
            Command("new", self._new, "start a new game"),
            Command("help", self.show_help, "this list", aliases=("?",)),
            Command("quit", self.quit, "leave", aliases=("exit", "q")),
        ]

    def prompt(self) -> str:
        if self.state.solved:
            return "new, undo or quit> "
        number = f"guess {len(self.state.guesses) + 1}"
        if self.state.max_tries is not None:
            number += f"/{self.state.max_tries}"
        if self.chosen is not None:
            return f"{number}: {self.answer_name} for {self.chosen}> "
        return f"{number} ({self.ranked[0].word})> " if self.ranked else f"{number}> "

    def end_of_input(self) -> None:
        self.console.print()

    def move(self, text: str) -> None:
        if self.state.solved:
            raise PromptError(self.solved_already)
        move = self.read(text)
        if move.feedback is None:
            self.chosen = move.guess
            self.console.print(
                f"playing {move.guess}: type the {self.answer_name} the game gave", markup=False
            )
            return
        guess = move.guess or self.chosen or (self.ranked[0].word if self.ranked else None)
        if guess is None:
            raise PromptError(f"type the guess you played before its {self.answer_name}")
        self.state.push(guess, move.feedback)
        self.chosen = None
        self.show()

    def took_back(self, move: object) -> str:
        """What ``undo`` says it took back."""
        return str(move)

    def _undo(self, _: str) -> None:
        move = self.state.pop()
        if move is None:
            raise PromptError("nothing to undo")
        self.console.print(f"took back {self.took_back(move)}", markup=False)
        self.chosen = None
        self.show()

    def _hint(self, argument: str) -> None:
        if argument and not (argument.isascii() and argument.isdecimal()):
            raise PromptError(f"hint takes a number, not {argument!r}")
        self.show_more(min(int(argument), MAX_HINTS) if argument else self.more)

    def _strategy(self, argument: str) -> None:
        if not argument:
            names = ", ".join(strategy_names())
            self.console.print(f"strategy: {self.strategy.name} (choose from {names})")
            return
        self.use_strategy(argument)
        self.console.print(f"strategy: {self.strategy.name}")
        self.show()

    def _new(self, _: str) -> None:
        self.state.reset()
        self.chosen = None
        self.console.print("new game", style="bold")
        self.show()


class Assistant(GameAssistant[Session]):
    """One board: also lists the candidates, explains a guess, plays hard mode and rules out
    words the game rejected."""

    def __init__(
        self,
        console: Console,
        state: Session,
        player: Player,
        *,
        top: int = 5,
        more: int = 15,
        seed: int = 0,
        progress: ProgressFactory = no_progress,
    ) -> None:
        self.player = player
        super().__init__(console, state, top=top, more=more, seed=seed, progress=progress)

    @property
    def strategy(self) -> Strategy:
        return self.player.strategy

    def use_strategy(self, name: str) -> None:
        chosen = find_strategy(name, seed=self.seed)
        self.player = Player(self.player.matrix, chosen, self.player.options)

    def own_commands(self) -> list[Command]:
        return [
            Command("list", self._list_candidates, "show every candidate"),
            Command(
                "explain",
                self._explain,
                "how a guess splits the candidates (the top suggestion unless named)",
                "[GUESS [OTHER]]",
            ),
            Command("hard", self._hard, "hard mode: suggest only guesses that fit", "[on|off]"),
            Command("remove", self._remove, "rule out a word the game rejected (dud)", "WORD"),
        ]

    def move_help(self) -> list[tuple[str, str]]:
        game = self.state.game
        example = self.ranked[0].word if self.ranked else game.secrets.words[0]
        answer = game.format_pattern(0)
        return [
            (f"{example} {answer}", "what you played and what the game answered"),
            (answer, "the answer to the suggested guess"),
            (example, "choose the guess you play; type its answer next"),
        ]

    def completions(self) -> Iterable[str]:
        return [*self.commands, *self.state.candidate_words(), *(r.word for r in self.ranked)]

    def is_move(self, text: str) -> bool:
        """``hint 2-1`` is a move when ``hint`` is a word of the game (Tonguess has it)."""
        _, _, rest = text.partition(" ")
        try:
            self.state.game.parse_pattern(rest)
        except InvalidPatternError:
            return False
        return True

    def read(self, text: str) -> TypedMove:
        return read_move(self.state.game, text)

    def start(self) -> None:
        game = self.state.game
        tries = f", {plural(game.max_tries, 'try', 'tries')}" if game.max_tries else ""
        self.console.print(
            Text.assemble(
                (f"wordsolver assistant: {game.name}", "bold"),
                f" ({plural(len(game.secrets), 'secret')}{tries}, {self.player.strategy.name})",
            )
        )
        self.console.print(
            "Type what you played and what the game answered, or just the answer to my first"
            " suggestion; help lists the commands.",
            markup=False,
        )
        self.show()

    def show(self) -> None:
        """The board, the candidates left and the best next guesses."""
        state, game = self.state, self.state.game
        if state.steps:
            self.console.print(board(game, state.steps))
        if state.solved:
            self.ranked = []
            self.console.print(
                Text(
                    f"solved in {plural(len(state.steps), 'guess', 'guesses')}!", style="bold green"
                ),
                "new starts another game.",
            )
            self._review()
            return
        if game.max_tries is not None and len(state.steps) >= game.max_tries:
            self.console.print(
                f"that was your last try of {game.max_tries}; here is what is left",
                style="yellow",
            )
        if state.widened:
            self.console.print(WIDENED_NOTE, style="yellow", markup=False)
        self.console.print(possible_line(state, SHOW_CANDIDATES))
        suggested = self._suggested(self.top)
        self.ranked = suggested.ranked
        if len(state.candidates) > 1:
            self.console.print(self._table(suggested))

    def show_more(self, top: int) -> None:
        self.console.print(self._table(self._suggested(top)))

    def took_back(self, move: object) -> str:
        if isinstance(move, Removal):
            return f"removal of {move.word}"
        return move.guess if isinstance(move, Step) else super().took_back(move)

    def _suggested(self, top: int) -> Suggested:
        """The suggestions now; an exact search that gives way to entropy says why."""
        suggested = suggest_now(self.state, self.player, top)
        if suggested.gave_way is not None:
            self.console.print(suggested.gave_way.message("--time"), style="yellow", markup=False)
        return suggested

    def _table(self, suggested: Suggested) -> Table:
        """The suggestions, with each one's chance to win under a prior."""
        chances = not self.state.game.uniform
        label = suggested.player.strategy.score_label
        return suggestion_table(suggested.ranked, label, chances=chances)

    def _review(self) -> None:
        """The solved game beside the solver's play, and its share text (a game widened past the
        answer list gets the share text alone: the solver's view is of the answers)."""
        state = self.state
        if not state.widened:
            # A game played streamed is reviewed from the spot after its first guess: its
            # session then holds the words that fit, not every word the game accepts.
            start = 1 if state.base.streamed else 0
            player = Player(state.matrix, self.player.strategy, self.player.options)
            with self.progress("reviewing the game", len(state.steps) + 1 - start) as advance:
                rows = review(player, state.steps, won=True, progress=advance, start=start)
            if start:
                self.console.print(
                    "the review starts after your first guess (every word the game accepts was"
                    " possible before it)",
                    markup=False,
                )
            self.console.print(review_table(state.game, rows, self.player.strategy.name))
            for line in (review_summary(rows), review_total(rows)):
                if line is not None:
                    self.console.print(line, markup=False)
        hard = self.player.options.hard
        self.console.print(share_text(state.game, state.steps, won=True, hard=hard), markup=False)

    def _list_candidates(self, _: str) -> None:
        words = self.state.candidate_words()
        self.console.print(possible_line(self.state, show=0))
        self.console.print(candidate_columns(words))

    def _explain(self, argument: str) -> None:
        if self.state.solved:
            raise PromptError("solved already: nothing to explain")
        words = argument.split()
        if len(words) > 2:
            raise PromptError("explain takes a guess and at most one other beside it")
        guess = words[0] if words else self.ranked[0].word
        versus = words[1] if len(words) == 2 else None
        answer = explain(self.state, guess, versus=versus, play=self.player.options)
        self.console.print(explanation_view(self.state.game, answer))

    def _hard(self, argument: str) -> None:
        if argument:
            if argument.casefold() not in _SWITCH:
                raise PromptError(f"hard takes on or off, not {argument!r}")
            options = replace(self.player.options, hard=_SWITCH[argument.casefold()])
            self.player = Player(self.player.matrix, self.player.strategy, options)
        self.console.print(f"hard mode is {'on' if self.player.options.hard else 'off'}")
        if argument:
            self.show()

    def _remove(self, argument: str) -> None:
        removal = self.state.remove(argument)
        self.console.print(f"removed {removal.word}", markup=False)
        self.show()

"""The terminal programs of multi-board games: the assistant (``solve quordle``), where you type
what each board answered, and the hosted game (``play quordle``), where the program answers."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from wordsolver.boards.host import HostedBoards
from wordsolver.boards.resume import save_boards
from wordsolver.boards.review import boards_share_text, review_boards
from wordsolver.boards.scoring import BoardScorer
from wordsolver.boards.session import BoardsSession
from wordsolver.cli.boards import (
    board_grid,
    board_review_table,
    board_suggestions,
    boards_summary,
)
from wordsolver.cli.repl.assist import GameAssistant
from wordsolver.cli.repl.hosting import ProgressFactory, no_progress, save_to
from wordsolver.cli.repl.moves import COMMANDS_HINT, TypedMove, read_guess
from wordsolver.cli.repl.render import plural
from wordsolver.cli.repl.repl import Command, Repl
from wordsolver.hosted.saves import SaveSlot
from wordsolver.strategies import PlayOptions, Strategy


def show_board_review(
    console: Console,
    state: BoardsSession,
    scorer: BoardScorer,
    progress: ProgressFactory,
    secrets: Sequence[int | None] | None = None,
) -> None:
    """The finished game beside the solver's play, and its share text."""
    with progress("reviewing the game", state.tries_used) as advance:
        rows = review_boards(state, scorer, secrets, progress=advance)
    console.print(board_review_table(rows, scorer.strategy.name))
    console.print(boards_share_text(state), markup=False)


class BoardsAssistant(GameAssistant[BoardsSession]):
    """Several boards: each guess is typed with every board's feedback, in board order."""

    answer_name = "answers"
    solved_already = "every board is solved: new starts another game, undo goes back"

    def __init__(
        self,
        console: Console,
        state: BoardsSession,
        scorer: BoardScorer,
        *,
        options: PlayOptions | None = None,
        top: int = 5,
        seed: int = 0,
        progress: ProgressFactory = no_progress,
    ) -> None:
        self.scorer = scorer
        self.options = options or PlayOptions()
        super().__init__(console, state, top=top, seed=seed, progress=progress)

    @property
    def strategy(self) -> Strategy:
        return self.scorer.strategy

    def use_strategy(self, name: str) -> None:
        self.scorer = BoardScorer.of(name, self.seed)

    def move_help(self) -> list[tuple[str, str]]:
        example = self.ranked[0].word if self.ranked else "crane"
        answers = ",".join(["gy..g"] * len(self.state.boards))
        return [
            (f"{example} {answers}", "what you played and each board's answer, in board order"),
            (answers, "the answers to the suggested guess (- for a board solved earlier)"),
            (example, "choose the guess you play; type its answers next"),
        ]

    def read(self, text: str) -> TypedMove:
        """``GUESS FEEDBACK,FEEDBACK…``, the feedback alone (it has commas, or a guess was
        chosen), or a lone guess."""
        first, _, rest = text.strip().partition(" ")
        if rest.strip():
            return TypedMove(first, rest)
        if "," in first or self.chosen is not None:
            return TypedMove(None, first)
        return TypedMove(read_guess(self.state.game, first, hint=COMMANDS_HINT), None)

    def start(self) -> None:
        self.console.print(
            Text.assemble(
                (f"wordsolver assistant: {self.state.name}", "bold"),
                f" ({plural(len(self.state.boards), 'board')}, {self.scorer.strategy.name})",
            )
        )
        self.console.print(
            "Type what you played and each board's answer separated by commas (- for a board"
            " solved earlier), or just the answers to my suggestion; help lists the commands.",
            markup=False,
        )
        self.show()

    def show(self) -> None:
        """The boards, what is left and the best next guesses."""
        state = self.state
        if state.solved:
            self.ranked = []
            self.console.print(board_grid(state))
            self.console.print(
                Text(
                    f"every board solved in {plural(state.tries_used, 'guess', 'guesses')}!",
                    style="bold green",
                ),
                "new starts another game.",
            )
            show_board_review(self.console, state, self.scorer, self.progress)
            return
        ranking = state.suggest(self.scorer, self.options, top=self.top)
        self.ranked = ranking
        self.console.print(boards_summary(state, ranking, self.scorer.strategy.score_label))

    def show_more(self, top: int) -> None:
        ranking = self.state.suggest(self.scorer, self.options, top=top)
        label = self.scorer.strategy.score_label
        self.console.print(board_suggestions(self.state, ranking, label))


class BoardsHostRepl(Repl):
    """A multi-board game the program hosts: type guesses, see every board's colours. Every
    move is saved in ``slot`` (when given), so ``--resume`` continues the game."""

    def __init__(
        self,
        console: Console,
        hosted: HostedBoards,
        scorer: BoardScorer,
        progress: ProgressFactory = no_progress,
        *,
        slot: SaveSlot | None = None,
    ) -> None:
        self.hosted = hosted
        self.scorer = scorer
        self.progress = progress
        self.slot = slot
        super().__init__(console)

    def command_list(self) -> list[Command]:
        return [
            Command("guess", self._guess, "guess a word that is also a command", "WORD"),
            Command("hint", self._hint, "the solver's best guesses now"),
            Command("giveup", self._give_up, "reveal the secrets"),
            Command("help", self.show_help, "this list", aliases=("?",)),
            Command("quit", self.quit, "leave; --resume continues later", aliases=("exit", "q")),
        ]

    def move_help(self) -> list[tuple[str, str]]:
        return [("crane", "guess a word: it is played on every board not solved yet")]

    def prompt(self) -> str:
        state = self.hosted.state
        tries = state.max_tries
        return f"guess {state.tries_used + 1}{f'/{tries}' if tries else ''}> "

    def start(self) -> None:
        state = self.hosted.state
        tries = state.max_tries
        limit = f", {plural(tries, 'try', 'tries')}" if tries else ""
        self.console.print(
            Text.assemble(
                (f"wordsolver play: {state.name}", "bold"),
                f" ({plural(len(state.boards), 'board')}{limit})",
            )
        )
        self.console.print(
            "Guess a word: it is played on every board not solved yet; solve them all."
            " help lists the commands.",
            markup=False,
        )
        if state.moves:  # a resumed game
            self._show_turn()

    def end_of_input(self) -> None:
        self.console.print()
        self.quit()

    def quit(self, _: str = "") -> None:
        if self.slot is not None and self.hosted.state.moves and not self.hosted.finished:
            self.console.print("saved: --resume continues this game", style="dim")
        super().quit()

    def move(self, text: str) -> None:
        self._guess(text.strip())

    def _guess(self, text: str) -> None:
        word = read_guess(self.hosted.state.game, text, hint=COMMANDS_HINT)
        self.hosted.guess(word)
        if self.slot is not None:
            saved = save_boards(self.hosted, self.scorer.strategy.name)
            self.slot = save_to(self.console, self.slot, saved)
        self._show_turn()

    def _show_turn(self) -> None:
        """The boards after the last guess, and the end of the game when it is over."""
        state = self.hosted.state
        self.console.print(board_grid(state))
        if state.solved:
            self.console.print(
                Text(
                    f"every board solved in {plural(state.tries_used, 'guess', 'guesses')}!",
                    style="bold green",
                )
            )
        elif state.lost:
            self.console.print(Text("out of tries", style="bold red"))
            self._reveal()
        else:
            left = state.tries_left
            if left is not None:
                self.console.print(f"{plural(left, 'try', 'tries')} left", style="dim")
            return
        show_board_review(
            self.console, self.hosted.state, self.scorer, self.progress, self.hosted.secrets
        )
        self._end()

    def _hint(self, _: str) -> None:
        state = self.hosted.state
        ranking = state.suggest(self.scorer, top=5)
        self.console.print(board_suggestions(state, ranking, self.scorer.strategy.score_label))

    def _give_up(self, _: str) -> None:
        self._reveal()
        self._end()

    def _reveal(self) -> None:
        self.console.print(f"the secrets were: {' '.join(self.hosted.secret_words)}", markup=False)

    def _end(self) -> None:
        """The game is over: forget its save and leave."""
        if self.slot is not None:
            self.slot.delete()
        self.finished = True

"""The prompts of hosted games (``wordsolver play``): a solo game against a hidden secret, and the
duel against the computer. Every move is saved; the end shows your game beside the solver's."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager

from rich.console import Console
from rich.text import Text

from wordsolver.cli.repl.moves import COMMANDS_HINT, read_guess
from wordsolver.cli.repl.render import (
    candidates_line,
    plural,
    review_summary,
    review_table,
    review_total,
    suggestion_table,
    tiles,
)
from wordsolver.cli.repl.repl import Command, PromptError, Repl
from wordsolver.hosted.duel import Duel, Outcome
from wordsolver.hosted.host import HostedGame, solver_path
from wordsolver.hosted.resume import save_duel, save_solo
from wordsolver.hosted.review import review
from wordsolver.hosted.saves import SavedGame, SaveError, SaveSlot
from wordsolver.hosted.share import share_text
from wordsolver.plumbing.progress import Progress
from wordsolver.session import SHOW_CANDIDATES, Step
from wordsolver.strategies import Player

#: ``progress(label, total)`` gives a context whose value ``advance(n)`` moves a progress display.
ProgressFactory = Callable[[str, int], AbstractContextManager[Progress]]


@contextmanager
def no_progress(label: str, total: int) -> Iterator[Progress]:
    """A progress display that shows nothing."""
    yield lambda n: None


def save_to(console: Console, slot: SaveSlot, saved: SavedGame) -> SaveSlot | None:
    """Write ``saved`` to ``slot``; when that fails, say so and give None (play on unsaved)."""
    try:
        slot.write(saved)
    except SaveError as error:
        console.print(f"✗ {error}: playing on without saving", style="yellow")
        return None
    return slot


class HostRepl(Repl):
    """What solo games and duels share: guessing, hints, saving after each move, the review."""

    def __init__(
        self,
        console: Console,
        player: Player,
        *,
        slot: SaveSlot | None = None,
        progress: ProgressFactory = no_progress,
    ) -> None:
        self.player = player
        self.slot = slot
        self.progress = progress
        super().__init__(console)

    @property
    @abstractmethod
    def hosted(self) -> HostedGame | None:
        """Your side of the game (None while a duel waits for your secret)."""

    @abstractmethod
    def saved(self) -> SavedGame:
        """The game as it is saved after each move."""

    @abstractmethod
    def play(self, word: str) -> None:
        """Make a checked, allowed guess."""

    @abstractmethod
    def finish(self) -> None:
        """Announce the result and review the game."""

    def command_list(self) -> list[Command]:
        return [
            Command("guess", self.play_word, "guess a word that is also a command", "WORD"),
            Command("hint", self._hint, "the solver's best guesses now"),
            Command("left", self._left, "how many secrets still fit your feedback"),
            Command("giveup", self._give_up, "reveal the secret and review the game"),
            Command("help", self.show_help, "this list", aliases=("?",)),
            Command("quit", self.quit, "leave; --resume continues later", aliases=("exit", "q")),
        ]

    def move_help(self) -> list[tuple[str, str]]:
        return [("WORD", "your next guess")]

    def completions(self) -> Iterable[str]:
        return [*self.commands, *self.player.matrix.game.secrets.words]

    def _side(self) -> HostedGame:
        if self.hosted is None:
            raise PromptError("choose your secret word first")
        return self.hosted

    def move(self, text: str) -> None:
        self.play_word(text, hint=COMMANDS_HINT)

    def play_word(self, text: str, hint: str = "") -> None:
        """Check the word and play it."""
        self.play(read_guess(self._side().game, text, hint=hint))

    def save(self) -> None:
        """Save the game as it is now (when a save slot was given); when saving fails, say so
        once and play on unsaved."""
        if self.slot is not None:
            self.slot = save_to(self.console, self.slot, self.saved())

    def show_guess(self, who: str, number: int, step: Step) -> None:
        """One scored guess, numbered."""
        line = Text(f"{who}{number:>2}  ")
        line.append_text(tiles(self.player.matrix.game, step.guess, step.pattern))
        self.console.print(line)

    def show_guesses(self, who: str, hosted: HostedGame) -> None:
        """Every guess of one side so far (a resumed game)."""
        for number, step in enumerate(hosted.state.steps, 1):
            self.show_guess(who, number, step)

    def _hint(self, _: str) -> None:
        hosted = self._side()
        ranked = hosted.state.suggest(self.player, top=3)
        self.console.print(suggestion_table(ranked, self.player.strategy.score_label))

    def _left(self, _: str) -> None:
        self.console.print(candidates_line(self._side().state.candidate_words(), SHOW_CANDIDATES))

    def _give_up(self, _: str) -> None:
        self._side().give_up()
        self.finish()

    def quit(self, _: str = "") -> None:
        if self.slot is not None and self.hosted is not None and self.hosted.guesses:
            self.console.print("saved: --resume continues this game", style="dim")
        super().quit()

    def end_of_input(self) -> None:
        self.console.print()
        self.quit()

    def conclude(self) -> None:
        """Review your side, forget the save and leave the loop."""
        hosted = self._side()
        steps = hosted.state.steps
        with self.progress("reviewing your game", len(steps) + 1) as advance:
            rows = review(
                self.player, steps, won=hosted.won, secret=hosted.secret, progress=advance
            )
        if rows:
            self.console.print(review_table(hosted.game, rows, self.player.strategy.name))
            for line in (review_summary(rows), review_total(rows)):
                if line is not None:
                    self.console.print(line, markup=False)
            self.console.print(
                share_text(hosted.game, steps, won=hosted.won, hard=hosted.hard), markup=False
            )
        path = solver_path(self.player, hosted.secret)
        self.console.print(
            f"the solver against {hosted.secret_word}: {' '.join(step.guess for step in path)}"
            f" ({plural(len(path), 'guess', 'guesses')})",
            markup=False,
        )
        if self.slot is not None:
            self.slot.delete()
        self.finished = True


class SoloRepl(HostRepl):
    """Guess the program's secret."""

    def __init__(
        self,
        console: Console,
        hosted: HostedGame,
        player: Player,
        *,
        slot: SaveSlot | None = None,
        progress: ProgressFactory = no_progress,
    ) -> None:
        self._hosted = hosted
        super().__init__(console, player, slot=slot, progress=progress)

    @property
    def hosted(self) -> HostedGame:
        return self._hosted

    def saved(self) -> SavedGame:
        return save_solo(self._hosted, self.player)

    def prompt(self) -> str:
        tries = self._hosted.game.max_tries
        return f"guess {len(self._hosted.guesses) + 1}{f'/{tries}' if tries else ''}> "

    def start(self) -> None:
        game = self._hosted.game
        tries = f" in {plural(game.max_tries, 'try', 'tries')}" if game.max_tries else ""
        self.console.print(
            Text.assemble(
                (f"wordsolver play: {game.name}", "bold"),
                f". Guess my secret{tries}; help lists the commands.",
            )
        )
        self.show_guesses("", self._hosted)
        if self._hosted.finished:  # saved just before the end was shown
            self.finish()

    def play(self, word: str) -> None:
        step = self._hosted.guess(word)
        self.show_guess("", len(self._hosted.guesses), step)
        self.save()
        if self._hosted.finished:
            self.finish()

    def finish(self) -> None:
        hosted = self._hosted
        if hosted.won:
            message = Text(f"solved in {plural(len(hosted.guesses), 'guess', 'guesses')}!")
            message.stylize("bold green")
        else:
            message = Text(f"the secret was {hosted.secret_word}", style="bold yellow")
        self.console.print(message)
        self.conclude()


class DuelRepl(HostRepl):
    """You against the computer: each guesses the other's secret in turn."""

    def __init__(
        self,
        console: Console,
        player: Player,
        computer_secret: int,
        *,
        duel: Duel | None = None,
        slot: SaveSlot | None = None,
        progress: ProgressFactory = no_progress,
    ) -> None:
        self.computer_secret = computer_secret
        self.duel = duel
        super().__init__(console, player, slot=slot, progress=progress)

    @property
    def hosted(self) -> HostedGame | None:
        return None if self.duel is None else self.duel.human

    def saved(self) -> SavedGame:
        return save_duel(self._duel())

    def _duel(self) -> Duel:
        if self.duel is None:
            raise PromptError("choose your secret word first")
        return self.duel

    def prompt(self) -> str:
        if self.duel is None:
            return "your secret word> "
        return f"your guess {len(self.duel.human.guesses) + 1}> "

    def start(self) -> None:
        game = self.player.matrix.game
        self.console.print(Text(f"wordsolver duel: {game.name}", style="bold"))
        if self.duel is None:
            self.console.print(
                "I have chosen my secret. Now choose yours, a word from the game's list: I see"
                " only the feedback. Then we take turns; fewer guesses wins.",
                markup=False,
            )
            return
        self.show_guesses("you", self.duel.human)
        self.show_guesses("me ", self.duel.computer)
        self.computer_plays()

    def move(self, text: str) -> None:
        if self.duel is None:
            self.choose_secret(text)
        else:
            super().move(text)

    def choose_secret(self, text: str) -> None:
        """Start the duel with your secret word."""
        game = self.player.matrix.game
        word = read_guess(game, text, hint=COMMANDS_HINT)
        secret = game.secret_id(word)
        if secret < 0:
            raise PromptError(f"{word} is not in the list of secrets; choose a more common word")
        self.duel = Duel(self.player, self.computer_secret, secret)
        self.save()
        self.console.print(f"your secret is {word}. You guess first.", markup=False)

    def play(self, word: str) -> None:
        duel = self._duel()
        step = duel.guess(word)
        self.show_guess("you", len(duel.human.guesses), step)
        self.save()
        self.computer_plays()

    def computer_plays(self) -> None:
        """The computer's turn, when it owes one; then the result, if decided."""
        duel = self._duel()
        if duel.computer_due:
            step = duel.computer_turn()
            self.show_guess("me ", len(duel.computer.guesses), step)
            if not duel.computer.won:
                left = plural(len(duel.computer.state.candidates), "word")
                self.console.print(f"      ({left} left for me)", style="dim")
            self.save()
        if duel.outcome is not None:
            self.finish()

    def finish(self) -> None:
        duel = self._duel()
        outcome = duel.outcome or Outcome.LOSS
        style = {Outcome.WIN: "bold green", Outcome.LOSS: "bold red", Outcome.DRAW: "bold"}
        self.console.print(
            Text(f"{outcome.value}:", style=style[outcome]),
            f"you {_count(duel.human)}, me {_count(duel.computer)}.",
            f"My secret was {duel.human.secret_word}.",
        )
        self.conclude()


def _count(side: HostedGame) -> str:
    """How one side did: ``3 guesses`` or ``not solved``."""
    return plural(len(side.guesses), "guess", "guesses") if side.won else "not solved"

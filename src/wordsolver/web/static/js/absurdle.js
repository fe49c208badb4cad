// The adversarial game (Absurdle): you type guesses only; the server's host answers each one,
// keeping as many words possible as it can. The page keeps the guesses and sends them all.
import { post } from "./api.js";
import { byId, el, plural } from "./dom.js";

export class AbsurdleView {
  constructor(catalogue) {
    this.catalogue = catalogue;
    this.guesses = [];
    byId("absurdle-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.guess(byId("absurdle-guess").value.trim());
    });
    byId("absurdle-new").addEventListener("click", () => this.show(this.game));
    byId("absurdle-hard").addEventListener("change", () => this.show(this.game));
    byId("absurdle-lists").addEventListener("change", () => this.show(this.game));
  }

  /** Start a new game of this adversarial game. */
  show(game) {
    if (this.game !== game) {
      this.game = game;
      byId("absurdle-lists").replaceChildren(
        ...game.lists.map((lists) => el("option", { value: lists.name, title: lists.description }, lists.name)),
      );
      byId("absurdle-description").textContent = game.description;
      game.feedback.marks.forEach((mark, i) => document.documentElement.style.setProperty(`--mark-${i}`, mark.colour));
    }
    this.guesses = [];
    this.symbols = game.feedback.marks.map((mark) => mark.symbol);
    this.draw({ moves: [], candidates: null, examples: [], won: false });
  }

  async guess(word) {
    if (!word) return;
    const answer = await post("/api/absurdle", {
      game: this.game.name,
      lists: byId("absurdle-lists").value,
      hard: byId("absurdle-hard").checked,
      guesses: [...this.guesses, word],
    });
    if (answer === null) return; // the error line says why
    this.guesses.push(word);
    byId("absurdle-guess").value = "";
    this.draw(answer);
  }

  draw(answer) {
    byId("absurdle-board").replaceChildren(
      ...answer.moves.map((move) =>
        el(
          "div",
          { class: "row done" },
          [...move.guess].map((letter, i) =>
            el("span", { class: `tile filled mark-${this.symbols.indexOf(move.feedback[i])}` }, letter),
          ),
        ),
      ),
    );
    const status = byId("absurdle-status");
    if (answer.won) status.textContent = `Solved in ${plural(answer.moves.length, "guess")}!`;
    else if (answer.candidates === null) status.textContent = "I hold no secret. Type a guess.";
    else status.textContent = `${plural(answer.candidates, "word")} still possible, e.g. ${answer.examples.join(", ")}`;
    byId("absurdle-guess").disabled = answer.won;
  }
}

// The adversarial game (Absurdle): you type guesses only; the server's host answers each one,
// keeping as many words possible as it can. The page keeps the guesses (in the address too) and
// sends them all. A hint asks the server for the proven best next guess (as `solve absurdle`);
// the end shows the game beside the solver's and the share text.
import { absurdle, absurdleHint, review } from "./api.js";
import { byId, el, plural } from "./dom.js";
import { markNames, tile, useMarkColours } from "./feedback.js";
import { bestMarks, renderKeyboard, typedKey } from "./keyboard.js";
import { closePanels } from "./panels.js";
import { renderReview } from "./review.js";
import { Latest, decodeWords, encodeWords, kept, record, sameParams } from "./state.js";

/** Rows the board shows before it grows. */
const MIN_ROWS = 6;

export class AbsurdleView {
  constructor(catalogue) {
    this.catalogue = catalogue;
    this.game = null;
    this.guesses = [];
    this.letters = [];
    this.answer = null;
    this.latest = new Latest();
    byId("absurdle-new").addEventListener("click", () => this.start([], { push: true }));
    byId("absurdle-undo").addEventListener("click", () => this.start(this.guesses.slice(0, -1), { push: true }));
    byId("absurdle-ask").addEventListener("click", () => this.hint());
    byId("absurdle-hard").addEventListener("change", () => this.start([], { push: true }));
    byId("absurdle-lists").addEventListener("change", () => this.start([], { push: true }));
    document.addEventListener("keydown", (event) => this.onKeydown(event));
  }

  /** Show the game in the state its address (or the game kept unfinished) gives. */
  show(game, params) {
    const switching = this.game !== game;
    if (switching) {
      this.game = game;
      byId("absurdle-lists").replaceChildren(
        ...game.lists.map((lists) => el("option", { value: lists.name, title: lists.description }, lists.name)),
      );
      byId("absurdle-description").textContent = game.description;
      this.symbols = game.feedback.marks.map((mark) => mark.symbol);
    }
    useMarkColours(game.feedback);
    const wanted = params.size > 0 ? params : kept(game.name) ?? params;
    if (!switching && sameParams(wanted, this.params())) {
      record(game.name, wanted, { unfinished: this.guesses.length > 0 && !this.won });
      return;
    }
    const lists = wanted.get("lists");
    byId("absurdle-lists").value = game.lists.some((l) => l.name === lists) ? lists : game.lists[0].name;
    byId("absurdle-hard").checked = wanted.get("hard") === "1";
    closePanels();
    this.start(decodeWords(wanted.get("g")));
  }

  params(guesses = this.guesses) {
    const lists = byId("absurdle-lists").value;
    return new Map([
      ["g", encodeWords(guesses)],
      ["lists", lists === this.game.lists[0].name ? "" : lists],
      ["hard", byId("absurdle-hard").checked],
    ]);
  }

  get won() {
    return Boolean(this.answer?.won);
  }

  get active() {
    return !byId("absurdle").hidden;
  }

  request(guesses) {
    return { game: this.game.name, lists: byId("absurdle-lists").value, hard: byId("absurdle-hard").checked, guesses };
  }

  /** Replay these guesses (none: a new game). */
  async start(guesses, { push = false } = {}) {
    this.guesses = [];
    this.letters = [];
    this.answer = { moves: [], candidates: null, examples: [], won: false };
    byId("absurdle-hint").replaceChildren();
    this.draw();
    if (guesses.length === 0) {
      record(this.game.name, this.params(), { push, unfinished: false });
      return;
    }
    await this.play(guesses, { push });
  }

  /** Send the guesses; keep them when the host took them. */
  async play(guesses, { push = true } = {}) {
    const signal = this.latest.next();
    const answer = await absurdle(this.request(guesses), signal);
    if (signal.aborted) return false;
    if (answer === null) {
      this.draw();
      return false;
    }
    this.guesses = guesses;
    this.answer = answer;
    this.letters = [];
    byId("absurdle-hint").replaceChildren();
    record(this.game.name, this.params(), { push, unfinished: !answer.won });
    this.draw();
    if (answer.won) this.showEnd();
    return true;
  }

  type(key) {
    if (this.won) return;
    if (key === "enter") {
      if (this.letters.length === this.game.length) this.play([...this.guesses, this.letters.join("")]);
      return;
    }
    if (key === "backspace") this.letters.pop();
    else if (this.letters.length < this.game.length) this.letters.push(key);
    this.draw();
  }

  onKeydown(event) {
    if (!this.active || !this.game) return;
    const key = typedKey(event, this.game.alphabet, "#absurdle-board, #absurdle-keyboard");
    if (key !== null) this.type(key);
  }

  /** The proven best next guess, from the server; tapping it types it. */
  async hint() {
    if (this.won) return;
    const box = byId("absurdle-hint");
    box.replaceChildren(el("p", { class: "hint" }, "Proving the best next guess…"));
    const signal = this.latest.next();
    const data = await absurdleHint(this.request(this.guesses), signal);
    if (signal.aborted) return;
    if (data === null) {
      box.replaceChildren();
      return;
    }
    const best = data.best ?? data.guesses?.[0];
    const win = data.shortest_win === undefined ? "" : ` wins in ${plural(data.shortest_win, "guess")} from here`;
    const how = data.proven === false ? " (the best found in time, not proven)" : " (proven best)";
    const by = data.ranks_by ? el("small", { class: "ranked" }, `Ranked by ${data.ranks_by}`) : null;
    box.replaceChildren(
      el(
        "p",
        { class: "hint-line" },
        "Best next guess: ",
        el("button", { type: "button", class: "word-button", onclick: () => this.pickHint(best) }, best),
        `${win}${how}`,
      ),
      by,
    );
  }

  pickHint(word) {
    this.letters = [...word];
    this.draw();
  }

  draw() {
    const answer = this.answer;
    const rows = answer.moves.map((move) =>
      el(
        "div",
        { class: "row done", "aria-label": `${move.guess}: ${markNames(this.game.feedback, move.feedback)}` },
        [...move.guess].map((letter, i) => tile(letter, this.symbols.indexOf(move.feedback[i]))),
      ),
    );
    if (!answer.won) {
      rows.push(el("div", { class: "row current" }, Array.from({ length: this.game.length }, (_, i) => tile(this.letters[i]))));
    }
    while (rows.length < MIN_ROWS) rows.push(el("div", { class: "row empty" }, Array.from({ length: this.game.length }, () => tile())));
    const board = byId("absurdle-board");
    board.style.setProperty("--rows", String(rows.length));
    board.style.setProperty("--cols", String(this.game.length));
    board.replaceChildren(...rows);
    board.querySelector(".row.current")?.scrollIntoView({ block: "nearest" });
    renderKeyboard(byId("absurdle-keyboard"), this.game.alphabet, bestMarks(answer.moves, this.symbols), (key) => this.type(key));
    const status = byId("absurdle-status");
    if (answer.won) status.textContent = `Solved in ${plural(answer.moves.length, "guess")}!`;
    else if (answer.candidates === null) status.textContent = "I hold no secret. Type a guess.";
    else status.textContent = `${plural(answer.candidates, "word")} still possible, e.g. ${answer.examples.join(", ")}`;
    byId("absurdle-undo").disabled = this.guesses.length === 0;
    byId("absurdle-ask").disabled = answer.won;
    byId("absurdle").classList.toggle("finished", answer.won);
    if (!answer.won) byId("absurdle-end").replaceChildren();
  }

  /** The won game beside the solver's play from each spot, and its share text. */
  async showEnd() {
    const signal = this.latest.next();
    byId("absurdle-end").replaceChildren(el("p", { class: "hint" }, "Reviewing your game beside the solver's…"));
    const history = this.answer.moves.map(({ guess, feedback }) => ({ guess, feedback }));
    const { guesses, ...how } = this.request([]);
    const data = await review({ ...how, history }, signal);
    if (signal.aborted) return;
    byId("absurdle-end").replaceChildren(...(data === null ? [] : renderReview(data, history)));
  }
}

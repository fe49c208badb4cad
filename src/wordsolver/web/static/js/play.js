// The board games, drawn from each rule's feedback form (data from the server, never the rule's
// name): marks (click a tile to cycle grey → yellow → green), counters (a stepper per count, e.g.
// get and touch, or black and white pegs) or one number (with a "win" switch when the rule has
// one). The page keeps the history and sends all of it with every request.
import { post } from "./api.js";
import { byId, el, fillStrategies, plural, Stepper } from "./dom.js";
import { describe, tile, useMarkColours } from "./feedback.js";
import { showExplanation } from "./explain.js";
import { renderKeyboard, typedKey } from "./keyboard.js";
import { suggestionTable } from "./suggestions.js";

const TOP = 10;

export class PlayView {
  constructor(catalogue) {
    this.strategies = catalogue.strategies;
    this.game = null;
    this.history = []; // [{guess, feedback}] as the server read them
    this.letters = []; // the row being typed
    this.marks = []; // its marks, as indexes into the form's marks
    this.steppers = []; // one per count of a counters or number form
    this.win = null; // the "win" switch of a number form that has one
    this.answer = null;
    this.ticket = 0; // answers to older requests are dropped
    fillStrategies(byId("play-strategy"), this.strategies);
    byId("play-enter").addEventListener("click", () => this.submit());
    byId("play-undo").addEventListener("click", () => this.undo());
    byId("play-new").addEventListener("click", () => this.restart());
    for (const id of ["play-strategy", "play-hard", "play-candidates"]) {
      byId(id).addEventListener("change", () => this.refresh());
    }
    byId("play-lists").addEventListener("change", () => this.restart());
    document.addEventListener("keydown", (event) => this.onKeydown(event));
  }

  /** Switch to a game (a new game unless it is the one shown). */
  show(game) {
    if (this.game?.name === game.name) return;
    this.game = game;
    this.form = game.feedback;
    this.symbols = this.form.marks.map((mark) => mark.symbol);
    useMarkColours(this.form);
    byId("play-description").textContent = game.description;
    byId("play-hint").textContent = this.hint();
    this.buildSteppers();
    byId("play-lists").replaceChildren(
      ...game.lists.map((lists) => el("option", { value: lists.name, title: lists.description }, lists.name)),
    );
    byId("play-lists-label").hidden = game.lists.length < 2;
    this.restart();
  }

  /** Marks are typed on the tiles; counts on steppers. */
  get colours() {
    return this.form.kind === "marks";
  }

  hint() {
    if (this.colours) {
      const names = this.form.marks.map((mark) => mark.name).join(" → ");
      return `Type or tap a guess, click its tiles (${names}) until they match the game's, then Enter.`;
    }
    const counts = this.form.counts.map((count) => `${count.name} (${count.description})`).join(" and ");
    return `Type or tap a guess, set ${counts}, then Enter.`;
  }

  /** A stepper per count, and the win switch, for the game shown. */
  buildSteppers() {
    this.steppers = this.colours ? [] : this.form.counts.map((count) => new Stepper(count.name, this.game.length));
    const nodes = this.steppers.map((stepper) => stepper.node);
    this.win = null;
    if (this.form.win) {
      this.win = el("input", { type: "checkbox", id: "play-win" });
      nodes.push(el("label", { class: "win" }, this.win, ` ${this.form.win}: the guess is the secret`));
    }
    byId("feedback-steppers").replaceChildren(...nodes);
    byId("feedback-steppers").hidden = this.colours;
  }

  get active() {
    return !byId("play").hidden;
  }

  get solved() {
    return Boolean(this.answer?.solved);
  }

  restart() {
    this.history = [];
    this.answer = null;
    this.clearRow();
    this.render(); // the new game's empty board at once, not the last game's until it answers
    this.refresh();
  }

  clearRow() {
    this.letters = [];
    this.marks = [];
    this.steppers.forEach((stepper) => stepper.set(0));
    if (this.win) this.win.checked = false;
  }

  /** The feedback typed, as the game's text form. */
  feedbackText() {
    if (this.colours) return this.marks.map((m) => this.symbols[m]).join("");
    if (this.win?.checked) return this.form.win;
    return this.steppers.map((stepper) => stepper.value).join(this.form.separator);
  }

  /** Put a feedback text back into the inputs (after an undo). */
  setFeedback(text) {
    if (this.colours) this.marks = [...text].map((c) => this.symbols.indexOf(c));
    else if (this.win && text === this.form.win) this.win.checked = true;
    else text.split(this.form.separator).forEach((value, i) => this.steppers[i].set(Number(value)));
  }

  /** The game, its history and how to play it, as every request sends them. */
  request(history = this.history) {
    return {
      game: this.game.name,
      lists: byId("play-lists").value,
      history,
      strategy: byId("play-strategy").value,
      hard: byId("play-hard").checked,
      guess_from: byId("play-candidates").checked ? "candidates" : "allowed",
    };
  }

  /** Ask for suggestions after the history (and the row typed, when submitting it). */
  async refresh(move = null) {
    const ticket = ++this.ticket;
    byId("play-explain").hidden = true;
    const answer = await post("/api/suggest", {
      ...this.request(move ? [...this.history, move] : this.history),
      top: TOP,
    });
    if (ticket !== this.ticket) return false;
    if (answer !== null) {
      this.answer = answer;
      this.history = answer.history.map(({ guess, feedback }) => ({ guess, feedback }));
      if (move) this.clearRow();
    }
    this.render();
    return answer !== null;
  }

  submit() {
    if (this.solved) return;
    this.refresh({ guess: this.letters.join(""), feedback: this.feedbackText() });
  }

  undo() {
    const last = this.history.pop();
    if (last === undefined) {
      this.clearRow();
      this.render();
      return;
    }
    // The undone guess comes back as the row being typed, so its feedback can be fixed.
    this.letters = [...last.guess];
    this.setFeedback(last.feedback);
    this.refresh();
  }

  type(key) {
    if (key === "enter") this.submit();
    else if (key === "backspace") {
      this.letters.pop();
      this.marks.pop();
    } else if (this.letters.length < this.game.length && !this.solved) {
      this.letters.push(key);
      this.marks.push(0);
    }
    this.render();
  }

  /** A suggestion clicked: it becomes the row typed, and the panel below says why. */
  pick(word) {
    this.letters = [...word];
    this.marks = this.letters.map(() => 0);
    this.render();
    const top = this.answer?.suggestions[0]?.word ?? null;
    const ticket = this.ticket;
    showExplanation(byId("play-explain"), this.form, this.request(), word, top, () => ticket === this.ticket);
  }

  cycle(position) {
    this.marks[position] = (this.marks[position] + 1) % this.symbols.length;
    this.render();
    byId("board").querySelector(`[data-position="${position}"]`)?.focus();
  }

  onKeydown(event) {
    if (!this.active || !this.game) return;
    const key = typedKey(event, this.game.alphabet, "#board, #keyboard");
    if (key !== null) this.type(key);
  }

  render() {
    this.renderBoard();
    const answer = this.answer;
    renderKeyboard(byId("keyboard"), this.game.alphabet, this.keyMarks(), (key) => this.type(key));
    byId("play-enter").disabled = this.solved;
    byId("play-undo").disabled = this.history.length === 0 && this.letters.length === 0;
    if (answer === null) {
      for (const id of ["play-suggestions", "play-status", "play-candidates-list"]) byId(id).replaceChildren();
      return;
    }
    const strategy = this.strategies.find((s) => s.name === answer.strategy);
    const table = suggestionTable(answer.suggestions, strategy.score_label, (word) => this.pick(word));
    byId("play-suggestions").replaceChildren(...(this.solved ? [] : [table]));
    byId("play-status").textContent = this.solved
      ? `Solved in ${plural(this.history.length, "guess")}: ${this.history.at(-1).guess}`
      : `${plural(answer.candidates_left, "candidate")} left` +
        (answer.widened ? " (no answer fits: the secret is outside the game's answer list; these are the allowed words that fit)" : "");
    const list = byId("play-candidates-list");
    list.classList.toggle("many", answer.candidates === null);
    list.textContent = answer.candidates ? answer.candidates.join(" ") : "Too many to list.";
  }

  renderBoard() {
    const rows = this.history.map((move) => this.doneRow(move));
    if (!this.solved) rows.push(this.currentRow());
    const tries = this.game.max_tries ?? 0;
    while (rows.length < tries) rows.push(this.row([], [], "empty"));
    byId("board").replaceChildren(...rows);
  }

  doneRow(move) {
    if (this.colours) return this.row([...move.guess], [...move.feedback].map((c) => this.symbols.indexOf(c)), "done");
    return this.row([...move.guess], [], "done plain", el("span", { class: "badge" }, describe(this.form, move.feedback)));
  }

  /** The row being typed: in a colours game each typed letter is a button that cycles its colour. */
  currentRow() {
    const tiles = Array.from({ length: this.game.length }, (_, i) =>
      this.colours && i < this.letters.length ? this.markButton(i) : tile(this.letters[i]),
    );
    return el("div", { class: `row current${this.colours ? "" : " plain"}` }, tiles);
  }

  markButton(position) {
    const [letter, mark] = [this.letters[position], this.marks[position]];
    return el(
      "button",
      {
        type: "button",
        class: `tile filled mark-${mark}`,
        "data-position": String(position),
        "aria-label": `${letter}: ${this.form.marks[mark].name}; click to change`,
        onclick: () => this.cycle(position),
      },
      letter,
    );
  }

  row(letters, marks, kind, badge = null) {
    const tiles = Array.from({ length: this.game.length }, (_, i) => tile(letters[i], marks[i]));
    return el("div", { class: `row ${kind}` }, tiles, badge);
  }

  /** The best colour each letter earned so far (colours games only). */
  keyMarks() {
    const best = new Map();
    if (!this.colours) return best;
    for (const { guess, feedback } of this.history) {
      [...guess].forEach((letter, i) => {
        const mark = this.symbols.indexOf(feedback[i]);
        if (!best.has(letter) || best.get(letter) < mark) best.set(letter, mark);
      });
    }
    return best;
  }
}

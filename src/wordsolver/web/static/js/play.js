// The board games: Wordle-style colours (click a tile: grey → yellow → green) and Bulls and Cows
// (get/touch steppers). The page keeps the history and sends all of it with every request.
import { post } from "./api.js";
import { byId, el, fillStrategies, plural, Stepper } from "./dom.js";
import { renderKeyboard } from "./keyboard.js";
import { suggestionTable } from "./suggestions.js";

const MARKS = ".yg"; // grey, yellow, green: the feedback text of the colours rule
const TOP = 10;

export class PlayView {
  constructor(catalogue) {
    this.strategies = catalogue.strategies;
    this.game = null;
    this.history = []; // [{guess, feedback}] as the server read them
    this.letters = []; // the row being typed
    this.marks = []; // its colours, 0..2
    this.answer = null;
    this.ticket = 0; // answers to older requests are dropped
    this.get = new Stepper("get", 0);
    this.touch = new Stepper("touch", 0);
    byId("feedback-steppers").append(this.get.node, this.touch.node);
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
    this.get.max = this.touch.max = game.length;
    byId("play-description").textContent = game.description;
    byId("play-hint").textContent = this.colours
      ? "Type or tap a guess, click its tiles until they match the game's colours, then Enter."
      : "Type or tap a guess, set get (right place) and touch (elsewhere), then Enter.";
    byId("feedback-steppers").hidden = this.colours;
    byId("play-lists").replaceChildren(
      ...game.lists.map((lists) => el("option", { value: lists.name, title: lists.description }, lists.name)),
    );
    byId("play-lists-label").hidden = game.lists.length < 2;
    this.restart();
  }

  get colours() {
    return this.game.rule === "colours";
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
    this.refresh();
  }

  clearRow() {
    this.letters = [];
    this.marks = [];
    this.get.set(0);
    this.touch.set(0);
  }

  feedbackText() {
    return this.colours ? this.marks.map((m) => MARKS[m]).join("") : `${this.get.value}-${this.touch.value}`;
  }

  /** Ask for suggestions after the history (and the row typed, when submitting it). */
  async refresh(move = null) {
    const ticket = ++this.ticket;
    const answer = await post("/api/suggest", {
      game: this.game.name,
      lists: byId("play-lists").value,
      history: move ? [...this.history, move] : this.history,
      strategy: byId("play-strategy").value,
      hard: byId("play-hard").checked,
      guess_from: byId("play-candidates").checked ? "candidates" : "allowed",
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
    if (this.colours) this.marks = [...last.feedback].map((c) => MARKS.indexOf(c));
    else {
      const [get, touch] = last.feedback.split("-").map(Number);
      this.get.set(get);
      this.touch.set(touch);
    }
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

  pick(word) {
    this.letters = [...word];
    this.marks = this.letters.map(() => 0);
    this.render();
  }

  cycle(position) {
    this.marks[position] = (this.marks[position] + 1) % 3;
    this.render();
    byId("board").querySelector(`[data-position="${position}"]`)?.focus();
  }

  onKeydown(event) {
    if (!this.active || !this.game || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest("input, select, textarea")) return;
    const onBoard = target.closest("#board, #keyboard") !== null;
    if (event.key === "Enter") {
      if (target.closest("button") && !onBoard) return; // Enter on a button presses it
      event.preventDefault();
      this.submit();
    } else if (event.key === "Backspace") {
      event.preventDefault();
      this.type("backspace");
    } else if (event.key.length === 1) {
      let letter = event.key.toLowerCase();
      letter = this.game.alphabet.folds[letter] ?? letter;
      if (this.game.alphabet.letters.includes(letter)) this.type(letter);
    }
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
    if (this.colours) return this.row([...move.guess], [...move.feedback].map((c) => MARKS.indexOf(c)), "done");
    const [get, touch] = move.feedback.split("-");
    return this.row([...move.guess], [], "done plain", el("span", { class: "badge" }, `get ${get} · touch ${touch}`));
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
        "aria-label": `${letter}: ${["grey", "yellow", "green"][mark]}; click to change`,
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
        const mark = MARKS.indexOf(feedback[i]);
        if (!best.has(letter) || best.get(letter) < mark) best.set(letter, mark);
      });
    }
    return best;
  }
}

/** A tile that shows a letter (and its colour, when it has one). */
function tile(letter = "", mark = undefined) {
  const colour = mark === undefined ? "" : ` mark-${mark}`;
  return el("span", { class: `tile${letter ? " filled" : ""}${colour}` }, letter);
}

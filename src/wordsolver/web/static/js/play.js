// The board games, drawn from each rule's feedback form (data from the server, never the rule's
// name): marks (tap a tile to cycle grey → yellow → green), counters (a stepper per count, e.g.
// get and touch, or black and white pegs) or one number (with a "win" switch when the rule has
// one). The page keeps the history, sends all of it with every request, and writes it into the
// address (#wordle?h=tarse:..y..,coign:.g..y) so a reload or a link restores the game.
import { review, reviewShared, suggest } from "./api.js";
import { byId, el, fillStrategies, plural, Stepper } from "./dom.js";
import { showExplanation } from "./explain.js";
import { describe, markNames, tile, useMarkColours } from "./feedback.js";
import { bestMarks, renderKeyboard, typedKey } from "./keyboard.js";
import { closePanels, fillPanel, openPanel } from "./panels.js";
import { renderReview } from "./review.js";
import { Latest, decodeMoves, encodeMoves, kept, record, sameParams } from "./state.js";
import { possibleLine, suggestionTable } from "./suggestions.js";

const TOP = 10;
/** Rows a board without a limit of tries shows before it grows. */
const MIN_ROWS = 6;

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
    this.latest = new Latest(); // the suggestions asked for the position shown
    this.ending = new Latest(); // the review of the game just finished
    this.explaining = new Latest(); // the explanation of a guess at the position shown
    this.explained = null; // the word the explain panel is about
    this.reviewed = null; // the review of a game played elsewhere, shown once its board is
    this.pending = null; // the move sent and not yet answered, drawn on the board meanwhile
    fillStrategies(byId("play-strategy"), this.strategies);
    byId("play-undo").addEventListener("click", () => this.undo());
    byId("play-new").addEventListener("click", () => this.restart({ push: true }));
    byId("play-why").dataset.custom = "1";
    byId("play-why").addEventListener("click", () => this.why());
    for (const id of ["play-strategy", "play-hard", "play-candidates"]) {
      byId(id).addEventListener("change", () => this.refresh());
    }
    byId("play-lists").addEventListener("change", () => this.restart({ push: true }));
    byId("elsewhere-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.reviewElsewhere();
    });
    document.addEventListener("keydown", (event) => this.onKeydown(event));
  }

  /** Switch to a game and the state its address gives (a game kept unfinished when none). */
  show(game, params) {
    const switching = this.game?.name !== game.name;
    if (switching) this.setGame(game);
    const wanted = params.size > 0 ? params : kept(game.name) ?? params;
    if (!switching && sameParams(wanted, this.params())) {
      record(game.name, wanted, { unfinished: this.history.length > 0 && !this.solved }); // the address names the game again
      return;
    }
    this.setOptions(wanted);
    this.history = decodeMoves(wanted.get("h"));
    this.answer = null;
    this.clearRow();
    closePanels();
    this.render();
    this.refresh();
  }

  setGame(game) {
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
  }

  /** The options an address gives (the defaults where it gives none). */
  setOptions(params) {
    const lists = params.get("lists");
    byId("play-lists").value = this.game.lists.some((l) => l.name === lists) ? lists : this.game.lists[0].name;
    const strategy = params.get("strategy");
    byId("play-strategy").value = this.strategies.some((s) => s.name === strategy) ? strategy : "entropy";
    byId("play-hard").checked = params.get("hard") === "1";
    byId("play-candidates").checked = params.get("from") === "candidates";
  }

  /** The game as the address holds it. */
  params(history = this.history) {
    return new Map([
      ["h", encodeMoves(history)],
      ["lists", byId("play-lists").value === this.game.lists[0].name ? "" : byId("play-lists").value],
      ["strategy", byId("play-strategy").value === "entropy" ? "" : byId("play-strategy").value],
      ["hard", byId("play-hard").checked],
      ["from", byId("play-candidates").checked ? "candidates" : ""],
    ]);
  }

  /** Marks are typed on the tiles; counts on steppers. */
  get colours() {
    return this.form.kind === "marks";
  }

  hint() {
    if (this.colours) {
      const names = this.form.marks.map((mark) => mark.name).join(" → ");
      return `Type or tap a guess, tap its tiles (${names}) until they match the game's, then Enter.`;
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

  /** Every try used without the secret: the player is asked for it, for the review. */
  get lost() {
    return !this.solved && this.game.max_tries !== null && this.history.length >= this.game.max_tries;
  }

  restart({ push = false } = {}) {
    this.history = [];
    this.answer = null;
    this.clearRow();
    closePanels();
    this.render(); // the new game's empty board at once, not the last game's until it answers
    this.refresh(null, { push });
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

  /**
   * Ask for suggestions after the history (and the row typed, when submitting it); the request
   * for the position shown before is aborted. A move becomes an entry of the browser's history.
   */
  async refresh(move = null, { push = move !== null } = {}) {
    const signal = this.latest.next();
    this.ending.abort();
    this.explaining.abort();
    byId("play-explain").hidden = true;
    this.explained = null;
    if (move === null) this.pending = null;
    const history = move ? [...this.history, move] : this.history;
    const answer = await suggest({ ...this.request(history), top: TOP }, signal);
    if (signal.aborted) return false;
    this.pending = null;
    if (answer !== null) {
      this.answer = answer;
      this.history = answer.history.map(({ guess, feedback }) => ({ guess, feedback }));
    } else if (move) {
      this.letters = [...move.guess]; // the move refused: back in the row to fix, its message shown
      this.setFeedback(move.feedback);
    } else if (this.history.length > 0 && this.answer === null) {
      this.history = []; // an address whose moves the server refused: its message shows, a new game starts
      this.refresh(null, { push: false });
      return false;
    }
    record(this.game.name, this.params(), { push: push && answer !== null, unfinished: this.history.length > 0 && !this.solved });
    this.render();
    if (this.reviewed !== null && (this.solved || this.lost)) {
      byId("play-end").replaceChildren(...renderReview(this.reviewed, this.history));
    } else if (this.solved) this.showEnd();
    this.reviewed = null;
    return answer !== null;
  }

  /** Send the row typed; it stands on the board at once, and the next guess can be typed while
   * the answer comes (a refused move comes back to the row). */
  submit() {
    if (this.solved || this.lost || this.pending) return;
    this.pending = { guess: this.letters.join(""), feedback: this.feedbackText() };
    this.clearRow();
    this.refresh(this.pending);
    this.render();
  }

  undo() {
    const last = this.history.pop();
    if (last === undefined) {
      this.clearRow();
      this.render();
      return;
    }
    // The undone guess comes back as the row being typed, so its feedback can be fixed.
    this.answer = null;
    this.letters = [...last.guess];
    this.setFeedback(last.feedback);
    this.refresh(null, { push: true });
  }

  type(key) {
    if (key === "enter") this.submit();
    else if (key === "backspace") {
      this.letters.pop();
      this.marks.pop();
    } else if (this.letters.length < this.game.length && !this.solved && !this.lost) {
      this.letters.push(key);
      this.marks.push(0);
    }
    this.render();
  }

  /** A suggestion tapped: it becomes the row typed, and the explain panel says why. */
  pick(word) {
    this.letters = [...word];
    this.marks = this.letters.map(() => 0);
    this.render();
    this.explain(word);
  }

  /** Explain a word beside the top suggestion (the panel stands beside the board on a wide screen). */
  explain(word) {
    const top = this.answer?.suggestions[0]?.word ?? null;
    const signal = this.explaining.next();
    this.explained = word;
    const current = () => !signal?.aborted && this.explained === word;
    showExplanation(byId("play-explain"), this.form, this.request(), word, top, current, signal);
  }

  /** "Why?": the explanation of the row typed (or of the top suggestion), opened as a panel. */
  why() {
    const panel = byId("play-explain");
    if (panel.classList.contains("open")) {
      openPanel("play-explain", false);
      return;
    }
    const typed = this.letters.length === this.game.length ? this.letters.join("") : null;
    const word = typed ?? this.answer?.suggestions[0]?.word;
    if (!word) return;
    if (this.explained !== word || panel.hidden) {
      fillPanel(panel, el("p", { class: "hint" }, `Weighing ${word}…`));
      panel.hidden = false;
      this.explain(word);
    }
    openPanel("play-explain", true);
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
    const marks = this.colours ? bestMarks(this.history, this.symbols) : new Map();
    renderKeyboard(byId("keyboard"), this.game.alphabet, marks, (key) => this.type(key));
    byId("play-undo").disabled = this.history.length === 0 && this.letters.length === 0;
    byId("play").classList.toggle("finished", this.solved || this.lost);
    if (!this.solved && !this.lost) byId("play-end").replaceChildren();
    if (answer === null) {
      for (const id of ["play-suggestions", "play-candidates-list"]) byId(id).replaceChildren();
      byId("play-status").textContent = this.history.length ? "Replaying the game…" : "";
      return;
    }
    const strategy = this.strategies.find((s) => s.name === answer.strategy);
    const table = suggestionTable(answer.suggestions, strategy, (word) => this.pick(word), answer.ranks_by);
    byId("play-suggestions").replaceChildren(...(this.solved || this.lost ? [] : [table]));
    byId("play-status").textContent = this.solved
      ? `Solved in ${plural(this.history.length, "guess")}: ${this.history.at(-1).guess}`
      : possibleLine(answer) +
        (answer.widened ? " (no answer fits: the secret is outside the game's answer list; these are the allowed words that fit)" : "");
    if (this.lost) this.askSecret();
    const list = byId("play-candidates-list");
    list.classList.toggle("many", answer.candidates === null);
    list.textContent = answer.candidates ? answer.candidates.join(" ") : "Too many to list.";
  }

  renderBoard() {
    const rows = this.history.map((move) => this.doneRow(move));
    if (this.pending) {
      const sent = this.doneRow(this.pending);
      sent.classList.replace("done", "pending"); // drawn, not yet taken
      rows.push(sent);
    }
    if (!this.solved && !this.lost) rows.push(this.currentRow());
    const tries = this.solved || this.lost ? 0 : this.game.max_tries ?? Math.max(MIN_ROWS, rows.length);
    while (rows.length < tries) rows.push(this.row([], [], "empty"));
    const board = byId("board");
    board.style.setProperty("--rows", String(rows.length));
    board.style.setProperty("--cols", String(this.game.length + (this.colours ? 0 : 3)));
    board.replaceChildren(...rows);
    board.querySelector(".row.current")?.scrollIntoView({ block: "nearest" });
  }

  doneRow(move) {
    if (this.colours) {
      const row = this.row([...move.guess], [...move.feedback].map((c) => this.symbols.indexOf(c)), "done");
      row.setAttribute("aria-label", `${move.guess}: ${markNames(this.form, move.feedback)}`);
      return row;
    }
    return this.row([...move.guess], [], "done plain", el("span", { class: "badge" }, describe(this.form, move.feedback)));
  }

  /** The row being typed: in a colours game each typed letter is a button that cycles its colour. */
  currentRow() {
    const tiles = Array.from({ length: this.game.length }, (_, i) =>
      this.colours && i < this.letters.length ? this.markButton(i) : tile(this.letters[i], undefined, this.game.alphabet),
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
        "aria-label": `${letter}: ${this.form.marks[mark].name}; tap to change`,
        onclick: () => this.cycle(position),
      },
      letter,
    );
  }

  row(letters, marks, kind, badge = null) {
    const tiles = Array.from({ length: this.game.length }, (_, i) =>
      tile(letters[i], marks[i], this.colours ? null : this.game.alphabet),
    );
    return el("div", { class: `row ${kind}` }, tiles, badge);
  }

  /** The end of a solved game: the review beside the solver and the share text. */
  async showEnd(secret = null) {
    const signal = this.ending.next();
    byId("play-end").replaceChildren(el("p", { class: "hint" }, "Reviewing your game beside the solver's…"));
    const body = { ...this.request(), ...(secret ? { secret } : {}) };
    const data = await review(body, signal);
    if (signal.aborted) return;
    byId("play-end").replaceChildren(...(data === null ? [] : renderReview(data, this.history)));
  }

  /** Every try used: the secret, typed by the player, brings the review. */
  askSecret() {
    if (byId("play-end").childElementCount > 0) return;
    const input = el("input", { id: "play-secret", autocomplete: "off", autocapitalize: "none", spellcheck: "false" });
    const form = el(
      "form",
      { class: "inline-form", onsubmit: (event) => {
        event.preventDefault();
        this.showEnd(input.value.trim().toLowerCase());
      } },
      el("label", {}, "Out of tries. The secret was ", input),
      el("button", { type: "submit" }, "Review"),
    );
    byId("play-end").replaceChildren(form);
  }

  /** A game played elsewhere: its share grid and its guesses (the secret last), reviewed. */
  async reviewElsewhere() {
    const guesses = byId("elsewhere-guesses").value.trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
    const { history, ...how } = this.request();
    const data = await reviewShared({ ...how, grid: byId("elsewhere-grid").value, guesses });
    if (data === null) return;
    closePanels();
    this.history = data.history;
    this.answer = null;
    this.reviewed = data.review;
    this.clearRow();
    this.render();
    this.refresh(null, { push: true });
  }
}

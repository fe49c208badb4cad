// Fallout terminals: read the screen (text or screenshot), tap the word tried, enter its likeness.
import { post, upload } from "./api.js";
import { byId, el, fillStrategies, plural, Stepper } from "./dom.js";
import { suggestionTable } from "./suggestions.js";

const TOP = 5;

export class FalloutView {
  constructor(catalogue) {
    this.strategies = catalogue.strategies;
    this.tries = catalogue.games.find((g) => g.needs_words).max_tries;
    this.screen = null; // what the server read: {words, length, brackets, ...}
    this.history = [];
    this.selected = null;
    this.answer = null;
    this.likeness = new Stepper("likeness", 0);
    byId("likeness-stepper").append(this.likeness.node);
    fillStrategies(byId("fallout-strategy"), this.strategies);
    byId("fallout-strategy").addEventListener("change", () => this.refresh());
    byId("screen-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.read(post("/api/fallout/screen", { text: byId("screen-text").value }));
    });
    byId("screen-image").addEventListener("change", (event) => this.readImage(event.target.files[0]));
    const drop = byId("screen-drop");
    drop.addEventListener("dragover", (event) => {
      event.preventDefault();
      drop.classList.add("over");
    });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (event) => {
      event.preventDefault();
      drop.classList.remove("over");
      this.readImage(event.dataTransfer.files[0]);
    });
    byId("fallout-enter").addEventListener("click", () => this.submit());
    byId("fallout-undo").addEventListener("click", () => this.undo());
  }

  readImage(file) {
    if (file) this.read(upload("/api/fallout/screenshot", file));
  }

  async read(reading) {
    const screen = await reading;
    if (screen === null) return;
    this.screen = screen;
    this.history = [];
    this.selected = null;
    this.likeness.max = screen.length;
    this.likeness.set(0);
    byId("terminal").hidden = false;
    this.refresh();
  }

  async refresh(move = null) {
    const answer = await post("/api/suggest", {
      game: "fallout",
      words: this.screen.words,
      history: move ? [...this.history, move] : this.history,
      strategy: byId("fallout-strategy").value,
      top: TOP,
    });
    if (answer !== null) {
      this.answer = answer;
      this.history = answer.history.map(({ guess, feedback }) => ({ guess, feedback }));
      if (move) {
        this.selected = null;
        this.likeness.set(0);
      }
    }
    this.render();
  }

  submit() {
    if (this.selected === null) {
      byId("fallout-status").textContent = "Tap the word you tried first.";
      return;
    }
    this.refresh({ guess: this.selected, feedback: String(this.likeness.value) });
  }

  undo() {
    if (this.history.pop() !== undefined) this.refresh();
  }

  select(word) {
    this.selected = word;
    this.render();
  }

  render() {
    const { screen, answer } = this;
    const left = this.tries - this.history.length;
    byId("terminal-summary").textContent =
      `${plural(screen.words.length, "word")} of ${screen.length} letters, ` +
      `${plural(screen.brackets.length, "bracket pair")}; ${plural(Math.max(left, 0), "attempt")} left`;
    const candidates = new Set(answer?.candidates ?? screen.words);
    byId("terminal-words").replaceChildren(
      ...screen.words.map((word) =>
        el(
          "button",
          {
            type: "button",
            class: candidates.has(word) ? null : "out",
            "aria-pressed": String(word === this.selected),
            disabled: Boolean(answer?.solved),
            onclick: () => this.select(word),
          },
          word,
        ),
      ),
    );
    byId("terminal-log").replaceChildren(
      ...(answer?.history ?? []).map((step) =>
        el("li", {}, `${step.guess.toUpperCase()}: likeness ${step.feedback}, ${plural(step.candidates_left, "candidate")} left`),
      ),
    );
    byId("fallout-enter").disabled = Boolean(answer?.solved);
    if (answer === null) return;
    const strategy = this.strategies.find((s) => s.name === answer.strategy);
    const table = suggestionTable(answer.suggestions, strategy.score_label, (word) => this.select(word));
    byId("fallout-suggestions").replaceChildren(...(answer.solved ? [] : [table]));
    byId("fallout-status").textContent = answer.solved
      ? `Solved: the password is ${answer.history.at(-1).guess.toUpperCase()}`
      : `${plural(answer.candidates_left, "candidate")} left` +
        (this.selected ? `; tried ${this.selected.toUpperCase()}? enter its likeness` : "");
  }
}

// Fallout terminals: read the screen (text, a photo taken on the spot, or a screenshot), check
// and correct the words read (fragments the reader could not make whole, and the rows of a photo
// where no word could be read, are shown to check; words can be added and removed), then tap the word tried and enter its likeness. The words and
// the moves are kept in the address (#fallout?w=spies,tires&h=tires:1).
import { post, readPhoto, readScreenshot, suggest } from "./api.js";
import { byId, el, fillStrategies, plural, Stepper } from "./dom.js";
import { Latest, decodeMoves, decodeWords, encodeMoves, encodeWords, kept, record, sameParams } from "./state.js";
import { possibleLine, suggestionTable } from "./suggestions.js";

const TOP = 5;
const NAME = "fallout";

export class FalloutView {
  constructor(catalogue) {
    this.strategies = catalogue.strategies;
    this.tries = catalogue.games.find((g) => g.needs_words).max_tries;
    this.words = null; // the words in play (read, then corrected by the player)
    this.fragments = [];
    this.unread = []; // rows of a photo where no word could be read
    this.history = [];
    this.selected = null;
    this.answer = null;
    this.removing = false;
    this.latest = new Latest();
    this.likeness = new Stepper("likeness", 0);
    byId("likeness-stepper").append(this.likeness.node);
    fillStrategies(byId("fallout-strategy"), this.strategies);
    byId("fallout-strategy").addEventListener("change", () => this.refresh());
    byId("screen-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.read(post("/api/fallout/screen", { text: byId("screen-text").value }));
    });
    byId("screen-image").addEventListener("change", (event) => this.readImage(event.target.files[0]));
    byId("screen-photo").addEventListener("change", (event) => this.readImage(event.target.files[0], readPhoto));
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
    byId("word-add").addEventListener("submit", (event) => {
      event.preventDefault();
      this.addWord(byId("word-add-text").value);
    });
    byId("word-edit").addEventListener("click", () => {
      this.removing = !this.removing;
      byId("word-edit").setAttribute("aria-pressed", String(this.removing));
      this.render();
    });
    byId("fallout-enter").addEventListener("click", () => this.submit());
    byId("fallout-undo").addEventListener("click", () => this.undo());
  }

  /** The terminal its address (or the one kept unfinished) gives. */
  show(params) {
    const wanted = params.size > 0 ? params : kept(NAME) ?? params;
    if (this.words !== null && sameParams(wanted, this.params())) return;
    const words = decodeWords(wanted.get("w"));
    const strategy = wanted.get("strategy");
    byId("fallout-strategy").value = this.strategies.some((s) => s.name === strategy) ? strategy : "entropy";
    if (words.length === 0) {
      this.words = null;
      byId("terminal").hidden = true;
      byId("screen-box").open = true;
      return;
    }
    this.useWords(words, []);
    this.history = decodeMoves(wanted.get("h"));
    this.refresh();
  }

  params() {
    const strategy = byId("fallout-strategy").value;
    return new Map([
      ["w", encodeWords(this.words ?? [])],
      ["h", encodeMoves(this.history)],
      ["strategy", strategy === "entropy" ? "" : strategy],
    ]);
  }

  /** A screenshot (or, `reader` readPhoto, a photo of the screen) read by the server. */
  readImage(file, reader = readScreenshot) {
    if (file) this.read(reader(file), { image: true });
  }

  /** What the server read: its words to play, its text into the box (to correct), its fragments to check. */
  async read(reading, { image = false } = {}) {
    const screen = await reading;
    if (screen === null) return;
    if (image) byId("screen-text").value = screen.text ?? screen.words.join("\n");
    this.useWords(screen.words, screen.fragments ?? [], screen.unread ?? []);
    this.history = [];
    this.refresh(null, { push: true });
  }

  useWords(words, fragments, unread = []) {
    this.words = [...new Set(words.map((word) => word.toLowerCase()))];
    this.fragments = fragments;
    this.unread = unread;
    this.selected = null;
    this.answer = null;
    this.likeness.max = Math.max(0, ...this.words.map((word) => word.length));
    this.likeness.set(0);
    byId("terminal").hidden = false;
    byId("screen-box").open = false;
  }

  /** A word the reader missed (or a fragment completed), added before playing. */
  addWord(text) {
    const word = text.trim().toLowerCase();
    if (!word || this.words === null || this.words.includes(word)) return;
    this.words = [...this.words, word];
    this.fragments = this.fragments.filter((fragment) => !word.includes(fragment.toLowerCase()));
    byId("word-add-text").value = "";
    this.history = [];
    this.refresh(null, { push: true });
  }

  removeWord(word) {
    this.words = this.words.filter((w) => w !== word);
    this.history = [];
    this.refresh(null, { push: true });
  }

  async refresh(move = null, { push = move !== null } = {}) {
    if (this.words === null) return;
    const signal = this.latest.next();
    const answer = await suggest({
      game: "fallout",
      words: this.words,
      history: move ? [...this.history, move] : this.history,
      strategy: byId("fallout-strategy").value,
      top: TOP,
    }, signal);
    if (signal.aborted) return;
    if (answer !== null) {
      this.answer = answer;
      this.history = answer.history.map(({ guess, feedback }) => ({ guess, feedback }));
      if (move) {
        this.selected = null;
        this.likeness.set(0);
      }
      record(NAME, this.params(), { push, unfinished: !answer.solved });
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
    if (this.history.pop() !== undefined) this.refresh(null, { push: true });
  }

  select(word) {
    if (this.removing) {
      this.removeWord(word);
      return;
    }
    this.selected = word;
    this.render();
  }

  render() {
    const { answer } = this;
    const words = this.words ?? [];
    const left = this.tries - this.history.length;
    const length = this.likeness.max;
    byId("terminal-summary").textContent =
      `${plural(words.length, "word")} of ${length} letters; ${plural(Math.max(left, 0), "attempt")} left`;
    const check = byId("terminal-check");
    check.hidden = this.fragments.length === 0 && this.unread.length === 0;
    const toCheck = (fragment) =>
      el("button", { type: "button", class: "fragment", title: "complete it, then Add", onclick: () => {
        byId("word-add-text").value = fragment.toLowerCase();
        byId("word-add-text").focus();
      } }, fragment.toUpperCase());
    const parts = [];
    if (this.fragments.length > 0) {
      parts.push(el("p", {}, "Words to check (read only in part): ", this.fragments.map(toCheck), " Tap one, complete it from the screen, then Add."));
    }
    if (this.unread.length > 0) {
      const places = this.unread.map((row) => row.place).join("; ");
      parts.push(el("p", { class: "unread" }, `${plural(this.unread.length, "row")} not read: ${places}. A word there may be missing: type it from the screen, then Add.`));
    }
    check.replaceChildren(...parts);
    const candidates = new Set(answer?.candidates ?? words);
    byId("terminal-words").replaceChildren(
      ...words.map((word) =>
        el(
          "button",
          {
            type: "button",
            class: [candidates.has(word) ? null : "out", this.removing ? "removing" : null].filter(Boolean).join(" ") || null,
            "aria-pressed": this.removing ? null : String(word === this.selected),
            "aria-label": this.removing ? `remove ${word}` : null,
            disabled: Boolean(answer?.solved) && !this.removing,
            onclick: () => this.select(word),
          },
          word,
          this.removing ? " ✕" : null,
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
    const table = suggestionTable(answer.suggestions, strategy, (word) => this.select(word), answer.ranks_by);
    byId("fallout-suggestions").replaceChildren(...(answer.solved ? [] : [table]));
    byId("fallout-status").textContent = answer.solved
      ? `Solved: the password is ${answer.history.at(-1).guess.toUpperCase()}`
      : possibleLine(answer) + (this.selected ? `; tried ${this.selected.toUpperCase()}? enter its likeness` : "");
  }
}

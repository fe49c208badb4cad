// The board view of multi-board games (Dordle, Quordle, Octordle): the boards in two columns of
// compact tiles, each guess typed once (on the keys or the keyboard), then one colour row per
// unsolved board (tap a tile to cycle its marks, drawn from the base game's feedback form). A
// solved board folds to one line; each key shows every board's colour. The page keeps the history
// (in the address too: a board's patterns joined by "/") and sends all of it each time.
import { boards } from "./api.js";
import { byId, el, fillStrategies, plural } from "./dom.js";
import { tile, useMarkColours } from "./feedback.js";
import { bestMarks, renderKeyboard, typedKey } from "./keyboard.js";
import { closePanels } from "./panels.js";
import { reviewTable } from "./review.js";
import { shareBox } from "./share.js";
import { Latest, decodeMoves, encodeMoves, kept, record, sameParams } from "./state.js";
import { percent, possibleLine, suggestionTable } from "./suggestions.js";

const TOP = 10;

export class BoardsView {
  constructor(catalogue, boardGames) {
    this.catalogue = catalogue;
    this.boardGames = boardGames;
    this.spec = null;
    this.history = []; // [{guess, feedback}] with one pattern per board, joined by ","
    this.answer = null;
    this.letters = [];
    this.marks = []; // per board, the marks of the row being typed
    this.latest = new Latest();
    this.strategies = catalogue.strategies.filter((s) => !s.name.startsWith("optimal"));
    fillStrategies(byId("boards-strategy"), this.strategies);
    byId("boards-undo").addEventListener("click", () => this.undo());
    byId("boards-new").addEventListener("click", () => this.restart({ push: true }));
    byId("boards-strategy").addEventListener("change", () => this.refresh());
    byId("boards-hard").addEventListener("change", () => this.refresh());
    byId("boards-lists").addEventListener("change", () => this.restart({ push: true }));
    document.addEventListener("keydown", (event) => this.onKeydown(event));
  }

  /** Switch to a board game and the state its address (or the game kept unfinished) gives. */
  show(spec, params) {
    const switching = this.spec?.name !== spec.name;
    if (switching) {
      this.spec = spec;
      this.base = this.catalogue.games.find((g) => g.name === spec.base);
      this.symbols = this.base.feedback.marks.map((mark) => mark.symbol);
      byId("boards-description").textContent = spec.description;
      byId("boards-lists").replaceChildren(...this.base.lists.map((l) => el("option", { value: l.name, title: l.description }, l.name)));
      byId("boards-lists-label").hidden = this.base.lists.length < 2;
      byId("boards-grid").dataset.boards = String(spec.boards);
    }
    useMarkColours(this.base.feedback);
    const wanted = params.size > 0 ? params : kept(spec.name) ?? params;
    if (!switching && sameParams(wanted, this.params())) {
      record(spec.name, wanted, { unfinished: this.history.length > 0 && !this.answer?.solved });
      return;
    }
    const lists = wanted.get("lists");
    byId("boards-lists").value = this.base.lists.some((l) => l.name === lists) ? lists : this.base.lists[0].name;
    const strategy = wanted.get("strategy");
    byId("boards-strategy").value = this.strategies.some((s) => s.name === strategy) ? strategy : "entropy";
    byId("boards-hard").checked = wanted.get("hard") === "1";
    this.history = decodeMoves(wanted.get("h")).map((move) => ({ guess: move.guess, feedback: move.feedback.replaceAll("/", ",") }));
    this.answer = null;
    closePanels();
    this.draw();
    this.refresh();
  }

  params() {
    const lists = byId("boards-lists").value;
    const strategy = byId("boards-strategy").value;
    return new Map([
      ["h", encodeMoves(this.history.map((move) => ({ guess: move.guess, feedback: move.feedback.replaceAll(",", "/") })))],
      ["lists", lists === this.base.lists[0].name ? "" : lists],
      ["strategy", strategy === "entropy" ? "" : strategy],
      ["hard", byId("boards-hard").checked],
    ]);
  }

  get active() {
    return !byId("boards").hidden;
  }

  restart({ push = false } = {}) {
    this.history = [];
    this.answer = null;
    this.letters = [];
    this.draw();
    this.refresh(null, { push });
  }

  undo() {
    if (this.history.length === 0) {
      this.letters = [];
      this.draw();
      return;
    }
    this.history.pop();
    this.refresh(null, { push: true });
  }

  /** Ask the server for the boards after the history (and the move, when one is sent). */
  async refresh(move = null, { push = move !== null } = {}) {
    const signal = this.latest.next();
    const history = move ? [...this.history, move] : this.history;
    const body = {
      game: this.spec.name,
      lists: byId("boards-lists").value,
      hard: byId("boards-hard").checked,
      history,
      top: TOP,
      strategy: byId("boards-strategy").value,
    };
    const answer = await boards(body, signal);
    if (signal.aborted) return;
    if (answer === null) {
      if (!move && this.answer === null && this.history.length > 0) this.restart(); // an address refused: a new game
      return; // a move refused: its message is shown, the row kept to fix
    }
    this.answer = answer;
    this.history = history;
    if (move) this.letters = [];
    this.marks = answer.boards.map(() => Array(this.base.length).fill(0));
    record(this.spec.name, this.params(), { push, unfinished: this.history.length > 0 && !answer.solved });
    this.draw();
  }

  type(key) {
    if (this.answer === null || this.answer.solved) return;
    if (key === "enter") this.submit();
    else if (key === "backspace") this.letters.pop();
    else if (this.letters.length < this.base.length) this.letters.push(key);
    this.drawGrid();
  }

  onKeydown(event) {
    if (!this.active || !this.base) return;
    const key = typedKey(event, this.base.alphabet, "#boards-grid, #boards-keyboard");
    if (key !== null) this.type(key);
  }

  pick(word) {
    this.letters = [...word];
    this.drawGrid();
  }

  /** Send the typed guess with each board's marks ("-" for a board solved earlier). */
  submit() {
    if (this.answer === null || this.answer.solved || this.letters.length !== this.base.length) return;
    const feedback = this.answer.boards
      .map((board, b) => (board.solved ? "-" : this.marks[b].map((m) => this.symbols[m]).join("")))
      .join(",");
    this.refresh({ guess: this.letters.join(""), feedback });
  }

  /** Everything: the boards, the keys, the status, the suggestions or the end. */
  draw() {
    this.drawGrid();
    const answer = this.answer;
    byId("boards-undo").disabled = this.history.length === 0;
    byId("boards").classList.toggle("finished", Boolean(answer?.solved));
    if (answer === null) {
      byId("boards-status").textContent = this.history.length ? "Replaying the game…" : "";
      byId("boards-suggestions").replaceChildren();
      byId("boards-end").replaceChildren();
      byId("boards-rule").textContent = "";
      return;
    }
    const solved = answer.boards.filter((b) => b.solved).length;
    const tries = Math.max(answer.tries_left ?? 0, 0);
    const left = answer.tries_left === null ? "" : `, ${tries} ${tries === 1 ? "try" : "tries"} left`;
    byId("boards-status").textContent = answer.solved
      ? `Every board solved in ${plural(this.history.length, "guess")}`
      : `${solved} of ${plural(answer.boards.length, "board")} solved${left}`;
    byId("boards-rule").textContent = answer.forced.length
      ? `Board ${answer.forced.join(", ")}: one candidate left, so it is played.`
      : "";
    const strategy = this.catalogue.strategies.find((s) => s.name === answer.strategy);
    byId("boards-suggestions").replaceChildren(
      ...(answer.solved ? [] : [suggestionTable(answer.suggestions, strategy, (word) => this.pick(word), answer.ranks_by)]),
    );
    byId("boards-end").replaceChildren(...(answer.solved ? renderBoardsReview(answer) : []));
  }

  /** The boards in two columns: the rows played, then the row being typed on each unsolved one. */
  drawGrid() {
    const count = this.spec.boards;
    const states = this.answer?.boards ?? Array.from({ length: count }, () => null);
    const typed = this.letters;
    const grid = states.map((board, b) => {
      const played = this.history.map((move) => ({ guess: move.guess, feedback: move.feedback.split(",")[b] }));
      const done = played.filter((move) => move.feedback !== "-");
      const label = `Board ${b + 1}`;
      if (board?.solved && !this.answer.solved) { // folded while the others are played; all shown at the end
        const solvedAt = done.length;
        return el("div", { class: "board folded", "data-board": String(b + 1), role: "group", "aria-label": `${label}: solved` },
          el("h3", {}, `${label} ✓ ${done.at(-1)?.guess ?? ""} in ${solvedAt}`));
      }
      const rows = done.map((move) =>
        el("div", { class: "row done" }, [...move.guess].map((letter, i) => tile(letter, this.symbols.indexOf(move.feedback[i])))),
      );
      if (this.answer !== null && !this.answer.solved) rows.push(this.typingRow(b, typed));
      const left = board === null ? "" : boardLeft(board, this.answer.prior);
      const said = board === null || this.answer.prior === "uniform" ? {} : { title: possibleLine(board) };
      return el("div", { class: "board", "data-board": String(b + 1), role: "group", "aria-label": label },
        el("h3", said, label, el("small", {}, ` ${left}`)), rows);
    });
    byId("boards-grid").replaceChildren(...grid);
    const perBoard = states.map((board, b) =>
      board?.solved ? null : bestMarks(this.history.map((move) => ({ guess: move.guess, feedback: move.feedback.split(",")[b] })), this.symbols),
    );
    renderKeyboard(byId("boards-keyboard"), this.base.alphabet, new Map(), (key) => this.type(key), perBoard);
  }

  typingRow(b, typed) {
    const tiles = [];
    for (let i = 0; i < this.base.length; i += 1) {
      const letter = typed[i] ?? "";
      const mark = this.marks[b]?.[i] ?? 0;
      tiles.push(el("button", {
        type: "button",
        class: `tile ${letter ? "filled" : ""} mark-${mark}`,
        "data-position": String(i),
        "aria-label": `board ${b + 1} letter ${i + 1}${letter ? ` ${letter}: ${this.base.feedback.marks[mark].name}` : ""}`,
        onclick: () => {
          if (!this.marks[b]) return;
          this.marks[b][i] = (this.marks[b][i] + 1) % this.symbols.length;
          this.drawGrid();
          byId("boards-grid").querySelector(`[data-board="${b + 1}"] [data-position="${i}"]`)?.focus();
        },
      }, letter));
    }
    return el("div", { class: "row current" }, tiles);
  }
}

/** What is possible on one board, short enough for a phone's board heading: its few
 * candidates or how many; under a prior the likeliest with its chance and how many are left
 * ("pilot 99% · 3 left"; the status line's words in the title). */
function boardLeft(board, prior) {
  if (prior !== "uniform" && !board.solved && board.likeliest?.length > 0) {
    if (board.certain) return `certain: ${board.likeliest[0].word}`;
    const top = board.likeliest[0];
    return `${top.word} ${percent(top.probability)} · ${board.possible.toLocaleString("en")} left`;
  }
  return board.candidates && board.candidates.length <= 3
    ? board.candidates.join(" ") : plural(board.candidates_left, "candidate");
}

/** Each guess of the solved game beside the solver's from the same spot, and the share text. */
function renderBoardsReview(answer) {
  const perBoard = (counts) => counts.map((n) => (n === null ? "-" : String(n))).join(" ");
  const headings = ["#", "your guess", "left on each board", "in all", `${answer.strategy} would play`, "it leaves", "in all"];
  const rows = answer.review.map((row) => el("tr", {}, [
    el("td", {}, String(row.number)),
    el("td", { class: "word" }, row.guess),
    el("td", {}, perBoard(row.left)),
    el("td", {}, String(row.total_left)),
    el("td", { class: "word" }, row.solver_pick),
    el("td", {}, perBoard(row.pick_left)),
    el("td", {}, row.pick_total_left === null ? "" : String(row.pick_total_left)),
  ]));
  return [
    el("h2", {}, `Review: your game beside the ${answer.strategy} solver`),
    reviewTable(headings, rows),
    shareBox(answer.share),
  ];
}

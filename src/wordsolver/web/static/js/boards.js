// The board view of multi-board games (Dordle, Quordle, Octordle): the boards side by side, each
// guess typed once, then one colour row per unsolved board (click a tile to cycle its marks, drawn
// from the base game's feedback form). The page keeps the history and sends all of it each time.
import { post } from "./api.js";
import { byId, el, fillStrategies, plural } from "./dom.js";
import { reviewTable } from "./review.js";
import { suggestionTable } from "./suggestions.js";

const TOP = 10;

export class BoardsView {
  constructor(catalogue, boardGames) {
    this.catalogue = catalogue;
    this.boardGames = boardGames;
    this.spec = null;
    this.history = []; // [{guess, feedback}] with one pattern per board
    this.answer = null;
    this.marks = []; // per board, the marks of the row being typed
    fillStrategies(byId("boards-strategy"), catalogue.strategies.filter((s) => !s.name.startsWith("optimal")));
    byId("boards-guess").addEventListener("input", () => this.drawGrid());
    byId("boards-enter").addEventListener("click", () => this.submit());
    byId("boards-undo").addEventListener("click", () => this.undo());
    byId("boards-new").addEventListener("click", () => this.restart());
    byId("boards-strategy").addEventListener("change", () => this.refresh());
  }

  /** Switch to a board game (a new game unless it is the one shown). */
  show(spec) {
    if (this.spec?.name === spec.name) return;
    this.spec = spec;
    this.base = this.catalogue.games.find((g) => g.name === spec.base);
    this.symbols = this.base.feedback.marks.map((mark) => mark.symbol);
    this.base.feedback.marks.forEach((mark, i) => document.documentElement.style.setProperty(`--mark-${i}`, mark.colour));
    byId("boards-description").textContent = spec.description;
    this.restart();
  }

  restart() {
    this.history = [];
    this.refresh();
  }

  undo() {
    this.history.pop();
    this.refresh();
  }

  get guess() {
    return byId("boards-guess").value.trim().toLowerCase();
  }

  /** Ask the server for the boards after the history; draw them. */
  async refresh() {
    const body = { game: this.spec.name, history: this.history, top: TOP, strategy: byId("boards-strategy").value };
    const answer = await post("/api/boards", body);
    if (answer === null) {
      this.history.pop(); // the last move was refused: its message is shown, the move undone
      return;
    }
    this.answer = answer;
    this.marks = answer.boards.map(() => Array(this.base.length).fill(0));
    byId("boards-guess").value = "";
    this.drawGrid();
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
      answer.solved ? renderBoardsReview(answer) : suggestionTable(answer.suggestions, strategy.score_label, (word) => this.pick(word)),
    );
  }

  pick(word) {
    byId("boards-guess").value = word;
    this.drawGrid();
  }

  /** The boards side by side: the rows played, then the row being typed on each unsolved board. */
  drawGrid() {
    if (this.answer === null) return;
    const typed = this.guess;
    const boards = this.answer.boards.map((board, b) => {
      const rows = this.history.map((move) => {
        const pattern = move.feedback.split(",")[b];
        if (pattern === "-") return el("div", { class: "row plain" });
        return el("div", { class: "row done" }, [...move.guess].map((letter, i) =>
          el("span", { class: `tile filled mark-${this.symbols.indexOf(pattern[i])}` }, letter.toUpperCase()),
        ));
      });
      if (!board.solved && !this.answer.solved) rows.push(this.typingRow(b, typed));
      const left = board.solved ? "solved" : board.candidates && board.candidates.length <= 3
        ? board.candidates.join(" ") : plural(board.candidates_left, "candidate");
      return el("div", { class: "board", "data-board": String(b + 1), "aria-label": `Board ${b + 1}` },
        el("h3", {}, `Board ${b + 1}`), rows, el("p", { class: "hint" }, left));
    });
    byId("boards-grid").replaceChildren(...boards);
  }

  typingRow(b, typed) {
    const tiles = [];
    for (let i = 0; i < this.base.length; i += 1) {
      const letter = typed[i] ?? "";
      tiles.push(el("button", {
        type: "button",
        class: `tile ${letter ? "filled" : ""} mark-${this.marks[b][i]}`,
        "data-position": String(i),
        "aria-label": `board ${b + 1} letter ${i + 1}`,
        onclick: () => {
          this.marks[b][i] = (this.marks[b][i] + 1) % this.symbols.length;
          this.drawGrid();
        },
      }, letter.toUpperCase()));
    }
    return el("div", { class: "row current" }, tiles);
  }

  /** Send the typed guess with each board's marks ("-" for a board solved earlier). */
  submit() {
    if (this.answer === null || this.answer.solved || !this.guess) return;
    const feedback = this.answer.boards
      .map((board, b) => (board.solved ? "-" : this.marks[b].map((m) => this.symbols[m]).join("")))
      .join(",");
    this.history.push({ guess: this.guess, feedback });
    this.refresh();
  }
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
  return el("section", { "aria-label": "Review" }, [
    el("h3", {}, `Your game beside the ${answer.strategy} solver`),
    reviewTable(headings, rows),
    el("pre", { class: "share" }, answer.share),
  ]);
}

// Games the program hosts: guess its secret (with hints, and a review at the end), or duel it
// (each hides a word; you guess first in each round; fewer guesses wins; your guesses reviewed at
// the end). The page keeps the seed that picks the secret and the guesses; each answer from the
// server replays them.
import { fetchJson, post, postJson, showError } from "./api.js";
import { byId, capital, el, fillStrategies, plural } from "./dom.js";
import { scoredRow, tile, useMarkColours } from "./feedback.js";
import { renderKeyboard, typedKey } from "./keyboard.js";
import { renderReview } from "./review.js";
import { suggestionTable } from "./suggestions.js";

const HINTS = 5;
const DUEL_GAME = "tonguess3";

export class HostView {
  constructor(catalogue) {
    this.games = catalogue.games.filter((g) => !g.needs_words);
    this.strategies = catalogue.strategies;
    this.mode = "solo";
    this.ticket = 0;
    this.reset();
    byId("host-game").replaceChildren(...this.games.map((g) => el("option", { value: g.name, title: g.description }, g.name)));
    fillStrategies(byId("host-strategy"), this.strategies);
    byId("host-game").addEventListener("change", () => this.gameChanged());
    byId("host-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.start();
    });
    byId("host-enter").addEventListener("click", () => this.submit());
    byId("host-hint").addEventListener("click", () => this.hint());
    byId("host-giveup").addEventListener("click", () => this.giveUp());
    document.addEventListener("keydown", (event) => this.onKeydown(event));
  }

  /** Show the solo game or the duel (a new game unless that one is shown). */
  show(mode) {
    if (this.mode === mode && this.body) return;
    this.mode = mode;
    byId("host-title").textContent = mode === "duel" ? "Duel: you and the computer guess each other's word" : "Guess the program's secret";
    byId("host-secret-label").hidden = mode !== "duel";
    byId("host-pick-label").hidden = mode !== "duel";
    byId("host-computer-wrap").hidden = mode !== "duel";
    if (mode === "duel" && this.games.some((g) => g.name === DUEL_GAME)) byId("host-game").value = DUEL_GAME;
    this.gameChanged();
  }

  get game() {
    return this.games.find((g) => g.name === byId("host-game").value);
  }

  get active() {
    return !byId("host").hidden;
  }

  reset() {
    this.body = null; // the request of the game under way
    this.answer = null;
    this.letters = [];
    this.hints = [];
  }

  /** Another game chosen: its list sets, and the old board cleared at once. */
  gameChanged() {
    const game = this.game;
    byId("host-lists").replaceChildren(...game.lists.map((l) => el("option", { value: l.name, title: l.description }, l.name)));
    byId("host-lists-label").hidden = game.lists.length < 2;
    this.ticket += 1; // answers about the last game are dropped
    this.reset();
    useMarkColours(game.feedback);
    byId("host-status").textContent = this.mode === "duel" ? "Choose your secret word, then New game." : "Press New game.";
    this.render();
  }

  start() {
    const typed = byId("host-seed").value.trim();
    const seed = typed === "" ? crypto.getRandomValues(new Uint32Array(1))[0] : Number(typed);
    this.ticket += 1;
    this.reset();
    this.body = {
      game: this.game.name,
      lists: byId("host-lists").value,
      strategy: byId("host-strategy").value,
      hard: byId("host-hard").checked,
      seed,
      guesses: [],
    };
    if (this.mode === "duel") {
      this.body.secret = byId("host-secret").value.trim();
      this.body.computer_secret = byId("host-pick").value;
    }
    this.seed = seed;
    this.ask(this.body);
  }

  get path() {
    return this.mode === "duel" ? "/api/duel" : "/api/play";
  }

  get finished() {
    if (this.answer === null) return false;
    return this.mode === "duel" ? this.answer.outcome !== null : this.answer.finished;
  }

  /** Send the game with changes; keep them only when the server took them. */
  async ask(body) {
    const ticket = this.ticket;
    const answer = await post(this.path, body);
    if (ticket !== this.ticket) return false;
    if (answer !== null) {
      this.body = { ...body, hints: 0, give_up: false };
      this.answer = answer;
      this.hints = answer.hints;
      if (this.finished) this.showEnd();
    } else if (this.answer === null) {
      this.body = null; // the game never started (a bad secret word)
    }
    this.render();
    return answer !== null;
  }

  async submit() {
    if (!this.body || this.finished || this.letters.length === 0) return;
    const guess = this.letters.join("");
    const ok = await this.ask({ ...this.body, guesses: [...this.body.guesses, guess] });
    if (ok) this.letters = [];
    this.render();
  }

  hint() {
    if (this.body && !this.finished) this.ask({ ...this.body, hints: HINTS });
  }

  giveUp() {
    if (this.body && !this.finished) this.ask({ ...this.body, give_up: true });
  }

  type(key) {
    if (key === "enter") this.submit();
    else if (key === "backspace") this.letters.pop();
    else if (this.body && !this.finished && this.letters.length < (this.game.length ?? 32)) this.letters.push(key);
    this.render();
  }

  onKeydown(event) {
    if (!this.active || !this.body) return;
    const key = typedKey(event, this.game.alphabet, "#host-board, #host-keyboard");
    if (key !== null) this.type(key);
  }

  render() {
    const game = this.game;
    const answer = this.answer;
    const mine = answer ? (this.mode === "duel" ? answer.you : answer.moves) : [];
    const rows = mine.map((move) => scoredRow(game, move.guess, move.feedback, el("span", { class: "left" }, `${move.candidates_left} left`)));
    if (this.body && !this.finished) {
      const length = game.length ?? Math.max(this.letters.length, 1);
      rows.push(el("div", { class: "row current" }, Array.from({ length }, (_, i) => tile(this.letters[i]))));
    }
    byId("host-board").replaceChildren(...rows);
    const theirs = answer && this.mode === "duel" ? answer.computer : [];
    byId("host-computer").replaceChildren(...theirs.map((move) => scoredRow(game, move.guess, move.feedback)));
    renderKeyboard(byId("host-keyboard"), game.alphabet, new Map(), (key) => this.type(key));
    const playing = Boolean(this.body) && !this.finished;
    for (const id of ["host-enter", "host-hint", "host-giveup"]) byId(id).disabled = !playing;
    const strategy = this.strategies.find((s) => s.name === byId("host-strategy").value);
    byId("host-hints").replaceChildren(
      ...(playing && this.hints.length ? [el("h2", {}, "Hints"), suggestionTable(this.hints, strategy.score_label, (word) => this.pick(word))] : []),
    );
    if (!this.finished) byId("host-end").replaceChildren();
    if (answer && !this.finished) byId("host-status").textContent = this.statusLine();
  }

  pick(word) {
    this.letters = [...word];
    this.render();
  }

  statusLine() {
    const answer = this.answer;
    const seed = `seed ${this.seed}`;
    if (this.mode === "duel") {
      return `Your turn. ${plural(answer.you.length, "guess")} each so far; ${plural(answer.computer_left, "word")} still fit for the computer (${seed})`;
    }
    const tries = answer.max_tries ? ` of ${answer.max_tries}` : "";
    return `Guess ${answer.moves.length + 1}${tries}: ${plural(answer.candidates_left, "word")} still fit (${seed})`;
  }

  /** The end screen: the result, the secret, then the review of your guesses. */
  showEnd() {
    const answer = this.answer;
    if (this.mode === "duel") {
      const you = sideCount(answer.you_won, answer.you);
      const computer = sideCount(answer.computer_won, answer.computer);
      byId("host-status").textContent = `${capital(answer.outcome)}: you ${you}, the computer ${computer}. My secret was ${answer.computer_secret}.`;
      this.reviewDuel(answer);
      return;
    }
    byId("host-status").textContent = answer.won
      ? `Solved in ${plural(answer.moves.length, "guess")}! (${answer.secret})`
      : `The secret was ${answer.secret}.`;
    this.review("/api/play/review", this.body, answer.moves, (data) => `The solver against ${data.secret}: ${data.solver.join(" ")} (${plural(data.solver.length, "guess")})`);
  }

  /** Your side of the duel reviewed as any finished game: your guesses at my secret. */
  reviewDuel(answer) {
    if (answer.you.length === 0) {
      byId("host-end").replaceChildren();
      return;
    }
    const { game, lists, strategy, hard } = this.body;
    const history = answer.you.map((move) => ({ guess: move.guess, feedback: move.feedback }));
    const body = { game, lists, strategy, hard, history, secret: answer.computer_secret };
    this.review("/api/review", body, answer.you, () => null);
  }

  /**
   * Ask for the review of the finished game and draw it (renderReview): each guess beside the
   * solver's pick, the words left, the guesses lost or saved, the share text.
   */
  async review(path, body, moves, solverLine) {
    const ticket = this.ticket;
    byId("host-end").replaceChildren(el("p", { class: "hint" }, "Reviewing your game beside the solver's…"));
    const { data, error } = await fetchJson(path, postJson(body));
    if (ticket !== this.ticket) return;
    if (error !== undefined) {
      showError(`review: ${error}`);
      byId("host-end").replaceChildren();
      return;
    }
    byId("host-end").replaceChildren(...renderReview(data, moves, solverLine(data)));
  }
}

/** How one side of a duel did: "3 guesses" or "not solved". */
function sideCount(won, moves) {
  return won ? plural(moves.length, "guess") : "not solved";
}

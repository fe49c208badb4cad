// Games the program hosts: guess its secret (with hints, and a review at the end), or duel it
// (each hides a word; you guess first in each round; fewer guesses wins; your guesses reviewed at
// the end). The page keeps the seed that picks the secret and the guesses (in the address too:
// #host?game=wordle&seed=7&g=crane,slate); each answer from the server replays them.
import { fetchJson, post, postJson, showError } from "./api.js";
import { byId, capital, el, fillStrategies, plural } from "./dom.js";
import { scoredRow, tile, useMarkColours } from "./feedback.js";
import { bestMarks, renderKeyboard, typedKey } from "./keyboard.js";
import { closePanels, openPanel } from "./panels.js";
import { renderReview } from "./review.js";
import { Latest, decodeWords, encodeWords, kept, record, sameParams } from "./state.js";
import { suggestionTable } from "./suggestions.js";

const HINTS = 5;
const DUEL_GAME = "tonguess3";

export class HostView {
  constructor(catalogue) {
    this.games = catalogue.games.filter((g) => !g.needs_words && !g.adversarial);
    this.strategies = catalogue.strategies;
    this.mode = null;
    this.latest = new Latest();
    this.reset();
    byId("host-game").replaceChildren(...this.games.map((g) => el("option", { value: g.name, title: g.description }, g.name)));
    fillStrategies(byId("host-strategy"), this.strategies);
    byId("host-game").addEventListener("change", () => this.gameChanged());
    byId("host-form").addEventListener("submit", (event) => {
      event.preventDefault();
      closePanels();
      this.start();
    });
    byId("host-new").addEventListener("click", () => {
      if (this.mode === "duel" && !byId("host-secret").value.trim()) openPanel("host-settings");
      else this.start();
    });
    byId("host-hint").addEventListener("click", () => this.hint());
    byId("host-giveup").addEventListener("click", () => this.giveUp());
    document.addEventListener("keydown", (event) => this.onKeydown(event));
  }

  /** Show the solo game or the duel, in the state its address (or the game kept) gives. */
  show(mode, params) {
    const switching = this.mode !== mode;
    const name = mode === "duel" ? "duel" : "host";
    const wanted = params.size > 0 ? params : kept(name) ?? params;
    if (!switching && this.body && sameParams(wanted, this.params())) return;
    this.mode = mode;
    byId("host-title").textContent = mode === "duel" ? "Duel: you and the computer guess each other's word" : "Guess the program's secret";
    byId("host-secret-label").hidden = mode !== "duel";
    byId("host-pick-label").hidden = mode !== "duel";
    byId("host-computer-wrap").hidden = mode !== "duel";
    const game = wanted.get("game") ?? (mode === "duel" ? DUEL_GAME : this.game?.name);
    if (this.games.some((g) => g.name === game)) byId("host-game").value = game;
    this.gameChanged();
    const lists = wanted.get("lists");
    if (this.game.lists.some((l) => l.name === lists)) byId("host-lists").value = lists;
    const strategy = wanted.get("strategy");
    byId("host-strategy").value = this.strategies.some((s) => s.name === strategy) ? strategy : "entropy";
    byId("host-hard").checked = wanted.get("hard") === "1";
    byId("host-secret").value = wanted.get("secret") ?? byId("host-secret").value;
    if (wanted.get("pick") === "random") byId("host-pick").value = "random";
    const seed = wanted.get("seed");
    if (seed !== undefined && /^\d+$/.test(seed)) this.start(Number(seed), decodeWords(wanted.get("g")), { push: false });
    else if (mode === "solo") this.start(null, [], { push: false }); // a game at once, as the real games do
    else openPanel("host-settings");
  }

  get name() {
    return this.mode === "duel" ? "duel" : "host";
  }

  /** The game under way, as the address holds it. */
  params() {
    if (!this.body) return new Map();
    const { game, lists, strategy, hard, seed, guesses } = this.body;
    return new Map([
      ["game", game],
      ["lists", lists === this.game.lists[0].name ? "" : lists],
      ["strategy", strategy === "entropy" ? "" : strategy],
      ["hard", hard],
      ["seed", String(seed)],
      ["g", encodeWords(guesses)],
      ["secret", this.body.secret ?? ""],
      ["pick", this.body.computer_secret === "random" ? "random" : ""],
    ]);
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
    this.latest.abort(); // answers about the last game are dropped
    this.reset();
    useMarkColours(game.feedback);
    byId("host-status").textContent = this.mode === "duel" ? "Choose your secret word in Settings, then New game." : "Press New game.";
    this.render();
  }

  /** A new game (a seed typed, or a random one), or the game of an address replayed. */
  start(seed = null, guesses = [], { push = true } = {}) {
    const typed = byId("host-seed").value.trim();
    const chosen = seed ?? (typed === "" ? crypto.getRandomValues(new Uint32Array(1))[0] : Number(typed));
    this.latest.abort();
    this.reset();
    const body = {
      game: this.game.name,
      lists: byId("host-lists").value,
      strategy: byId("host-strategy").value,
      hard: byId("host-hard").checked,
      seed: chosen,
      guesses,
    };
    if (this.mode === "duel") {
      body.secret = byId("host-secret").value.trim();
      body.computer_secret = byId("host-pick").value;
    }
    this.seed = chosen;
    this.render();
    this.ask(body, { push });
  }

  get path() {
    return this.mode === "duel" ? "/api/duel" : "/api/play";
  }

  get finished() {
    if (this.answer === null) return false;
    return this.mode === "duel" ? this.answer.outcome !== null : this.answer.finished;
  }

  /** Send the game with changes; keep them only when the server took them. */
  async ask(body, { push = true } = {}) {
    const signal = this.latest.next();
    const answer = await post(this.path, body, signal);
    if (signal.aborted) return false;
    if (answer !== null) {
      this.body = { ...body, hints: 0, give_up: false };
      this.answer = answer;
      this.hints = answer.hints;
      record(this.name, this.params(), { push, unfinished: !this.finished });
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
    if (this.body && !this.finished) this.ask({ ...this.body, hints: HINTS }, { push: false });
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
    const length = game.length ?? Math.max(this.letters.length, 1);
    if (!this.finished) {
      rows.push(el("div", { class: "row current" }, Array.from({ length }, (_, i) => tile(this.letters[i], undefined, game.alphabet))));
    }
    const tries = game.max_tries ?? 6;
    while (rows.length < tries) rows.push(el("div", { class: "row empty" }, Array.from({ length }, () => tile())));
    const board = byId("host-board");
    board.style.setProperty("--rows", String(rows.length));
    board.style.setProperty("--cols", String(length + (game.feedback.kind === "marks" ? 2 : 5))); // room for the counts and words left
    board.replaceChildren(...rows);
    board.querySelector(".row.current")?.scrollIntoView({ block: "nearest" });
    const theirs = answer && this.mode === "duel" ? answer.computer : [];
    byId("host-computer").replaceChildren(...theirs.map((move) => scoredRow(game, move.guess, move.feedback)));
    const symbols = game.feedback.marks.map((mark) => mark.symbol);
    const marks = game.feedback.kind === "marks" ? bestMarks(mine, symbols) : new Map();
    renderKeyboard(byId("host-keyboard"), game.alphabet, marks, (key) => this.type(key));
    const playing = Boolean(this.body) && !this.finished;
    for (const id of ["host-hint", "host-giveup"]) byId(id).disabled = !playing;
    byId("host").classList.toggle("finished", this.finished);
    const strategy = this.strategies.find((s) => s.name === (this.body?.strategy ?? byId("host-strategy").value));
    byId("host-hints").replaceChildren(
      ...(playing && this.hints.length ? [suggestionTable(this.hints, strategy, (word) => this.pick(word), this.answer?.ranks_by)] : []),
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
    const signal = this.latest.next();
    byId("host-end").replaceChildren(el("p", { class: "hint" }, "Reviewing your game beside the solver's…"));
    const { data, error, aborted } = await fetchJson(path, postJson(body, signal), { untilReady: true });
    if (aborted || signal.aborted) return;
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

// The table of suggested guesses, shared by the board games and Fallout, and the line that says
// what is still possible (with the probabilities of the likeliest words when the server gives
// them: "12 possible, the likeliest: honor 62%, donor 21%, …").
import { el, plural } from "./dom.js";

/** Scores every table shows; a strategy's own score gets a column when it is none of these. */
const STANDARD = ["bits", "mean left", "worst"];
/** The likeliest words named in the status line. */
const NAMED = 3;

/** "62%", "0.4%", "<0.1%": a chance as people read it. */
export function percent(probability) {
  const share = 100 * probability;
  if (share > 0 && share < 0.1) return "<0.1%";
  return `${share >= 10 || share === 0 ? share.toFixed(0) : share.toPrecision(2)}%`;
}

/** What is still possible after the answer's history, in one line. */
export function possibleLine(answer) {
  const left = answer.possible ?? answer.candidates_left;
  if (Array.isArray(answer.likeliest) && answer.likeliest.length > 0) {
    if (answer.certain) return `Certain: ${answer.likeliest[0].word}`;
    const named = answer.likeliest.slice(0, NAMED).map((w) => `${w.word} ${percent(w.probability)}`).join(", ");
    return `${left.toLocaleString("en")} possible, the likeliest: ${named}${left > NAMED ? ", …" : ""}`;
  }
  return `${plural(left, "candidate")} left`;
}

/** "Ranked by bits: <what the strategy does>": what a ranking ranks by, said above it. */
export function rankedBy(strategy) {
  return `Ranked by ${strategy.score_label} (${strategy.name}: ${strategy.description})`;
}

/** The chance a guess wins now: the probability when given, else whether it can. */
const winCell = (s) => (typeof s.win_chance === "number" ? (s.win_chance > 0 ? percent(s.win_chance) : "") : s.can_win ? "yes" : "");

/** A table of suggestions; clicking a word calls onPick(word). `ranksBy`: what the server says
 * the ranking ranks by (its `ranks_by`), else the strategy's score is named. */
export function suggestionTable(suggestions, strategy, onPick, ranksBy = undefined) {
  if (suggestions.length === 0) return el("p", { class: "hint" }, "No suggestions.");
  const own = STANDARD.includes(strategy.score_label) ? [] : [strategy.score_label];
  const chance = suggestions.some((s) => typeof s.win_chance === "number") ? "win chance" : "can win";
  const weighed = suggestions.some((s) => typeof s.to_finish === "number") ? ["to finish"] : [];
  const headings = ["#", "guess", ...own, ...STANDARD, chance];
  const rows = suggestions.map((s, i) =>
    el(
      "tr",
      {},
      el("td", {}, String(i + 1)),
      el("td", { class: "word" }, el("button", { type: "button", title: "play this guess", onclick: () => onPick(s.word) }, s.word)),
      own.map(() => el("td", {}, String(Number(s.score.toPrecision(4))))),
      el("td", {}, s.entropy.toFixed(3)),
      el("td", {}, s.expected_left.toFixed(2)),
      el("td", {}, String(s.worst)),
      el("td", {}, winCell(s)),
      weighed.map(() => el("td", { class: "finish" }, typeof s.to_finish === "number" ? s.to_finish.toFixed(2) : "")),
    ),
  );
  return el(
    "div",
    { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Suggestions" },
    el(
      "table",
      { class: "suggestions" },
      el("caption", { title: strategy.description }, `Ranked by ${ranksBy ?? `${strategy.score_label} (${strategy.name})`}`),
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          headings.map((h) => el("th", { scope: "col", class: h === "guess" ? "word" : null }, h)),
          weighed.map((h) => el("th", { scope: "col", class: "finish", title: "the mean guesses to finish the game with this one" }, h)),
        ),
      ),
      el("tbody", {}, rows),
    ),
  );
}

// The table of suggested guesses, shared by the board games and Fallout.
import { el } from "./dom.js";

/** Scores every table shows; a strategy's own score gets a column when it is none of these. */
const STANDARD = ["bits", "mean left", "worst"];

/** A table of suggestions; clicking a word calls onPick(word). */
export function suggestionTable(suggestions, scoreLabel, onPick) {
  if (suggestions.length === 0) return el("p", { class: "hint" }, "No suggestions.");
  const own = STANDARD.includes(scoreLabel) ? [] : [scoreLabel];
  const headings = ["#", "guess", ...own, ...STANDARD, "can win"];
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
      el("td", {}, s.can_win ? "yes" : ""),
    ),
  );
  return el(
    "div",
    { class: "table-wrap" },
    el(
      "table",
      { class: "suggestions" },
      el("thead", {}, el("tr", {}, headings.map((h) => el("th", { scope: "col", class: h === "guess" ? "word" : null }, h)))),
      el("tbody", {}, rows),
    ),
  );
}

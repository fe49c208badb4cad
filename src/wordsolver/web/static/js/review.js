// The review at the end of a game, as the library's review gives it: each of the player's guesses
// beside the solver's pick from the same spot, the candidates left after each, the guesses still
// needed, what each guess lost or saved beside the solver, and the share text with a Copy button.
import { el, plural } from "./dom.js";
import { shareBox } from "./share.js";

/** Guesses lost or saved smaller than this show as even (they round to 0.00). */
const EVEN = 0.005;

/** "lost", "saved" or "even": how guesses lost beside the solver (below 0: saved) read. */
function standing(lost) {
  if (Math.abs(lost) < EVEN) return "even";
  return lost > 0 ? "lost" : "saved";
}

/** Lost or saved guesses in words: "lost 0.42", "saved 0.31", "even". */
export function lostOrSaved(lost) {
  const side = standing(lost);
  return side === "even" ? side : `${side} ${Math.abs(lost).toFixed(2)}`;
}

/**
 * A review's table in its scrolling wrapper: `headings` are texts or [text, title, class?] lists, `rows`
 * the <tr> elements of the guesses.
 */
export function reviewTable(headings, rows) {
  const heading = (h) => (typeof h === "string" ? [h, null, null] : [h[0], h[1], h[2] ?? null]);
  return el(
    "div",
    { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Review table" },
    el(
      "table",
      { class: "review" },
      el("thead", {}, el("tr", {}, headings.map(heading).map(([h, title, cls]) => el("th", { scope: "col", title, class: cls }, h)))),
      el("tbody", {}, rows),
    ),
  );
}

/**
 * The review drawn: `review` is the answer of /api/review or /api/play/review, `moves` the
 * guesses with their feedback text as the board shows them (for rows that do not bring their
 * own, as /api/review's do not), `solverLine` an optional sentence about the solver's own game.
 * A game where every word the game accepts was possible is reviewed from after its first guess
 * (`starts_after`): the page says so.
 */
export function renderReview(review, moves, solverLine = null) {
  const headings = [
    ["#", "guess number"],
    ["guess", "your guess"],
    ["feedback", "its feedback", "feedback"],
    ["left", "words left after your guess"],
    ["solver", "what the solver would have played instead"],
    ["its left", "words the solver's pick would have left"],
    ["you needed", "guesses you still needed"],
    ["solver needs", "guesses the solver would still need on average"],
    ["lost / saved", "expected guesses your guess lost or saved beside the solver's pick"],
  ];
  const rows = review.rows.map((row) =>
    el(
      "tr",
      { class: standing(row.lost) === "even" ? "" : standing(row.lost) },
      el("td", {}, String(row.number)),
      el("td", { class: "word" }, row.guess),
      el("td", { class: "feedback" }, row.feedback ?? moves[row.number - 1]?.feedback ?? ""),
      el("td", {}, String(row.left)),
      el("td", { class: "word" }, row.solver_pick),
      el("td", {}, row.pick_left === null ? "" : String(row.pick_left)),
      el("td", {}, row.you_needed === null ? "" : String(row.you_needed)),
      el("td", {}, row.solver_needs === null ? "" : row.solver_needs.toFixed(2)),
      el("td", { class: "lost-saved" }, lostOrSaved(row.lost)),
    ),
  );
  const total = review.lost;
  const verdict = standing(total) === "even"
    ? "In all you played as well as the solver would on average."
    : `In all you ${standing(total)} ${plural(Number(Math.abs(total).toFixed(2)), "guess")} beside the solver's play on average.`;
  const after = review.starts_after ?? 0;
  const parts = [
    el("h2", {}, "Review: your game beside the solver's"),
    after > 0
      ? el("p", { class: "hint review-start" }, `The review starts after your ${after === 1 ? "first guess" : `first ${after} guesses`}: before it every word the game accepts was possible.`)
      : null,
    reviewTable(headings, rows),
    el("p", { class: "review-total" }, verdict),
    solverLine === null ? null : el("p", { class: "solver-path" }, solverLine),
    shareBox(review.share),
  ];
  return parts.filter((part) => part !== null);
}

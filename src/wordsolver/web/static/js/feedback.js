// Feedback drawn from a rule's form (data from the server, never the rule's name): tiles in the
// form's mark colours, or counts in words ("get 2 · touch 1").
import { el } from "./dom.js";
import { pegClass } from "./keyboard.js";

/** Set the page's mark colours (--mark-N) to the form's. */
export function useMarkColours(form) {
  form.marks.forEach((mark, i) => document.documentElement.style.setProperty(`--mark-${i}`, mark.colour));
}

/** A tile that shows a letter (and its colour, when it has one; a peg's colour for pegs). */
export function tile(letter = "", mark = undefined, alphabet = null) {
  const classes = ["tile"];
  if (letter) classes.push("filled");
  if (mark !== undefined) classes.push(`mark-${mark}`);
  if (alphabet !== null) classes.push(pegClass(alphabet, letter));
  return el("span", { class: classes.filter(Boolean).join(" ") }, letter);
}

/** A counters or number feedback in words: "get 2 · touch 1", "black 1 · white 2". */
export function describe(form, feedback) {
  if (feedback === form.win) return feedback;
  const values = feedback.split(form.separator);
  return form.counts.map((count, i) => `${count.name} ${values[i]}`).join(" · ");
}

/** A scored guess as a board row: coloured tiles, or plain tiles and the counts in words. */
export function scoredRow(game, guess, feedback, badge = null) {
  const form = game.feedback;
  const length = game.length ?? guess.length;
  const letters = [...guess];
  if (form.kind === "marks") {
    const symbols = form.marks.map((mark) => mark.symbol);
    const tiles = Array.from({ length }, (_, i) => tile(letters[i], symbols.indexOf(feedback[i])));
    return el("div", { class: "row done", "aria-label": `${guess}: ${markNames(form, feedback)}` }, tiles, badge);
  }
  const tiles = Array.from({ length }, (_, i) => tile(letters[i], undefined, game.alphabet));
  return el("div", { class: "row done plain" }, tiles, el("span", { class: "badge" }, describe(form, feedback)), badge);
}

/** A colours feedback read out: "grey, yellow, green, grey, grey". */
export function markNames(form, feedback) {
  return [...feedback].map((symbol) => form.marks.find((mark) => mark.symbol === symbol)?.name ?? symbol).join(", ");
}

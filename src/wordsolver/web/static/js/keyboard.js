// The on-screen keyboard: the usual layout of the alphabet, or its letters in rows of ten. Enter
// and ⌫ are keys of their own. A key shows the best colour its letter earned; on several boards
// it is split into one part per board, each in that board's colour (as Quordle's keys are). A
// game whose symbols are a few colours rather than letters (Mastermind's six pegs) shows each
// key, and each tile, as a coloured peg with its letter as the label.
import { el } from "./dom.js";

const LAYOUTS = {
  latin: ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
  cyrillic: ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"], // no ё: it is typed as е
};
/** Alphabets of at most this many symbols and no layout of their own are drawn as pegs. */
const MAX_PEGS = 8;

function keyRows(alphabet) {
  if (LAYOUTS[alphabet.name]) return LAYOUTS[alphabet.name];
  const rows = [];
  for (let start = 0; start < alphabet.letters.length; start += 10) rows.push(alphabet.letters.slice(start, start + 10));
  return rows;
}

/** Is this alphabet a set of coloured pegs rather than letters? */
export const isPegs = (alphabet) =>
  !LAYOUTS[alphabet.name] && alphabet.name !== "digits" && alphabet.letters.length <= MAX_PEGS;

/** The peg class of a symbol ("peg peg-2"), or null for letters. */
export function pegClass(alphabet, letter) {
  if (!letter || !isPegs(alphabet)) return null;
  const index = alphabet.letters.indexOf(letter);
  return index < 0 ? null : `peg peg-${index}`;
}

/** The class of a key: its mark, its peg colour. */
function keyClass(alphabet, letter, marks) {
  const classes = [pegClass(alphabet, letter), marks.has(letter) ? `mark-${marks.get(letter)}` : null];
  return classes.filter(Boolean).join(" ") || null;
}

/**
 * Draw the keys; onKey gets a letter, "enter" or "backspace". marks: letter -> 0/1/2 colour;
 * perBoard (several boards): one such Map per board, drawn as the key's parts (null: a board
 * solved, drawn blank). Keys stay out of the tab order: a keyboard user types on the real one.
 */
export function renderKeyboard(container, alphabet, marks, onKey, perBoard = null) {
  const rows = keyRows(alphabet);
  const key = (label, value, extra = {}) =>
    el("button", { type: "button", tabindex: "-1", "data-key": value, onclick: () => onKey(value), ...extra }, label);
  const parts = (letter) =>
    perBoard === null
      ? null
      : el(
          "span",
          { class: `parts parts-${perBoard.length}`, "aria-hidden": "true" },
          perBoard.map((board) => el("span", { class: board?.has(letter) ? `mark-${board.get(letter)}` : null })),
        );
  container.classList.toggle("split", perBoard !== null);
  container.replaceChildren(
    ...rows.map((row, i) => {
      const last = i === rows.length - 1;
      return el(
        "div",
        { class: "keys" },
        last ? key("Enter", "enter", { class: "wide" }) : null,
        [...row].map((letter) =>
          key([parts(letter), el("span", { class: "label" }, letter)], letter, {
            class: perBoard === null ? keyClass(alphabet, letter, marks) : pegClass(alphabet, letter),
            "aria-label": letter,
          }),
        ),
        last ? key("⌫", "backspace", { class: "wide", "aria-label": "backspace" }) : null,
      );
    }),
  );
}

/** The best colour each letter earned in these moves: marks are ordered worst to best. */
export function bestMarks(moves, symbols) {
  const best = new Map();
  for (const { guess, feedback } of moves) {
    [...guess].forEach((letter, i) => {
      const mark = symbols.indexOf(feedback[i]);
      if (mark >= 0 && (!best.has(letter) || best.get(letter) < mark)) best.set(letter, mark);
    });
  }
  return best;
}

/**
 * What a key pressed on the page types into a board: "enter", "backspace", a letter of the
 * alphabet (folded: ё is read as е), or null for a key meant for something else (a field, a
 * button, a shortcut). `board` selects the board and its on-screen keys, where Enter submits the
 * row rather than pressing the button that has the focus.
 */
export function typedKey(event, alphabet, board) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target;
  if (target.closest("input, select, textarea, .panel.open")) return null;
  if (event.key === "Enter") {
    if (target.closest("button, a, summary") && !target.closest(board)) return null; // Enter presses it
    event.preventDefault();
    return "enter";
  }
  if (event.key === "Backspace") {
    event.preventDefault();
    return "backspace";
  }
  if (event.key.length !== 1) return null;
  const letter = event.key.toLowerCase();
  const folded = alphabet.folds[letter] ?? letter;
  return alphabet.letters.includes(folded) ? folded : null;
}

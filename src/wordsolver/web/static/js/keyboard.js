// The on-screen keyboard: the usual layout of the alphabet, or its letters in rows of ten.
import { el } from "./dom.js";

const LAYOUTS = {
  latin: ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
  cyrillic: ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"], // no ё: it is typed as е
};

function keyRows(alphabet) {
  if (LAYOUTS[alphabet.name]) return LAYOUTS[alphabet.name];
  const rows = [];
  for (let start = 0; start < alphabet.letters.length; start += 10) rows.push(alphabet.letters.slice(start, start + 10));
  return rows;
}

/**
 * Draw the keys; onKey gets a letter, "enter" or "backspace". marks: letter -> 0/1/2 colour.
 * Keys stay out of the tab order: a keyboard user types on the real keyboard.
 */
export function renderKeyboard(container, alphabet, marks, onKey) {
  const rows = keyRows(alphabet);
  const key = (label, value, extra = {}) =>
    el("button", { type: "button", tabindex: "-1", "data-key": value, onclick: () => onKey(value), ...extra }, label);
  container.replaceChildren(
    ...rows.map((row, i) => {
      const last = i === rows.length - 1;
      return el(
        "div",
        { class: "keys" },
        last ? key("Enter", "enter", { class: "wide" }) : null,
        [...row].map((letter) => key(letter, letter, { class: marks.has(letter) ? `mark-${marks.get(letter)}` : null })),
        last ? key("⌫", "backspace", { class: "wide", "aria-label": "backspace" }) : null,
      );
    }),
  );
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
  if (target.closest("input, select, textarea")) return null;
  if (event.key === "Enter") {
    if (target.closest("button") && !target.closest(board)) return null; // Enter presses it
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

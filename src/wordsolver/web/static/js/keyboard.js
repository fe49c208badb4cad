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

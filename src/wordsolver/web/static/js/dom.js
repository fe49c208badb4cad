// Small DOM helpers: build elements without innerHTML (so no text from the server is ever markup).

/** An element with attributes, event handlers (onclick: fn) and children (strings become text). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "style") for (const [property, setting] of Object.entries(value)) node.style.setProperty(property, setting);
    else if (value === true) node.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, value);
  }
  node.append(...children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

/** The element with this id. */
export const byId = (id) => document.getElementById(id);

/** A number people read: thousands separated. */
export const count = (n) => n.toLocaleString("en");

/** The text with its first letter in capitals: "lost" → "Lost". */
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** "1 word", "2 words", "3 guesses". */
export const plural = (n, word) => `${count(n)} ${word}${n === 1 ? "" : word.endsWith("s") ? "es" : "s"}`;

/** A −/+ counter from 0 to max, usable with the keyboard (its buttons are in the tab order). */
export class Stepper {
  constructor(label, max) {
    this.max = max;
    this.value = 0;
    this.output = el("output", { "aria-label": label }, "0");
    this.node = el(
      "span",
      { class: "stepper", role: "group", "aria-label": label },
      el("span", {}, label),
      el("button", { type: "button", "aria-label": `${label} minus one`, onclick: () => this.set(this.value - 1) }, "−"),
      this.output,
      el("button", { type: "button", "aria-label": `${label} plus one`, onclick: () => this.set(this.value + 1) }, "+"),
    );
  }

  set(value) {
    this.value = Math.max(0, Math.min(this.max, value));
    this.output.textContent = String(this.value);
  }
}

/** Fill a <select> with the strategies, entropy first chosen. */
export function fillStrategies(select, strategies) {
  select.replaceChildren(
    ...strategies.map((s) => el("option", { value: s.name, title: s.description }, s.name)),
  );
  select.value = "entropy";
}

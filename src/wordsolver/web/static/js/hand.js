// The hand (anagram) solver: letters and * wildcards, a length filter, words grouped by length.
import { post } from "./api.js";
import { byId, count, el, plural } from "./dom.js";

const TOP = 500;

export class HandView {
  constructor(catalogue) {
    byId("hand-score").replaceChildren(...catalogue.hand.scores.map((name) => el("option", { value: name }, name)));
    byId("hand-dictionary").replaceChildren(...catalogue.hand.dictionaries.map((name) => el("option", { value: name }, name)));
    byId("hand-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.solve();
    });
    byId("hand-length-mode").addEventListener("change", () => this.syncLength());
    this.syncLength();
  }

  syncLength() {
    byId("hand-length").disabled = byId("hand-length-mode").value === "any";
  }

  async solve() {
    const mode = byId("hand-length-mode").value;
    const length = Number(byId("hand-length").value);
    const answer = await post("/api/hand", {
      letters: byId("hand-letters").value,
      shortest: mode === "any" ? 1 : length,
      longest: mode === "exactly" ? length : null,
      score: byId("hand-score").value,
      dictionary: byId("hand-dictionary").value,
      top: TOP,
    });
    if (answer !== null) this.render(answer);
  }

  render(answer) {
    const shown = answer.matches.length;
    byId("hand-summary").textContent =
      `${plural(answer.total, "word")} from ${answer.hand}` +
      (shown < answer.total ? ` (the best ${count(shown)} shown)` : "");
    const groups = new Map(); // length -> matches, in rank order
    for (const match of answer.matches) {
      if (!groups.has(match.length)) groups.set(match.length, []);
      groups.get(match.length).push(match);
    }
    const lengths = [...groups.keys()].sort((a, b) => b - a);
    byId("hand-results").replaceChildren(
      ...lengths.flatMap((length) => [
        el("h3", {}, `${plural(length, "letter")} (${count(groups.get(length).length)})`),
        el("ul", { class: "words" }, groups.get(length).map((match) => wordItem(match, answer.scored))),
      ]),
    );
  }
}

/** A word with the letters that wildcards fill marked (and in upper case), then its score. */
function wordItem(match, scored) {
  const blanks = new Set(match.wildcards);
  const letters = [...match.word].map((letter, i) => (blanks.has(i) ? el("mark", {}, letter.toUpperCase()) : letter));
  return el("li", {}, letters, scored ? [" ", el("small", {}, String(match.score))] : null);
}

// Starting words: the `openers` ranking with its columns, and a chart of the mean candidates
// each of the top openers leaves (drawn as SVG here, no chart library). The exact best pairs of a
// large game take minutes the first time: the server searches them in the background and answers
// 202 with its progress until they are done, so the page shows the progress and asks again.
import { clearError, fetchJson, postJson, showError } from "./api.js";
import { byId, capital, count, el } from "./dom.js";

/** Seconds a request for pairs waits for the ranking before the server tells its progress. */
const PAIRS_WAIT = 2;
/** Pause before asking again for a ranking still being searched. */
const ASK_AGAIN_MS = 500;

export class OpenersView {
  constructor(catalogue) {
    this.games = catalogue.games.filter((g) => !g.needs_words);
    this.ticket = 0;
    byId("openers-game").replaceChildren(...this.games.map((g) => el("option", { value: g.name, title: g.description }, g.name)));
    byId("openers-game").addEventListener("change", () => this.gameChanged());
    byId("openers-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.rank();
    });
    this.gameChanged();
  }

  get game() {
    return this.games.find((g) => g.name === byId("openers-game").value);
  }

  /** A new game: its list sets, and nothing left of the last game's ranking. */
  gameChanged() {
    const game = this.game;
    byId("openers-lists").replaceChildren(...game.lists.map((l) => el("option", { value: l.name, title: l.description }, l.name)));
    byId("openers-lists-label").hidden = game.lists.length < 2;
    this.ticket += 1; // an answer for the last game is dropped
    for (const id of ["openers-table", "openers-bars", "openers-summary", "openers-note"]) byId(id).replaceChildren();
    byId("openers-chart").hidden = true;
    byId("openers-progress").hidden = true;
  }

  async rank() {
    const ticket = ++this.ticket;
    const words = Number(byId("openers-words").value);
    byId("openers-summary").textContent = words > 1 ? "Searching every pair…" : "Ranking every first guess…";
    const body = {
      game: this.game.name,
      lists: byId("openers-lists").value,
      words,
      by: byId("openers-by").value,
      any_words: byId("openers-any").checked,
      top: Number(byId("openers-top").value),
      wait: words > 1 ? PAIRS_WAIT : null,
    };
    for (;;) {
      const { data, error, status } = await fetchJson("/api/openers", postJson(body));
      if (ticket !== this.ticket) return;
      if (error !== undefined) {
        showError(error);
        this.showProgress(null);
        byId("openers-summary").textContent = "";
        return;
      }
      clearError();
      if (status !== 202) {
        this.showProgress(null);
        this.render(data);
        return;
      }
      this.showProgress(data);
      await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
      if (ticket !== this.ticket) return;
    }
  }

  /** The background search's progress (202 answers); null hides it. */
  showProgress(running) {
    const bar = byId("openers-progress");
    bar.hidden = running === null;
    if (running === null) return;
    const meter = byId("openers-bar");
    if (running.total) {
      meter.max = running.total;
      meter.value = running.done;
    } else {
      meter.removeAttribute("value"); // not started yet: an indeterminate bar
    }
    byId("openers-summary").textContent = `${capital(running.message)} (${running.seconds.toFixed(0)} s so far)`;
  }

  render(answer) {
    const space = answer.any_words ? "any allowed words" : "words without repeated or shared letters";
    const how = answer.exact ? "exact: the best of the search space" : "a heuristic, not proven best";
    const took = answer.kept ? `searched before in ${answer.seconds.toFixed(1)} s and kept` : `${answer.seconds.toFixed(1)} s`;
    byId("openers-summary").textContent =
      `${answer.game}: ${answer.words}-word openers over ${count(answer.secrets)} secrets; ` +
      `${count(answer.space)} ${space}; ${how}; ${took}`;
    byId("openers-note").textContent = rankingNote(answer.by, answer.ranks_by);
    byId("openers-table").replaceChildren(table(answer));
    drawBars(byId("openers-bars"), answer.openers);
    byId("openers-chart").hidden = false;
  }
}

/** What this ranking ranks by (the server's `ranks_by` when it says), and why a game's own page
 * may open with another word. */
function rankingNote(by, ranksBy = undefined) {
  const measure = ranksBy ?? (by === "worst"
    ? "the most candidates a first guess can leave (its worst case)"
    : "the candidates a first guess leaves on average (mean left)");
  return `Ranked by ${measure}. A game's page ranks its suggestions by the strategy chosen there ` +
    "(entropy by default: the most information, in bits), so its first suggestion can differ " +
    "from the first word here (in Wordle: tarse has the most bits, roate the fewest left on average).";
}

function table(answer) {
  const headings = ["#", answer.words > 1 ? "words" : "word", "mean left", "worst", "buckets", "bits"];
  const rows = answer.openers.map((o, i) =>
    el(
      "tr",
      {},
      el("td", {}, String(i + 1)),
      el("td", { class: "word" }, o.words.join(" ")),
      el("td", {}, o.mean.toFixed(4)),
      el("td", {}, String(o.worst)),
      el("td", {}, String(o.buckets)),
      el("td", {}, o.bits.toFixed(3)),
    ),
  );
  return el(
    "div",
    { class: "table-wrap" },
    el(
      "table",
      { class: "openers" },
      el("thead", {}, el("tr", {}, headings.map((h) => el("th", { scope: "col", class: h.startsWith("word") ? "word" : null }, h)))),
      el("tbody", {}, rows),
    ),
  );
}

/** An SVG element in the drawing's own namespace. */
function svg(drawing, tag, attributes, text = null) {
  const node = document.createElementNS(drawing.namespaceURI, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

/** Horizontal bars in the page's SVG drawing: the mean candidates left by each opener. */
function drawBars(drawing, openers) {
  const [labelWidth, barWidth, rowHeight] = [130, 260, 22];
  const most = Math.max(...openers.map((o) => o.mean));
  drawing.setAttribute("viewBox", `0 0 ${labelWidth + barWidth + 70} ${rowHeight * openers.length + 4}`);
  drawing.replaceChildren(
    ...openers.flatMap((o, i) => {
      const y = i * rowHeight + 2;
      const width = Math.max(1, (barWidth * o.mean) / most);
      return [
        svg(drawing, "text", { x: labelWidth - 6, y: y + 15, "text-anchor": "end", class: "label" }, o.words.join(" ")),
        svg(drawing, "rect", { x: labelWidth, y, width, height: rowHeight - 6, class: "bar-rect" }),
        svg(drawing, "text", { x: labelWidth + width + 4, y: y + 15, class: "value" }, o.mean.toFixed(2)),
      ];
    }),
  );
}

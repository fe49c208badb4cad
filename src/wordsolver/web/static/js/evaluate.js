// Evaluation: play every secret with each chosen strategy (one request each, so progress shows
// between them), then a bar chart of the guesses needed and the comparison table.
import { fetchJson, postJson, showError } from "./api.js";
import { byId, el } from "./dom.js";

const CHOSEN = ["entropy", "minimax"];

export class EvaluateView {
  constructor(catalogue) {
    const games = catalogue.games.filter((g) => !g.needs_words);
    byId("evaluate-game").replaceChildren(...games.map((g) => el("option", { value: g.name, title: g.description }, g.name)));
    byId("evaluate-strategies").append(
      ...catalogue.strategies.map((s) =>
        el("label", { title: s.description }, el("input", { type: "checkbox", value: s.name, checked: CHOSEN.includes(s.name) }), s.name),
      ),
    );
    byId("evaluate-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.run();
    });
    this.running = false;
  }

  async run() {
    if (this.running) return;
    const names = [...byId("evaluate-strategies").querySelectorAll("input:checked")].map((box) => box.value);
    if (names.length === 0) {
      showError("choose at least one strategy");
      return;
    }
    this.running = true;
    const game = byId("evaluate-game").value;
    const hard = byId("evaluate-hard").checked;
    const results = []; // {strategy, result} or {strategy, error}
    byId("evaluate-progress").hidden = false;
    byId("evaluate-bar").max = names.length;
    for (const [i, strategy] of names.entries()) {
      byId("evaluate-bar").value = i;
      byId("evaluate-step").textContent = `${strategy}: playing every secret (${i + 1} of ${names.length})…`;
      const { data, error } = await fetchJson("/api/evaluate", postJson({ game, strategy, hard }));
      results.push(error === undefined ? { strategy, result: data } : { strategy, error });
      this.render(results);
    }
    byId("evaluate-bar").value = names.length;
    byId("evaluate-step").textContent = `done: ${names.length} of ${names.length}`;
    const failed = results.filter((r) => r.error);
    if (failed.length) showError(failed.map((r) => `${r.strategy}: ${r.error}`).join("; "));
    this.running = false;
  }

  render(results) {
    const done = results.filter((r) => r.result);
    const worst = Math.max(0, ...done.map((r) => r.result.worst));
    byId("evaluate-chart").replaceChildren(...(done.length ? [chart(done, worst)] : []));
    byId("evaluate-table").replaceChildren(table(results, worst));
  }
}

const colour = (i) => `var(--series-${i % 7})`;

/** For each number of guesses, one bar per strategy, as long as the share of secrets. */
function chart(done, worst) {
  const most = Math.max(...done.flatMap((r) => Object.values(r.result.distribution)));
  const legend = el("div", { class: "legend" }, done.map((r, i) => el("span", { style: { "--colour": colour(i) } }, r.strategy)));
  const rows = [];
  for (let guesses = 1; guesses <= worst; guesses += 1) {
    rows.push(el("span", { class: "guesses", style: { "--span": String(done.length) } }, String(guesses)));
    done.forEach((r, i) => {
      const n = r.result.distribution[guesses] ?? 0;
      rows.push(
        el(
          "div",
          { class: "bar", style: { width: `${(90 * n) / most}%`, "--colour": colour(i) }, title: `${r.strategy}: ${n} secrets in ${guesses}` },
          el("span", {}, String(n)),
        ),
      );
    });
  }
  const caption = "Secrets solved with each number of guesses";
  return el("figure", {}, el("figcaption", {}, caption), legend, el("div", { class: "bars", role: "img", "aria-label": caption }, rows));
}

function table(results, worst) {
  const columns = Array.from({ length: worst }, (_, k) => String(k + 1));
  const head = ["strategy", "mean", "worst", "losses", ...columns, "seconds"];
  const rows = results.map(({ strategy, result, error }) => {
    if (error) return el("tr", {}, el("td", {}, strategy), el("td", { class: "failed", colspan: String(head.length - 1) }, error));
    return el(
      "tr",
      {},
      el("td", {}, strategy),
      el("td", {}, result.mean.toFixed(4)),
      el("td", {}, String(result.worst)),
      el("td", {}, result.max_tries ? String(result.losses) : "-"),
      columns.map((k) => el("td", {}, String(result.distribution[k] ?? ""))),
      el("td", {}, result.seconds.toFixed(2)),
    );
  });
  const first = results.find((r) => r.result)?.result;
  const caption = first ? `${first.game}: ${first.total} secrets; columns 1…${worst}: how many needed that many guesses` : null;
  return el(
    "div",
    { class: "table-wrap" },
    el(
      "table",
      {},
      caption ? el("caption", {}, caption) : null,
      el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows),
    ),
  );
}

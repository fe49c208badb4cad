// "Why this guess": the panel under the suggestions. It asks /api/explain for a guess (beside the
// top suggestion) and draws each feedback it can earn from the game's feedback form (small
// coloured tiles for marks, the text for counts), the candidates each leaves, and the histogram
// of bucket sizes as bars. The exact verdict comes after, from /api/explain/exact (the exact
// search given seconds in the server's search lane), and fills its line when it is ready.
import { fetchJson, post, postJson } from "./api.js";
import { count, el, plural } from "./dom.js";
import { fillPanel } from "./panels.js";

/** Feedbacks listed per guess (the largest; the rest are summed up in one row). */
const SHOW_BUCKETS = 10;

/** Ask for the explanation of `guess` (and `versus`) and draw it into `panel`, unless the
 * position has moved on meanwhile (`isCurrent()` is then false). `signal` aborts both requests
 * (the exact search runs for seconds: a position left is not searched on). */
export async function showExplanation(panel, form, request, guess, versus, isCurrent, signal = undefined) {
  const asked = { ...request, guess, versus: versus === guess ? null : versus };
  const answer = await post("/api/explain", { ...asked, exact_seconds: 0 }, signal);
  if (answer === null || !isCurrent()) return;
  const exact = el("p", { class: "hint explain-exact", "aria-busy": "true" }, "exact: searching for best play…");
  const splits = [answer.guess, answer.versus].filter(Boolean);
  fillPanel(
    panel,
    el("h2", {}, `Why ${guess}?`),
    el("p", { class: "status" }, `${count(answer.candidates_left)} possible; ` + splits.map(summary).join("; ")),
    ...splits.map((split) => bucketTable(form, split)),
    histogram(splits),
    exact,
  );
  panel.hidden = false;
  const verdict = await fetchJson("/api/explain/exact", postJson(asked, signal), { untilReady: true });
  if (verdict.aborted || !isCurrent() || !exact.isConnected) return;
  exact.textContent = verdict.error === undefined ? exactLine(answer, verdict.data) : `exact: ${verdict.error}`;
  exact.removeAttribute("aria-busy");
}

/** "crane leaves 17 on average, worst 52" */
const summary = (split) => `${split.word} leaves ${Number(split.mean_left.toPrecision(3))} on average, worst ${split.worst}`;

/** The feedback drawn as the game shows it. */
function feedback(form, word, text) {
  if (form.kind !== "marks") return el("span", {}, `${word} `, el("span", { class: "badge" }, text));
  const index = Object.fromEntries(form.marks.map((mark, i) => [mark.symbol, i]));
  return el(
    "span",
    { class: "mini-row", "aria-label": `${word} ${text}` },
    [...word].map((letter, i) => el("span", { class: `mini-tile mark-${index[text[i]]}` }, letter)),
  );
}

function bucketTable(form, split) {
  const rows = split.buckets.slice(0, SHOW_BUCKETS).map((bucket) => {
    const more = bucket.size - bucket.words.length;
    const named = bucket.wins ? "solved" : bucket.words.join(" ") + (more > 0 ? ` +${more}` : "");
    return el(
      "tr",
      {},
      el("td", {}, feedback(form, split.word, bucket.feedback)),
      el("td", {}, String(bucket.size)),
      el("td", {}, `${(100 * bucket.probability).toFixed(1)}%`),
      el("td", { class: "explain-words" }, named),
    );
  });
  const rest = split.buckets.slice(SHOW_BUCKETS);
  if (rest.length > 0) {
    const held = rest.reduce((sum, bucket) => sum + bucket.size, 0);
    rows.push(el("tr", { class: "hint" }, el("td", {}, plural(rest.length, "more feedback")), el("td", {}, String(held)), el("td", {}, ""), el("td", {}, `at most ${rest[0].size} left each`)));
  }
  return el(
    "div",
    { class: "table-wrap", tabindex: "0", role: "region", "aria-label": `Feedbacks of ${split.word}` },
    el(
      "table",
      { class: "explain-buckets", "data-word": split.word },
      el("caption", {}, `${split.word}: ${plural(split.n_buckets, "feedback")} it can earn`),
      el("thead", {}, el("tr", {}, ["feedback", "left", "chance", "candidates"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows),
    ),
  );
}

/** Bucket sizes in bins, a bar per guess: the candidates held in buckets of that size. */
function histogram(splits) {
  const labels = [...new Map(splits.flatMap((s) => s.histogram).map((b) => [b.sizes, b.low])).entries()].sort((a, b) => a[1] - b[1]);
  const widest = Math.max(...splits.flatMap((s) => s.histogram.map((b) => b.candidates)));
  const rows = labels.map(([label]) =>
    el(
      "tr",
      {},
      el("th", { scope: "row" }, label),
      splits.map((split, k) => {
        const found = split.histogram.find((b) => b.sizes === label);
        const held = found ? found.candidates : 0;
        return el(
          "td",
          { title: found ? `${split.word}: ${plural(found.buckets, "bucket")}, ${plural(held, "candidate")}` : "" },
          el("span", { class: `bar bar-${k}`, style: { width: `${(85 * held) / widest}%` } }),
          el("span", { class: "bar-count" }, held ? String(held) : ""),
        );
      }),
    ),
  );
  return el(
    "table",
    { class: "explain-histogram" },
    el("caption", {}, "candidates in buckets of each size"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "size"), splits.map((s) => el("th", { scope: "col" }, s.word)))),
    el("tbody", {}, rows),
  );
}

/** The exact verdict in words; `answer` is the explanation, `verdict` the exact search's answer. */
function exactLine(answer, verdict) {
  const exact = verdict.exact;
  if (exact === null) return verdict.exact_note ?? "";
  const parts = [`best play (${exact.best} first) needs ${Number(exact.best_mean.toPrecision(3))} guesses on average`];
  const named = [[answer.guess.word, exact.guess_mean]];
  if (answer.versus) named.push([answer.versus.word, exact.versus_mean]);
  for (const [word, mean] of named) parts.push(mean === null ? `${word} first: no tree in time` : `${word} first: ${Number(mean.toPrecision(3))}`);
  return `exact: ${parts.join("; ")}`;
}

// Trees: open a tree file (or grow one), then explore it: each branch is fetched from the server
// when it is first expanded, so a large tree opens as fast as its first level.
import { fetchJson, post, showError } from "./api.js";
import { byId, count, el, fillStrategies, plural } from "./dom.js";

export class TreesView {
  constructor(catalogue) {
    const games = catalogue.games.filter((g) => !g.needs_words);
    byId("tree-game").replaceChildren(...games.map((g) => el("option", { value: g.name, title: g.description }, g.name)));
    byId("tree-game").value = games.some((g) => g.name === "tonguess3") ? "tonguess3" : games[0].name;
    fillStrategies(byId("tree-strategy"), catalogue.strategies);
    byId("tree-file").addEventListener("change", (event) => this.openFile(event.target.files[0]));
    byId("tree-build").addEventListener("submit", (event) => {
      event.preventDefault();
      this.grow();
    });
    byId("tree-find").addEventListener("submit", (event) => {
      event.preventDefault();
      this.find(byId("tree-secret").value);
    });
    this.ticket = 0;
    this.clear();
  }

  clear() {
    this.tree = null; // the summary of the open tree
    this.nodes = new Map(); // number -> node, as fetched
    this.expanded = new Set();
    this.found = null;
  }

  async openFile(file) {
    if (!file) return;
    this.file = file;
    const started = performance.now();
    const { data, error } = await fetchJson("/api/trees", { method: "POST", headers: { "Content-Type": "application/json" }, body: file });
    if (error !== undefined) {
      showError(error);
      return;
    }
    this.opened(data, started);
  }

  async grow() {
    const started = performance.now();
    this.file = null;
    byId("tree-summary").textContent = "Growing the tree…";
    const data = await post("/api/trees/build", {
      game: byId("tree-game").value,
      strategy: byId("tree-strategy").value,
      hard: byId("tree-hard").checked,
    });
    if (data === null) byId("tree-summary").textContent = "";
    else this.opened(data, started);
  }

  /** A tree was opened: show its numbers and its first level. */
  opened(tree, started) {
    this.ticket += 1;
    this.clear();
    this.tree = tree;
    this.merge(tree.nodes);
    this.expanded.add(0);
    this.render();
    this.openedMs = performance.now() - started;
    const proof = tree.proven ? ", proven optimal" : "";
    byId("tree-summary").textContent =
      `${tree.game} (${tree.lists} lists): ${tree.strategy} tree of ${count(tree.size)} nodes over ${count(tree.total)} secrets; ` +
      `mean ${tree.mean.toFixed(4)} guesses, worst ${tree.worst}${proof}. Opened in ${Math.round(this.openedMs)} ms.`;
    byId("tree-summary").dataset.openedMs = String(this.openedMs);
    byId("tree-find").hidden = false;
    byId("tree-histogram").replaceChildren(histogram(tree.distribution));
  }

  merge(nodes) {
    for (const node of nodes) this.nodes.set(node.number, node);
  }

  /** Fetch from the server; a tree it no longer holds is sent again from its file. */
  async fetchTree(path) {
    let { data, error } = await fetchJson(`/api/trees/${this.tree.tree}${path}`);
    if (error !== undefined && error.startsWith("no open tree") && this.file) {
      const again = await fetchJson("/api/trees", { method: "POST", headers: { "Content-Type": "application/json" }, body: this.file });
      if (again.error === undefined) ({ data, error } = await fetchJson(`/api/trees/${this.tree.tree}${path}`));
    }
    if (error !== undefined) showError(error);
    return error === undefined ? data : null;
  }

  async toggle(number) {
    if (this.expanded.has(number)) {
      this.expanded.delete(number);
      this.render(number);
      return;
    }
    const node = this.nodes.get(number);
    if (node.children.some((child) => !this.nodes.has(child))) {
      const ticket = this.ticket;
      const data = await this.fetchTree(`/nodes/${number}?depth=1`);
      if (data === null || ticket !== this.ticket) return;
      this.merge(data.nodes);
    }
    this.expanded.add(number);
    this.render(number);
  }

  async find(secret) {
    if (!this.tree || !secret.trim()) return;
    const ticket = this.ticket;
    const data = await this.fetchTree(`/path?secret=${encodeURIComponent(secret.trim())}`);
    if (data === null || ticket !== this.ticket) return;
    this.merge(data.nodes);
    for (const number of data.path.slice(0, -1)) this.expanded.add(number);
    this.found = data.path.at(-1);
    const steps = data.path.map((n) => this.nodes.get(n));
    byId("tree-path").textContent =
      `${data.secret} is solved in ${plural(steps.length, "guess")}: ` +
      steps.map((node, i) => (i === 0 ? node.guess : `${node.edge} → ${node.guess}`)).join(", ");
    this.render(this.found);
  }

  /** Draw the expanded part of the tree; focus the node given (it was just toggled or found). */
  render(focus = null) {
    const root = this.nodes.get(0);
    byId("tree-view").replaceChildren(...(root ? [this.item(root)] : []));
    if (focus !== null) {
      const button = byId("tree-view").querySelector(`[data-node="${focus}"]`);
      button?.focus();
      button?.scrollIntoView({ block: "nearest" });
    }
  }

  item(node) {
    const open = this.expanded.has(node.number);
    const leaf = node.children.length === 0;
    const label = [
      node.edge === null ? "" : `${node.edge} → `,
      el("strong", {}, node.guess),
      el("small", {}, ` ${plural(node.reach, "secret")}${node.solves ? ", one solved here" : ""}`),
    ];
    const button = el(
      "button",
      {
        type: "button",
        class: `node${this.found === node.number ? " found" : ""}`,
        "data-node": String(node.number),
        "aria-expanded": leaf ? null : String(open),
        onclick: () => (leaf ? null : this.toggle(node.number)),
      },
      leaf ? "• " : open ? "▾ " : "▸ ",
      label,
    );
    const children = open ? node.children.map((n) => this.nodes.get(n)).filter(Boolean) : [];
    return el(
      "li",
      { role: "treeitem", "aria-expanded": leaf ? null : String(open) },
      button,
      children.length ? el("ul", { role: "group" }, children.map((child) => this.item(child))) : null,
    );
  }
}

/** Secrets by the number of guesses the tree needs for them, as bars. */
function histogram(distribution) {
  const entries = Object.entries(distribution);
  const most = Math.max(...entries.map(([, n]) => n));
  const caption = "Secrets solved with each number of guesses";
  const rows = entries.flatMap(([guesses, n]) => [
    el("span", { class: "guesses", style: { "--span": "1" } }, guesses),
    el("div", { class: "bar", style: { width: `${(90 * n) / most}%`, "--colour": "var(--series-0)" }, title: `${n} secrets in ${guesses}` }, el("span", {}, String(n))),
  ]);
  return el("figure", {}, el("figcaption", {}, caption), el("div", { class: "bars", role: "img", "aria-label": caption }, rows));
}

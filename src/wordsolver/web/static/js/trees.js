// Trees: open a tree file (or grow one), then explore it: each branch is fetched from the server
// when it is first expanded, so a large tree opens as fast as its first level. The tree is a
// tree view for the keyboard too: one node is in the tab order, the arrow keys move between the
// nodes shown and open or close branches, Enter or Space opens and closes one, Home and End go
// to the first and the last node shown.
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
    byId("tree-view").addEventListener("keydown", (event) => this.onKeydown(event));
    this.ticket = 0;
    this.clear();
  }

  clear() {
    this.tree = null; // the summary of the open tree
    this.nodes = new Map(); // number -> node, as fetched
    this.expanded = new Set();
    this.found = null;
    this.current = 0; // the node in the tab order (the one the arrow keys move from)
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
    if (focus !== null) this.current = focus;
    const root = this.nodes.get(0);
    byId("tree-view").replaceChildren(...(root ? [this.item(root, 1)] : []));
    if (focus !== null) this.focusItem(byId("tree-view").querySelector(`[data-node="${focus}"]`));
  }

  item(node, level) {
    const open = this.expanded.has(node.number);
    const leaf = node.children.length === 0;
    const label = el(
      "span",
      { class: `node${this.found === node.number ? " found" : ""}` },
      leaf ? "• " : open ? "▾ " : "▸ ",
      node.edge === null ? "" : `${node.edge} → `,
      el("strong", {}, node.guess),
      el("small", {}, ` ${plural(node.reach, "secret")}${node.solves ? ", one solved here" : ""}`),
    );
    const children = open ? node.children.map((n) => this.nodes.get(n)).filter(Boolean) : [];
    return el(
      "li",
      {
        role: "treeitem",
        "data-node": String(node.number),
        "aria-level": String(level),
        "aria-expanded": leaf ? null : String(open),
        "aria-selected": String(node.number === this.current),
        tabindex: node.number === this.current ? "0" : "-1",
        onclick: (event) => {
          if (event.target.closest("[role=treeitem]") !== event.currentTarget) return; // a child's
          if (leaf) this.focusItem(event.currentTarget);
          else this.toggle(node.number);
        },
      },
      label,
      children.length ? el("ul", { role: "group" }, children.map((child) => this.item(child, level + 1))) : null,
    );
  }

  /** Make this node the one in the tab order, and focus it. */
  focusItem(item) {
    if (!item) return;
    for (const other of byId("tree-view").querySelectorAll("[role=treeitem][tabindex='0']")) {
      other.tabIndex = -1;
      other.setAttribute("aria-selected", "false");
    }
    item.tabIndex = 0;
    item.setAttribute("aria-selected", "true");
    this.current = Number(item.dataset.node);
    item.focus();
    item.querySelector(".node").scrollIntoView({ block: "nearest" });
  }

  /** The tree view's keys (the WAI-ARIA tree pattern). */
  onKeydown(event) {
    const item = event.target.closest("[role=treeitem]");
    if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
    const shown = [...byId("tree-view").querySelectorAll("[role=treeitem]")];
    const at = shown.indexOf(item);
    const number = Number(item.dataset.node);
    const branch = item.hasAttribute("aria-expanded");
    const open = item.getAttribute("aria-expanded") === "true";
    const moves = {
      ArrowDown: () => this.focusItem(shown[at + 1]),
      ArrowUp: () => this.focusItem(shown[at - 1]),
      Home: () => this.focusItem(shown[0]),
      End: () => this.focusItem(shown.at(-1)),
      ArrowRight: () => {
        if (branch && !open) this.toggle(number);
        else if (open) this.focusItem(item.querySelector("[role=treeitem]"));
      },
      ArrowLeft: () => {
        if (open) this.toggle(number);
        else this.focusItem(item.parentElement.closest("[role=treeitem]"));
      },
      Enter: () => branch && this.toggle(number),
      " ": () => branch && this.toggle(number),
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    move();
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

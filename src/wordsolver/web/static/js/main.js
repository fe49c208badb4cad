// The page: a menu of games and tools, each a view over the JSON API. The address names the view
// and holds its game (#wordle?h=tarse:..y..), so a game can be bookmarked, shared and reloaded,
// and the back button takes back a move.
import { AbsurdleView } from "./absurdle.js";
import { get } from "./api.js";
import { byId, el } from "./dom.js";
import { EvaluateView } from "./evaluate.js";
import { FalloutView } from "./fallout.js";
import { HandView } from "./hand.js";
import { HostView } from "./host.js";
import { OpenersView } from "./openers.js";
import { closePanels, setUpPanels } from "./panels.js";
import { PlayView } from "./play.js";
import { readAddress } from "./state.js";
import { TreesView } from "./trees.js";
import { BoardsView } from "./boards.js";

// Tools beside the games; `view` names the section (host serves the solo game and the duel).
const TOOLS = [
  { name: "host", view: "host", label: "guess my word", group: "play", description: "the program hides a word; you guess it, with hints" },
  { name: "duel", view: "host", label: "duel", group: "play", description: "you and the computer guess each other's word; fewer guesses wins" },
  { name: "openers", label: "starting words", description: "the best first guesses: one word, or the exact best pairs" },
  { name: "trees", label: "trees", description: "open or grow a decision tree and explore it" },
  { name: "hand", description: "every word a hand of letters spells (* = any letter)" },
  { name: "evaluate", description: "play every secret with several strategies and compare" },
];

/** The menu: every game and tool, in groups, each with what it does. */
function buildMenu(catalogue, boardGames) {
  const solved = catalogue.games.filter((g) => !g.adversarial);
  const groups = [
    ["Solve a game you play", solved],
    ["Several boards at once", boardGames],
    ["Play against the program", [...catalogue.games.filter((g) => g.adversarial), ...TOOLS.filter((t) => t.group === "play")]],
    ["Tools", TOOLS.filter((t) => t.group === undefined)],
  ];
  byId("menu").replaceChildren(
    ...groups.map(([heading, entries]) =>
      el(
        "section",
        { class: "menu-group" },
        el("h2", {}, heading),
        el(
          "ul",
          {},
          entries.map((entry) =>
            el("li", {}, el("a", { href: `#${entry.name}` }, el("strong", {}, entry.label ?? entry.name), el("small", {}, entry.description))),
          ),
        ),
      ),
    ),
  );
}

function setUpMenu() {
  const button = byId("menu-button");
  const menu = byId("menu");
  const open = (shown) => {
    menu.hidden = !shown;
    button.setAttribute("aria-expanded", String(shown));
    if (shown) menu.querySelector("[aria-current=page], a")?.focus();
  };
  button.addEventListener("click", () => open(menu.hidden));
  menu.addEventListener("click", (event) => {
    if (event.target.closest("a")) open(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !menu.hidden) {
      open(false);
      button.focus();
    }
  });
}

async function start() {
  const catalogue = await get("/api/games");
  const boardGames = await get("/api/board-games");
  if (catalogue === null || boardGames === null) return;
  const views = {
    play: new PlayView(catalogue),
    fallout: new FalloutView(catalogue),
    hand: new HandView(catalogue),
    evaluate: new EvaluateView(catalogue),
    absurdle: new AbsurdleView(catalogue),
    openers: new OpenersView(catalogue),
    host: new HostView(catalogue),
    trees: new TreesView(catalogue),
    boards: new BoardsView(catalogue, boardGames),
  };
  buildMenu(catalogue, boardGames);
  setUpMenu();
  document.querySelector(".skip").addEventListener("click", (event) => {
    event.preventDefault(); // its #main would name a view
    byId("main").focus();
  });
  setUpPanels();

  let shown = null;
  function route() {
    const { name, params } = readAddress();
    const game = catalogue.games.find((g) => g.name === name || g.aliases.includes(name));
    const tool = TOOLS.find((t) => t.name === name);
    const boards = boardGames.find((b) => b.name === name);
    const chosen = game ?? boards ?? tool ?? catalogue.games[0];
    const view = tool
      ? (tool.view ?? tool.name)
      : boards ? "boards" : chosen.adversarial ? "absurdle" : chosen.needs_words ? "fallout" : "play"; // a screen's words
    if (shown !== chosen.name) closePanels();
    shown = chosen.name;
    for (const id of Object.keys(views)) byId(id).hidden = id !== view;
    for (const link of byId("menu").querySelectorAll("a")) {
      if (link.getAttribute("href") === `#${chosen.name}`) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    if (view === "play") views.play.show(chosen, params);
    if (view === "absurdle") views.absurdle.show(chosen, params);
    if (view === "boards") views.boards.show(chosen, params);
    if (view === "fallout") views.fallout.show(params);
    if (view === "host") views.host.show(tool.name === "duel" ? "duel" : "solo", params);
    const label = (tool ?? chosen).label ?? chosen.name;
    byId("title").textContent = label;
    document.title = `${label} · wordsolver`;
    document.body.dataset.view = view;
  }

  window.addEventListener("popstate", route);
  window.addEventListener("hashchange", route);
  route();
  document.body.dataset.ready = "1";
}

start();

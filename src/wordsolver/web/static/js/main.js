// The page: a picker of games and tools, each a view over the JSON API. The address's #name picks
// the view, so a game can be bookmarked and the back button works.
import { AbsurdleView } from "./absurdle.js";
import { get } from "./api.js";
import { byId, el } from "./dom.js";
import { EvaluateView } from "./evaluate.js";
import { FalloutView } from "./fallout.js";
import { HandView } from "./hand.js";
import { HostView } from "./host.js";
import { OpenersView } from "./openers.js";
import { PlayView } from "./play.js";
import { TreesView } from "./trees.js";
import { BoardsView } from "./boards.js";

// Tools beside the games; `view` names the section (host serves the solo game and the duel).
const TOOLS = [
  { name: "openers", label: "starting words", description: "the best first guesses: one word, or the exact best pairs" },
  { name: "host", view: "host", label: "guess my word", description: "the program hides a word; you guess it, with hints" },
  { name: "duel", view: "host", label: "duel", description: "you and the computer guess each other's word; fewer guesses wins" },
  { name: "trees", label: "trees", description: "open or grow a decision tree and explore it" },
  { name: "hand", description: "every word a hand of letters spells (* = any letter)" },
  { name: "evaluate", description: "play every secret with several strategies and compare" },
];

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
  const entries = [...catalogue.games, ...boardGames, ...TOOLS];
  byId("picker").replaceChildren(
    ...entries.map((entry) => el("a", { href: `#${entry.name}`, title: entry.description }, entry.label ?? entry.name)),
  );

  function route() {
    const name = decodeURIComponent(location.hash.slice(1));
    const game = catalogue.games.find((g) => g.name === name || g.aliases.includes(name));
    const tool = TOOLS.find((t) => t.name === name);
    const boards = boardGames.find((b) => b.name === name);
    const chosen = game ?? boards ?? tool ?? catalogue.games[0];
    const view = tool
      ? (tool.view ?? tool.name)
      : boards ? "boards" : chosen.adversarial ? "absurdle" : chosen.needs_words ? "fallout" : "play"; // a screen's words
    for (const id of Object.keys(views)) byId(id).hidden = id !== view;
    for (const link of byId("picker").children) {
      if (link.getAttribute("href") === `#${chosen.name}`) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    if (view === "play") views.play.show(chosen);
    if (view === "absurdle") views.absurdle.show(chosen);
    if (view === "boards") views.boards.show(chosen);
    if (view === "host") views.host.show(tool.name === "duel" ? "duel" : "solo");
    document.title = `${(tool ?? chosen).label ?? chosen.name} · wordsolver`;
  }

  window.addEventListener("hashchange", route);
  route();
}

start();

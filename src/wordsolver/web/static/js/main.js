// The page: a picker of games and tools, each a view over the JSON API. The address's #name picks
// the view, so a game can be bookmarked and the back button works.
import { get } from "./api.js";
import { byId, el } from "./dom.js";
import { EvaluateView } from "./evaluate.js";
import { FalloutView } from "./fallout.js";
import { HandView } from "./hand.js";
import { PlayView } from "./play.js";
import { BoardsView } from "./boards.js";

const TOOLS = [
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
    boards: new BoardsView(catalogue, boardGames),
  };
  const entries = [...catalogue.games, ...boardGames, ...TOOLS];
  byId("picker").replaceChildren(
    ...entries.map((entry) => el("a", { href: `#${entry.name}`, title: entry.description }, entry.name)),
  );

  function route() {
    const name = decodeURIComponent(location.hash.slice(1));
    const game = catalogue.games.find((g) => g.name === name || g.aliases.includes(name));
    const tool = TOOLS.find((t) => t.name === name);
    const boards = boardGames.find((b) => b.name === name);
    const chosen = game ?? boards ?? tool ?? catalogue.games[0];
    const view = tool ? tool.name : boards ? "boards" : chosen.needs_words ? "fallout" : "play"; // a screen's words
    for (const id of Object.keys(views)) byId(id).hidden = id !== view;
    for (const link of byId("picker").children) {
      if (link.getAttribute("href") === `#${chosen.name}`) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    if (view === "play") views.play.show(chosen);
    if (view === "boards") views.boards.show(chosen);
    document.title = `${chosen.name} · wordsolver`;
  }

  window.addEventListener("hashchange", route);
  route();
}

start();

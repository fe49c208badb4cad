// The game in the address and in the browser's storage: `#wordle?h=tarse:..y..,coign:.g..y&hard=1`
// holds the game, its lists and options and every move, so a reload, the back button or a shared
// link restores it; an unfinished game is also kept in localStorage (one per game) and comes back
// when the game is opened without moves in its address. A new game forgets it.

const STORAGE = "wordsolver.game.";
/** Characters kept readable in the address: they only ever separate moves and their parts. */
const READABLE = { "%2C": ",", "%3A": ":", "%2F": "/" };

/** The view's name and its parameters, read from the address. */
export function readAddress() {
  const hash = location.hash.slice(1);
  const mark = hash.indexOf("?");
  const name = decodeURIComponent(mark < 0 ? hash : hash.slice(0, mark));
  return { name, params: readQuery(mark < 0 ? "" : hash.slice(mark + 1)) };
}

/** "a=1&b=x" as a Map of decoded values. */
export function readQuery(query) {
  const params = new Map();
  for (const part of query.split("&")) {
    if (!part) continue;
    const equals = part.indexOf("=");
    const key = equals < 0 ? part : part.slice(0, equals);
    const value = equals < 0 ? "" : part.slice(equals + 1);
    try {
      params.set(decodeURIComponent(key), decodeURIComponent(value));
    } catch {
      // a damaged part of a link is left out; the rest still restores
    }
  }
  return params;
}

/** The parameters that have a value, as the address writes them (separators left readable). */
export function writeQuery(params) {
  const encode = (text) => encodeURIComponent(text).replace(/%2C|%3A|%2F/gi, (code) => READABLE[code.toUpperCase()]);
  return [...params.entries()]
    .filter(([, value]) => value !== null && value !== undefined && value !== "" && value !== false)
    .map(([key, value]) => `${encode(key)}=${encode(value === true ? "1" : String(value))}`)
    .join("&");
}

/**
 * Put the view's state in the address: a move is a new entry of the browser's history (so Back
 * takes it back), a change of options replaces the entry. Keep the game when it is unfinished.
 */
export function record(name, params, { push = false, unfinished = false } = {}) {
  const query = writeQuery(params);
  const hash = `#${encodeURIComponent(name)}${query ? `?${query}` : ""}`;
  if (location.hash !== hash) {
    if (push) history.pushState(null, "", hash);
    else history.replaceState(null, "", hash);
  }
  try {
    if (unfinished) localStorage.setItem(STORAGE + name, query);
    else localStorage.removeItem(STORAGE + name);
  } catch {
    // storage refused (a private window): the address still holds the game
  }
}

/** The unfinished game kept for this view, or null. */
export function kept(name) {
  try {
    const query = localStorage.getItem(STORAGE + name);
    return query ? readQuery(query) : null;
  } catch {
    return null;
  }
}

/** `tarse:..y..,coign:.g..y` → [{guess, feedback}]; a board game's patterns are joined by "/". */
export function decodeMoves(text) {
  if (!text) return [];
  return text.split(",").map((part) => {
    const colon = part.lastIndexOf(":");
    return colon < 0 ? { guess: part, feedback: "" } : { guess: part.slice(0, colon), feedback: part.slice(colon + 1) };
  });
}

export const encodeMoves = (moves) => moves.map((move) => `${move.guess}:${move.feedback}`).join(",");

/** `crane,slate` ↔ ["crane", "slate"]. */
export const decodeWords = (text) => (text ? text.split(",").filter(Boolean) : []);
export const encodeWords = (words) => words.join(",");

/** The same parameters (in any order)? */
export function sameParams(a, b) {
  const text = (params) => writeQuery(new Map([...params.entries()].sort(([x], [y]) => (x < y ? -1 : 1))));
  return text(a) === text(b);
}

/**
 * The one request a view has under way: starting the next aborts the last, so an answer for a
 * position the player has left never arrives (and the server stops working on it).
 */
export class Latest {
  constructor() {
    this.controller = null;
  }

  /** A signal for the next request; the one before is aborted. */
  next() {
    this.controller?.abort();
    this.controller = new AbortController();
    return this.controller.signal;
  }

  abort() {
    this.controller?.abort();
    this.controller = null;
  }
}

// Calls to the JSON API. Every error answer is {"detail": "..."}: it is shown on the page as is.
// A request may be aborted (its AbortSignal in `init.signal`): it then answers {aborted: true}
// and shows nothing. While the server prepares something once (a game's pattern table), it
// answers 202 with its progress ({status, message, done, total, seconds}); the page shows that
// progress instead of a bare "Thinking…" and asks again until the answer comes. The endpoints
// the games use are named once here, so moving one (e.g. to a cacheable GET) is one change.
import { byId } from "./dom.js";

/** Pause before asking again for something the server is still preparing. */
const ASK_AGAIN_MS = 400;
/** How long the server may hold a request for a one-time build before telling its progress. */
const PREFER = "wait=1";

let pending = 0;

/** Show one readable error line at the top of the page. */
export function showError(message) {
  const box = byId("error");
  box.textContent = message;
  box.hidden = false;
}

export function clearError() {
  byId("error").hidden = true;
}

/** The server's progress of a one-time build in the busy line; null: back to "Thinking…". */
export function showPreparing(progress) {
  const bar = byId("busy-bar");
  if (progress === null) {
    byId("busy-text").textContent = "Thinking…";
    bar.hidden = true;
    return;
  }
  // The server's message says what is prepared, how far it has got and that it is done once.
  const { message, done, total, seconds } = progress;
  const took = typeof seconds === "number" ? ` (${seconds.toFixed(0)} s so far)` : "";
  byId("busy-text").textContent = `${message ?? "Preparing"}${took}`;
  bar.hidden = false;
  if (total) {
    bar.max = total;
    bar.value = done;
  } else {
    bar.removeAttribute("value"); // not started yet: an indeterminate bar
  }
}

const pause = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * {data, status} on success, {error: message, status} otherwise, {aborted: true} when aborted; shows
 * "Thinking…" while it waits. With `untilReady`, a 202 answer is shown as progress and the
 * request sent again until the real answer comes.
 */
export async function fetchJson(path, init = {}, { untilReady = false } = {}) {
  pending += 1;
  byId("busy").hidden = false;
  try {
    for (;;) {
      const headers = { ...(init.headers ?? {}), ...(untilReady ? { Prefer: PREFER } : {}) };
      const response = await fetch(path, { ...init, headers });
      const data = await response.json().catch(() => null);
      if (untilReady && response.status === 202 && data !== null) {
        showPreparing(data);
        await pause(ASK_AGAIN_MS, init.signal);
        if (init.signal?.aborted) return { aborted: true };
        continue;
      }
      if (response.ok) return { data, status: response.status };
      const detail = data && typeof data.detail === "string" ? data.detail : null;
      return { error: detail ?? `the server answered ${response.status} ${response.statusText}`, status: response.status };
    }
  } catch (error) {
    if (error.name === "AbortError") return { aborted: true };
    return { error: `cannot reach the server (${error.message}): is wordsolver serve running?` };
  } finally {
    pending -= 1;
    byId("busy").hidden = pending === 0;
    if (pending === 0) showPreparing(null);
  }
}

/** The answer's data, or null after showing its error (or, aborted, showing nothing). */
async function call(path, init) {
  const { data, error, aborted } = await fetchJson(path, init, { untilReady: true });
  if (aborted) return null;
  if (error === undefined) {
    clearError();
    return data;
  }
  showError(error);
  return null;
}

export const get = (path, signal = undefined) => call(path, { signal });

export const postJson = (body, signal = undefined) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
  signal,
});

export const post = (path, body, signal = undefined) => call(path, postJson(body, signal));

/** Send a file as the raw request body. */
export const upload = (path, file, signal = undefined) =>
  call(path, { method: "POST", headers: { "Content-Type": file.type || "application/octet-stream" }, body: file, signal });

// The endpoints of the games, each named once.

/** A GET query of the parameters that have a value (lists joined by ","). */
function query(params) {
  const parts = Object.entries(params)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([key, value]) => `${key}=${encodeURIComponent(Array.isArray(value) ? value.join(",") : String(value))}`);
  return parts.join("&");
}

/** Whether the server answers suggestions as cacheable GETs (null: not known yet). */
let suggestByGet = null;

/**
 * The state after the history and the best next guesses (the assistant, Fallout): a GET any
 * HTTP cache can keep where the server offers one, else the POST.
 */
export async function suggest(body, signal) {
  const { game, lists, prior, history, strategy, hard, guess_from: from, top, words, seed } = body;
  const moves = history.map((move) => `${move.guess}:${move.feedback}`);
  const fits = !(words ?? []).some((w) => w.includes(",")) && !moves.some((m) => m.split(":").length !== 2);
  if (suggestByGet !== false && fits) {
    const path = `/api/suggest?${query({ game, lists, prior, h: moves, strategy, hard: hard ? 1 : "", from: from === "candidates" ? from : "", top, w: words, seed })}`;
    const { data, error, status, aborted } = await fetchJson(path, { signal }, { untilReady: true });
    if (aborted) return null;
    if (status !== 405 && status !== 404) {
      suggestByGet = true;
      if (error === undefined) {
        clearError();
        return data;
      }
      showError(error);
      return null;
    }
    suggestByGet = false; // an older server: POST only
  }
  return post("/api/suggest", body, signal);
}

/** Every board of a multi-board game after its history. */
export const boards = (body, signal) => post("/api/boards", body, signal);

/** The adversary's answers to the guesses so far. */
export const absurdle = (body, signal) => post("/api/absurdle", body, signal);

/** The proven best next guess against the adversary (a cacheable GET). */
export const absurdleHint = ({ game, lists, hard, guesses }, signal) =>
  get(`/api/absurdle/hint?${query({ game, lists, g: guesses, hard: hard ? 1 : 0 })}`, signal);

/** A finished game beside the solver's play. */
export const review = (body, signal) => post("/api/review", body, signal);

/** A game played elsewhere, from its share grid and its guesses (the secret last). */
export const reviewShared = (body, signal) => post("/api/review/shared", body, signal);

/** A Fallout screen read from a screenshot. */
export const readScreenshot = (file, signal) => upload("/api/fallout/screenshot", file, signal);

/** A Fallout screen read from a photo of it (straightened and cleaned by the server first). */
export const readPhoto = (file, signal) => upload("/api/fallout/photo", file, signal);

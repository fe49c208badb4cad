// Calls to the JSON API. Every error answer is {"detail": "..."}: it is shown on the page as is.
import { byId } from "./dom.js";

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

/** {data, status} on success, {error: message} otherwise; shows "Thinking…" while it waits. */
export async function fetchJson(path, init = {}) {
  pending += 1;
  byId("busy").hidden = false;
  try {
    const response = await fetch(path, init);
    const data = await response.json().catch(() => null);
    if (response.ok) return { data, status: response.status };
    const detail = data && typeof data.detail === "string" ? data.detail : null;
    return { error: detail ?? `the server answered ${response.status} ${response.statusText}` };
  } catch (error) {
    return { error: `cannot reach the server (${error.message}): is wordsolver serve running?` };
  } finally {
    pending -= 1;
    byId("busy").hidden = pending === 0;
  }
}

/** The answer's data, or null after showing its error. */
async function call(path, init) {
  const { data, error } = await fetchJson(path, init);
  if (error === undefined) {
    clearError();
    return data;
  }
  showError(error);
  return null;
}

export const get = (path) => call(path);

export const postJson = (body) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

export const post = (path, body) => call(path, postJson(body));

/** Send a file as the raw request body. */
export const upload = (path, file) =>
  call(path, { method: "POST", headers: { "Content-Type": file.type || "application/octet-stream" }, body: file });

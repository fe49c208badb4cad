// The share text of a finished game with a Copy button (the clipboard API, or the selection
// copied when the browser refuses it).
import { el } from "./dom.js";

/** Put the text on the clipboard; true when it is there. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = el("textarea", { readonly: true, "aria-hidden": "true", class: "offscreen" });
    area.value = text;
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    return copied;
  }
}

/** The share text as players post it, and a Copy button that says when it is copied. */
export function shareBox(text) {
  const said = el("span", { class: "copied", role: "status" });
  const copy = async () => {
    said.textContent = (await copyText(text)) ? "Copied" : "Select the text above and copy it";
  };
  return el(
    "div",
    { class: "share-box" },
    el("h3", {}, "Share"),
    el("pre", { class: "share" }, text),
    el("div", { class: "actions" }, el("button", { type: "button", class: "copy primary", onclick: copy }, "Copy"), said),
  );
}

// Panels opened on demand. On a phone they are sheets over the lower part of the screen (the
// board stays in view), opened by their toolbar button and closed by ✕ or Escape; on a wider
// screen they stand in the side column and the buttons that open them are not shown.
import { el } from "./dom.js";

const toggles = (id) => document.querySelectorAll(`.panel-toggle[aria-controls="${id}"]`);

/** Open or close a panel (and say so on its buttons). */
export function openPanel(id, open = true) {
  const panel = document.getElementById(id);
  panel.classList.toggle("open", open);
  for (const toggle of toggles(id)) toggle.setAttribute("aria-expanded", String(open));
  if (open) panel.querySelector(".panel-close")?.focus({ preventScroll: true });
}

/** Put these nodes in a panel, keeping its close button. */
export function fillPanel(panel, ...nodes) {
  const close = panel.querySelector(":scope > .panel-close");
  panel.replaceChildren(...(close ? [close] : []), ...nodes);
}

/** Close every panel open (a new game, another view). */
export function closePanels() {
  for (const panel of document.querySelectorAll(".panel.open")) openPanel(panel.id, false);
}

/** Give each panel its close button, and the toggles their clicks. */
export function setUpPanels() {
  for (const panel of document.querySelectorAll(".panel")) {
    panel.prepend(
      el("button", { type: "button", class: "panel-close", "aria-label": "Close the panel", onclick: () => openPanel(panel.id, false) }, "✕"),
    );
  }
  document.addEventListener("click", (event) => {
    const toggle = event.target.closest(".panel-toggle");
    if (toggle === null || toggle.dataset.custom) return;
    const id = toggle.getAttribute("aria-controls");
    openPanel(id, !document.getElementById(id).classList.contains("open"));
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.querySelector(".panel.open")) closePanels();
  });
}

// "Solvable?"'s page script: it only wires. The controller (solvable_controller.js) is
// handed its view (solvable_view.js), the API client and the storage; the board's gestures
// (input.js's attachInput) and the page's buttons become its calls.
import * as api from "./api.js";
import * as storage from "./storage.js";
import { attachInput, quietDoubleClicks } from "./input.js";
import { SolvableController } from "./solvable_controller.js";
import { createSolvableView } from "./solvable_view.js";

const $ = (id) => document.getElementById(id);
const root = $("solvable"), boardEl = $("board");
api.setCsrf(root.dataset.csrf);

const controller = new SolvableController({
  view: createSolvableView({ root, boardEl, palette: JSON.parse($("region-colors").textContent) }),
  api, storage, ownTier: root.dataset.ownTier,
});
controller.resume();

attachInput(boardEl, () => +getComputedStyle(root).getPropertyValue("--n"), {
  tap: (i) => controller.tap(i), queen: (i) => controller.queen(i),
  doubleTap: (i) => controller.doubleTap(i), cross: (i) => controller.cross(i),
  toggleCross: (i) => controller.toggleCross(i), clear: (i) => controller.clearCell(i),
  dragStart: (i) => controller.dragStart(i), dragOver: (i) => controller.dragOver(i),
  dragEnd: () => controller.dragEnd(), focus: (i, move) => { if (move) controller.view.focusCell(i); },
  undo: () => controller.undo(), redo: () => controller.redo(),
  enabled: () => controller.mode === "play" || controller.mode === "claim",
});

quietDoubleClicks(document);

// Escape leaves a claim (as its "Cancel").
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && controller.mode === "claim") { e.preventDefault(); controller.cancelClaim(); }
});

// These buttons swap the row of buttons (or deal, or answer): the second click of a double
// click would land on whichever button took the place (Cancel under "No solution"), so it
// acts once. Undo and Redo count each click.
const ONCE = new Set(["start", "solved", "noSolution", "hint", "submitClaim", "cancelClaim",
                      "next", "again"]);

root.addEventListener("click", (e) => {
  const unit = e.target.closest("[data-unit]");
  if (unit) { controller.toggleUnit(unit.dataset.unit, +unit.dataset.index); return; }
  const button = e.target.closest("[data-action]");
  if (!button) return;
  const action = button.dataset.action;
  if (e.detail > 1 && ONCE.has(action)) return;
  if (action === "start") controller.start(document.querySelector("input[name=sv-tier]:checked")?.value);
  else controller[action]();
});

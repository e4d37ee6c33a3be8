// Input on the board: tap, double tap, long press, drag, right click and keyboard become
// calls to the handlers; nothing here knows the game's rules.
//   handlers: tap(i), queen(i), cross(i), toggleCross(i), clear(i), dragStart(i),
//             dragOver(i), dragEnd(), focus(i), undo(), redo(), enabled()
// The game page's input (gameInput, below) emits all of it, and its buttons, as events.
import { SENT_EVENT as OUTBOX_SENT_EVENT } from "./outbox.js";

const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// The cells a drag passed over from cell `from` to cell `to` on an n×n board, `from` left out:
// a fast swipe reports a pointer move every few cells, and the cells it jumped are crossed too.
export function cellsBetween(from, to, n) {
  const [r0, c0, r1, c1] = [Math.floor(from / n), from % n, Math.floor(to / n), to % n];
  const steps = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0)), found = [];
  for (let k = 1; k <= steps; k++) {
    found.push((r0 + Math.round((r1 - r0) * k / steps)) * n + c0 + Math.round((c1 - c0) * k / steps));
  }
  return found;
}

export function attachInput(boardEl, size, handlers) {
  const cellAt = (e) => e.target.closest && e.target.closest(".cell");
  const indexOf = (el) => +el.dataset.row * size() + +el.dataset.col;
  let drag = null, pressTimer = null, suppressClick = false, focus = 0;
  // Whether the click before this one was on the board (a capture on the document sees
  // every click before the board's own listener does).
  const lastClick = { before: false, now: false };
  let tailOfElsewhere = false;
  document.addEventListener("click", (e) => {
    lastClick.before = lastClick.now; lastClick.now = boardEl.contains(e.target);
  }, true);

  boardEl.addEventListener("pointerdown", (e) => {
    const el = cellAt(e);
    if (!el || !handlers.enabled() || e.button === 2) return;
    const i = indexOf(el);
    suppressClick = false; // a new press: whatever ended the last one is over
    drag = { start: i, last: i, moved: false };
    pressTimer = setTimeout(() => { // a long press crosses
      if (drag && !drag.moved) { suppressClick = true; handlers.cross(i); drag = null; }
    }, 500);
  });
  boardEl.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const el = document.elementFromPoint(e.clientX, e.clientY)?.closest(".cell");
    if (!el) return;
    const i = indexOf(el);
    if (i !== drag.start || drag.moved) {
      if (!drag.moved) { drag.moved = true; clearTimeout(pressTimer); handlers.dragStart(drag.start); }
      for (const j of i === drag.last ? [i] : cellsBetween(drag.last, i, size())) handlers.dragOver(j);
      drag.last = i;
    }
  });
  window.addEventListener("pointerup", () => {
    clearTimeout(pressTimer);
    if (drag && drag.moved) { suppressClick = true; handlers.dragEnd(); }
    drag = null;
  });
  boardEl.addEventListener("click", (e) => {
    // The click that ends a drag or a long press is not a tap, wherever it lands.
    if (suppressClick) { suppressClick = false; return; }
    // The second click of a double click begun off the board (on a button that brought the
    // board under the finger, as "Start a run" does on a phone) is not the board's.
    tailOfElsewhere = e.detail > 1 && !lastClick.before;
    if (tailOfElsewhere) return;
    const el = cellAt(e);
    if (!el) return;
    focus = indexOf(el);
    handlers.focus(focus);
    handlers.tap(focus);
  });
  boardEl.addEventListener("dblclick", (e) => {
    if (tailOfElsewhere) return;
    const el = cellAt(e);
    if (el) (handlers.doubleTap || handlers.queen)(indexOf(el));
  });
  boardEl.addEventListener("contextmenu", (e) => {
    const el = cellAt(e);
    if (!el) return;
    e.preventDefault();
    handlers.toggleCross(indexOf(el));
  });
  // The board itself (a skip link's target) hands the focus on to its current cell.
  boardEl.addEventListener("focus", (e) => { if (e.target === boardEl) handlers.focus(focus, true); });
  boardEl.addEventListener("keydown", (e) => {
    const n = size(), r = Math.floor(focus / n), c = focus % n;
    if (MOVES[e.key]) {
      const [dr, dc] = MOVES[e.key];
      focus = Math.min(n - 1, Math.max(0, r + dr)) * n + Math.min(n - 1, Math.max(0, c + dc));
      handlers.focus(focus, true);
      e.preventDefault();
      return;
    }
    const key = e.key.toLowerCase();
    if (key === " ") handlers.tap(focus);
    else if (key === "q") handlers.queen(focus);
    else if (key === "x") handlers.cross(focus);
    else if (key === "backspace" || key === "delete") handlers.clear(focus);
    else return;
    e.preventDefault();
  });
  boardEl.addEventListener("focusin", (e) => {
    const el = cellAt(e);
    if (el) { focus = indexOf(el); handlers.focus(focus); }
  });
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "z") return;
    // A board behind an open dialog (the tutorial, the rules) is not the one being undone.
    if (document.querySelector("dialog[open]") && !boardEl.closest("dialog[open]")) return;
    e.preventDefault();
    if (e.shiftKey) handlers.redo(); else handlers.undo();
  });
  // A second finger (a pinch) is not a drag.
  return { cancelDrag() { clearTimeout(pressTimer); drag = null; } };
}

// ---------------------------------------------------------------- the game page's input
// Everything the player does on the game page, as named events for its controller
// (game_controller.js), which listens with on(event, callback): the board's gestures (as
// above), its buttons, the settings, the page hidden or left, an offline solve sent.
// A listener may answer: "playable" (may a press on the board begin?) and "holdLeave"
// (should leaving the page be questioned?) are asked, true when a listener says so.
export function gameInput(boardEl, size) {
  const listeners = {};
  const emit = (event, ...args) => (listeners[event] || []).map((callback) => callback(...args));
  const asks = (event) => emit(event).some(Boolean);
  const on = (name) => (...args) => emit(name, ...args);
  const $ = (id) => document.getElementById(id);

  const board = attachInput(boardEl, size, {
    enabled: () => asks("playable"),
    tap: on("tap"), queen: on("queen"), doubleTap: on("doubleTap"), cross: on("cross"),
    clear: on("clearCell"), toggleCross: on("toggleCross"),
    dragStart: on("dragStart"), dragOver: on("dragOver"), dragEnd: on("dragEnd"),
    focus: on("focus"), undo: on("undo"), redo: on("redo"),
  });

  const buttons = { undo: "undo", redo: "redo", clear: "clearBoard", reveal: "reveal", hint: "hint",
    "hint-apply": "applyHint", "hint-dismiss": "dismissHint", next: "next", share: "share",
    "ghost-stop": "stopRace", "replay-play": "replayToggle", "replay-close": "replayClose" };
  for (const [id, event] of Object.entries(buttons)) $(id).onclick = () => emit(event);
  // The recorded solves' buttons (recordings_view.js draws them): race one, or watch it.
  $("recordings-list").addEventListener("click", (e) => {
    const button = e.target.closest("button[data-action]");
    if (button) emit(button.dataset.action, button.closest("[data-recording]").dataset.recording);
  });
  $("replay-seek").oninput = (e) => emit("replaySeek", +e.target.value);
  $("replay-speed").onchange = (e) => emit("replaySpeed", +e.target.value);
  $("tier-select").onchange = (e) => emit("tier", e.target.value);
  // A setting's box names its setting (data-setting).
  for (const box of document.querySelectorAll("#game input[data-setting]")) {
    box.onchange = () => emit("setting", box.dataset.setting, box.checked);
  }

  // The win dialog opens on the tap that won: until it is ready, that tap (or Escape) must
  // not dismiss it.
  const dialog = $("win-dialog"), ready = () => dialog.dataset.ready === "true";
  $("win-next").onclick = () => { if (ready()) emit("next"); };
  $("win-close").onclick = () => { if (ready()) emit("closeWin"); };
  dialog.addEventListener("cancel", (e) => { if (!ready()) e.preventDefault(); });

  document.addEventListener("visibilitychange", () => emit("visibility", document.hidden));
  window.addEventListener("beforeunload", (e) => {
    if (asks("holdLeave")) { e.preventDefault(); e.returnValue = ""; }
  });
  // pwa.js sends the offline solves when the network returns (outbox.js tells of each).
  window.addEventListener(OUTBOX_SENT_EVENT, (e) => emit("solveSent", e.detail));

  return {
    on(event, callback) { (listeners[event] ||= []).push(callback); },
    cancelDrag: () => board.cancelDrag(),
  };
}

// A double click begun on a button selects no words wherever its second click lands: a
// button that changes the page ("No solution", "Cancel", "Hint") moves other words under
// the pointer, and the browser selected one, or the footer's. (A button's own words are
// unselectable by the style sheet: user-select: none.)
export function quietDoubleClicks(el, ms = 600) {
  let buttonAt = -Infinity;
  el.addEventListener("mousedown", (e) => {
    if (e.detail > 1 && e.timeStamp - buttonAt < ms) e.preventDefault();
    else buttonAt = e.detail === 1 && e.target.closest && e.target.closest("button") ? e.timeStamp : -Infinity;
  });
}

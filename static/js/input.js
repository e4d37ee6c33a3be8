// Input on the board: tap, double tap, long press, drag, right click and keyboard become
// calls to the handlers; nothing here knows the game's rules.
//   handlers: tap(i), queen(i), cross(i), toggleCross(i), clear(i), dragStart(i),
//             dragOver(i), dragEnd(), focus(i), undo(), redo(), enabled()
const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export function attachInput(boardEl, size, handlers) {
  const cellAt = (e) => e.target.closest && e.target.closest(".cell");
  const indexOf = (el) => +el.dataset.row * size() + +el.dataset.col;
  let drag = null, pressTimer = null, suppressClick = false, focus = 0;

  boardEl.addEventListener("pointerdown", (e) => {
    const el = cellAt(e);
    if (!el || !handlers.enabled() || e.button === 2) return;
    const i = indexOf(el);
    suppressClick = false; // a new press: whatever ended the last one is over
    drag = { start: i, moved: false };
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
      handlers.dragOver(i);
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
    const el = cellAt(e);
    if (!el) return;
    focus = indexOf(el);
    handlers.focus(focus);
    handlers.tap(focus);
  });
  boardEl.addEventListener("dblclick", (e) => {
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

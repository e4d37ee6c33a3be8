// The first-visit tutorial: a tiny board solved step by step with the engine's own steps
// (embedded by the page), each rule introduced the first time a step uses it. Only the
// step's cells take marks, so a first tap cannot go astray. It renders into its dialog.
import { gettext, interpolate } from "./i18n.js";
import { buildBoard, renderBoard } from "./board.js";
import { attachInput } from "./input.js";
import { CROSS, EMPTY, Game, QUEEN } from "./state.js";

const $ = (id) => document.getElementById(id);
const HINT_CLASSES = ["hint-because", "hint-queen", "hint-cross"];

// returnFocus: what takes the focus when it closes, unless what opened it still can.
export function setUpTutorial(data, palette, { autoCross, onClose, returnFocus }) {
  const dialog = $("tutorial"), boardEl = $("tutorial-board"), level = data.level;
  const n = level.size, key = (r, c) => r * n + c;
  let game = null, cells = [], at = -1, advance = null, opener = null;
  let doneOnArrival = false; // the step's marks were made before it came (auto-cross)

  const step = () => data.steps[at];
  const targets = () => {
    const s = step();
    if (!s) return { queens: new Set(), crosses: new Set() };
    return { queens: new Set(s.queens.map(([r, c]) => key(r, c))),
             crosses: new Set(s.crosses.map(([r, c]) => key(r, c))) };
  };
  const satisfied = () => {
    const s = step();
    return !s || (s.queens.every(([r, c]) => game.marks[key(r, c)] === QUEEN)
      && s.crosses.every(([r, c]) => game.marks[key(r, c)] === CROSS));
  };

  function render() {
    renderBoard(cells, level, palette, game.marks);
    for (const cell of cells) cell.classList.remove(...HINT_CLASSES);
    const s = step();
    if (s) {
      for (const [r, c] of s.because) cells[key(r, c)].classList.add("hint-because");
      for (const [r, c] of s.queens) cells[key(r, c)].classList.add("hint-queen");
      for (const [r, c] of s.crosses) cells[key(r, c)].classList.add("hint-cross");
    }
    const intro = at < 0, done = at >= data.steps.length;
    $("tutorial-rule").textContent = s ? s.rule : "";
    $("tutorial-text").textContent = intro ? data.intro : done ? data.done : s.message;
    $("tutorial-todo").textContent = intro || done ? ""
      : doneOnArrival && satisfied() ? gettext("Already done: your queen crossed these cells for you (the auto-cross setting). Read why, then press “Next”.")
      : satisfied() ? gettext("Done: on to the next step.") : s.todo;
    $("tutorial-progress").textContent = intro || done ? ""
      : interpolate(gettext("Step %(step)s of %(steps)s"), { step: at + 1, steps: data.steps.length });
    $("tutorial-next").textContent = intro ? gettext("Start") : done ? gettext("Play") : gettext("Next");
    $("tutorial-next").disabled = !intro && !done && !satisfied();
    $("tutorial-show").hidden = intro || done || satisfied();
  }

  // A step whose marks are already made does not advance by itself (its lesson unread):
  // it says so, and Next takes the focus.
  function goTo(index) {
    clearTimeout(advance);
    at = index;
    doneOnArrival = at >= 0 && at < data.steps.length && satisfied();
    render();
    if (doneOnArrival) $("tutorial-next").focus();
  }
  // A move on one of the step's cells; when it completes the step, the next one follows.
  function moved() {
    render();
    if (at >= 0 && at < data.steps.length && satisfied()) {
      advance = setTimeout(() => goTo(at + 1), 700);
    }
  }
  function mark(i, value) {
    const { queens, crosses } = targets();
    if (!(queens.has(i) || crosses.has(i))) {
      $("tutorial-todo").textContent = gettext("Not that cell yet:") + " " + (step() ? step().todo : "");
      return;
    }
    // A cell to cross only ever takes a cross; the queen's cell takes what the tap asks.
    const next = crosses.has(i) ? CROSS : value;
    if (game.marks[i] === next) return;
    game.set(i, next);
    moved();
  }

  const input = attachInput(boardEl, () => n, {
    enabled: () => dialog.open && at >= 0 && at < data.steps.length,
    tap: (i) => mark(i, game.marks[i] === CROSS ? QUEEN : CROSS),
    queen: (i) => mark(i, QUEEN),
    doubleTap: (i) => mark(i, QUEEN),
    cross: (i) => mark(i, CROSS),
    toggleCross: (i) => mark(i, CROSS),
    clear: () => {},
    dragStart: (i) => mark(i, CROSS),
    dragOver: (i) => { if (targets().crosses.has(i)) mark(i, CROSS); },
    dragEnd: () => {},
    focus: (i, move) => { if (move) cells[i].focus(); },
    undo: () => {},
    redo: () => {},
  });

  $("tutorial-next").onclick = () => {
    if (at >= data.steps.length) { dialog.close(); return; }
    if (at < 0 || satisfied()) goTo(at + 1);
  };
  $("tutorial-show").onclick = () => {
    const s = step();
    if (!s) return;
    for (const [r, c] of s.crosses) if (game.marks[key(r, c)] === EMPTY) game.set(key(r, c), CROSS);
    for (const [r, c] of s.queens) game.set(key(r, c), QUEEN);
    moved();
  };
  $("tutorial-skip").onclick = () => dialog.close();
  dialog.addEventListener("close", () => {
    clearTimeout(advance); input.cancelDrag(); onClose();
    // Escape or a button closed it: the focus goes back, never to the page's body.
    const back = opener && opener.isConnected && opener.checkVisibility() ? opener : returnFocus();
    if (back) back.focus();
  });

  return {
    open(from = null) {
      opener = from;
      game = new Game(level, { autoCross: autoCross() });
      cells = buildBoard(boardEl, level, palette);
      goTo(-1);
      dialog.showModal();
      $("tutorial-next").focus();
    },
  };
}

// The hint panel: shows the engine's next step on the board (the cells it reasons about,
// the cells it decides), its sentence, and offers to apply it. It writes; the step shown
// is the controller's to keep.
import { gettext } from "./i18n.js";

const panel = document.getElementById("hint-panel");
const text = document.getElementById("hint-text");
const applyButton = document.getElementById("hint-apply");
const CLASSES = ["hint-because", "hint-queen", "hint-cross", "hint-mistake"];

export function clearHint(cells) {
  for (const cell of cells) cell.classList.remove(...CLASSES);
  panel.hidden = true;
}

// step: {technique, message, queens, crosses, because, mistake}; cellOf(r, c) -> element.
export function showHint(cells, step, cellOf) {
  clearHint(cells);
  const mark = (cells, cls) => { for (const [r, c] of cells) cellOf(r, c).classList.add(cls); };
  if (step.mistake) mark(step.because, "hint-mistake");
  else {
    mark(step.because, "hint-because");
    mark(step.queens, "hint-queen");
    mark(step.crosses, "hint-cross");
  }
  text.textContent = step.message;
  // A wrong queen can be taken off; a wrong cross is only named by its row, so the
  // player finds it. A step that decides nothing has nothing to apply.
  const removable = step.mistake && step.because.length === 1;
  applyButton.hidden = !(removable || step.queens.length || step.crosses.length);
  const stars = +(document.getElementById("game")?.dataset.stars || 1) > 1;
  applyButton.textContent = removable ? (stars ? gettext("Remove that star") : gettext("Remove that queen"))
    : gettext("Apply");
  panel.hidden = false;
  // A sentence longer than the room kept for it scrolls: the keyboard can reach it then.
  if (text.scrollHeight > text.clientHeight + 1) text.tabIndex = 0;
  else text.removeAttribute("tabindex");
}

// The board's size: as large as the column allows, but never so tall that the timer, the
// controls or an open hint leave the screen. Beside the board (wide screens) the controls
// need no room below it; under it (phones) they and a hint's room do. The size is fixed
// while a board is played: a hint or a mark never resizes a cell.
const MAX_PX = 576; // 36rem
const MIN_PX = 224; // 14rem: below this a board is zoomed, not shrunk
// On a phone, an open hint's room: three lines of its sentence and its buttons. A longer
// sentence (a Star Battle step in Spanish runs to six lines on a 360 px screen) scrolls
// inside that room (queens.css caps the panel at --hint-room) rather than pushing the
// controls off the screen.
const HINT_ROOM_PX = 150;
let applied = null; // the last board's fit, so a new board replaces its resize listener

export function fitBoard(root) {
  const wrap = root.querySelector(".board-wrap"), side = root.querySelector(".side");
  const apply = () => {
    const beside = side.getBoundingClientRect().left >= wrap.getBoundingClientRect().right - 1;
    const top = wrap.getBoundingClientRect().top + window.scrollY;
    // An open hint takes the status line's place: the room is the larger of the two.
    const height = (sel) => root.querySelector(sel).getBoundingClientRect().height;
    const below = beside ? 12 : height(".controls") + Math.max(height(".status"), HINT_ROOM_PX) + 16;
    // Beside: what the side column and the gap leave; under: the column's own width.
    // (The root is as wide as its content beside, so the page's column is what counts.)
    const width = beside ? root.parentElement.clientWidth - side.getBoundingClientRect().width - 24
      : wrap.parentElement.clientWidth;
    const px = Math.floor(Math.max(MIN_PX, Math.min(MAX_PX, width, window.innerHeight - top - below)));
    root.style.setProperty("--board-px", `${Math.min(px, width)}px`);
    root.style.setProperty("--hint-room", `${HINT_ROOM_PX}px`);
  };
  if (applied) window.removeEventListener("resize", applied);
  applied = apply;
  apply();
  window.addEventListener("resize", apply);
  return apply;
}

// Zoom and pan for big boards on small screens: buttons, and a two-finger pinch that also
// pans. Zooming only scales the board inside a scrolling frame; one finger still marks cells.
const MIN_TAP_PX = 28;
const MAX_ZOOM = 4;

// overview: a canvas that shows the whole board and a frame where the view is, while zoomed;
// draw(canvas) paints the board on it. A tap on it moves the view there.
export function setUpZoom(wrap, boardEl, n, onPinchStart, { overview = null, draw = () => {} } = {}) {
  const bar = document.getElementById("zoom");
  const frame = overview && overview.parentElement.querySelector(".overview-frame");
  let zoom = 1;

  function showView() {
    if (!overview) return;
    overview.parentElement.hidden = zoom <= 1;
    if (zoom <= 1) return;
    const size = overview.clientWidth, full = wrap.scrollWidth || 1, tall = wrap.scrollHeight || 1;
    frame.style.left = `${wrap.scrollLeft / full * size}px`;
    frame.style.top = `${wrap.scrollTop / tall * size}px`;
    frame.style.width = `${wrap.clientWidth / full * size}px`;
    frame.style.height = `${wrap.clientHeight / tall * size}px`;
  }
  wrap.addEventListener("scroll", showView, { passive: true });
  if (overview) {
    overview.addEventListener("click", (e) => {
      const box = overview.getBoundingClientRect();
      const x = (e.clientX - box.left) / box.width, y = (e.clientY - box.top) / box.height;
      wrap.scrollLeft = x * wrap.scrollWidth - wrap.clientWidth / 2;
      wrap.scrollTop = y * wrap.scrollHeight - wrap.clientHeight / 2;
      showView();
    });
  }
  const fitCell = () => wrap.clientWidth / n;
  // Needed where a fitted cell is smaller than a comfortable tap target.
  const needed = () => n >= 13 && fitCell() < MIN_TAP_PX;
  const tapZoom = () => Math.min(MAX_ZOOM, Math.ceil((MIN_TAP_PX + 2) / fitCell() * 10) / 10);

  function apply(next, focusX = wrap.clientWidth / 2, focusY = wrap.clientHeight / 2) {
    const before = zoom;
    zoom = Math.min(MAX_ZOOM, Math.max(1, next));
    // Keep the point under the fingers (or the centre) where it was.
    const x = (wrap.scrollLeft + focusX) / before, y = (wrap.scrollTop + focusY) / before;
    boardEl.style.setProperty("--zoom", zoom);
    wrap.classList.toggle("zoomed", zoom > 1);
    wrap.scrollLeft = x * zoom - focusX;
    wrap.scrollTop = y * zoom - focusY;
    document.getElementById("zoom-out").disabled = zoom <= 1;
    document.getElementById("zoom-in").disabled = zoom >= MAX_ZOOM;
    if (zoom > 1 && before <= 1 && overview) draw(overview);
    showView();
  }

  bar.hidden = !needed();
  document.getElementById("zoom-in").onclick = () => apply(zoom < tapZoom() ? tapZoom() : zoom * 1.5);
  // Below the tap-target zoom there is only the whole board.
  document.getElementById("zoom-out").onclick = () => apply(zoom / 1.5 < tapZoom() ? 1 : zoom / 1.5);
  apply(1);

  // Two fingers: pinch to zoom, move to pan.
  const fingers = new Map();
  let pinch = null;
  const spread = () => { const [a, b] = [...fingers.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  const middle = () => { const [a, b] = [...fingers.values()]; return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }; };
  boardEl.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (fingers.size === 2) {
      onPinchStart(); // a second finger is not a drag
      const box = wrap.getBoundingClientRect(), m = middle();
      pinch = { spread: spread(), zoom, x: m.x - box.left, y: m.y - box.top, mid: m,
                left: wrap.scrollLeft, top: wrap.scrollTop };
    }
  });
  boardEl.addEventListener("pointermove", (e) => {
    if (!fingers.has(e.pointerId)) return;
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (!pinch || fingers.size !== 2) return;
    apply(pinch.zoom * spread() / pinch.spread, pinch.x, pinch.y);
    const m = middle();
    wrap.scrollLeft -= m.x - pinch.mid.x; wrap.scrollTop -= m.y - pinch.mid.y;
    pinch.mid = m;
  });
  const lift = (e) => { fingers.delete(e.pointerId); if (fingers.size < 2) pinch = null; };
  window.addEventListener("pointerup", lift);
  window.addEventListener("pointercancel", lift);
  // After a move: the overview shows the marks too.
  const refresh = () => { if (zoom > 1 && overview) draw(overview); };
  return { needed, refresh, get zoom() { return zoom; } };
}

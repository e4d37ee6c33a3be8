// The board: rendering, input (tap, drag, keyboard), auto-cross, undo, timer, win.
import * as store from "./storage.js";
import { conflicts, ruledOut } from "./rules.js";
import { clearHint, currentHint, showHint } from "./hint.js";
import * as api from "./api.js";
import { shareText, untilNextDaily } from "./win.js";
import { setUpZoom } from "./zoom.js";

const EMPTY = 0, CROSS = 1, QUEEN = 2;
const STATE_NAMES = ["empty", "cross", "queen"];
const root = document.getElementById("game");
const boardEl = document.getElementById("board");
const statusEl = document.getElementById("status");
const timerEl = document.getElementById("timer");
const colors = JSON.parse(document.getElementById("region-colors").textContent);
const csrf = root.dataset.csrf;
const settings = store.settings();

let level = JSON.parse(document.getElementById("level-data").textContent);
let n, marks, autoBy, history, future, done, focus, startedAt, lockedUntil = 0;
let elapsed = 0; // the clock shows 0:00, never NaN, until a board is built
let cells = []; // the cell elements, row-major

api.setCsrf(csrf);
const apiBase = () => `/api/levels/${level.size}/${level.id}/`;
const idx = (r, c) => r * n + c;
const say = (text) => { statusEl.textContent = text; };
const fmt = (s) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
let serverSeconds = null, serverHints = 0;

// ---------------------------------------------------------------- state and storage
function snapshot() { return { marks: marks.slice(), autoBy: Object.entries(autoBy) }; }
function restore(s) { marks = s.marks.slice(); autoBy = Object.fromEntries(s.autoBy); }
function save() {
  store.saveProgress(level.id, { ...snapshot(), elapsed: currentElapsed(), done });
  store.saveLastBoard(done || !marks.some((m) => m) ? null
    : { id: level.id, size: level.size, tier: level.tier, daily: level.daily });
}
function currentElapsed() {
  return elapsed + (startedAt ? (performance.now() - startedAt) / 1000 : 0);
}
function startClock() { if (!startedAt && !done && !document.hidden) startedAt = performance.now(); }
function stopClock() { elapsed = currentElapsed(); startedAt = null; }
document.addEventListener("visibilitychange", () => {
  if (document.hidden) { stopClock(); save(); } else if (marks.some((m) => m)) startClock();
});
setInterval(() => { timerEl.textContent = fmt(currentElapsed()); }, 250);

// ---------------------------------------------------------------- rendering
function render() {
  const queens = queenCells();
  const bad = settings.showConflicts ? conflicts(level.regions, level.rule, queens) : [];
  const badQueens = new Set(), zones = new Set();
  for (const c of bad) {
    for (const [r, col] of c.cells) badQueens.add(idx(r, col));
    const [[r1, c1]] = c.cells;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      if ((c.kind === "row" && i === r1) || (c.kind === "column" && j === c1)
          || (c.kind === "region" && level.regions[i][j] === level.regions[r1][c1])) zones.add(idx(i, j));
    }
  }
  for (const cell of cells) {
    const r = +cell.dataset.row, c = +cell.dataset.col, m = marks[idx(r, c)];
    cell.dataset.state = STATE_NAMES[m];
    cell.classList.toggle("conflict", badQueens.has(idx(r, c)));
    cell.classList.toggle("conflict-zone", zones.has(idx(r, c)));
    cell.tabIndex = focus === idx(r, c) ? 0 : -1;
    const color = colors[level.colors[level.regions[r][c]]].name;
    cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}, ${color} region, ${STATE_NAMES[m]}`
      + (badQueens.has(idx(r, c)) ? ", conflict" : ""));
  }
  document.getElementById("undo").disabled = !history.length || !!done;
  document.getElementById("redo").disabled = !future.length || !!done;
  for (const id of ["clear", "reveal", "hint"]) document.getElementById(id).disabled = !!done;
  root.classList.toggle("finished", !!done);
  if (bad.length) {
    const kinds = [...new Set(bad.map((c) => c.kind))];
    say(`Conflict: two queens share a ${kinds.join(", ").replace("touch", "touching corner")}.`);
  } else if (!done) say("");
}

function build() {
  n = level.size;
  root.dataset.size = n;
  boardEl.style.setProperty("--n", n);
  boardEl.replaceChildren();
  cells = [];
  let rowEl;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    if (c === 0) { // a real ARIA grid: cells live in rows (display: contents keeps the layout)
      rowEl = document.createElement("div");
      rowEl.className = "row"; rowEl.setAttribute("role", "row");
      boardEl.appendChild(rowEl);
    }
    const g = level.regions[r][c], cell = document.createElement("div");
    cell.className = "cell"; cell.setAttribute("role", "gridcell");
    cell.dataset.row = r; cell.dataset.col = c;
    cell.dataset.letter = String.fromCharCode(65 + g);
    cell.style.setProperty("--region", colors[level.colors[g]].hex);
    // Thick borders where regions meet.
    if (r === 0 || level.regions[r - 1][c] !== g) cell.classList.add("edge-top");
    if (c === 0 || level.regions[r][c - 1] !== g) cell.classList.add("edge-left");
    if (r === n - 1 || level.regions[r + 1][c] !== g) cell.classList.add("edge-bottom");
    if (c === n - 1 || level.regions[r][c + 1] !== g) cell.classList.add("edge-right");
    rowEl.appendChild(cell);
    cells.push(cell);
  }
  const saved = store.progress(level.id);
  marks = new Array(n * n).fill(EMPTY); autoBy = {}; history = []; future = [];
  elapsed = 0; done = null; focus = 0; startedAt = null;
  if (saved) { restore(saved); elapsed = saved.elapsed || 0; done = saved.done || null; }
  if (level.daily) document.getElementById("game-title").textContent = `Daily #${level.daily.number}`;
  const tierEl = document.getElementById("tier");
  tierEl.hidden = !level.tier;
  tierEl.textContent = level.tier ? level.tier[0].toUpperCase() + level.tier.slice(1) : "";
  tierEl.dataset.tier = level.tier || "";
  clearHint(cells);
  setUpTierPicker();
  if (done === "solved") say("Solved. Well done!");
  if (done === "revealed") say("Revealed: this level counts as revealed, not solved.");
  timerEl.textContent = fmt(elapsed);
  render();
  setUpZoom(document.querySelector(".board-wrap"), boardEl, n, () => {
    clearTimeout(pressTimer); drag = null;
  });
}

// ---------------------------------------------------------------- moves
const queenCells = () => marks.flatMap((m, i) => (m === QUEEN ? [[Math.floor(i / n), i % n]] : []));

function setCell(i, value) {
  const r = Math.floor(i / n), c = i % n, before = marks[i];
  if (before === value) return;
  if (before === QUEEN) takeBackCrosses(i);
  delete autoBy[i];
  marks[i] = value;
  if (value === QUEEN && settings.autoCross) {
    for (const [a, b] of ruledOut(level.regions, level.rule, r, c)) {
      const j = idx(a, b);
      if (marks[j] === EMPTY) { marks[j] = CROSS; autoBy[j] = [i]; }
      else if (autoBy[j]) autoBy[j].push(i);
    }
  }
}

function takeBackCrosses(queen) {
  for (const [j, owners] of Object.entries(autoBy)) {
    const left = owners.filter((o) => o !== queen);
    if (left.length === owners.length) continue;
    if (left.length) autoBy[j] = left;
    else { delete autoBy[j]; if (marks[j] === CROSS) marks[j] = EMPTY; }
  }
}

function act(change) {
  if (done || performance.now() < lockedUntil) return;
  const before = snapshot();
  change();
  if (JSON.stringify(before.marks) === JSON.stringify(marks)) return;
  history.push(before); future = [];
  clearHint(cells);
  startClock(); save(); render(); maybeWin();
}

function undo() { if (history.length && !done) { future.push(snapshot()); restore(history.pop()); clearHint(cells); save(); render(); } }
function redo() { if (future.length && !done) { history.push(snapshot()); restore(future.pop()); clearHint(cells); save(); render(); } }

async function maybeWin() {
  const queens = queenCells();
  if (queens.length !== n || conflicts(level.regions, level.rule, queens).length) return;
  const answer = await api.post(apiBase() + "check/", { queens });
  if (!answer.ok) { say(answer.message); return; }
  const result = answer.data;
  if (!result.solved) { say("Not quite: that is not the solution."); return; }
  stopClock(); done = "solved"; lockedUntil = performance.now() + 800;
  store.markSolved(level.id);
  // The streak counts a daily solved on its own day (UTC); archive dailies never touch it.
  if (level.daily) store.recordDailySolve(level.daily.date, new Date().toISOString().slice(0, 10));
  save(); render(); say("Solved. Well done!");
  const seconds = Math.round(elapsed);
  document.getElementById("win-time").textContent = `Time: ${fmt(seconds)}`;
  document.getElementById("win-rank").textContent = "";
  document.getElementById("win-hints").textContent = "";
  const dialog = document.getElementById("win-dialog");
  dialog.dataset.ready = "false";
  dialog.showModal();
  // The tap that won must not dismiss the dialog.
  setTimeout(() => { dialog.dataset.ready = "true"; }, 800);
  const s = store.streak();
  document.getElementById("win-streak").textContent =
    level.daily ? `Daily streak: ${s.count} (best ${s.best})` : "";
  document.getElementById("win-countdown").textContent = `Next daily in ${untilNextDaily()}`;
  const rank = await api.post(apiBase() + "solves/", { token: result.token });
  if (rank.ok) {
    const r = rank.data;
    serverSeconds = r.seconds; serverHints = r.hints;
    // The server's time, from first opening the level: the clock here is display only.
    document.getElementById("win-time").textContent = `Time: ${fmt(r.seconds)}`;
    document.getElementById("win-hints").textContent =
      r.hints ? `Hints used: ${r.hints}` : "Solved without hints.";
    const { best, isBest } = store.recordBest(level.size, level.tier, r.seconds);
    document.getElementById("win-best").textContent = isBest
      ? `A personal best for ${n}×${n}${level.tier ? ` ${level.tier}` : ""}!`
      : `Your best at ${n}×${n}${level.tier ? ` ${level.tier}` : ""}: ${fmt(best)}`;
    document.getElementById("win-rank").textContent = !r.ranked
      ? "Solved too fast to be ranked."
      : r.solvers <= 1 ? "The first to solve this level."
      : `Faster than or equal to ${r.percentile}% of ${r.solvers} solvers.`;
  } else if (rank.status !== 400) say(rank.message);
}

// ---------------------------------------------------------------- input
const cellAt = (e) => e.target.closest && e.target.closest(".cell");
const cellIndex = (el) => idx(+el.dataset.row, +el.dataset.col);
let drag = null, pressTimer = null, suppressClick = false;

boardEl.addEventListener("pointerdown", (e) => {
  const el = cellAt(e);
  if (!el || done || e.button === 2) return;
  const i = cellIndex(el);
  drag = { start: i, moved: false, before: snapshot() };
  pressTimer = setTimeout(() => { // long press crosses
    if (drag && !drag.moved) { suppressClick = true; act(() => setCell(i, CROSS)); drag = null; }
  }, 500);
});
boardEl.addEventListener("pointermove", (e) => {
  if (!drag) return;
  const el = document.elementFromPoint(e.clientX, e.clientY)?.closest(".cell");
  if (!el) return;
  const i = cellIndex(el);
  if (i !== drag.start || drag.moved) {
    if (!drag.moved) { drag.moved = true; clearTimeout(pressTimer); markDrag(drag.start); }
    markDrag(i);
  }
});
function markDrag(i) { if (marks[i] === EMPTY) { delete autoBy[i]; marks[i] = CROSS; render(); } }
window.addEventListener("pointerup", () => {
  clearTimeout(pressTimer);
  if (drag && drag.moved) { // one undo step for the whole drag
    suppressClick = true;
    history.push(drag.before); future = []; startClock(); save(); render();
  }
  drag = null;
});
boardEl.addEventListener("click", (e) => {
  // The click that ends a drag or a long press is not a tap, wherever it lands.
  if (suppressClick) { suppressClick = false; return; }
  const el = cellAt(e);
  if (!el) return;
  const i = cellIndex(el);
  focus = i;
  act(() => setCell(i, (marks[i] + 1) % 3));
});
boardEl.addEventListener("dblclick", (e) => {
  const el = cellAt(e);
  if (el) { const i = cellIndex(el); act(() => setCell(i, QUEEN)); }
});
boardEl.addEventListener("contextmenu", (e) => {
  const el = cellAt(e);
  if (!el) return;
  e.preventDefault();
  const i = cellIndex(el);
  act(() => setCell(i, marks[i] === CROSS ? EMPTY : CROSS));
});
boardEl.addEventListener("keydown", (e) => {
  const r = Math.floor(focus / n), c = focus % n;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    focus = idx(Math.min(n - 1, Math.max(0, r + dr)), Math.min(n - 1, Math.max(0, c + dc)));
    render(); cells[focus].focus(); e.preventDefault(); return;
  }
  const key = e.key.toLowerCase();
  if (key === " ") act(() => setCell(focus, (marks[focus] + 1) % 3));
  else if (key === "q") act(() => setCell(focus, QUEEN));
  else if (key === "x") act(() => setCell(focus, CROSS));
  else if (key === "backspace" || key === "delete") act(() => setCell(focus, EMPTY));
  else return;
  e.preventDefault();
});
boardEl.addEventListener("focusin", (e) => { const el = cellAt(e); if (el) focus = cellIndex(el); });
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "z") return;
  e.preventDefault();
  if (e.shiftKey) redo(); else undo();
});

// ---------------------------------------------------------------- buttons
document.getElementById("undo").onclick = undo;
document.getElementById("redo").onclick = redo;
document.getElementById("clear").onclick = () => act(() => { marks.fill(EMPTY); autoBy = {}; });
document.getElementById("reveal").onclick = async () => {
  if (done || !confirm("Reveal the solution? This level will count as revealed, not solved.")) return;
  const answer = await api.post(apiBase() + "reveal/");
  if (!answer.ok) { say(answer.message); return; }
  const { solution } = answer.data;
  stopClock();
  marks.fill(EMPTY); autoBy = {};
  solution.forEach((c, r) => { marks[idx(r, c)] = QUEEN; });
  done = "revealed"; save(); render();
  say("Revealed: this level counts as revealed, not solved.");
};
document.getElementById("hint").onclick = async () => {
  if (done) return;
  const queens = queenCells();
  const crosses = marks.flatMap((m, i) => (m === CROSS ? [[Math.floor(i / n), i % n]] : []));
  const answer = await api.post(apiBase() + "hint/", { queens, crosses });
  if (!answer.ok) { say(answer.message); return; }
  say("");
  showHint(cells, answer.data, (r, c) => cells[idx(r, c)]);
};
document.getElementById("hint-apply").onclick = () => {
  const step = currentHint();
  if (!step) return;
  if (step.mistake) {
    const [[r, c]] = step.because;
    act(() => setCell(idx(r, c), EMPTY));
  } else {
    act(() => {
      for (const [r, c] of step.queens) setCell(idx(r, c), QUEEN);
      for (const [r, c] of step.crosses) if (marks[idx(r, c)] === EMPTY) setCell(idx(r, c), CROSS);
    });
  }
  clearHint(cells);
};
document.getElementById("hint-dismiss").onclick = () => clearHint(cells);
// A random level of this size, avoiding solved ones; once all are solved, any other one.
async function fetchLevel(size, rule, current, tier = store.tierFor(size)) {
  const query = (ids) => `/api/levels/${size}/?exclude=${ids.join(",")}`
    + `${rule === "classic" ? "&rule=classic" : ""}${tier ? `&tier=${tier}` : ""}`;
  const others = current ? [current] : [];
  let answer = await api.get(query([...store.solvedIds().slice(-400), ...others]));
  if (answer.status === 404) answer = await api.get(query(others));
  if (!answer.ok) { say(answer.message); return null; }
  return answer.data;
}

// Every board has its own URL: the next level is a navigation (title, URL, back button).
const unsolvedDaily = () => level && level.daily && !done && marks.some((m) => m);
async function nextLevel(tier) {
  if (unsolvedDaily() && !confirm("Leave today's daily unsolved? Your marks are kept.")) return;
  const found = await fetchLevel(level.size, level.rule, level.id, tier);
  if (!found) return;
  leaving = true;
  location.assign(`/levels/${found.id}/`);
}
let leaving = false;
window.addEventListener("beforeunload", (e) => {
  if (!leaving && unsolvedDaily()) { e.preventDefault(); e.returnValue = ""; }
});
document.getElementById("next").onclick = () => nextLevel();
document.getElementById("win-next").onclick = () => {
  if (document.getElementById("win-dialog").dataset.ready === "true") nextLevel();
};
// The difficulty picker of a non-daily board: the choice is remembered for this size.
const tiersBySize = JSON.parse(document.getElementById("tiers-by-size").textContent);
function setUpTierPicker() {
  const picker = document.getElementById("tier-picker"), select = document.getElementById("tier-select");
  picker.hidden = !!level.daily;
  select.replaceChildren(new Option("Any", ""),
    ...(tiersBySize[level.size] || []).map((t) => new Option(t[0].toUpperCase() + t.slice(1), t)));
  select.value = store.tierFor(level.size);
  select.onchange = () => { store.saveTier(level.size, select.value); nextLevel(select.value); };
}
document.getElementById("win-close").onclick = () => {
  const dialog = document.getElementById("win-dialog");
  if (dialog.dataset.ready === "true") dialog.close();
};
document.getElementById("win-dialog").addEventListener("cancel", (e) => {
  if (e.target.dataset.ready !== "true") e.preventDefault();
});
document.getElementById("share").onclick = async () => {
  const url = new URL(level.daily ? "/daily/" : `/levels/${level.id}/`, location.origin).href;
  const text = shareText(level, serverSeconds ?? Math.round(elapsed), serverHints, url);
  const shown = document.getElementById("win-rank");
  try {
    if (navigator.share) { await navigator.share({ text }); return; }
    await navigator.clipboard.writeText(text);
    shown.textContent = "Copied to the clipboard.";
  } catch (e) { shown.textContent = text; }
};
function applySettings() {
  root.classList.toggle("colorblind", settings.colorblind);
  root.classList.toggle("no-timer", !settings.showTimer);
}
for (const [id, key] of [["auto-cross", "autoCross"], ["colorblind", "colorblind"],
                         ["show-timer", "showTimer"], ["show-conflicts", "showConflicts"]]) {
  const box = document.getElementById(id);
  box.checked = settings[key];
  box.onchange = () => {
    settings[key] = box.checked; store.saveSettings({ ...store.settings(), [key]: box.checked });
    applySettings(); if (cells.length) render();
  };
}
applySettings();

// An empty pool: say so kindly and look again every few seconds until a level arrives.
function waitForLevels() {
  root.classList.add("waiting");
  const size = root.dataset.size;
  say(`Generating levels of ${size}×${size}: your board will open by itself in a moment.`);
  const poll = setInterval(async () => {
    const found = await fetchLevel(size, root.dataset.rule, null);
    if (found) { clearInterval(poll); location.replace(`/levels/${found.id}/`); }
    else say(`Generating levels of ${size}×${size}: your board will open by itself in a moment.`);
  }, 3000);
}

// ---------------------------------------------------------------- start
async function start() {
  if (!level) {
    // /play/<n>/ lands on the level's own URL, so reload, back and share keep the board.
    const asked = root.dataset.tier;
    if (asked) store.saveTier(root.dataset.size, asked);
    const found = await fetchLevel(root.dataset.size, root.dataset.rule, null);
    if (found) location.replace(`/levels/${found.id}/`);
    else waitForLevels();
    return;
  }
  build();
  root.dataset.ready = "true";
}
start();

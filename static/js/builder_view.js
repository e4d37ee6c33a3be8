// The level builder page's DOM: the swatches and tools, the board's colours and labels, the
// analysis (problems, two solutions side by side, the solving steps) and the panels of a
// proposal, a try-out and a published level. It writes; builder.js decides.
import { buildBoard, colourBoard, renderBoard } from "./board.js";
import { UNPAINTED } from "./paint.js";

const $ = (id) => document.getElementById(id);
export const tierName = (t) => (t ? t[0].toUpperCase() + t.slice(1) : "");
export const say = (text) => { $("status").textContent = text; };

export function showSwatches(palette, size, brush, onPick) {
  const box = $("swatches");
  box.replaceChildren();
  for (let g = 0; g < size; g++) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "swatch"; b.dataset.region = g;
    b.style.setProperty("--region", palette[g].hex);
    b.style.setProperty("--region-dark", palette[g].dark);
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", String(g === brush));
    b.setAttribute("aria-label", `${palette[g].name} region`);
    b.title = palette[g].name;
    b.addEventListener("click", () => onPick(g));
    box.appendChild(b);
  }
}

export function showTool(name) {
  for (const b of document.querySelectorAll(".tool")) {
    b.setAttribute("aria-pressed", String(b.dataset.tool === name));
  }
}

// The board in its regions' colours: in the try-out with the player's marks, otherwise with
// the analysis's problem cells or the proposal's moved cells outlined. Returns the cells
// (built anew only when the size changed).
export function showBoard(boardEl, cells, palette, board) {
  const { level, mode, problems = [], moved = [], trial = null, focus } = board;
  const n = level.size;
  if (cells.length !== n * n) cells = buildBoard(boardEl, level, palette);
  else colourBoard(cells, level, palette);
  const problemCells = new Set(problems.map(([r, c]) => r * n + c));
  const movedCells = new Set(moved.map(([r, c]) => r * n + c));
  if (trial) renderBoard(cells, level, palette, trial.marks, { conflicts: trial.conflicts(), focus });
  cells.forEach((cell, i) => {
    cell.classList.toggle("problem", problemCells.has(i));
    cell.classList.toggle("moved", movedCells.has(i));
    if (trial) return;
    delete cell.dataset.state; cell.classList.remove("conflict", "conflict-zone");
    const r = Math.floor(i / n), c = i % n, g = level.regions[r][c];
    cell.tabIndex = i === focus ? 0 : -1;
    cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}, `
      + (g === UNPAINTED ? "not painted" : `${palette[g].name} region`)
      + (movedCells.has(i) ? ", changed by the proposal" : ""));
  });
  $("builder").dataset.mode = mode;
  return cells;
}

export function showHistory({ canUndo, canRedo }) {
  $("undo").disabled = !canUndo;
  $("redo").disabled = !canRedo;
}

// solution[row]: a column, or on a k-star board the list of that row's star columns.
function miniBoard(palette, regions, solution) {
  const size = regions.length, box = document.createElement("div");
  const rows = solution.map((cols) => [].concat(cols)), stars = !Number.isInteger(solution[0]);
  box.className = "mini-board"; box.style.gridTemplateColumns = `repeat(${size}, 1fr)`;
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", `${stars ? "Stars" : "Queens"} in rows `
    + rows.map((cols, r) => `${r + 1}: column${cols.length > 1 ? "s" : ""} `
      + cols.map((c) => c + 1).join(" and ")).join(", "));
  regions.forEach((row, r) => row.forEach((g, c) => {
    const span = document.createElement("span");
    span.style.background = g >= 0 ? palette[g].hex : "transparent";
    span.textContent = rows[r].includes(c) ? (stars ? "★" : "♛") : "";
    box.appendChild(span);
  }));
  return box;
}

const item = (text) => { const li = document.createElement("li"); li.textContent = text; return li; };

// The verdict on the painting, and which actions it allows while painting.
export function showAnalysis(a, { painting, regions, palette }) {
  const problems = $("problems"), solutions = $("solutions"), steps = $("steps");
  problems.replaceChildren(); solutions.replaceChildren(); steps.replaceChildren();
  solutions.hidden = true; $("steps-box").hidden = true;
  let verdict = "", fixable = false;
  if (!a) verdict = "";
  else if (a.problems.length) {
    verdict = "Not a level yet:";
    for (const p of a.problems) problems.appendChild(item(p.message));
  } else if (a.solution_count === 0) {
    verdict = a.stars > 1
      ? `No solution: no placement puts ${a.stars} stars in every row, column and region.`
      : "No solution: no placement puts one queen in every row, column and region.";
    fixable = true;
  } else if (a.solution_count === 2) {
    verdict = "More than one solution. Two of them, side by side:";
    for (const s of a.solutions) solutions.appendChild(miniBoard(palette, regions, s));
    solutions.hidden = false; fixable = true;
  } else if (!a.rating.solved_by_logic) {
    verdict = "One solution, but logic alone cannot finish it."; fixable = true;
  } else {
    verdict = `One solution. Difficulty: ${tierName(a.rating.tier)} `
      + `(score ${Math.round(a.rating.score)}).${a.stars > 1 ? ` A ${a.stars}★ level.` : ""}`;
    for (const s of a.rating.steps) steps.appendChild(item(s.message));
    $("steps-box").hidden = false;
  }
  $("verdict").textContent = verdict;
  const design = $("design");
  design.hidden = !(a && a.design);
  // How designed it looks, against hand-made boards (symmetry 0.70, thin strokes 0.25).
  if (a && a.design) {
    const d = a.design, pct = (x) => `${Math.round(100 * x)}\u00a0%`;  // "20 %" never splits
    design.textContent = `Design ${pct(d.score)}: symmetry ${pct(d.symmetry)}, `
      + `thin strokes ${pct(d.thin)}, largest region ${pct(d.largest)} of the board.`;
  }
  $("fix").hidden = !fixable || !painting;
  $("try").disabled = !(a && a.playable) || !painting;
  $("publish").disabled = !(a && a.playable) || !painting;
}

export function showTrying(trying) {
  $("try").hidden = trying; $("try-stop").hidden = !trying;
  if (trying) $("builder").dataset.tried = "";
}
export const showTried = () => { $("builder").dataset.tried = "solved"; };

export function showProposal(proposal) {
  for (const id of ["fix-accept", "fix-reject"]) $(id).hidden = !proposal;
  if (!proposal) return;
  const n = proposal.moved.length;
  say(`Proposal: ${n} cell${n === 1 ? " changes" : "s change"} region (outlined); the board `
    + `then has one solution, ${tierName(proposal.tier)}.`);
}

export const showFixing = (busy) => { $("fix").disabled = busy; };
export const showPublishing = (busy) => { $("publish").disabled = busy; };

export function showPublished(url) {
  if (url) { $("share-link").value = url; $("open-link").href = url; }
  $("published").hidden = !url;
}

export function showSaved(saved) { $("builder").dataset.saved = String(saved); }

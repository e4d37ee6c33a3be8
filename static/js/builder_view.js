// The level builder page's DOM: the swatches and tools, the board's colours and labels, the
// analysis (problems, two solutions side by side, the solving steps) and the panels of a
// proposal, a try-out and a published level. It writes; builder.js decides.
import { buildBoard, colourBoard, paintRegion, regionLetter, renderBoard } from "./board.js";
import { gettext, interpolate, ngettext } from "./i18n.js";
import { UNPAINTED } from "./paint.js";
import { tierName } from "./words.js";

const $ = (id) => document.getElementById(id);
export const say = (text) => { $("status").textContent = text; };

export function showSwatches(palette, size, brush, onPick) {
  const box = $("swatches");
  box.replaceChildren();
  for (let g = 0; g < size; g++) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "swatch"; b.dataset.region = g;
    paintRegion(b, palette[g]);
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", String(g === brush));
    b.setAttribute("aria-label", interpolate(gettext("%(color)s region"), { color: palette[g].label }));
    b.title = palette[g].label;
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
    const where = { row: r + 1, column: c + 1 };
    const label = g === UNPAINTED ? interpolate(gettext("row %(row)s, column %(column)s, not painted"), where)
      : interpolate(gettext("row %(row)s, column %(column)s, %(color)s region"),
        { ...where, color: palette[g].label });
    cell.setAttribute("aria-label", movedCells.has(i)
      ? interpolate(gettext("%(cell)s, changed by the proposal"), { cell: label }) : label);
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
  box.style.setProperty("--n", size);
  box.setAttribute("role", "img");
  const where = rows.map((cols, r) => interpolate(ngettext("row %(row)s: column %(columns)s",
    "row %(row)s: columns %(columns)s", cols.length),
  { row: r + 1, columns: cols.map((c) => c + 1).join(gettext(" and ")) }));
  box.setAttribute("aria-label", interpolate(stars ? gettext("Stars in %(rows)s")
    : gettext("Queens in %(rows)s"), { rows: where.join(", ") }));
  regions.forEach((row, r) => row.forEach((g, c) => {
    const span = document.createElement("span");
    paintRegion(span, g >= 0 ? palette[g] : null); // the palette the page draws
    if (g >= 0) span.dataset.letter = regionLetter(g);
    span.textContent = rows[r].includes(c) ? (stars ? "★" : "♛") : "";
    box.appendChild(span);
  }));
  return box;
}

const item = (text) => { const li = document.createElement("li"); li.textContent = text; return li; };

// The verdict on the painting, and which actions it allows while painting. `pending`: no
// verdict holds for what is on the board (a proposal is shown, or the board was refused):
// the last one is cleared rather than left beside a board it no longer describes.
// `current`: the verdict is the answer for the board as it is (not a stroke's ago).
export function showAnalysis(a, { painting, current = true, regions, palette, pending = "" }) {
  const problems = $("problems"), solutions = $("solutions"), steps = $("steps");
  problems.replaceChildren(); solutions.replaceChildren(); steps.replaceChildren();
  solutions.hidden = true; $("steps-box").hidden = true;
  $("verdict").dataset.pending = String(Boolean(pending));
  if (pending) a = null;
  let verdict = "", fixable = false;
  if (pending === "proposal") {
    verdict = gettext("Verdict pending: accept the proposal to have it analysed, or reject it to go back.");
  } else if (!a) verdict = "";
  else if (a.problems.length) {
    verdict = gettext("Not a level yet:");
    for (const p of a.problems) problems.appendChild(item(p.message));
  } else if (a.solution_count === 0) {
    verdict = a.stars > 1
      ? interpolate(gettext("No solution: no placement puts %(stars)s stars in every row, column and region."), { stars: a.stars })
      : gettext("No solution: no placement puts one queen in every row, column and region.");
    fixable = true;
    if (a.trap) {  // logic proves it: a trap for "Solvable?" (issue 40), its proof shown
      verdict += " " + interpolate(gettext("Logic proves it (%(tier)s): you can publish it as a trap for “Solvable?”."),
        { tier: tierName(a.rating.tier) });
      for (const s of [...a.rating.steps, a.rating.contradiction]) steps.appendChild(item(s.message));
      $("steps-box").hidden = false;
    }
  } else if (a.solution_count === 2) {
    verdict = gettext("More than one solution. Two of them, side by side:");
    for (const s of a.solutions) solutions.appendChild(miniBoard(palette, regions, s));
    solutions.hidden = false; fixable = true;
  } else if (!a.rating.solved_by_logic) {
    verdict = gettext("One solution, but logic alone cannot finish it."); fixable = true;
  } else {
    verdict = interpolate(gettext("One solution. Difficulty: %(tier)s (score %(score)s)."),
      { tier: tierName(a.rating.tier), score: Math.round(a.rating.score) })
      + (a.stars > 1 ? " " + interpolate(gettext("A %(stars)s★ level."), { stars: a.stars }) : "");
    for (const s of a.rating.steps) steps.appendChild(item(s.message));
    $("steps-box").hidden = false;
  }
  $("verdict").textContent = verdict;
  const design = $("design");
  design.hidden = !(a && a.design);
  // How designed it looks, against hand-made boards (symmetry 0.70, thin strokes 0.25), in
  // words a player reads at once.
  if (a && a.design) {
    const d = a.design, pct = (x) => `${Math.round(100 * x)}\u00a0%`;  // "20 %" never splits
    design.textContent = interpolate(gettext("Looks hand-made: %(score)s. %(symmetry)s of its borders are symmetric, %(thin)s of its cells are in lines one cell wide, and its largest region covers %(largest)s of the board."),
    { score: pct(d.score), symmetry: pct(d.symmetry), thin: pct(d.thin), largest: pct(d.largest) });
  }
  $("fix").hidden = !fixable || !painting;
  $("try").disabled = !(a && a.playable) || !painting || !current;
  $("publish").disabled = !(a && (a.playable || a.trap)) || !painting || !current;
}
// A stroke was made: until its verdict comes, the last one stays in view, but the board it
// described is gone, so nothing is tried out or published on it.
export function showOutdated() { $("try").disabled = true; $("publish").disabled = true; }

export function showTrying(trying) {
  $("try").hidden = trying; $("try-stop").hidden = !trying;
  if (trying) $("builder").dataset.tried = "";
}
export const showTried = () => { $("builder").dataset.tried = "solved"; };

export function showProposal(proposal) {
  for (const id of ["fix-accept", "fix-reject"]) $(id).hidden = !proposal;
  if (!proposal) return;
  const n = proposal.moved.length;
  say(interpolate(ngettext(
    "Proposal: %(count)s cell changes region (outlined); the board then has one solution, %(tier)s.",
    "Proposal: %(count)s cells change region (outlined); the board then has one solution, %(tier)s.", n), { count: n, tier: tierName(proposal.tier) }));
}

export const showFixing = (busy) => { $("fix").disabled = busy; };
export const showPublishing = (busy) => { $("publish").disabled = busy; };

export function showPublished(url) {
  if (url) { $("share-link").value = url; $("open-link").href = url; }
  $("published").hidden = !url;
}

export function showSaved(saved) { $("builder").dataset.saved = String(saved); }

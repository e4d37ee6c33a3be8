// The board view: builds the cells of a level and draws a game state on them. It renders
// only; input lives in input.js and the state in state.js.
import { gettext, interpolate, pgettext } from "./i18n.js";
import { STATE_NAMES } from "./state.js";

// An ARIA grid of n rows of n cells, coloured by the level's colouring; returns the cells.
export function buildBoard(boardEl, level, palette) {
  const n = level.size, cells = [];
  boardEl.style.setProperty("--n", n);
  boardEl.replaceChildren();
  for (let r = 0; r < n; r++) {
    const rowEl = document.createElement("div"); // display: contents keeps the grid layout
    rowEl.className = "row"; rowEl.setAttribute("role", "row");
    boardEl.appendChild(rowEl);
    for (let c = 0; c < n; c++) {
      const cell = document.createElement("div");
      cell.className = "cell"; cell.setAttribute("role", "gridcell");
      cell.dataset.row = r; cell.dataset.col = c;
      rowEl.appendChild(cell);
      cells.push(cell);
    }
  }
  colourBoard(cells, level, palette);
  return cells;
}

// A palette colour on an element (a cell, a swatch): both palettes, both themes; the page's
// CSS draws the one the theme and the colour-blind setting pick. null takes it off.
const REGION_VARS = [["--region", "hex"], ["--region-dark", "dark"], ["--region-safe", "safe"],
  ["--region-safe-dark", "safe_dark"]];
export function paintRegion(el, colour) {
  for (const [name, key] of REGION_VARS) {
    if (colour) el.style.setProperty(name, colour[key]); else el.style.removeProperty(name);
  }
}

// A region's letter, where colours alone are not enough: A for region 0 (as
// generator_ext/palette.py's region_letter names it on the pages' small pictures).
export const regionLetter = (g) => String.fromCharCode(65 + g);

// Region colours, letters and the thick borders where regions meet, in place (the level
// builder recolours while a drag goes on: rebuilt cells would lose the pointer's click).
export function colourBoard(cells, level, palette) {
  const n = level.size, at = (r, c) => level.regions[r][c];
  // Colours some viewers could confuse: each region's letter is drawn as well.
  cells[0]?.parentElement?.parentElement?.classList.toggle("lettered", !!level.letters);
  const labelled = new Set();
  for (const cell of cells) {
    const r = +cell.dataset.row, c = +cell.dataset.col, g = at(r, c);
    cell.classList.toggle("label", g >= 0 && !labelled.has(g)); // a region's first cell
    labelled.add(g);
    cell.classList.toggle("unpainted", g < 0); // the level builder's blank cells
    if (g < 0) {
      delete cell.dataset.letter;
      paintRegion(cell, null);
    } else {
      cell.dataset.letter = regionLetter(g);
      paintRegion(cell, palette[level.colors[g]]);
    }
    cell.classList.toggle("edge-top", r === 0 || at(r - 1, c) !== g);
    cell.classList.toggle("edge-left", c === 0 || at(r, c - 1) !== g);
    cell.classList.toggle("edge-bottom", r === n - 1 || at(r + 1, c) !== g);
    cell.classList.toggle("edge-right", c === n - 1 || at(r, c + 1) !== g);
  }
}

// The queens in conflict and the rows, columns and regions they clash in.
function conflictCells(level, found) {
  const n = level.size, queens = new Set(), zones = new Set();
  for (const c of found) {
    for (const [r, col] of c.cells) queens.add(r * n + col);
    const [[r1, c1]] = c.cells;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      if ((c.kind === "row" && i === r1) || (c.kind === "column" && j === c1)
          || (c.kind === "region" && level.regions[i][j] === level.regions[r1][c1])) zones.add(i * n + j);
    }
  }
  return { queens, zones };
}

// What a placed mark is called: a queen, or a star on a Star Battle board.
// What a cell holds, in words (the data-state stays English: the style sheet reads it).
const MARK_WORDS = [() => pgettext("cell", "empty"), () => pgettext("cell", "cross"),
  () => pgettext("cell", "queen")];
const markName = (level, m) => (m === 2 && (level.stars || 1) > 1 ? pgettext("cell", "star") : MARK_WORDS[m]());

export function renderBoard(cells, level, palette, marks, { conflicts = [], focus = 0 } = {}) {
  const { queens, zones } = conflictCells(level, conflicts);
  cells.forEach((cell, i) => {
    const r = +cell.dataset.row, c = +cell.dataset.col, m = marks[i];
    cell.dataset.state = STATE_NAMES[m];
    cell.classList.toggle("conflict", queens.has(i));
    cell.classList.toggle("conflict-zone", zones.has(i));
    cell.tabIndex = focus === i ? 0 : -1;
    const color = palette[level.colors[level.regions[r][c]]].label;
    const label = interpolate(gettext("row %(row)s, column %(column)s, %(color)s region, %(mark)s"),
      { row: r + 1, column: c + 1, color, mark: markName(level, m) });
    cell.setAttribute("aria-label", queens.has(i)
      ? interpolate(gettext("%(cell)s, conflict"), { cell: label }) : label);
  });
}

// The whole board in miniature on a canvas, in the colours the cells are drawn in now (so
// the dark theme's too), its region edges and its queens: the zoomed board's overview.
export function drawMiniature(canvas, cells, level, marks) {
  const n = level.size, px = canvas.width = canvas.height = Math.max(n * 4, canvas.clientWidth * 2);
  const ctx = canvas.getContext("2d"), step = px / n;
  cells.forEach((cell, i) => {
    const r = Math.floor(i / n), c = i % n;
    ctx.fillStyle = getComputedStyle(cell).backgroundColor;
    ctx.fillRect(c * step, r * step, step + 0.5, step + 0.5);
  });
  ctx.fillStyle = "#111";
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    const g = level.regions[r][c];
    if (c + 1 < n && level.regions[r][c + 1] !== g) ctx.fillRect((c + 1) * step - 1, r * step, 2, step);
    if (r + 1 < n && level.regions[r + 1][c] !== g) ctx.fillRect(c * step, (r + 1) * step - 1, step, 2);
    if (marks[r * n + c] === 2) {
      ctx.beginPath(); ctx.arc((c + .5) * step, (r + .5) * step, step * .3, 0, 2 * Math.PI); ctx.fill();
    }
  }
}

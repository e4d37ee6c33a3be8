// The level builder page: glue between the painting (paint.js), the board view (board.js),
// input (input.js), a try-out game (state.js) and the builder API (api.js). Every stroke is
// analyzed by the server's engine; drafts are saved to the server for this player.
import * as api from "./api.js";
import { buildBoard, colourBoard, renderBoard } from "./board.js";
import { attachInput } from "./input.js";
import { Painting, UNPAINTED } from "./paint.js";
import { EMPTY, Game, QUEEN } from "./state.js";

const $ = (id) => document.getElementById(id);
const root = $("builder"), boardEl = $("board");
const palette = JSON.parse($("region-colors").textContent);
const draft = JSON.parse($("draft-data").textContent);
api.setCsrf(root.dataset.csrf);

let size = draft ? draft.size : +$("size").value;
let rule = draft ? draft.rule : "touch";
let painting = new Painting(size, draft && draft.regions);
let draftKey = draft ? draft.key : null;
let brush = 0, tool = "paint", mode = "paint", focus = 0;
let analysis = null, proposal = null, trial = null, cells = [];
let asked = 0, saveTimer = null;

const say = (text) => { $("status").textContent = text; };
const view = (regions) => ({ size, rule, regions, colors: palette.map((_, i) => i) });
const tierName = (t) => (t ? t[0].toUpperCase() + t.slice(1) : "");

// ---------------------------------------------------------------- drawing
function drawSwatches() {
  const box = $("swatches");
  box.replaceChildren();
  for (let g = 0; g < size; g++) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "swatch"; b.dataset.region = g;
    b.style.setProperty("--region", palette[g].hex);
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", String(g === brush));
    b.setAttribute("aria-label", `${palette[g].name} region`);
    b.title = palette[g].name;
    b.addEventListener("click", () => { brush = g; setTool(tool === "erase" ? "paint" : tool); drawSwatches(); });
    box.appendChild(b);
  }
}

function setTool(name) {
  tool = name;
  for (const b of document.querySelectorAll(".tool")) b.setAttribute("aria-pressed", String(b.dataset.tool === name));
}

function draw() {
  const regions = mode === "proposal" ? proposal.regions : painting.regions();
  if (cells.length !== size * size) cells = buildBoard(boardEl, view(regions), palette);
  else colourBoard(cells, view(regions), palette);
  const problemCells = new Set(), moved = new Set();
  if (mode === "paint" && analysis) for (const p of analysis.problems) for (const [r, c] of p.cells) problemCells.add(r * size + c);
  if (mode === "proposal") for (const [r, c] of proposal.moved) moved.add(r * size + c);
  if (mode === "try") renderBoard(cells, view(regions), palette, trial.marks, { conflicts: trial.conflicts(), focus });
  cells.forEach((cell, i) => {
    cell.classList.toggle("problem", problemCells.has(i));
    cell.classList.toggle("moved", moved.has(i));
    if (mode !== "try") {
      delete cell.dataset.state; cell.classList.remove("conflict", "conflict-zone");
      const r = Math.floor(i / size), c = i % size, g = regions[r][c];
      cell.tabIndex = i === focus ? 0 : -1;
      cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}, `
        + (g === UNPAINTED ? "not painted" : `${palette[g].name} region`)
        + (moved.has(i) ? ", changed by the proposal" : ""));
    }
  });
  $("undo").disabled = mode !== "paint" || !painting.history.length;
  $("redo").disabled = mode !== "paint" || !painting.future.length;
  root.dataset.mode = mode;
}

function miniBoard(regions, queens) {
  const box = document.createElement("div");
  box.className = "mini-board"; box.style.gridTemplateColumns = `repeat(${size}, 1fr)`;
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", "Queens in rows " + queens.map((c, r) => `${r + 1}: column ${c + 1}`).join(", "));
  regions.forEach((row, r) => row.forEach((g, c) => {
    const span = document.createElement("span");
    span.style.background = g >= 0 ? palette[g].hex : "transparent";
    span.textContent = queens[r] === c ? "♛" : "";
    box.appendChild(span);
  }));
  return box;
}

function showAnalysis() {
  const a = analysis, problems = $("problems"), solutions = $("solutions"), steps = $("steps");
  problems.replaceChildren(); solutions.replaceChildren(); steps.replaceChildren();
  solutions.hidden = true; $("steps-box").hidden = true;
  let verdict = "", fixable = false;
  if (!a) verdict = "";
  else if (a.problems.length) {
    verdict = "Not a level yet:";
    for (const p of a.problems) {
      const li = document.createElement("li"); li.textContent = p.message; problems.appendChild(li);
    }
  } else if (a.solution_count === 0) {
    verdict = "No solution: no placement puts one queen in every row, column and region.";
    fixable = true;
  } else if (a.solution_count === 2) {
    verdict = "More than one solution. Two of them, side by side:";
    for (const s of a.solutions) solutions.appendChild(miniBoard(painting.regions(), s));
    solutions.hidden = false; fixable = true;
  } else if (!a.rating.solved_by_logic) {
    verdict = "One solution, but logic alone cannot finish it."; fixable = true;
  } else {
    verdict = `One solution. Difficulty: ${tierName(a.rating.tier)} (score ${Math.round(a.rating.score)}).`;
    for (const s of a.rating.steps) {
      const li = document.createElement("li"); li.textContent = s.message; steps.appendChild(li);
    }
    $("steps-box").hidden = false;
  }
  $("verdict").textContent = verdict;
  $("fix").hidden = !fixable || mode !== "paint";
  $("try").disabled = !(a && a.playable) || mode !== "paint";
  $("publish").disabled = !(a && a.playable) || mode !== "paint";
}

// ---------------------------------------------------------------- the server
async function analyze() {
  const ticket = ++asked, regions = painting.regions();
  const answer = await api.post("/api/builder/analyze/", { rule, regions });
  if (ticket !== asked) return; // a later stroke's answer is coming
  if (!answer.ok) { say(answer.message); return; }
  analysis = answer.data;
  say("");
  draw(); showAnalysis();
}

function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveDraft, 600);
}
async function saveDraft() {
  if (painting.isBlank() && !draftKey) return;
  const body = { rule, regions: painting.regions(), title: $("title").value, maker_name: $("maker-name").value };
  const answer = draftKey ? await api.put(`/api/builder/drafts/${draftKey}/`, body)
    : await api.post("/api/builder/drafts/", body);
  if (!answer.ok) { if (answer.status !== 400) say(answer.message); return; }
  if (!draftKey) {
    draftKey = answer.data.key;
    history.replaceState(null, "", answer.data.url);
  }
  root.dataset.saved = "true";
}

function afterStroke() {
  $("published").hidden = true;
  root.dataset.saved = "false";
  draw(); analyze(); scheduleSave();
}

// ---------------------------------------------------------------- painting
function apply(i) {
  if (tool === "fill") return painting.fill(i, brush);
  return painting.paint(i, tool === "erase" ? UNPAINTED : brush);
}
const strokeOn = (fn) => { if (painting.stroke(fn)) afterStroke(); };

function undo() { if (mode === "try" ? trial.undo() : painting.undo()) (mode === "try" ? draw() : afterStroke()); }
function redo() { if (mode === "try" ? trial.redo() : painting.redo()) (mode === "try" ? draw() : afterStroke()); }
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);

attachInput(boardEl, () => size, {
  enabled: () => mode === "paint" || mode === "try",
  tap: (i) => (mode === "try" ? play((g) => g.cycle(i)) : strokeOn(() => apply(i))),
  queen: (i) => { if (mode === "try") play((g) => g.set(i, QUEEN)); },
  cross: (i) => (mode === "try" ? play((g) => g.set(i, 1)) : strokeOn((p) => p.paint(i, UNPAINTED))),
  toggleCross: (i) => (mode === "try" ? play((g) => g.set(i, g.marks[i] === 1 ? EMPTY : 1))
    : strokeOn((p) => p.paint(i, UNPAINTED))),
  clear: (i) => (mode === "try" ? play((g) => g.set(i, EMPTY)) : strokeOn((p) => p.paint(i, UNPAINTED))),
  dragStart: (i) => {
    if (mode === "try") { trial.beginDrag(); trial.dragCross(i); draw(); return; }
    painting.begin(); if (painting.paint(i, tool === "erase" ? UNPAINTED : brush)) draw();
  },
  dragOver: (i) => {
    if (mode === "try") { if (trial.dragCross(i)) draw(); return; }
    if (painting.paint(i, tool === "erase" ? UNPAINTED : brush)) draw();
  },
  dragEnd: () => {
    if (mode === "try") { trial.endDrag(); draw(); return; }
    if (painting.end()) afterStroke();
  },
  focus: (i, move) => { focus = i; if (move) { draw(); cells[i].focus(); } },
  undo,
  redo,
});

// ---------------------------------------------------------------- try it
function play(change) {
  if (!trial.change(change)) return;
  draw();
  const queens = trial.queens(), solution = analysis.solutions[0];
  if (queens.length === size && queens.every(([r, c]) => solution[r] === c)) {
    say("Solved! It plays as it should."); root.dataset.tried = "solved";
  }
}
$("try").addEventListener("click", () => {
  mode = "try"; trial = new Game(view(painting.regions())); root.dataset.tried = "";
  $("try").hidden = true; $("try-stop").hidden = false;
  say("Try it: place the queens. Back to painting when you are done.");
  draw(); showAnalysis();
});
$("try-stop").addEventListener("click", () => {
  mode = "paint"; trial = null; $("try").hidden = false; $("try-stop").hidden = true;
  say(""); draw(); showAnalysis();
});

// ---------------------------------------------------------------- make it unique
// The search runs on the server's builder queue: ask, then poll the job until it ends.
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
async function askForFix() {
  let answer = await api.post("/api/builder/fix/", { rule, regions: painting.regions() });
  for (let tries = 0; answer.ok && !["done", "failed"].includes(answer.data.status); tries++) {
    if (tries >= 120) return { ok: false, message: "The fix is taking too long; try again." };
    await sleep(tries < 10 ? 250 : 1000);
    answer = await api.get(answer.data.url);
  }
  if (!answer.ok) return answer;
  if (answer.data.status === "failed") return { ok: false, message: answer.data.detail };
  return { ok: true, data: answer.data.fix };
}
$("fix").addEventListener("click", async () => {
  $("fix").disabled = true; say("Looking for the smallest change…");
  const answer = await askForFix();
  $("fix").disabled = false;
  if (!answer.ok) { say(answer.message); return; }
  proposal = answer.data; mode = "proposal";
  const n = proposal.moved.length;
  say(`Proposal: ${n} cell${n === 1 ? " changes" : "s change"} region (outlined); the board then has one solution, ${tierName(proposal.tier)}.`);
  for (const id of ["fix-accept", "fix-reject"]) $(id).hidden = false;
  draw(); showAnalysis();
});
function endProposal(accept) {
  const regions = proposal.regions;
  mode = "paint"; proposal = null;
  for (const id of ["fix-accept", "fix-reject"]) $(id).hidden = true;
  if (accept && painting.replace(regions)) { say("Change accepted."); afterStroke(); }
  else { say(""); draw(); showAnalysis(); }
}
$("fix-accept").addEventListener("click", () => endProposal(true));
$("fix-reject").addEventListener("click", () => endProposal(false));

// ---------------------------------------------------------------- publish
$("publish-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("publish").disabled = true;
  const answer = await api.post("/api/builder/publish/", {
    rule, regions: painting.regions(), title: $("title").value, maker_name: $("maker-name").value,
    draft: draftKey || "",
  });
  $("publish").disabled = false;
  if (!answer.ok) { say(answer.message); return; }
  const url = new URL(answer.data.url, location.origin).href;
  $("share-link").value = url; $("open-link").href = url; $("published").hidden = false;
  say(answer.data.created ? "Published." : "This board was already published: here is its link.");
});
$("copy-link").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText($("share-link").value); say("Link copied."); }
  catch (e) { $("share-link").select(); say("Select the link and copy it."); }
});
for (const id of ["title", "maker-name"]) $(id).addEventListener("input", scheduleSave);
for (const b of document.querySelectorAll(".delete-draft")) {
  b.addEventListener("click", async () => {
    const answer = await api.del(`/api/builder/drafts/${b.dataset.key}/`);
    if (!answer.ok && answer.status !== 404) { say(answer.message); return; }
    b.closest("li").remove();
    if (b.dataset.key === draftKey) { draftKey = null; history.replaceState(null, "", "/create/"); }
    say("Draft deleted.");
  });
}

// ---------------------------------------------------------------- board size and rule
function newBoard() {
  size = +$("size").value; rule = $("rule").value;
  painting = new Painting(size); draftKey = null; brush = 0; mode = "paint"; analysis = null;
  history.replaceState(null, "", "/create/");
  drawSwatches(); draw(); analyze();
}
$("new-board").addEventListener("click", newBoard);
$("size").addEventListener("change", () => { if (painting.isBlank()) newBoard(); else say("Press New board to start a board of that size."); });
$("rule").addEventListener("change", () => { rule = $("rule").value; afterStroke(); });
for (const b of document.querySelectorAll(".tool")) b.addEventListener("click", () => setTool(b.dataset.tool));

$("size").value = String(size); $("rule").value = rule;
if (draft) { $("title").value = draft.title; $("maker-name").value = draft.maker_name; }
drawSwatches(); draw(); analyze();
root.dataset.ready = "true";

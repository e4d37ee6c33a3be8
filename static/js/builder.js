// The level builder page's controller: it wires the painting (paint.js), the tools
// (builder_tools.js), the page's DOM (builder_view.js), input (input.js), a try-out game
// (state.js) and the builder API (api.js). Every stroke is analyzed by the server's engine;
// drafts are saved to the server for this player. What a tap or a drag does depends on the
// mode, an object: painting, trying the level out, or looking at a proposed fix.
import * as api from "./api.js";
import { TOOLS } from "./builder_tools.js";
import * as view from "./builder_view.js";
import { DraftSaver } from "./draft_saver.js";
import { gettext, interpolate } from "./i18n.js";
import { attachInput } from "./input.js";
import { Painting, UNPAINTED } from "./paint.js";
import { CROSS, EMPTY, Game, QUEEN } from "./state.js";
import { motifName } from "./words.js";

const $ = (id) => document.getElementById(id);
const root = $("builder"), boardEl = $("board");
const palette = JSON.parse($("region-colors").textContent);
const draft = JSON.parse($("draft-data").textContent);
const limits = JSON.parse($("queens-limits").textContent);
api.setCsrf(root.dataset.csrf);

let size = draft ? draft.size : +$("size").value;
let rule = draft ? draft.rule : limits.rules[0];
let stars = draft ? draft.stars || 1 : +$("stars").value; // stars per row, column and region
let painting = new Painting(size, draft && draft.regions);
let brush = 0, toolName = "paint", focus = 0;
let analysis = null, proposal = null, trial = null, cells = [];
let asked = 0;
// Each change of the board (a stroke, its rule, its stars, a new board) counts one: the
// verdict, a proposal and a save each belong to the board as it was at one count.
let changes = 0, analysedAt = -1;

const say = view.say;
// The builder paints region g in colour g: past the palette's core, letters as well.
const level = (regions) => ({ size, rule, stars, regions, colors: palette.map((_, i) => i),
                              letters: size > palette.filter((c) => c.core).length });

// ---------------------------------------------------------------- modes
const clearCell = (i) => strokeOn((p) => p.paint(i, UNPAINTED));
const painter = {
  name: "paint",
  regions: () => painting.regions(),
  tap: (i) => strokeOn((p) => TOOLS[toolName].tap(p, i, brush)),
  queen: () => {},
  cross: clearCell, toggleCross: clearCell, clear: clearCell,
  dragStart: (i) => { painting.begin(); if (TOOLS[toolName].drag(painting, i, brush)) draw(); },
  dragOver: (i) => { if (TOOLS[toolName].drag(painting, i, brush)) draw(); },
  dragEnd: () => { if (painting.end()) afterStroke(); },
  undo: () => { if (painting.undo()) afterStroke(); },
  redo: () => { if (painting.redo()) afterStroke(); },
};
const tryer = {
  name: "try",
  regions: () => painting.regions(),
  tap: (i) => play((g) => g.cycle(i)),
  queen: (i) => play((g) => g.set(i, QUEEN)),
  cross: (i) => play((g) => g.set(i, CROSS)),
  toggleCross: (i) => play((g) => g.set(i, g.marks[i] === CROSS ? EMPTY : CROSS)),
  clear: (i) => play((g) => g.set(i, EMPTY)),
  dragStart: (i) => { trial.beginDrag(); trial.dragCross(i); draw(); },
  dragOver: (i) => { if (trial.dragCross(i)) draw(); },
  dragEnd: () => { trial.endDrag(); draw(); },
  undo: () => { if (trial.undo()) draw(); },
  redo: () => { if (trial.redo()) draw(); },
};
const nothing = () => {};
const reviewer = {  // a proposed fix is on the board: accept or reject it, nothing else
  name: "proposal",
  regions: () => proposal.regions,
  tap: nothing, queen: nothing, cross: nothing, toggleCross: nothing, clear: nothing,
  dragStart: nothing, dragOver: nothing, dragEnd: nothing, undo: nothing, redo: nothing,
};
let mode = painter;

// ---------------------------------------------------------------- drawing
function pickBrush(g) {
  brush = g;
  if (toolName === "erase") setTool("paint");
  view.showSwatches(palette, size, brush, pickBrush);
}
function setTool(name) { toolName = name; view.showTool(name); }

function draw() {
  cells = view.showBoard(boardEl, cells, palette, {
    level: level(mode.regions()), mode: mode.name, focus,
    problems: mode === painter && analysis ? analysis.problems.flatMap((p) => p.cells) : [],
    moved: mode === reviewer ? proposal.moved : [],
    trial: mode === tryer ? trial : null,
  });
  view.showHistory({ canUndo: mode === painter && painting.history.length > 0,
                     canRedo: mode === painter && painting.future.length > 0 });
}
// Try it and Publish only on the verdict of the board as it is: a stroke's answer still on
// its way leaves the last verdict shown, but nothing is tried or published on it.
const current = () => analysedAt === changes;
const showAnalysis = () => view.showAnalysis(analysis, {
  painting: mode === painter, current: current(), regions: painting.regions(), palette,
  pending: mode === reviewer ? "proposal" : "" });

// ---------------------------------------------------------------- the server
// A finished Star Battle board is analyzed on the server's builder queue (a job, polled).
// One analysis at a time, from its request to its answer: strokes made meanwhile are
// analyzed together once it ends (the server refuses a second job of one player's while
// the first runs, so a stroke during the first request would have been answered 503).
let analyzing = null;
async function analyze() {
  if (analyzing) { analyzing.again = true; return; }
  const ticket = ++asked, regions = painting.regions(), at = changes;
  const job = analyzing = { again: false };
  let answer = await api.analyzePainting({ rule, stars, regions });
  if (answer.status === 202) {
    if (ticket === asked) say(gettext("Analyzing the board on the server…"));
    answer = await api.settled(answer);
    if (answer.ok) answer = { ...answer, data: answer.data.analysis };
  }
  analyzing = null;
  if (job.again) { analyze(); return; }
  if (ticket !== asked) return; // a later stroke's answer is coming
  analysedAt = at;
  // Refused (a stored level, a bad board) or not answered: the status says why, and the
  // last verdict goes, since it described an earlier painting.
  if (!answer.ok) { analysis = null; draw(); showAnalysis(); say(answer.message); return; }
  analysis = answer.data;
  say("");
  draw(); showAnalysis();
}

const texts = () => ({ title: $("title").value, maker_name: $("maker-name").value });
const saver = new DraftSaver({
  key: draft ? draft.key : null,
  body: (key) => (painting.isBlank() && !key ? null
    : { rule, stars, regions: painting.regions(), ...texts() }),
  saved: view.showSaved,
  created: (data) => history.replaceState(null, "", data.url),
  failed: (answer) => { if (answer.status !== 400) say(answer.message); },
});
const scheduleSave = () => saver.edited();

function afterStroke() {
  changes++;
  view.showPublished(null);
  draw(); view.showOutdated(); analyze(); scheduleSave();
}
const strokeOn = (fn) => { if (painting.stroke(fn)) afterStroke(); };

// ---------------------------------------------------------------- input
$("undo").addEventListener("click", () => mode.undo());
$("redo").addEventListener("click", () => mode.redo());
attachInput(boardEl, () => size, {
  enabled: () => mode !== reviewer,
  tap: (i) => mode.tap(i),
  queen: (i) => mode.queen(i),
  cross: (i) => mode.cross(i),
  toggleCross: (i) => mode.toggleCross(i),
  clear: (i) => mode.clear(i),
  dragStart: (i) => mode.dragStart(i),
  dragOver: (i) => mode.dragOver(i),
  dragEnd: () => mode.dragEnd(),
  focus: (i, move) => { focus = i; if (move) { draw(); cells[i].focus(); } },
  undo: () => mode.undo(),
  redo: () => mode.redo(),
});

// ---------------------------------------------------------------- try it
function play(change) {
  if (!trial.change(change)) return;
  draw();
  const queens = trial.queens(), solution = analysis.solutions[0];
  const inSolution = ([r, c]) => [].concat(solution[r]).includes(c);
  if (queens.length === size * stars && queens.every(inSolution)) {
    say(gettext("Solved! It plays as it should.")); view.showTried();
  }
}
function enter(next) { mode = next; draw(); showAnalysis(); }
$("try").addEventListener("click", () => {
  trial = new Game(level(painting.regions()));
  view.showTrying(true);
  say(stars > 1 ? gettext("Try it: place the stars. Back to painting when you are done.")
    : gettext("Try it: place the queens. Back to painting when you are done."));
  enter(tryer);
});
$("try-stop").addEventListener("click", () => {
  trial = null; view.showTrying(false); say(""); enter(painter);
});

// ---------------------------------------------------------------- make it unique
// The search runs on the server's builder queue: ask, then poll the job until it ends.
async function askForFix() {
  const answer = await api.settled(
    await api.askFix({ rule, stars, regions: painting.regions() }));
  return answer.ok ? { ok: true, data: answer.data.fix } : answer;
}
$("fix").addEventListener("click", async () => {
  view.showFixing(true); say(gettext("Looking for the smallest change…"));
  const at = changes, answer = await askForFix();
  view.showFixing(false);
  // The board changed while the search ran: its proposal would undo those changes.
  if (at !== changes) { say(""); return; }
  if (!answer.ok) { say(answer.message); return; }
  proposal = answer.data;
  view.showProposal(proposal);
  enter(reviewer);
});
function endProposal(accept) {
  const regions = proposal.regions;
  mode = painter; proposal = null;
  view.showProposal(null);
  if (accept && painting.replace(regions)) { say(gettext("Change accepted.")); afterStroke(); }
  else { say(""); draw(); showAnalysis(); }
}
$("fix-accept").addEventListener("click", () => endProposal(true));
$("fix-reject").addEventListener("click", () => endProposal(false));

// ---------------------------------------------------------------- publish
$("publish-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const trap = Boolean(analysis && !analysis.playable && analysis.trap);  // issue 40
  if (mode !== painter || !current() || !(analysis && (analysis.playable || trap))) return;
  view.showPublishing(true);
  const answer = await api.publish({
    rule, stars, regions: painting.regions(), ...texts(), draft: saver.key || "", trap,
  });
  view.showPublishing(false);
  if (!current()) view.showOutdated();  // a stroke was made meanwhile
  if (!answer.ok) { say(answer.message); return; }
  if (trap) { say(gettext("Published as a trap: it joins “Solvable?” once staff approve it.")); return; }
  view.showPublished(new URL(answer.data.url, location.origin).href);
  say(answer.data.created ? gettext("Published.")
    : gettext("This board was already published: here is its link."));
});
$("copy-link").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText($("share-link").value); say(gettext("Link copied.")); }
  catch (e) { $("share-link").select(); say(gettext("Select the link and copy it.")); }
});
for (const id of ["title", "maker-name"]) $(id).addEventListener("input", scheduleSave);
for (const b of document.querySelectorAll(".delete-draft")) {
  b.addEventListener("click", async () => {
    const answer = await api.deleteDraft(b.dataset.key);
    if (!answer.ok && answer.status !== 404) { say(answer.message); return; }
    b.closest("li").remove();
    if (b.dataset.key === saver.key) { saver.forget(); history.replaceState(null, "", "/create/"); }
    say(gettext("Draft deleted."));
  });
}

// ---------------------------------------------------------------- board size and rule
function newBoard() {
  size = +$("size").value; rule = $("rule").value; stars = +$("stars").value;
  painting = new Painting(size); saver.forget(); brush = 0; mode = painter; analysis = null;
  changes++;
  history.replaceState(null, "", "/create/");
  view.showSwatches(palette, size, brush, pickBrush); draw(); analyze();
}
$("new-board").addEventListener("click", newBoard);
// A level composed around a motif, by the server's builder queue (a job, polled), to paint on.
$("motif-start").addEventListener("click", async () => {
  const n = +$("size").value, motif = $("motif").value;
  say(gettext("Composing a board around the motif…"));
  const answer = await api.settled(await api.composeMotif(n, motif, $("rule").value));
  if (!answer.ok) { say(answer.message); return; }
  size = n; rule = $("rule").value;
  stars = 1; $("stars").value = "1"; root.dataset.stars = 1; // motifs compose Queens levels
  painting = new Painting(size, answer.data.painting.regions); saver.forget(); brush = 0;
  mode = painter;
  analysis = null; changes++;
  history.replaceState(null, "", "/create/");
  view.showSwatches(palette, size, brush, pickBrush); draw();
  await analyze();  // it clears the status line: the news comes after it
  say(interpolate(gettext("A %(size)s×%(size)s board around the motif %(motif)s: repaint it as you like."),
    { size, motif: motifName(motif) }));
});
$("size").addEventListener("change", () => {
  if (painting.isBlank()) newBoard(); else say(gettext("Press New board to start a board of that size."));
});
$("rule").addEventListener("change", () => { rule = $("rule").value; afterStroke(); });
// Star Battle: the same painting asked for 2 or 3 stars per row, column and region.
$("stars").addEventListener("change", () => {
  stars = +$("stars").value; root.dataset.stars = stars; afterStroke();
});
for (const b of document.querySelectorAll(".tool")) {
  b.addEventListener("click", () => setTool(b.dataset.tool));
}

$("size").value = String(size); $("rule").value = rule; $("stars").value = String(stars);
root.dataset.stars = stars;
if (draft) { $("title").value = draft.title; $("maker-name").value = draft.maker_name; }
view.showSwatches(palette, size, brush, pickBrush); draw(); analyze();
root.dataset.ready = "true";

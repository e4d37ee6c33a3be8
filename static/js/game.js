// The game page's controller: it wires the state (state.js), the board view (board.js), the
// page's other DOM (game_view.js), input (input.js), zoom (zoom.js), hints (hint.js), the API
// client (api.js), storage (storage.js) and recorded solves (recordings.js, raced as ghosts
// and watched as replays). It decides; the views write the DOM.
import * as api from "./api.js";
import { buildBoard, drawMiniature, renderBoard } from "./board.js";
import * as view from "./game_view.js";
import { clearHint, currentHint, showHint } from "./hint.js";
import { attachInput } from "./input.js";
import { MoveLog } from "./moves.js";
import * as outbox from "./outbox.js";
import { marksAt, Playback, queensAt } from "./recordings.js";
import * as recordingsView from "./recordings_view.js";
import { CROSS, EMPTY, Game, QUEEN } from "./state.js";
import * as store from "./storage.js";
import { gettext, interpolate } from "./i18n.js";
import { shareText } from "./win.js";
import { themeSentence } from "./words.js";
import { fitBoard } from "./fit.js";
import { setUpZoom } from "./zoom.js";

const $ = (id) => document.getElementById(id);
const root = $("game"), boardEl = $("board");
const palette = JSON.parse($("region-colors").textContent);
const tiersBySize = JSON.parse($("tiers-by-size").textContent);
const starTiers = JSON.parse($("star-tiers").textContent); // {stars: {size: tiers}}
const starsOf = (lv) => (lv && lv.stars) || +root.dataset.stars || 1;
const tiersFor = (size, stars) => (stars === 1 ? tiersBySize[size] : (starTiers[stars] || {})[size]) || [];
const limits = JSON.parse($("queens-limits").textContent);
const settings = store.settings();
const say = view.say;

let level = JSON.parse(document.getElementById("level-data").textContent);
let game = null, cells = [], done = null, focus = 0, lockedUntil = 0;
let moveLog = null, loggedMarks = null; // the moves the solve will carry (moves.js)
let elapsed = 0, startedAt = null; // the clock shows 0:00, never NaN, before a board
// The player's start (the first mark, a hint or a race): the clock, the move log and the
// server's time all count from it, never from the opening (a tutorial or a look is not play).
// The page's load on its own clock: when the server's answer began to arrive (the opening
// token was signed just before it), else when this script ran.
const navigation = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
const loadedAt = navigation && navigation.responseStart > 0 && navigation.responseStart <= performance.now()
  ? navigation.responseStart : performance.now();
const MAX_STARTED_MS = 24 * 3600 * 1000; // the server believes an opening this old at most
let begun = false, startedMs = null;
let zoom = null;
let serverSeconds = null, serverHints = 0, leaving = false;
// A ghost race: {recording, startedAt, practice}; practice holds the finished state a race
// on a solved or revealed level interrupts (nothing of it is saved or recorded).
let race = null;
let replay = null; // a replay being watched: {recording, playback}; the board is read-only

api.setCsrf(root.dataset.csrf);
const apiBase = () => `/api/levels/${level.size}/${level.id}/`;

// ---------------------------------------------------------------- clock and storage
const currentElapsed = () => elapsed + (startedAt ? (performance.now() - startedAt) / 1000 : 0);
function startClock() {
  if (!startedAt && !done && begun && !document.hidden) startedAt = performance.now();
}
function stopClock() { elapsed = currentElapsed(); startedAt = null; }
document.addEventListener("visibilitychange", () => {
  if (!game) return;
  if (document.hidden) { stopClock(); save(); } else startClock();
});
setInterval(() => view.showClock(currentElapsed()), 250);

function save() {
  if (race && race.practice) return; // the finished board stays as it was kept
  store.saveProgress(level.id, { ...game.snapshot(), elapsed: currentElapsed(), done,
                                 log: moveLog.toJSON() });
  store.saveLastBoard(done || !game.hasMarks() ? null
    : { id: level.id, size: level.size, tier: level.tier, daily: level.daily });
}

// ---------------------------------------------------------------- drawing
function render() {
  if (replay) { renderReplay(); return; }
  const found = settings.showConflicts ? game.conflicts() : [];
  renderBoard(cells, level, palette, game.marks, { conflicts: found, focus });
  view.showControls(root, { done: !!done, canUndo: game.history.length > 0,
                            canRedo: game.future.length > 0, practice: !!(race && race.practice) });
  if (found.length) view.sayConflicts(found, starsOf(level));
  else if (!done) say("");
  if (zoom) zoom.refresh();
}

function build() {
  root.dataset.size = level.size;
  cells = buildBoard(boardEl, level, palette);
  game = new Game(level, { autoCross: settings.autoCross });
  const saved = store.progress(level.id);
  if (saved) { game.restore(saved); elapsed = saved.elapsed || 0; done = saved.done || null; }
  moveLog = new MoveLog(level.size, saved && saved.log);
  adoptFinished(level.mine);
  // A board already under way (marks made before a reload) goes on; a fresh one waits for
  // the player, its clock at 0:00 (a page once left open kept time it no longer counts).
  begun = !done && (game.hasMarks() || moveLog.moves.length > 0);
  if (!begun && !done) elapsed = 0;
  loggedMarks = game.marks.slice();
  view.showLevel(level);
  clearHint(cells);
  const tiers = tiersFor(level.size, starsOf(level));
  const chosen = store.tierFor(level.size);
  view.showTierPicker(level, tiers, tiers.includes(chosen) ? chosen : "",
    (tier) => { store.saveTier(level.size, tier); nextLevel(tier); });
  if (done === "solved") say(gettext("Solved. Well done!"));
  if (done === "revealed") say(gettext("Revealed: this level counts as revealed, not solved."));
  view.showClock(elapsed);
  startClock(); // only on a board under way: a fresh one starts with the player (begin)
  render();
  zoom = setUpZoom(document.querySelector(".board-wrap"), boardEl, level.size,
    () => input.cancelDrag(), { overview: $("overview"),
                                draw: (canvas) => drawMiniature(canvas, cells, level, game.marks) });
  fitBoard(root); // after the zoom bar has shown or hidden itself
}

// The server says this player finished the level (on this device or another): the board
// shows it finished, with the server's time, whatever this device kept.
function adoptFinished(mine) {
  if (!mine || done === mine.done || done === "solved") return;
  placeSolution(mine.solution);
  done = mine.done;
  if (done === "solved") {
    elapsed = serverSeconds = mine.seconds;
    store.markSolved(level.id);
  }
  store.saveProgress(level.id, { ...game.snapshot(), elapsed, done, log: moveLog.toJSON() });
}

// solution[row]: a column, or on a k-star level the list of that row's star columns.
function placeSolution(solution) {
  game.clear();
  solution.forEach((cols, r) => {
    for (const c of [].concat(cols)) game.marks[game.index(r, c)] = QUEEN;
  });
}

// ---------------------------------------------------------------- moves
// The board takes marks: a level is open, not finished, and no replay is showing.
const playable = () => !!game && !done && !replay;

// One undoable change from the player (a tap, a key, an applied hint).
function act(change) {
  if (!playable() || performance.now() < lockedUntil) return;
  if (!game.change(change)) return;
  afterChange();
}
function logMoves() {
  moveLog.record(loggedMarks, game.marks);
  loggedMarks = game.marks.slice();
}
function afterChange() {
  clearHint(cells);
  begin();
  logMoves(); startClock(); save(); render(); reportStart(); maybeWin();
}
// The player starts: the clock runs and the move log counts from now, and the server is told
// how long after the page's load that was (`started`), so its time starts here too.
function begin() {
  if (begun || done) return;
  begun = true;
  const ms = Math.round(performance.now() - loadedAt);
  startedMs = ms >= 0 && ms <= MAX_STARTED_MS ? ms : null;
  moveLog.begin();
  startClock();
}
// The first mark on this board is a play, timed from the player's start; the server counts
// it once per player, so telling it again after a reload is harmless.
let started = false;
const opened = () => ({ opened: level.opened || "", ...(startedMs === null ? {} : { started: startedMs }) });
function reportStart() {
  if (started || done || (race && race.practice)) return;
  started = true;
  api.post(apiBase() + "start/", opened());
}
function step(move) {
  if (playable() && move()) { clearHint(cells); logMoves(); save(); render(); }
}

const input = attachInput(boardEl, () => level.size, {
  enabled: playable,
  tap: (i) => { if (playable() && performance.now() >= lockedUntil && game.tap(i)) afterChange(); },
  queen: (i) => act((g) => g.set(i, QUEEN)),
  doubleTap: (i) => {
    if (playable() && performance.now() >= lockedUntil && game.doubleTap(i)) afterChange();
  },
  cross: (i) => act((g) => g.set(i, CROSS)),
  clear: (i) => act((g) => g.set(i, EMPTY)),
  toggleCross: (i) => act((g) => g.set(i, g.marks[i] === CROSS ? EMPTY : CROSS)),
  dragStart: (i) => { game.beginDrag(); if (game.dragCross(i)) render(); },
  dragOver: (i) => { if (game.dragCross(i)) render(); },
  dragEnd: () => { if (game.endDrag()) afterChange(); },
  focus: (i, move) => { focus = i; if (move) { render(); cells[i]?.focus(); } },
  undo: () => step(() => game.undo()),
  redo: () => step(() => game.redo()),
});


// ---------------------------------------------------------------- winning
async function maybeWin() {
  if (!game.isFull()) return;
  const answer = await api.post(apiBase() + "check/", { queens: game.queens(), ...opened() });
  if (answer.status === 0 && winOffline()) return;
  if (!answer.ok) { say(answer.message); return; }
  const result = answer.data;
  if (!result.solved) { say(gettext("Not quite: that is not the solution.")); return; }
  if (race && race.practice) { endPractice(); return; }
  // One time everywhere: the server's, from the player's start to the solve; the race's
  // verdict reads it too.
  stopClock(); elapsed = result.seconds; view.showClock(elapsed);
  const verdict = race ? endRace(elapsed) : "";
  done = "solved"; lockedUntil = performance.now() + 800;
  store.markSolved(level.id);
  // The streak counts a daily solved on its own day (UTC); archive dailies never touch it.
  if (level.daily) store.recordDailySolve(level.daily.date, new Date().toISOString().slice(0, 10));
  save(); render(); say(gettext("Solved. Well done!") + themeSentence(result.theme));
  view.showWin(level, elapsed, store.streak(), verdict);
  const rank = await api.post(apiBase() + "solves/", { token: result.token, moves: moveLog.moves });
  if (level.daily) showServerStreak();
  if (rank.ok) {
    serverSeconds = rank.data.seconds; serverHints = rank.data.hints;
    // The server's time, from the player's start: the clock here is display only.
    // An assisted solve, or one the server doubts, is shown as one and sets no personal best.
    view.showRanking(level, rank.data, setsABest(rank.data)
      ? store.recordBest(level.size, level.tier, rank.data.seconds) : null);
  } else if (rank.status !== 400) say(rank.message);
  announceSolve();
  loadRecordings(); // this solve is one now, and replays open
}

// A personal best is the player's own time: unranked only because the network has many
// solves already, or because it was solved offline, it still counts; too fast, implausible,
// unverified, revealed or struck, it does not.
const OWN_TIME_UNRANKED = new Set(["address", "offline"]);
const setsABest = (record) => !record.assisted
  && (record.ranked || OWN_TIME_UNRANKED.has(record.unranked));

// Without a network the rules decide: the level has one solution, so a full board that
// breaks no rule (game.isFull) is it. The solve waits in the outbox, sent with its move log
// when the network returns, and is recorded unranked; the clock here is the only time.
function winOffline() {
  if (race && race.practice) return false;
  stopClock(); view.showClock(elapsed);
  const verdict = race ? endRace(Math.floor(elapsed)) : "";
  done = "solved"; lockedUntil = performance.now() + 800;
  store.markSolved(level.id);
  if (level.daily) store.recordDailySolve(level.daily.date, new Date().toISOString().slice(0, 10));
  outbox.queueSolve(level.id, apiBase() + "solves/", {
    offline: true, queens: game.queens(), moves: moveLog.moves, ...opened() });
  save(); render();
  say(gettext("Solved offline. Your solve is sent when the network is back."));
  view.showWin(level, Math.floor(elapsed), store.streak(), verdict);
  view.showOfflineSolve();
  announceSolve();
  return true;
}
// Sent (pwa.js sends the outbox when the network returns): the server's record, if this board.
window.addEventListener(outbox.SENT_EVENT, (event) => {
  const { level: id, answer } = event.detail;
  if (id !== level.id || !answer.ok) return;
  serverSeconds = answer.data.seconds; serverHints = answer.data.hints;
  view.showRanking(level, answer.data, null);
  say(gettext("Solved. Well done!"));
});

// A solve was kept (here, and on the server when online): the page around the board (the
// home page's streak and count, home.js) reads it again.
const announceSolve = () => window.dispatchEvent(new CustomEvent("queens:solved", { detail: { id: level.id } }));

// The streak as the server keeps it (every device of this player's shares it).
async function showServerStreak() {
  const me = await api.get("/api/me/");
  if (me.ok) view.showStreak(me.data);
}

// ---------------------------------------------------------------- ghosts and replays
async function loadRecordings() {
  const answer = await api.get(apiBase() + "recordings/");
  if (!answer.ok) return; // the list is an extra: without it the board plays as ever
  recordingsView.showRecordings(answer.data.recordings,
    { canWatch: answer.data.can_watch, race: startRace, watch: startReplay });
}

// A race against a recorded solve from an empty board: its bar fills as its queens went
// down, on the board's one clock (the timer's: a race starts the play if nothing had). On a
// finished level it is practice from 0:00: nothing is recorded.
function startRace(recording) {
  if (replay) closeReplay();
  if (race) stopRace();
  if (done) {
    race = { practice: { done, elapsed } };
    done = null; elapsed = 0; startedAt = null; begun = true;
    game = new Game(level, { autoCross: settings.autoCross });
    moveLog = new MoveLog(level.size); moveLog.begin(); loggedMarks = game.marks.slice();
  } else {
    if (game.hasMarks() && !confirm(gettext("Race from an empty board? Your marks are cleared."))) return;
    race = { practice: null };
    act((g) => g.clear());
    begin(); reportStart();
  }
  race.recording = recording;
  clearHint(cells);
  recordingsView.showGhost(recording, level.size);
  startClock(); render();
  say(race.practice ? gettext("Practice race: your recorded solve stands.") : gettext("Race on!"));
  race.tick = setInterval(() => {
    if (race) recordingsView.showGhostQueens(
      queensAt(recording.timeline, currentElapsed() * 1000), level.size);
  }, 100);
}

// The race's verdict (your time, as the timer shows it, against the ghost's listed time);
// the race is over.
function endRace(seconds) {
  const verdict = recordingsView.ghostVerdict(race.recording, seconds);
  clearInterval(race.tick);
  recordingsView.hideGhost();
  race = null;
  return verdict;
}

function endPractice() {
  const kept = race.practice;
  stopClock();
  const verdict = endRace(Math.floor(elapsed));
  done = kept.done; elapsed = kept.elapsed; view.showClock(elapsed);
  render(); say(`${verdict} ${gettext("Practice race: your recorded solve stands.")}`);
}

// Stopped before the end: a practice goes back to the finished board as it was kept.
function stopRace() {
  clearInterval(race.tick);
  const kept = race.practice;
  race = null;
  recordingsView.hideGhost();
  if (kept) {
    stopClock();
    done = kept.done; elapsed = kept.elapsed; view.showClock(elapsed);
    const saved = store.progress(level.id);
    game = new Game(level, { autoCross: settings.autoCross });
    if (saved) game.restore(saved);
    moveLog = new MoveLog(level.size, saved && saved.log); loggedMarks = game.marks.slice();
  }
  say(""); render();
}
$("ghost-stop").onclick = () => { if (race) stopRace(); };

// A replay on the board at the recorded pace (or faster), read-only, with a position bar.
async function startReplay(recording) {
  if (race) stopRace();
  const answer = await api.get(apiBase() + `recordings/${recording.id}/`);
  if (!answer.ok) { say(answer.message); return; }
  const playback = new Playback(answer.data.finished_ms);
  replay = { recording: answer.data, playback };
  clearHint(cells);
  root.classList.add("replaying");
  recordingsView.showReplay(answer.data, {
    toggle: () => { if (playback.playing) playback.pause(); else playback.play(); render(); },
    seek: (ms) => { playback.seek(ms); render(); },
    speed: (s) => { playback.setSpeed(s); render(); },
    close: closeReplay,
  });
  playback.play();
  replay.tick = setInterval(render, 50);
  render();
}

function renderReplay() {
  const { recording, playback } = replay, ms = playback.position();
  const { marks, played } = marksAt(recording.moves, level.size, ms);
  renderBoard(cells, level, palette, marks, { conflicts: [], focus });
  recordingsView.showReplayAt(ms, playback.duration, playback.playing, played);
}

function closeReplay() {
  clearInterval(replay.tick);
  replay = null;
  root.classList.remove("replaying");
  recordingsView.hideReplay();
  render();
}

// ---------------------------------------------------------------- buttons
$("undo").onclick = () => step(() => game.undo());
$("redo").onclick = () => step(() => game.redo());
$("clear").onclick = () => act((g) => g.clear());
$("reveal").onclick = async () => {
  if (!playable() || race?.practice || !confirm(gettext("Reveal the solution? This level will count as revealed, not solved."))) return;
  const answer = await api.post(apiBase() + "reveal/", opened());
  if (!answer.ok) { say(answer.message); return; }
  stopClock();
  placeSolution(answer.data.solution);
  done = "revealed"; save(); render();
  say(gettext("Revealed: this level counts as revealed, not solved.") + themeSentence(answer.data.theme));
  loadRecordings(); // replays open
};
$("hint").onclick = async () => {
  if (!playable() || race?.practice) return;
  begin(); // asking for a hint is playing
  const answer = await api.post(apiBase() + "hint/",
    { queens: game.queens(), crosses: game.crosses(), ...opened() });
  if (answer.status === 0) { say(gettext("Hints need the network: the engine that finds them runs on the server.")); return; }
  if (!answer.ok) { say(answer.message); return; }
  say("");
  showHint(cells, answer.data, (r, c) => cells[game.index(r, c)]);
};
$("hint-apply").onclick = () => {
  const hint = currentHint();
  if (!hint) return;
  if (hint.mistake) {
    const [[r, c]] = hint.because;
    act((g) => g.set(g.index(r, c), EMPTY));
  } else {
    act((g) => {
      for (const [r, c] of hint.queens) g.set(g.index(r, c), QUEEN);
      for (const [r, c] of hint.crosses) if (g.marks[g.index(r, c)] === EMPTY) g.set(g.index(r, c), CROSS);
    });
  }
  clearHint(cells);
};
$("hint-dismiss").onclick = () => clearHint(cells);

// ---------------------------------------------------------------- levels and navigation
// A random level of this size, avoiding solved ones; once all are solved, any other one.
async function fetchLevel(size, rule, current, tier = store.tierFor(size), stars = starsOf(level)) {
  const defaultRule = limits.rules[0];
  if (tier && !tiersFor(size, stars).includes(tier)) tier = ""; // a 1★ choice on a 2★ board
  const query = (ids) => `/api/levels/${size}/?exclude=${ids.join(",")}`
    + `${rule && rule !== defaultRule ? `&rule=${rule}` : ""}${tier ? `&tier=${tier}` : ""}`
    + `${stars !== 1 ? `&stars=${stars}` : ""}`;
  const others = current ? [current] : [];
  let answer = await api.get(query([...store.solvedIds().slice(-400), ...others]));
  if (answer.status === 404) answer = await api.get(query(others));
  if (!answer.ok) { say(answer.message); return null; }
  return answer.data;
}

// Every board has its own URL: the next level is a navigation (title, URL, back button).
const unsolvedDaily = () => level && level.daily && !done && !race?.practice && game
  && game.hasMarks();
async function nextLevel(tier) {
  if (unsolvedDaily() && !confirm(gettext("Leave today's daily unsolved? Your marks are kept."))) return;
  const found = await fetchLevel(level.size, level.rule, level.id, tier);
  if (!found) return;
  leaving = true;
  location.assign(`/levels/${found.id}/`);
}
window.addEventListener("beforeunload", (e) => {
  if (!leaving && unsolvedDaily()) { e.preventDefault(); e.returnValue = ""; }
});
$("next").onclick = () => nextLevel();
const dialogReady = () => view.winDialog().dataset.ready === "true";
$("win-next").onclick = () => { if (dialogReady()) nextLevel(); };
$("win-close").onclick = () => { if (dialogReady()) view.winDialog().close(); };
view.winDialog().addEventListener("cancel", (e) => {
  if (e.target.dataset.ready !== "true") e.preventDefault();
});
$("share").onclick = async () => {
  // A daily's own day (/daily/ is another puzzle tomorrow).
  const url = new URL(level.daily ? `/daily/${level.daily.date}/` : `/levels/${level.id}/`,
    location.origin).href;
  const text = shareText(level, serverSeconds ?? Math.floor(elapsed), serverHints, url);
  try {
    if (navigator.share) { await navigator.share({ text }); return; }
    await navigator.clipboard.writeText(text);
    view.sayInDialog(gettext("Copied to the clipboard."));
  } catch (e) { view.sayInDialog(text); }
};

// ---------------------------------------------------------------- settings
function applySettings() {
  view.showSettings(root, settings);
  if (game) game.autoCross = settings.autoCross;
}
for (const [id, key] of [["auto-cross", "autoCross"], ["colorblind", "colorblind"],
                         ["show-timer", "showTimer"], ["show-conflicts", "showConflicts"]]) {
  const box = $(id);
  box.checked = settings[key];
  box.onchange = () => {
    settings[key] = box.checked; store.saveSettings({ ...store.settings(), [key]: box.checked });
    applySettings(); if (game) render();
  };
}
applySettings();

// ---------------------------------------------------------------- start
// An empty pool: say so kindly and look again every few seconds until a level arrives.
function waitForLevels() {
  view.showWaiting(root);
  const size = root.dataset.size, words = interpolate(gettext(
    "Generating levels of %(size)s×%(size)s: your board will open by itself in a moment."), { size });
  say(words);
  const poll = setInterval(async () => {
    const found = await fetchLevel(size, root.dataset.rule, null);
    if (found) { clearInterval(poll); location.replace(`/levels/${found.id}/`); } else say(words);
  }, 3000);
}

async function start() {
  if (!level) {
    // /play/<n>/ lands on the level's own URL, so reload, back and share keep the board.
    if (root.dataset.tier) store.saveTier(root.dataset.size, root.dataset.tier);
    const found = await fetchLevel(root.dataset.size, root.dataset.rule, null);
    if (found) location.replace(`/levels/${found.id}/`);
    else waitForLevels();
    return;
  }
  build();
  root.dataset.ready = "true";
  loadRecordings();
}
start();

// The game page's controller under node, handed fake input, view, API and page clock (and
// the real storage.js and outbox.js over an in-memory localStorage): its win, online and
// offline, a ghost race, a practice race on a finished level, and a replay.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { EMPTY, QUEEN } from "../../static/js/state.js";

const data = new Map();
globalThis.localStorage = {
  getItem: (k) => (data.has(k) ? data.get(k) : null),
  setItem: (k, v) => data.set(k, String(v)),
  removeItem: (k) => data.delete(k),
};
const storage = await import("../../static/js/storage.js");
const outbox = await import("../../static/js/outbox.js");
const { GameController } = await import("../../static/js/game_controller.js");

// A 4×4 level whose regions are its rows; its one solution, row by row.
const SOLUTION = [1, 3, 0, 2];
const LEVEL = { id: 7, size: 4, rule: "touch", stars: 1, tier: "easy", daily: null, mine: null,
                opened: "token", regions: [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]],
                colors: [0, 1, 2, 3] };
const GHOST = { id: 11, who: "fastest", name: "Ada", seconds: 20, timeline: [[1000, 1], [5000, 2]] };
const REPLAY = { ...GHOST, finished_ms: 4000, moves: [[500, 0, 1, QUEEN], [3000, 1, 3, QUEEN]] };

// Input: the controller's listeners, and the events a test sends them.
function fakeInput() {
  const listeners = {};
  return {
    on(event, callback) { (listeners[event] ||= []).push(callback); },
    emit: (event, ...args) => (listeners[event] || []).map((callback) => callback(...args)),
    cancelDrag() {},
  };
}

// The view: every call recorded; it answers confirm (as the test says) and a verdict.
function fakeView(answers) {
  const calls = [];
  const view = new Proxy({}, {
    get: (target, name) => (...args) => {
      calls.push([name, ...args]);
      if (name === "confirm") return answers.confirm;
      if (name === "ghostVerdict") return `verdict ${args[1]}`;
      return undefined;
    },
  });
  return { view, calls, called: (name) => calls.filter(([n]) => n === name).map(([, ...args]) => args) };
}

// The API: every call recorded, each answered as the test scripts it (else 200 and {}).
function fakeApi(script) {
  const calls = [];
  const answer = (name) => (...args) => {
    calls.push([name, ...args]);
    const scripted = script[name];
    return Promise.resolve(typeof scripted === "function" ? scripted(...args)
      : scripted || { ok: true, status: 200, data: {}, message: "" });
  };
  const api = new Proxy({}, { get: (target, name) => (name === "solvesUrl"
    ? (level) => `/api/levels/${level.size}/${level.id}/solves/` : answer(name)) });
  return { api, calls, called: (name) => calls.filter(([n]) => n === name).map(([, ...args]) => args) };
}

// The page's clock, moved by hand, and its timers, run by hand.
function fakePage() {
  const timers = new Map();
  let next = 1;
  const page = {
    time: 10_000, went: [],
    now: () => page.time,
    every(ms, callback) { timers.set(next, { ms, callback }); return next++; },
    stop(timer) { timers.delete(timer); },
    today: () => "2026-12-06",
    hidden: () => false,
    loadedAt: 9_000,
    url: (path) => `https://queens.test${path}`,
    go: (path) => page.went.push(path),
    replace: (path) => page.went.push(path),
    // Move the clock on and run the timers of that period once.
    tick(ms, period) {
      page.time += ms;
      for (const { ms: every, callback } of [...timers.values()]) if (every === period) callback();
    },
    running: (period) => [...timers.values()].filter((t) => t.ms === period).length,
  };
  return page;
}

const ok = (body) => ({ ok: true, status: 200, data: body, message: "" });
const settle = async () => { for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r)); };

async function open({ level = LEVEL, script = {}, confirm = true } = {}) {
  const input = fakeInput(), view = fakeView({ confirm }), page = fakePage();
  const api = fakeApi({ recordings: ok({ recordings: [GHOST], can_watch: true }), ...script });
  const controller = new GameController({
    input, view: view.view, storage, api: api.api, outbox, page,
    config: { tiersBySize: { 4: ["easy"] }, starTiers: {}, limits: { rules: ["touch"] },
              size: "4", rule: "touch", tier: "", stars: "1" },
    level: structuredClone(level),
  });
  await controller.start();
  await settle();
  return { controller, input, view, api, page };
}

// The player puts the solution's queens down, one every `ms` (a second).
async function solve({ input, page }, ms = 1000) {
  for (const [r, c] of SOLUTION.entries()) { page.time += ms; input.emit("queen", r * 4 + c); }
  await settle();
}

beforeEach(() => data.clear());

test("a solve online ends with the server's time, sends the solve and lists recordings", async () => {
  const o = await open({ script: { checkLevel: ok({ solved: true, seconds: 42, token: "t", theme: null }),
                                   sendSolve: ok({ seconds: 42, hints: 0, ranked: true }) } });
  await solve(o);
  assert.equal(o.controller.done, "solved");
  assert.deepEqual(o.view.called("showWin").at(-1), [o.controller.level, 42, null, ""]);
  assert.deepEqual(o.api.called("sendSolve").map(([, body]) => body.token), ["t"]);
  assert.ok(storage.solvedIds().includes(7));
  assert.deepEqual(storage.pendingSolves(), []);
  assert.equal(o.view.called("announceSolve").length, 1);
  assert.equal(o.api.called("recordings").length, 2); // on opening, and once solved
  assert.equal(storage.progress(7).done, "solved");
});

test("a solve offline takes the same path: the clock's time, the solve waits in the outbox", async () => {
  const o = await open({ script: { checkLevel: { ok: false, status: 0, data: null, message: "offline" } } });
  await solve(o, 1250);
  assert.equal(o.controller.done, "solved");
  // Timed from the first queen (the player's start) to the last: 3.75 s, shown whole.
  assert.deepEqual(o.view.called("showWin").at(-1), [o.controller.level, 3, null, ""]);
  assert.deepEqual(o.view.called("showClock").at(-1), [3.75]);
  assert.equal(o.view.called("showOfflineSolve").length, 1);
  assert.equal(o.api.called("sendSolve").length, 0);
  const [queued] = storage.pendingSolves();
  assert.equal(queued.url, "/api/levels/4/7/solves/");
  assert.equal(queued.body.offline, true);
  assert.equal(queued.body.queens.length, 4);
  assert.ok(storage.solvedIds().includes(7));
  assert.equal(o.view.called("announceSolve").length, 1);
});

// The streak is the server's: a daily won online shows /api/me's answer once the solve is
// sent (and keeps it); offline, the last answer kept, as it stands today (no count made here).
const DAILY = { ...LEVEL, daily: { date: "2026-12-06", number: 3 } };
const ME = { streak: 4, best_streak: 6, freezes: 1, streak_until: "2026-12-07", solves: 20 };

test("a daily won online shows the server's streak after the solve is sent, and keeps it", async () => {
  const o = await open({ level: DAILY, script: {
    checkLevel: ok({ solved: true, seconds: 42, token: "t", theme: null }),
    sendSolve: ok({ seconds: 42, hints: 0, ranked: true }), me: ok(ME) } });
  await solve(o);
  assert.deepEqual(o.view.called("showWin").at(-1), [o.controller.level, 42, null, ""]);
  assert.deepEqual(o.view.called("showStreak"), [[ME]]);
  assert.deepEqual(storage.knownMe(), ME);
});

test("a daily won offline shows the last streak the server told, as it stands today", async () => {
  const down = { ok: false, status: 0, data: null, message: "offline" };
  let told = down;
  const offline = { checkLevel: down, me: () => told };
  const never = await open({ level: DAILY, script: offline });
  await solve(never);
  assert.equal(never.view.called("showWin").at(-1)[2], null); // nothing told yet: no line
  data.clear();
  storage.saveMe({ ...ME, streak_until: "2026-12-06" }); // today still keeps it
  const known = await open({ level: DAILY, script: offline });
  await solve(known);
  assert.deepEqual(known.view.called("showWin").at(-1)[2], { ...ME, streak_until: "2026-12-06", freezes: 0 });
  data.clear();
  storage.saveMe({ ...ME, streak_until: "2026-12-05" }); // ended yesterday
  const ended = await open({ level: DAILY, script: offline });
  await solve(ended);
  assert.equal(ended.view.called("showWin").at(-1)[2].streak, 0);
  assert.equal(ended.view.called("showStreak").length, 0);
  // The outbox sends it when the network is back: then the server's streak.
  told = ok(ME);
  ended.input.emit("solveSent", { level: DAILY.id, answer: ok({ seconds: 4, hints: 0 }) });
  await settle();
  assert.deepEqual(ended.view.called("showStreak"), [[ME]]);
});

test("a ghost race clears the board when asked, runs the ghost and ends in the win's verdict", async () => {
  const o = await open({ confirm: false, script: {
    checkLevel: ok({ solved: true, seconds: 17, token: "t", theme: null }) } });
  o.input.emit("queen", 0);
  o.input.emit("race", String(GHOST.id));
  assert.equal(o.view.called("confirm").length, 1);
  assert.equal(o.controller.race, null, "the player kept their marks");
  assert.equal(o.controller.game.marks[0], QUEEN);

  const r = await open({ script: { checkLevel: ok({ solved: true, seconds: 17, token: "t", theme: null }) } });
  r.input.emit("queen", 0);
  r.input.emit("race", String(GHOST.id));
  assert.equal(r.controller.race.recording, GHOST);
  assert.equal(r.controller.race.practice, null);
  assert.ok(r.controller.game.marks.every((m) => m === EMPTY));
  assert.deepEqual(r.view.called("showGhost").at(-1), [GHOST, 4]);
  assert.equal(r.api.called("startLevel").length, 1);
  r.page.tick(1500, 100); // the race began at the first queen, 1.5 s ago: one ghost queen
  assert.deepEqual(r.view.called("showGhostQueens").at(-1), [1, 4]);
  await solve(r);
  assert.equal(r.controller.race, null);
  assert.equal(r.page.running(100), 0, "the ghost's timer stops");
  assert.equal(r.view.called("hideGhost").length, 1);
  assert.equal(r.view.called("showWin").at(-1)[3], "verdict 17");
  assert.equal(r.api.called("sendSolve").length, 1);
});

test("a practice race on a solved level records nothing and gives the solved board back", async () => {
  const finished = { ...LEVEL, mine: { done: "solved", seconds: 30, solution: SOLUTION } };
  const o = await open({ level: finished, script: {
    checkLevel: ok({ solved: true, seconds: 5, token: "t", theme: null }) } });
  assert.equal(o.controller.done, "solved");
  const kept = storage.progress(7);
  o.input.emit("race", String(GHOST.id));
  assert.deepEqual(o.controller.race.practice, { done: "solved", elapsed: 30 });
  assert.equal(o.controller.done, null);
  assert.equal(o.view.called("showControls").at(-1)[0].practice, true); // no hint, no reveal
  o.input.emit("hint");
  await solve(o);
  assert.equal(o.api.called("askHint").length, 0);
  assert.equal(o.api.called("startLevel").length, 0);
  assert.equal(o.api.called("sendSolve").length, 0);
  assert.equal(o.view.called("showWin").length, 0);
  assert.deepEqual(storage.progress(7), kept, "the practice board is never saved");
  assert.equal(o.controller.done, "solved");
  assert.equal(o.controller.elapsed, 30);
  assert.match(o.view.called("say").at(-1)[0], /^verdict 4 Practice race/);

  // Stopped before the end, a practice gives the kept board back as well.
  o.input.emit("race", String(GHOST.id));
  o.input.emit("queen", 0);
  o.input.emit("stopRace");
  assert.equal(o.controller.race, null);
  assert.equal(o.controller.done, "solved");
  assert.deepEqual(o.controller.game.queens(), SOLUTION.map((c, r) => [r, c]));
});

test("a practice race solved offline queues nothing", async () => {
  const finished = { ...LEVEL, mine: { done: "revealed", solution: SOLUTION } };
  const o = await open({ level: finished, script: {
    checkLevel: { ok: false, status: 0, data: null, message: "No connection" } } });
  o.input.emit("race", String(GHOST.id));
  await solve(o);
  assert.deepEqual(storage.pendingSolves(), []);
  assert.deepEqual(o.view.called("say").at(-1), ["No connection"]);
  assert.ok(o.controller.race.practice, "the race goes on");
});

test("a replay draws the recording's marks as it plays, on a board that takes none", async () => {
  const o = await open({ script: { recording: ok(REPLAY) } });
  o.input.emit("watch", String(GHOST.id));
  await settle();
  assert.deepEqual(o.api.called("recording").at(-1), [o.controller.level, GHOST.id]);
  assert.deepEqual(o.view.called("showReplay").at(-1), [REPLAY]);
  assert.equal(o.input.emit("playable")[0], false);
  o.page.tick(1000, 50);
  const board = () => o.view.called("drawBoard").at(-1)[1];
  assert.deepEqual(board().filter((m) => m === QUEEN).length, 1);
  assert.deepEqual(o.view.called("showReplayAt").at(-1), [1000, 4000, true, 1]);
  o.input.emit("queen", 5);
  assert.ok(!o.controller.game.hasMarks(), "the board takes no marks");
  o.input.emit("replaySpeed", 2);
  o.page.tick(1000, 50); // two seconds of the recording in one
  assert.deepEqual(o.view.called("showReplayAt").at(-1), [3000, 4000, true, 2]);
  o.input.emit("replayToggle");
  o.page.tick(1000, 50);
  assert.deepEqual(o.view.called("showReplayAt").at(-1), [3000, 4000, false, 2]);
  o.input.emit("replaySeek", 0);
  assert.equal(board().filter((m) => m === QUEEN).length, 0);
  o.input.emit("replayClose");
  assert.equal(o.controller.replay, null);
  assert.equal(o.page.running(50), 0, "the replay's timer stops");
  assert.equal(o.view.called("hideReplay").length, 1);
  assert.equal(o.input.emit("playable")[0], true);
});


test("Hint again on the same marks shows the same step without asking (and counting) again", async () => {
  const step = { message: "Row 1 has one place left.", queens: [[0, 1]], crosses: [], because: [] };
  const o = await open({ script: { askHint: ok(step) } });
  o.input.emit("hint"); await settle();
  o.input.emit("dismissHint");
  o.input.emit("hint"); await settle();
  o.input.emit("hint"); await settle();
  assert.equal(o.api.called("askHint").length, 1);
  assert.equal(o.view.called("showHint").length, 3);
  o.input.emit("queen", 0); // the marks change: the next Hint asks
  o.input.emit("hint"); await settle();
  assert.equal(o.api.called("askHint").length, 2);
});

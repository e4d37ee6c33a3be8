// Unit tests of the browser storage module under node: the server's last word kept,
// per-size difficulty, forgetting.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";

// As the browser's: the stored keys are the object's own (Object.keys lists them).
const data = Object.defineProperties({}, {
  getItem: { value: (k) => (Object.hasOwn(data, k) ? data[k] : null) },
  setItem: { value: (k, v) => { data[k] = String(v); } },
  removeItem: { value: (k) => { delete data[k]; } },
});
globalThis.localStorage = data;
const store = await import("../../static/js/storage.js");

beforeEach(() => { for (const k of Object.keys(data)) delete data[k]; });

test("the server's last word on the player is kept, only what the pages show", () => {
  assert.equal(store.knownMe(), null);
  store.saveMe({ name: "Ada", streak: 3, best_streak: 5, freezes: 1, streak_until: "2026-12-04",
                 solves: 9, bests: { "8:any": 60 }, dailies_solved: [1, 2] });
  assert.deepEqual(store.knownMe(),
                   { streak: 3, best_streak: 5, freezes: 1, streak_until: "2026-12-04", solves: 9 });
});

test("difficulty is remembered per size", () => {
  assert.equal(store.tierFor(8), "");
  store.saveTier(8, "hard");
  store.saveTier(9, "easy");
  assert.equal(store.tierFor(8), "hard");
  assert.equal(store.tierFor(9), "easy");
});

test("the last unfinished board is kept for Continue", () => {
  assert.equal(store.lastBoard(), null);
  store.saveLastBoard({ id: 7, size: 8 });
  assert.deepEqual(store.lastBoard(), { id: 7, size: 8 });
  store.saveLastBoard(null);
  assert.equal(store.lastBoard(), null);
});

test("joining another history forgets this browser's solves, the server's last word and bests only", () => {
  store.markSolved(3); store.saveMe({ streak: 1, best_streak: 1, freezes: 0, streak_until: "2026-12-02", solves: 1 });
  store.recordBest(8, "hard", 90); store.saveTier(8, "hard"); store.saveSettings({ theme: "dark" });
  store.saveProgress(3, { marks: [] });
  data.other = "kept";
  store.forgetHistory();
  assert.deepEqual(Object.keys(data).sort(),
                   ["other", "queens:level:3", "queens:settings", "queens:tiers"]);
});

test("a deleted player leaves only the display settings (and what is not the site's)", () => {
  store.markSolved(3); store.saveMe({ streak: 1, best_streak: 1, freezes: 0, streak_until: null, solves: 1 }); store.saveTier(8, "hard"); store.saveSettings({ theme: "dark" });
  store.saveLastTierChoice("easy"); store.saveProgress(3, { marks: [] });
  data.other = "kept";
  store.forgetAllButSettings();
  assert.deepEqual(Object.keys(data).sort(), ["other", "queens:settings"]);
});

test("the unfinished \"Solvable?\" run's key is kept until it is forgotten", () => {
  assert.equal(store.solvableRunKey(), null);
  store.saveSolvableRunKey("abc");
  assert.equal(store.solvableRunKey(), "abc");
  store.saveSolvableRunKey(null);
  assert.equal(store.solvableRunKey(), null);
  assert.deepEqual(Object.keys(data), []);
});

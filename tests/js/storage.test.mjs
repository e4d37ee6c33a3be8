// Unit tests of the browser storage module under node: streak rules and per-size difficulty.
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

test("a daily solved on its own day starts and extends the streak", () => {
  assert.equal(store.recordDailySolve("2026-12-01", "2026-12-01").count, 1);
  assert.equal(store.recordDailySolve("2026-12-02", "2026-12-02").count, 2);
  assert.equal(store.recordDailySolve("2026-12-02", "2026-12-02").count, 2); // twice: once
  assert.deepEqual(store.streak(), { last: "2026-12-02", count: 2, best: 2 });
});

test("archive dailies never touch the streak", () => {
  store.recordDailySolve("2026-12-05", "2026-12-05");
  for (const day of ["2026-12-02", "2026-12-03", "2026-12-04"]) {
    assert.equal(store.recordDailySolve(day, "2026-12-05").count, 1);
  }
  assert.equal(store.streak().last, "2026-12-05");
});

test("three archive dailies today make no streak", () => {
  for (const day of ["2026-11-01", "2026-11-02", "2026-11-03"]) store.recordDailySolve(day, "2026-12-03");
  assert.equal(store.streak().count, 0);
});

test("a missed day restarts the streak and keeps the best", () => {
  store.recordDailySolve("2026-12-01", "2026-12-01");
  store.recordDailySolve("2026-12-02", "2026-12-02");
  assert.deepEqual(store.recordDailySolve("2026-12-04", "2026-12-04"),
                   { last: "2026-12-04", count: 1, best: 2 });
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

test("joining another history forgets this browser's solves, streak and bests only", () => {
  store.markSolved(3); store.recordDailySolve("2026-12-01", "2026-12-01");
  store.recordBest(8, "hard", 90); store.saveTier(8, "hard"); store.saveSettings({ theme: "dark" });
  store.saveProgress(3, { marks: [] });
  data.other = "kept";
  store.forgetHistory();
  assert.deepEqual(Object.keys(data).sort(),
                   ["other", "queens:level:3", "queens:settings", "queens:tiers"]);
});

test("a deleted player leaves only the display settings (and what is not the site's)", () => {
  store.markSolved(3); store.saveTier(8, "hard"); store.saveSettings({ theme: "dark" });
  store.saveLastTierChoice("easy"); store.saveProgress(3, { marks: [] });
  data.other = "kept";
  store.forgetAllButSettings();
  assert.deepEqual(Object.keys(data).sort(), ["other", "queens:settings"]);
});

// The browser's streak under node: what the server's last answer shows on a later day (the
// rule itself is held to the server's by tests/js/test_parity.py) and the one way pages ask.
import { test } from "node:test";
import assert from "node:assert/strict";
import { askMe, streakToday } from "../../static/js/streak.js";

const ME = { streak: 9, best_streak: 12, freezes: 2, streak_until: "2026-12-04", solves: 40 };

test("the streak stands up to its last day, spending a freeze a missed day, then is 0", () => {
  assert.deepEqual(streakToday(ME, "2026-12-01"), ME); // solved today: nothing spent yet
  assert.deepEqual(streakToday(ME, "2026-12-03"), { ...ME, freezes: 1 });
  assert.deepEqual(streakToday(ME, "2026-12-04"), { ...ME, freezes: 0 });
  assert.deepEqual(streakToday(ME, "2026-12-05"), { ...ME, streak: 0, freezes: 0 });
  const none = { ...ME, streak: 0, freezes: 0, streak_until: null };
  assert.deepEqual(streakToday(none, "2026-12-01"), none);
});

test("a good answer is kept, a failed one leaves the last", async () => {
  const kept = [];
  const storage = { saveMe: (me) => kept.push(me) };
  const answers = [{ ok: true, status: 200, data: ME }, { ok: false, status: 0, data: null }];
  const api = { me: async () => answers.shift() };
  assert.equal((await askMe(api, storage)).ok, true);
  assert.equal((await askMe(api, storage)).ok, false);
  assert.deepEqual(kept, [ME]);
});

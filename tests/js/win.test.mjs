// The win screen's words: a spoiler-free share text and the countdown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { shareText } from "../../static/js/win.js";
import { untilNextDaily } from "../../static/js/clock.js";

test("the share text tells time, hints and size, never a cell", () => {
  const text = shareText({ size: 8, tier: "hard", daily: { number: 12 } }, 133, 1,
                         "https://queens.example/daily/");
  assert.equal(text, "Queens daily #12 · hard\n⏱ 2:13 · 💡 1 hint\n👑👑👑👑👑👑👑👑\n" +
                     "https://queens.example/daily/");
  assert.doesNotMatch(text, /row|column|\[\d/);
  assert.match(shareText({ size: 6, tier: null, daily: null }, 5, 0, "u"), /^Queens 6×6\n⏱ 0:05 · no hints/);
});

test("the countdown runs to midnight UTC", () => {
  assert.equal(untilNextDaily(new Date(Date.UTC(2026, 11, 3, 22, 58, 30))), "01:01:30");
  assert.equal(untilNextDaily(new Date(Date.UTC(2026, 11, 3, 0, 0, 0))), "24:00:00");
});

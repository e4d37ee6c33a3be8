// A race room's words: a player's progress says boards and queens in plain English.
import { test } from "node:test";
import assert from "node:assert/strict";
import { progressText } from "../../static/js/room_view.js";

const racing = (boards) => ({ state: "racing", boards, size: 6 });
const player = (done, queens) => ({ finished_ms: null, done, queens });

test("a race's progress names one board in the singular (the default race has one)", () => {
  assert.equal(progressText(player([false], [0]), racing(1)), "0 of 1 board · 0 of 6 queens");
  assert.equal(progressText(player([true, false], [6, 2]), racing(2)),
               "1 of 2 boards · 2 of 6 queens");
});

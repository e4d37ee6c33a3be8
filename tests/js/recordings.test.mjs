// Unit tests of ghosts and replays played back (recordings.js), under node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { marksAt, Playback, queensAt } from "../../static/js/recordings.js";
import { CROSS, EMPTY, QUEEN } from "../../static/js/state.js";

test("a ghost has the queens its timeline last counted", () => {
  const timeline = [[1000, 1], [2500, 2], [3000, 1], [4000, 2]];
  assert.deepEqual([0, 999, 1000, 2600, 3000, 9999].map((ms) => queensAt(timeline, ms)),
                   [0, 0, 1, 2, 1, 2]);
});

test("a replay's board holds every move made by then, crosses and removals included", () => {
  const moves = [[100, 0, 0, QUEEN], [200, 1, 1, CROSS], [300, 0, 0, EMPTY], [400, 0, 1, QUEEN]];
  const at = (ms) => marksAt(moves, 2, ms);
  assert.deepEqual(at(50), { marks: [EMPTY, EMPTY, EMPTY, EMPTY], played: 0 });
  assert.deepEqual(at(250), { marks: [QUEEN, EMPTY, EMPTY, CROSS], played: 2 });
  assert.deepEqual(at(400), { marks: [EMPTY, QUEEN, EMPTY, CROSS], played: 4 });
});

test("the playback clock runs at its speed, pauses, seeks and stops at the end", () => {
  let now = 0;
  const p = new Playback(10_000, { now: () => now });
  p.play();
  now = 1000;
  assert.equal(p.position(), 1000);
  p.setSpeed(4);
  now = 2000;
  assert.equal(p.position(), 5000);
  p.pause();
  now = 9000;
  assert.equal(p.position(), 5000);
  assert.equal(p.playing, false);
  p.seek(9500); p.play();
  now = 10_000;
  assert.equal(p.position(), 10_000);
  assert.equal(p.ended, true);
  assert.equal(p.playing, false);
  p.play(); // from the start again
  assert.equal(p.position(), 0);
});

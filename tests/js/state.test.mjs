// Unit tests of the game state and the rules, under node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Game, EMPTY, CROSS, QUEEN } from "../../static/js/state.js";
import { conflicts, ruledOut } from "../../static/js/rules.js";

const ROWS4 = { size: 4, rule: "touch", regions: [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]] };

test("a tap cycles empty, cross, queen, empty", () => {
  const g = new Game(ROWS4, { autoCross: false });
  const seen = [];
  for (let k = 0; k < 4; k++) { g.change((s) => s.cycle(0)); seen.push(g.marks[0]); }
  assert.deepEqual(seen, [CROSS, QUEEN, EMPTY, CROSS]);
});

test("auto-cross marks what a queen rules out and takes it back with the queen", () => {
  const g = new Game(ROWS4);
  g.change((s) => s.set(g.index(0, 0), QUEEN));
  assert.deepEqual(new Set(g.crosses().map(String)),
                   new Set(ruledOut(ROWS4.regions, "touch", 0, 0).map(String)));
  g.change((s) => s.set(g.index(2, 2), QUEEN)); // shares no cell... but (2,0) is owned by both
  g.change((s) => s.set(g.index(0, 0), EMPTY));
  assert.equal(g.marks[g.index(2, 0)], CROSS); // still ruled out by the queen at (2,2)
  assert.equal(g.marks[g.index(0, 3)], EMPTY); // only (0,0) ruled it out
});

test("a manual cross survives when a queen's auto-crosses go", () => {
  const g = new Game(ROWS4);
  g.change((s) => s.set(g.index(1, 0), CROSS));
  g.change((s) => s.set(g.index(0, 0), QUEEN));
  g.change((s) => s.set(g.index(0, 0), EMPTY));
  assert.equal(g.marks[g.index(1, 0)], CROSS);
});

test("undo and redo step through changes; a no-op is not a step", () => {
  const g = new Game(ROWS4, { autoCross: false });
  assert.equal(g.change((s) => s.set(0, EMPTY)), false);
  g.change((s) => s.set(0, CROSS));
  g.change((s) => s.set(5, QUEEN));
  assert.ok(g.undo());
  assert.equal(g.marks[5], EMPTY);
  assert.ok(g.redo());
  assert.equal(g.marks[5], QUEEN);
  g.undo(); g.undo();
  assert.equal(g.undo(), false);
  assert.ok(!g.hasMarks());
});

test("a drag is one undo step and skips marked cells", () => {
  const g = new Game(ROWS4, { autoCross: false });
  g.change((s) => s.set(1, QUEEN));
  g.beginDrag();
  for (const i of [0, 1, 2, 3]) g.dragCross(i);
  assert.ok(g.endDrag());
  assert.deepEqual(g.marks.slice(0, 4), [CROSS, QUEEN, CROSS, CROSS]);
  g.undo();
  assert.deepEqual(g.marks.slice(0, 4), [EMPTY, QUEEN, EMPTY, EMPTY]);
});

test("conflicts name the rule two queens break", () => {
  const kinds = (queens, rule = "touch") =>
    conflicts(ROWS4.regions, rule, queens).map((c) => c.kind).sort();
  assert.deepEqual(kinds([[0, 0], [0, 2]]), ["region", "row"]);
  assert.deepEqual(kinds([[0, 0], [1, 1]]), ["touch"]);
  assert.deepEqual(kinds([[0, 0], [2, 2]]), []);
  assert.deepEqual(kinds([[0, 0], [2, 2]], "classic"), ["diagonal"]);
  assert.deepEqual(kinds([[0, 0], [3, 0]]), ["column"]);
});

test("a full board without conflicts is full", () => {
  const g = new Game(ROWS4, { autoCross: false });
  for (const [r, c] of [[0, 1], [1, 3], [2, 0], [3, 2]]) g.change((s) => s.set(g.index(r, c), QUEEN));
  assert.ok(g.isFull());
});

test("a double click is one undo step: undo leaves no stray cross", () => {
  const g = new Game(ROWS4, { autoCross: false });
  // The browser's two clicks (cross, queen), then its dblclick.
  g.tap(5); g.tap(5);
  assert.equal(g.doubleTap(5), false); // the taps made the queen: nothing new to check
  assert.equal(g.marks[5], QUEEN);
  assert.ok(g.undo());
  assert.equal(g.marks[5], EMPTY);
  assert.equal(g.undo(), false);
  // From a cross, the clicks go queen, empty; the double click still ends on a queen.
  g.change((s) => s.set(6, CROSS));
  g.tap(6); g.tap(6);
  assert.ok(g.doubleTap(6));
  assert.equal(g.marks[6], QUEEN);
  g.undo();
  assert.equal(g.marks[6], CROSS);
  // Only the taps on the double-clicked cell join it; a tap elsewhere keeps its own step.
  g.tap(1); g.tap(2);
  assert.ok(g.doubleTap(2));
  g.undo();
  assert.equal(g.marks[2], EMPTY);
  assert.equal(g.marks[1], CROSS);
});

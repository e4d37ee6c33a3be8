import assert from "node:assert/strict";
import test from "node:test";

import { Painting, UNPAINTED } from "../../static/js/paint.js";

test("a new painting is blank and a drag is one undo step", () => {
  const p = new Painting(4);
  assert.ok(p.isBlank());
  p.begin(); p.paint(0, 1); p.paint(1, 1); p.paint(5, 1); assert.ok(p.end());
  assert.deepEqual(p.regions()[0], [1, 1, UNPAINTED, UNPAINTED]);
  assert.ok(p.undo());
  assert.ok(p.isBlank());
  assert.ok(p.redo());
  assert.equal(p.regions()[1][1], 1);
});

test("a stroke that changes nothing leaves no history", () => {
  const p = new Painting(4);
  p.stroke((q) => q.paint(0, 2));
  assert.equal(p.stroke((q) => q.paint(0, 2)), false);
  assert.equal(p.history.length, 1);
});

test("fill takes the 4-connected area of one colour, painted or not", () => {
  const p = new Painting(4, [[0, 0, 1, 1], [0, 1, 1, -1], [2, 2, -1, -1], [2, -1, 3, 3]]);
  p.stroke((q) => q.fill(6, 3)); // region 1 becomes 3
  assert.deepEqual(p.regions(), [[0, 0, 3, 3], [0, 3, 3, -1], [2, 2, -1, -1], [2, -1, 3, 3]]);
  p.stroke((q) => q.fill(7, 1)); // the blank area at the right, not the lone blank at (3, 1)
  assert.deepEqual(p.regions(), [[0, 0, 3, 3], [0, 3, 3, 1], [2, 2, 1, 1], [2, -1, 3, 3]]);
  assert.equal(p.stroke((q) => q.fill(0, 0)), false);
});

test("an accepted fix is one undo step", () => {
  const p = new Painting(4, [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]);
  assert.ok(p.replace([[0, 0, 0, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]));
  assert.equal(p.regions()[0][2], 0);
  p.undo();
  assert.equal(p.regions()[0][2], 1);
});

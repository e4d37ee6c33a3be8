// The drag's geometry under node: the cells a fast swipe jumped over are its too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cellsBetween } from "../../static/js/input.js";

test("a swipe along a row, a column or a diagonal passes every cell between", () => {
  assert.deepEqual(cellsBetween(56, 63, 8), [57, 58, 59, 60, 61, 62, 63]); // row 8
  assert.deepEqual(cellsBetween(3, 59, 8), [11, 19, 27, 35, 43, 51, 59]); // column 4, down
  assert.deepEqual(cellsBetween(63, 0, 8), [54, 45, 36, 27, 18, 9, 0]); // the diagonal, back
  assert.deepEqual(cellsBetween(10, 11, 8), [11]); // a neighbour: itself
});

test("a slanted swipe passes one cell per step of its longer side", () => {
  const cells = cellsBetween(0, 2 * 8 + 6, 8); // (0, 0) to (2, 6)
  assert.equal(cells.length, 6);
  assert.equal(cells.at(-1), 22);
  for (const [a, b] of cells.map((c, k) => [k ? cells[k - 1] : 0, c])) {
    assert.ok(Math.abs((b % 8) - (a % 8)) <= 1 && Math.abs(Math.floor(b / 8) - Math.floor(a / 8)) <= 1);
  }
});

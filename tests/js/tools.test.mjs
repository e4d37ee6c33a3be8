// The builder's tools are objects: a tap and a drag of each do what its name says.
import assert from "node:assert/strict";
import { test } from "node:test";
import { TOOLS } from "../../static/js/builder_tools.js";
import { Painting, UNPAINTED } from "../../static/js/paint.js";

test("paint paints one cell on a tap and on a drag", () => {
  const p = new Painting(4);
  assert.ok(TOOLS.paint.tap(p, 0, 2));
  assert.ok(TOOLS.paint.drag(p, 1, 2));
  assert.deepEqual(p.regions()[0], [2, 2, UNPAINTED, UNPAINTED]);
});

test("fill floods on a tap and paints like the brush on a drag", () => {
  const p = new Painting(4);
  TOOLS.fill.tap(p, 5, 1);
  assert.ok(p.regions().flat().every((g) => g === 1));
  TOOLS.fill.drag(p, 0, 3);
  assert.equal(p.regions()[0][0], 3);
  assert.equal(p.regions()[0][1], 1);
});

test("erase unpaints whatever the brush", () => {
  const p = new Painting(4);
  TOOLS.paint.tap(p, 0, 2);
  TOOLS.erase.tap(p, 0, 2);
  TOOLS.paint.tap(p, 1, 2);
  TOOLS.erase.drag(p, 1, 0);
  assert.ok(p.isBlank());
});

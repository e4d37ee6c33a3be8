// "Solvable?"'s controller under node, handed a fake view, API and storage: a hint goes
// when the marks change; Escape's cancelClaim leaves the claim.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SolvableController } from "../../static/js/solvable_controller.js";

// A 4×4 board whose regions are its rows.
const BOARD = { position: 0, size: 4, rule: "touch", stars: 1, tier: "easy", letters: false,
                regions: [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]],
                colors: [0, 1, 2, 3], answered: false, correct: null, points: 0 };
const RUN = { key: "k", tier: "easy", size: 4, score: 0, right: 0, finished: false, total: 5,
              boards: [BOARD] };
const HINT = { message: "Row 1 has one place left.", queens: [[0, 1]], crosses: [],
               because: [[0, 1]] };

// The view: every call recorded, and whether a hint is on screen (shown until hidden).
function fakeView() {
  const calls = [], state = { hint: false };
  const view = new Proxy({}, {
    get: (target, name) => (...args) => {
      calls.push([name, ...args]);
      if (name === "showHint") state.hint = true;
      if (name === "hideHint") state.hint = false;
    },
  });
  return { view, calls, state, called: (name) => calls.filter(([n]) => n === name) };
}

const ok = (data) => Promise.resolve({ ok: true, status: 200, data, message: "" });
const api = { startSolvable: () => ok(structuredClone(RUN)), solvableHint: () => ok(HINT) };
const storage = { saved: [], solvableRunKey: () => null,
                  saveSolvableRunKey(key) { this.saved.push(key); },
                  kept: null, solvableMarks(key, at) { return this.kept && this.kept.key === key
                    && this.kept.at === at ? this.kept.snapshot : null; },
                  saveSolvableMarks(key, at, snapshot) { this.kept = { key, at, snapshot }; } };

async function started({ keep = false } = {}) {
  if (!keep) storage.kept = null; // each test's board starts blank unless it says so
  const fake = fakeView();
  const controller = new SolvableController({ view: fake.view, api, storage, ownTier: "easy" });
  await controller.start("easy");
  return { controller, ...fake };
}

test("a hint goes when the marks change: a mark, Undo, Clear, a drag", async () => {
  const { controller, state } = await started();
  for (const change of [(c) => c.tap(5), (c) => c.undo(), (c) => c.clear(),
                        (c) => { c.dragStart(9); c.dragOver(10); c.dragEnd(); }]) {
    if (change.toString().includes("undo")) controller.tap(2); // something to undo
    await controller.hint();
    assert.equal(state.hint, true);
    change(controller);
    assert.equal(state.hint, false, change.toString());
  }
});

test("a hint stays while the marks do not change", async () => {
  const { controller, state } = await started();
  await controller.hint();
  controller.undo(); // nothing to undo
  assert.equal(state.hint, true);
});

test("queens that touch are handed to the view as conflicts, as on a level's page", async () => {
  const { controller, called } = await started();
  // Queens on (0, 0) and (1, 1): the first queen crossed (1, 1), so one tap makes it a queen.
  for (const cell of [0, 0, 5]) controller.tap(cell);
  const [, shown] = called("render").at(-1);
  assert.deepEqual(shown.conflicts.map((c) => c.kind), ["touch"]);
  controller.tap(5); // the second queen taken off
  assert.deepEqual(called("render").at(-1)[1].conflicts, []);
});

// A hint the test lets arrive when it chooses, as one under load does.
function slowHint(controller) {
  let arrive;
  controller.api = { ...api, solvableHint: () => new Promise((resolve) => {
    arrive = () => resolve({ ok: true, status: 200, data: HINT, message: "" });
  }) };
  return () => arrive();
}

test("No solution pressed while a hint is on its way starts the claim; the late hint is not shown", async () => {
  const { controller, state, called } = await started();
  const arrive = slowHint(controller);
  const asked = controller.hint();
  controller.hint(); // a second press while it is on its way asks nothing more
  controller.tap(5); // the marks wait for the hint
  assert.equal(called("render").at(-1)[1].marks?.[5] ?? 0, 0);
  controller.noSolution();
  assert.equal(controller.mode, "claim");
  arrive();
  await asked;
  assert.equal(state.hint, false);
  assert.equal(controller.mode, "claim");
  controller.cancelClaim();
  controller.tap(5); // the marks move again once it has come
  assert.equal(controller.game.queens().length + controller.game.crosses().length, 1);
});

test("a hint that arrives while the player is still on the board is shown", async () => {
  const { controller, state } = await started();
  const arrive = slowHint(controller);
  const asked = controller.hint();
  arrive();
  await asked;
  assert.equal(state.hint, true);
});


test("the marks on the board in play come back when the run resumes; broken ones do not", async () => {
  const first = await started();
  first.controller.tap(5); first.controller.tap(5); // a queen
  first.controller.tap(0);
  const again = await started({ keep: true }); // the page again: the same run and board
  assert.deepEqual(again.controller.game.marks, first.controller.game.marks);
  storage.kept.snapshot.marks = [7, 7];
  const broken = await started({ keep: true });
  assert.equal(broken.controller.game.hasMarks(), false);
});


test("Hint again on the same marks asks nothing more; a changed mark asks again", async () => {
  const { controller } = await started();
  let asked = 0;
  controller.api = { ...api, solvableHint: () => { asked += 1; return ok(HINT); } };
  await controller.hint();
  await controller.hint();
  assert.equal(asked, 1);
  controller.tap(5);
  await controller.hint();
  assert.equal(asked, 2);
});

// Unit tests of the API client's sentences for the player (api.js's problem) under node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { problem } from "../../static/js/api.js";

test("a 503 carrying a detail says the server's sentence; other faults a generic one", () => {
  assert.equal(problem(503, "not enough boards are ready yet; try again in a minute."),
               "Not enough boards are ready yet; try again in a minute.");
  const fault = "The server had a problem; please try again in a moment.";
  assert.equal(problem(503), fault);
  assert.equal(problem(500, "Traceback…"), fault);
  assert.equal(problem(502, "bad gateway"), fault);
  assert.equal(problem(400, "board size must be 6"), "Board size must be 6");
});

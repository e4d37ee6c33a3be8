// The game's sentences: conflicts and the win dialog's lines say exactly what happened.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bestLine, conflictSentence, hintsLine, motifName, parLine, parVerdict, rankLine, themeSentence } from "../../static/js/words.js";

const pair = (kind, cells = [[0, 0], [1, 1]]) => ({ kind, cells });

test("a conflict says what two queens do wrong, in plain words", () => {
  assert.equal(conflictSentence([pair("touch")]), "Two queens touch.");
  assert.equal(conflictSentence([pair("region"), pair("touch")]), "Two queens share a region and touch.");
  assert.equal(conflictSentence([pair("row", [[0, 0], [0, 4]]), pair("region", [[0, 0], [0, 4]])]),
               "Two queens share a row and a region.");
  assert.equal(conflictSentence([pair("column", [[0, 0], [3, 0]]), pair("column", [[5, 2], [7, 2]])]),
               "2 pairs of queens share a column.");
  assert.equal(conflictSentence([pair("touch"), pair("row", [[4, 0], [4, 6]])]),
               "2 pairs of queens clash (marked !): touch; share a row.");
});

test("a Star Battle conflict names touching stars and the crowded unit", () => {
  assert.equal(conflictSentence([pair("touch")], 2), "Two stars touch.");
  assert.equal(conflictSentence([{ kind: "row", cells: [[2, 0], [2, 3], [2, 6]] }], 2),
               "Row 3 holds 3 stars; it takes 2.");
  assert.equal(conflictSentence([pair("touch"), pair("touch", [[5, 5], [6, 6]]),
                                 { kind: "column", cells: [[0, 4], [3, 4], [6, 4], [9, 4]] }], 3),
               "2 pairs of stars touch. Column 5 holds 4 stars; it takes 3.");
});

test("the ranking line is plain, and hidden without enough solves or when assisted", () => {
  assert.equal(rankLine({ ranked: true, assisted: false, faster_than: 50 }, true),
               "Faster than 50 % of players today.");
  assert.equal(rankLine({ ranked: true, assisted: false, faster_than: 0 }, false),
               "Faster than 0 % of players on this level.");
  assert.equal(rankLine({ ranked: true, assisted: false, faster_than: null }, true), "");
  assert.equal(rankLine({ ranked: false, unranked: "assisted", faster_than: null }, true), "");
  assert.equal(rankLine({ ranked: false, unranked: "too_fast", faster_than: null }, true),
               "Solved too fast to be ranked.");
  assert.match(rankLine({ ranked: false, unranked: "address", faster_than: null }, true), /^Not ranked/);
  assert.match(rankLine({ ranked: false, unranked: "unverified", faster_than: null }, true), /could not check/);
  assert.match(rankLine({ ranked: false, unranked: "implausible", faster_than: null }, true), /faster than a person/);
});

test("par times read fastest first, and a ranked solve says the best standard it beat", () => {
  assert.equal(parLine({ expert: 125, master: 62, grandmaster: 31 }),
               "Par: Grandmaster 0:31 · Master 1:02 · Expert 2:05");
  assert.equal(parLine(undefined), "");
  const record = (beat, ranked = true) => ({ ranked, compare: { beat, par: {} } });
  assert.equal(parVerdict(record("grandmaster")), "Under Grandmaster par!");
  assert.equal(parVerdict(record("master")), "Under Master par.");
  assert.equal(parVerdict(record("expert")), "Under Expert par.");
  assert.equal(parVerdict(record(null)), "Over Expert par.");
  assert.equal(parVerdict(record(null, false)), "");  // assisted or unranked: no claim
});

test("an assisted solve says so and claims no personal best", () => {
  assert.equal(hintsLine({ assisted: false, hints: 0 }), "Solved without hints.");
  assert.equal(hintsLine({ assisted: true, hints: 1 }),
               "Solved with 1 hint: an assisted solve, kept out of rankings and personal bests.");
  assert.equal(bestLine(null, "8×8 hard"), "");
  assert.equal(bestLine({ isBest: true, best: 40 }, "8×8 hard"), "A personal best for 8×8 hard!");
  assert.equal(bestLine({ isBest: false, best: 75 }, "8×8"), "Your best at 8×8: 1:15");
});

test("a solved level's theme is named as players read it: a pictogram in words", () => {
  assert.equal(themeSentence("heart"), " The theme was: heart.");
  assert.equal(themeSentence("Q"), " The theme was the letter Q.");
  assert.equal(themeSentence("7"), " The theme was the number 7.");
  assert.equal(themeSentence(null), "");
  assert.equal(motifName("snowflake"), "snowflake");
});

// The game's sentences that depend on what happened, no DOM: conflicts and the win lines.
// Kept plain and exact: they are read by people, and tested (tests/js/words.test.mjs).
import { fmt } from "./win.js";

const SHARED = { row: "a row", column: "a column", region: "a region", diagonal: "a diagonal" };

// What two queens do wrong: "share a row and a region", "touch", "share a column and touch".
function clash(kinds) {
  const shared = kinds.filter((k) => SHARED[k]).map((k) => SHARED[k]);
  const parts = [];
  if (shared.length) parts.push(`share ${shared.join(" and ")}`);
  if (kinds.includes("touch")) parts.push("touch");
  return parts.join(" and ");
}

// found: [{kind, cells: [[r, c], [r, c]]}], one entry per rule a pair breaks. On a k-star
// board (rules.js) a row, column or region entry holds all the stars crowding that unit.
export function conflictSentence(found, stars = 1) {
  if (stars > 1) return starSentence(found, stars);
  const pairs = new Map();
  for (const { kind, cells } of found) {
    const key = JSON.stringify(cells);
    pairs.set(key, [...(pairs.get(key) || []), kind]);
  }
  const clashes = [...pairs.values()].map(clash);
  if (clashes.length === 1) return `Two queens ${clashes[0]}.`;
  const kinds = [...new Set(clashes)];
  if (kinds.length === 1) return `${clashes.length} pairs of queens ${kinds[0]}.`;
  return `${clashes.length} pairs of queens clash (marked !): ${kinds.join("; ")}.`;
}

// "Two stars touch.", "Row 3 holds 3 stars; it takes 2.", or both, joined.
function starSentence(found, stars) {
  const touching = found.filter((f) => f.kind === "touch").length;
  const parts = touching === 1 ? ["Two stars touch."]
    : touching ? [`${touching} pairs of stars touch.`] : [];
  for (const { kind, cells } of found) {
    if (kind === "touch") continue;
    const [r, c] = cells[0];
    const unit = kind === "row" ? `Row ${r + 1}` : kind === "column" ? `Column ${c + 1}`
      : "A region";
    parts.push(`${unit} holds ${cells.length} stars; it takes ${stars}.`);
  }
  return parts.join(" ");
}

// The dialog's lines about a recorded solve: {hints, assisted, ranked, unranked, faster_than}.
export function hintsLine(record) {
  if (!record.assisted) return "Solved without hints.";
  const hints = `${record.hints} hint${record.hints === 1 ? "" : "s"}`;
  return `Solved with ${hints}: an assisted solve, kept out of rankings and personal bests.`;
}

const UNRANKED = {
  too_fast: "Solved too fast to be ranked.",
  address: "Not ranked: this level has many ranked solves from your network already.",
  unverified: "Not ranked: the server could not check this solve's moves against its clock.",
  implausible: "Not ranked: the queens went down faster than a person places them.",
};

// Empty when there is nothing to rank against yet: a line needs ten ranked solves.
export function rankLine(record, daily) {
  if (!record.ranked) return UNRANKED[record.unranked] || "";
  if (record.faster_than === null || record.faster_than === undefined) return "";
  return `Faster than ${record.faster_than} % of players ${daily ? "today" : "on this level"}.`;
}

// best: {best, isBest} from storage.recordBest, or null for an assisted solve.
export function bestLine(best, kind) {
  if (!best) return "";
  return best.isBest ? `A personal best for ${kind}!` : `Your best at ${kind}: ${fmt(best.best)}`;
}

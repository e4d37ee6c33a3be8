// The game's sentences that depend on what happened, no DOM: conflicts and the win lines.
// Kept plain and exact: they are read by people, and tested (tests/js/words.test.mjs).
import { gettext, interpolate, ngettext, pageLanguage, pgettext } from "./i18n.js";
import { fmt } from "./clock.js";

const SHARED = {
  row: () => gettext("a row"), column: () => gettext("a column"),
  region: () => gettext("a region"), diagonal: () => gettext("a diagonal"),
};

// What two queens do wrong: "share a row and a region", "touch", "share a column and touch".
function clash(kinds) {
  const and = gettext(" and ");
  const shared = kinds.filter((k) => SHARED[k]).map((k) => SHARED[k]());
  const parts = [];
  if (shared.length) parts.push(interpolate(gettext("share %(units)s"), { units: shared.join(and) }));
  if (kinds.includes("touch")) parts.push(gettext("touch"));
  return parts.join(and);
}

// A tier's name as players read it.
export function tierName(tier) {
  const names = { easy: pgettext("tier", "Easy"), medium: pgettext("tier", "Medium"),
    hard: pgettext("tier", "Hard"), expert: pgettext("tier", "Expert") };
  return names[tier] || tier || "";
}

// The same, inside a sentence ("an 8×8 hard level").
export const tierWord = (tier) => tierName(tier).toLocaleLowerCase(pageLanguage());

// A motif's name as players read it: a letter or a digit is itself, a pictogram a word
// (puzzles.core.step_words.MOTIF_WORDS names them the same in the builder's picker).
export function motifName(motif) {
  const names = { heart: pgettext("motif", "heart"), star: pgettext("motif", "star"),
    house: pgettext("motif", "house"), arrow: pgettext("motif", "arrow"),
    tree: pgettext("motif", "tree"), crown: pgettext("motif", "crown"),
    snowflake: pgettext("motif", "snowflake"), cross: pgettext("motif", "cross"),
    diamond: pgettext("motif", "diamond"), moon: pgettext("motif", "moon"),
    bell: pgettext("motif", "bell"), ring: pgettext("motif", "ring") };
  return names[motif] || motif || "";
}

// The motif a solved or revealed level was composed around, as a sentence to follow the
// status (" The theme was: heart."); "" for a level without one.
export function themeSentence(theme) {
  if (!theme) return "";
  const text = /^[A-Z]$/.test(theme) ? gettext("The theme was the letter %(theme)s.")
    : /^[0-9]$/.test(theme) ? gettext("The theme was the number %(theme)s.")
      : gettext("The theme was: %(theme)s.");
  return " " + interpolate(text, { theme: motifName(theme) });
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
  if (clashes.length === 1) return interpolate(gettext("Two queens %(clash)s."), { clash: clashes[0] });
  const kinds = [...new Set(clashes)];
  if (kinds.length === 1) {
    return interpolate(gettext("%(count)s pairs of queens %(clash)s."),
      { count: clashes.length, clash: kinds[0] });
  }
  return interpolate(gettext("%(count)s pairs of queens clash (marked !): %(clashes)s."),
    { count: clashes.length, clashes: kinds.join("; ") });
}

// "Two stars touch.", "Row 3 holds 3 stars; it takes 2.", or both, joined.
function starSentence(found, stars) {
  const touching = found.filter((f) => f.kind === "touch").length;
  const parts = touching ? [interpolate(ngettext("Two stars touch.",
    "%(count)s pairs of stars touch.", touching), { count: touching })] : [];
  for (const { kind, cells } of found) {
    if (kind === "touch") continue;
    const [r, c] = cells[0];
    const values = { row: r + 1, column: c + 1, count: cells.length, stars };
    const text = kind === "row" ? gettext("Row %(row)s holds %(count)s stars; it takes %(stars)s.")
      : kind === "column" ? gettext("Column %(column)s holds %(count)s stars; it takes %(stars)s.")
        : gettext("A region holds %(count)s stars; it takes %(stars)s.");
    parts.push(interpolate(text, values));
  }
  return parts.join(" ");
}

// The dialog's lines about a recorded solve: {hints, assisted, ranked, unranked, faster_than}.
export function hintsLine(record) {
  if (!record.assisted) return gettext("Solved without hints.");
  return interpolate(ngettext(
    "Solved with %(count)s hint: an assisted solve, kept out of rankings and personal bests.",
    "Solved with %(count)s hints: an assisted solve, kept out of rankings and personal bests.",
    record.hints), { count: record.hints });
}

const UNRANKED = {
  too_fast: () => gettext("Solved too fast to be ranked."),
  address: () => gettext("Not ranked: this level has many ranked solves from your network already."),
  unverified: () => gettext("Not ranked: the server could not check this solve's moves against its clock."),
  implausible: () => gettext("Not ranked: the queens went down faster than a person places them."),
  offline: () => gettext("Solved offline: recorded, not ranked."),
  revealed: () => gettext("Not ranked: this level's solution was revealed on your network."),
  hinted: () => gettext("Not ranked: this level's hints were taken by other players on your network."),
  struck: () => gettext("Not ranked: taken off the boards by the moderators."),
};

// Empty when there is nothing to rank against yet: a line needs ten ranked solves.
export function rankLine(record, daily) {
  if (!record.ranked) return UNRANKED[record.unranked] ? UNRANKED[record.unranked]() : "";
  if (record.faster_than === null || record.faster_than === undefined) return "";
  const text = daily ? gettext("Faster than %(percent)s of players today.")
    : gettext("Faster than %(percent)s of players on this level.");
  return interpolate(text, { percent: `${record.faster_than} %` });
}

// The level's par times, fastest standard first: {grandmaster, master, expert} in seconds
// (the level's difficulty, or the solve's compare); empty without them.
export function parLine(par) {
  if (!par) return "";
  return interpolate(gettext("Par: Grandmaster %(grandmaster)s · Master %(master)s · Expert %(expert)s"),
    { grandmaster: fmt(par.grandmaster), master: fmt(par.master), expert: fmt(par.expert) });
}

const UNDER_PAR = {
  grandmaster: () => gettext("Under Grandmaster par!"),
  master: () => gettext("Under Master par."),
  expert: () => gettext("Under Expert par."),
};

// How a recorded solve compares with par ({ranked, compare: {beat}}): the best standard it
// beat, or over all three; nothing for a solve that is not ranked (it claims no standard).
export function parVerdict(record) {
  if (!record.ranked || !record.compare) return "";
  const beat = UNDER_PAR[record.compare.beat];
  return beat ? beat() : gettext("Over Expert par.");
}

// best: {best, isBest} from storage.recordBest, or null for an assisted solve.
export function bestLine(best, kind) {
  if (!best) return "";
  return best.isBest ? interpolate(gettext("A personal best for %(kind)s!"), { kind })
    : interpolate(gettext("Your best at %(kind)s: %(time)s"), { kind, time: fmt(best.best) });
}

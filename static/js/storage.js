// localStorage helpers: per-level progress, settings, solved levels and the server's last
// word on the player (their streak and solves).
const get = (key, fallback) => {
  try { const v = localStorage.getItem(key); return v === null ? fallback : JSON.parse(v); }
  catch (e) { return fallback; }
};
const set = (key, value) => { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) {} };

export const settings = () => ({ autoCross: true, colorblind: false, showTimer: true,
  showConflicts: true, theme: null, ...get("queens:settings", {}) });
export const saveSettings = (s) => set("queens:settings", s);
// The first-visit tutorial, once seen (finished or skipped), opens only when asked.
export const tutorialSeen = () => get("queens:tutorial", false) === true;
export const saveTutorialSeen = () => set("queens:tutorial", true);
export const progress = (id) => get(`queens:level:${id}`, null);
export const saveProgress = (id, p) => set(`queens:level:${id}`, p);
export const solvedIds = () => get("queens:solved", []);
export function markSolved(id) {
  const ids = solvedIds();
  if (!ids.includes(id)) { ids.push(id); set("queens:solved", ids.slice(-2000)); }
}
// The server's last answer to api.me, as far as the pages show it (streak.js says what it
// shows on a later day): shown at once, before the server answers again. null: none yet.
export const knownMe = () => get("queens:me", null);
export function saveMe({ streak, best_streak, freezes, streak_until, solves }) {
  set("queens:me", { streak, best_streak, freezes, streak_until, solves });
}
// The difficulty a player last chose for each board size ("" = any).
export const tierFor = (size) => get("queens:tiers", {})[size] || "";
export function saveTier(size, tier) { set("queens:tiers", { ...get("queens:tiers", {}), [size]: tier }); }
// The last board left unfinished, for the home page's "Continue" (null when none).
export const lastBoard = () => get("queens:last", null);
export const saveLastBoard = (board) => set("queens:last", board);
// The "Solvable?" run left unfinished (its key), resumed when its page opens again; null
// once it is finished or the server knows no such run.
export const solvableRunKey = () => get("queens:solvable-run", null);
export function saveSolvableRunKey(key) {
  if (key) set("queens:solvable-run", key); else forget((k) => k === "queens:solvable-run");
}
// The marks on the "Solvable?" board in play (its run's key and position), kept over a
// reload; another board's are not handed back.
export function solvableMarks(key, at) {
  const kept = get("queens:solvable-marks", null);
  return kept && kept.key === key && kept.at === at ? kept.snapshot : null;
}
export const saveSolvableMarks = (key, at, snapshot) => set("queens:solvable-marks", { key, at, snapshot });
// The best time per size and tier; true when `seconds` is a new best.
export function recordBest(size, tier, seconds) {
  const key = `${size}:${tier || "any"}`, bests = get("queens:bests", {});
  const isBest = bests[key] === undefined || seconds < bests[key];
  if (isBest) set("queens:bests", { ...bests, [key]: seconds });
  return { best: isBest ? seconds : bests[key], isBest };
}
// The difficulty last chosen on the home page ("" = any, null = never chosen). Stored as
// plain text (not JSON), as it always was.
export function lastTierChoice() {
  try { return localStorage.getItem("queens:tier-last"); } catch (e) { return null; }
}
export function saveLastTierChoice(tier) {
  try { localStorage.setItem("queens:tier-last", tier); } catch (e) {}
}
// Solves made without a network, waiting to be sent: [{level, url, body}], oldest first.
export const pendingSolves = () => get("queens:outbox", []);
export const savePendingSolves = (solves) => set("queens:outbox", solves.slice(-50));
// Joined to another device's history: the boards this browser kept belong to the old one
// (the server's are the truth).
export const forgetHistory = () => forget((key) => ["queens:me", "queens:solved", "queens:bests"].includes(key));
// This player deleted: everything of theirs goes, but the display settings stay.
export const forgetAllButSettings = () => forget((key) => key.startsWith("queens:") && key !== "queens:settings");
function forget(chosen) {
  try { for (const key of Object.keys(localStorage)) if (chosen(key)) localStorage.removeItem(key); } catch (e) {}
}

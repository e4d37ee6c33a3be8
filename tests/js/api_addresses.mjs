// Prints every address api.js's endpoint functions call, as [method, url] JSON, fetch stubbed
// (test_api_addresses.py resolves each against the site's URLconf).
const called = [];
globalThis.fetch = async (url, options) => {
  called.push([(options && options.method) || "GET", url]);
  return { ok: true, status: 200, json: async () => ({}) };
};
const api = await import("../../static/js/api.js");
const level = { size: 8, id: 12 };
await Promise.all([
  api.levelAt(8, 12), api.randomLevel(8, { exclude: [1, 2], rule: "classic", tier: "hard", stars: 2, near: "me" }),
  api.startLevel(level, {}), api.checkLevel(level, {}), api.sendSolve(level, {}),
  api.askHint(level, {}), api.reveal(level, {}), api.recordings(level), api.recording(level, 5),
  api.me(), api.updateMe({}), api.deleteMe(), api.follow("ada"), api.unfollow("ada"),
  api.syncCode(), api.joinSync("ABCD-EF23"), api.dailyLeaderboard("date=2026-12-01"),
  api.createRoom({}), api.startSolvable({}), api.solvableRunAt("k2"), api.answerSolvable("k2", 0, {}),
  api.solvableHint("k2", 1, {}), api.solvableLeaderboard("easy"), api.analyzePainting({}), api.saveDraft(null, {}), api.saveDraft("k1", {}),
  api.deleteDraft("k1"), api.askFix({}), api.publish({}), api.composeMotif(8, "A", "classic"),
]);
console.log(JSON.stringify(called));

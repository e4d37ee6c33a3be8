import { gettext, interpolate, ngettext } from "./i18n.js";
import { tierWord } from "./words.js";
import * as storage from "./storage.js";
import { untilNextDaily, utcToday } from "./clock.js";
import { askMe, streakToday } from "./streak.js";
import * as api from "./api.js";

const countdown = document.getElementById("countdown");
const tick = () => { countdown.textContent = untilNextDaily(); };
if (countdown) { tick(); setInterval(tick, 1000); }
// The streak and the solved count are the server's (shared by every device of this player):
// its last answer at once (this device's solves when there is none), then its fresh one;
// again after a win on the home board (game_view.js tells of it with "queens:solved"). A win
// the server has not heard of (offline) adds itself to the solves it last told; the streak
// waits for the server.
let known = storage.knownMe();
function writeCounts() {
  document.getElementById("streak").textContent = known ? streakToday(known, utcToday()).streak : 0;
  document.getElementById("solved-count").textContent = known ? known.solves : storage.solvedIds().length;
}
async function showCounts(won = false) {
  writeCounts();
  const me = await askMe(api, storage);
  if (me.ok) known = me.data;
  else if (known && won) known = { ...known, solves: known.solves + 1 };
  writeCounts();
}
showCounts();
window.addEventListener("queens:solved", () => showCounts(true));

// The difficulty picker: a size link takes the chosen difficulty (where that size has it)
// and remembers it for that size; each size shows the difficulty it will open with.
const tiersBySize = JSON.parse(document.getElementById("tiers-by-size").textContent);
const readyByTier = JSON.parse(document.getElementById("ready-by-tier").textContent);
const links = [...document.querySelectorAll(".size-picker a[data-size]")];
function chosen() { return document.querySelector("input[name=difficulty]:checked")?.value || ""; }
function showTiers() {
  for (const a of links) {
    const size = a.dataset.size, tier = storage.tierFor(size);
    a.querySelector("[data-size-tier]").textContent = tier || "";
    a.href = `/play/${size}/${tier ? `?tier=${tier}` : ""}`;
    const ready = a.querySelector(".ready");
    const count = tier ? (readyByTier[size] || {})[tier] || 0 : +ready.dataset.readyAll;
    ready.textContent = interpolate(ngettext("%(count)s ready", "%(count)s ready", count), { count });
  }
}
const last = storage.lastTierChoice();
for (const input of document.querySelectorAll("input[name=difficulty]")) {
  if (last !== null && input.value === last) input.checked = true;
  input.onchange = () => {
    storage.saveLastTierChoice(chosen());
    for (const a of links) {
      const tier = chosen();
      if (!tier || (tiersBySize[a.dataset.size] || []).includes(tier)) storage.saveTier(a.dataset.size, tier);
    }
    showTiers();
  };
}
showTiers();

// "Continue" the last board left unfinished.
const board = storage.lastBoard();
if (board) {
  const link = document.getElementById("continue-link");
  link.href = `/levels/${board.id}/`;
  link.textContent = board.daily
    ? interpolate(gettext("Continue daily #%(number)s"), board.daily)
    : interpolate(gettext("Continue your %(board)s level"),
      { board: `${board.size}×${board.size}${board.tier ? ` ${tierWord(board.tier)}` : ""}` });
  document.getElementById("continue").hidden = false;
}

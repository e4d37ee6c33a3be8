// The archive's marks: which dailies were solved (in this browser at once, then on every
// device of this history as the server tells), and the streak (the server's: its last answer
// at once, then its fresh one).
import * as storage from "./storage.js";
import * as api from "./api.js";
import { askMe, streakToday } from "./streak.js";
import { utcToday } from "./clock.js";
import { gettext, interpolate } from "./i18n.js";

let solvedHere = 0;
function mark(solved) {
  for (const link of document.querySelectorAll("#archive a[data-level]:not(.solved)")) {
    if (!solved.has(Number(link.dataset.level))) continue;
    solvedHere += 1;
    link.classList.add("solved");
    link.querySelector(".solved-mark").textContent = "✓";
    link.setAttribute("aria-label", interpolate(gettext("%(day)s, solved"), { day: link.getAttribute("aria-label") }));
  }
  document.getElementById("month-solved").textContent = solvedHere;
}

function showStreak(me) {
  const shown = streakToday(me, utcToday());
  document.getElementById("streak-count").textContent = shown.streak;
  document.getElementById("streak-best").textContent = shown.best_streak;
}

mark(new Set(storage.solvedIds()));
showStreak(storage.knownMe() || { streak: 0, best_streak: 0, streak_until: null });
askMe(api, storage).then((answer) => {
  if (!answer.ok) return;
  showStreak(answer.data);
  mark(new Set(answer.data.dailies_solved || []));
});

// The archive's marks: which dailies were solved (in this browser at once, then on every
// device of this history as the server tells), and the streak (the server's is the truth).
import { currentStreak, solvedIds } from "./storage.js";
import { me } from "./api.js";
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

function showStreak(count, best) {
  document.getElementById("streak-count").textContent = count;
  document.getElementById("streak-best").textContent = best;
}

mark(new Set(solvedIds()));
const streak = currentStreak();
showStreak(streak.count, streak.best);
me().then((answer) => {
  if (!answer.ok) return;
  showStreak(answer.data.streak, answer.data.best_streak);
  mark(new Set(answer.data.dailies_solved || []));
});

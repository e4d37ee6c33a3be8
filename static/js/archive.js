// The archive's marks from this browser: which dailies were solved, and the streak.
import { currentStreak, solvedIds } from "./storage.js";
import { get } from "./api.js";

const solved = new Set(solvedIds());
let solvedHere = 0;
for (const link of document.querySelectorAll("#archive a[data-level]")) {
  if (!solved.has(Number(link.dataset.level))) continue;
  solvedHere += 1;
  link.classList.add("solved");
  link.querySelector(".solved-mark").textContent = "✓";
  link.setAttribute("aria-label", `${link.getAttribute("aria-label")}, solved`);
}
const streak = currentStreak();
document.getElementById("streak-count").textContent = streak.count;
document.getElementById("streak-best").textContent = streak.best;
document.getElementById("month-solved").textContent = solvedHere;
get("/api/me/").then((me) => {
  if (!me.ok) return;
  document.getElementById("streak-count").textContent = me.data.streak;
  document.getElementById("streak-best").textContent = me.data.best_streak;
});

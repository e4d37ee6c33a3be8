import { solvedIds } from "./storage.js";

const solved = new Set(solvedIds());
for (const link of document.querySelectorAll("#archive a[data-level]")) {
  if (solved.has(Number(link.dataset.level))) {
    link.parentElement.classList.add("solved");
    link.nextElementSibling.textContent = "✓ solved";
  }
}

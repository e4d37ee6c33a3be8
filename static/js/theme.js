// The header's buttons: the theme (saved with the settings) and, on phones, the menu.
import { settings, saveSettings } from "./storage.js";

const button = document.getElementById("theme-toggle");
if (button) {
  button.addEventListener("click", () => {
    const s = settings();
    const dark = document.documentElement.dataset.theme
      ? document.documentElement.dataset.theme === "dark"
      : matchMedia("(prefers-color-scheme: dark)").matches;
    s.theme = dark ? "light" : "dark";
    document.documentElement.dataset.theme = s.theme;
    saveSettings(s);
  });
}

// The phone menu: opens under the header; a tap elsewhere or Escape closes it.
const header = document.querySelector(".site-header"), menu = document.getElementById("menu-toggle");
if (header && menu) {
  const show = (open) => { header.classList.toggle("open", open); menu.setAttribute("aria-expanded", String(open)); };
  menu.addEventListener("click", (e) => { e.stopPropagation(); show(!header.classList.contains("open")); });
  document.addEventListener("click", (e) => { if (!header.contains(e.target)) show(false); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") show(false); });
}

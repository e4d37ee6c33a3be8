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

import { solvedIds, streak } from "./storage.js";

const countdown = document.getElementById("countdown");
function tick() {
  const now = new Date();
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const s = Math.max(0, Math.floor((next - now.getTime()) / 1000));
  const pad = (v) => String(v).padStart(2, "0");
  countdown.textContent = `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}
if (countdown) { tick(); setInterval(tick, 1000); }
const s = streak();
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 864e5).toISOString().slice(0, 10);
document.getElementById("streak").textContent = s.last === today || s.last === yesterday ? s.count : 0;
document.getElementById("solved-count").textContent = solvedIds().length;

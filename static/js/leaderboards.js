// The leaderboards page: a board by day, category, period and scope, from the API.
import * as api from "./api.js";
import { fmt } from "./clock.js";

const $ = (id) => document.getElementById(id);
const NOTES = {
  flawless: "Flawless: no hint, no reveal, no wrong board checked.",
  "no-hints": "No hints: solved without a hint or a reveal (flawless solves included).",
  assisted: "Assisted: every checked solve, hints or not.",
};
const chosen = (name) => document.querySelector(`input[name=${name}]:checked`).value;

function caption(board) {
  const day = board.date === $("boards").dataset.today ? "Today's daily" : `The daily of ${board.date}`;
  const when = board.period === "week" ? `The week of ${board.date}`
    : board.period === "all" ? "All time" : day;
  return `${when} · ${NOTES[board.category].split(":")[0]}${board.scope === "friends" ? " · friends" : ""}`;
}

function row(entry, period) {
  const tr = document.createElement("tr");
  if (entry.you) tr.classList.add("you");
  const rank = document.createElement("td"); rank.textContent = entry.rank;
  const name = document.createElement("td");
  const link = document.createElement("a");
  link.textContent = entry.name + (entry.you ? " (you)" : "");
  if (entry.handle) link.href = `/players/${entry.handle}/`;
  name.append(entry.handle ? link : link.textContent);
  const time = document.createElement("td");
  time.textContent = period === "day" ? fmt(entry.seconds)
    : `${entry.solves} ${entry.solves === 1 ? "daily" : "dailies"}, ${fmt(entry.seconds)}`;
  tr.append(rank, name, time);
  return tr;
}

async function load() {
  const query = new URLSearchParams({ date: $("board-date").value, category: chosen("category"),
    period: chosen("period"), scope: chosen("scope") });
  $("category-note").textContent = NOTES[chosen("category")];
  const answer = await api.get(`/api/leaderboards/daily/?${query}`);
  const rows = $("board-rows");
  if (!answer.ok) {
    rows.replaceChildren(); $("board-me").textContent = answer.message; $("board-empty").hidden = true;
    return;
  }
  const board = answer.data;
  $("board-caption").textContent = caption(board);
  $("time-head").textContent = board.period === "day" ? "Time" : "Dailies, total time";
  rows.replaceChildren(...board.entries.map((e) => row(e, board.period)));
  $("board-empty").hidden = board.entries.length > 0;
  $("board-me").textContent = board.me
    ? `Your place: ${board.me.rank}, ${board.period === "day" ? fmt(board.me.seconds)
      : `${board.me.solves} ${board.me.solves === 1 ? "daily" : "dailies"} in ${fmt(board.me.seconds)}`}.`
    : "You have no ranked solve on this board.";
}

$("board-controls").addEventListener("change", load);
$("board-controls").addEventListener("submit", (e) => e.preventDefault());
load();

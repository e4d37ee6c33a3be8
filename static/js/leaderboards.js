// The leaderboards page: a board by day, category, period and scope, from the API.
import * as api from "./api.js";
import { fmt } from "./clock.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";

const $ = (id) => document.getElementById(id);
// Each category's name (as the page's picker says it) and what it counts.
const CATEGORIES = {
  flawless: () => [pgettext("leaderboard", "Flawless"),
    gettext("Flawless: no hint, no reveal, no wrong board checked.")],
  "no-hints": () => [pgettext("leaderboard", "No hints"),
    gettext("No hints: solved without a hint or a reveal (flawless solves included).")],
  assisted: () => [pgettext("leaderboard", "Assisted"),
    gettext("Assisted: every checked solve, hints or not.")],
};
const note = (category) => CATEGORIES[category]()[1];
const dailies = (solves, seconds) => interpolate(ngettext("%(count)s daily, %(time)s",
  "%(count)s dailies, %(time)s", solves), { count: solves, time: fmt(seconds) });
const chosen = (name) => document.querySelector(`input[name=${name}]:checked`).value;

function caption(board) {
  const day = board.date === $("boards").dataset.today ? gettext("Today's daily")
    : interpolate(gettext("The daily of %(date)s"), { date: board.date });
  const when = board.period === "week" ? interpolate(gettext("The week of %(date)s"), { date: board.date })
    : board.period === "all" ? gettext("All time") : day;
  const parts = [when, CATEGORIES[board.category]()[0]];
  if (board.scope === "friends") parts.push(pgettext("leaderboard", "friends"));
  return parts.join(" · ");
}

function row(entry, period) {
  const tr = document.createElement("tr");
  if (entry.you) tr.classList.add("you");
  const rank = document.createElement("td"); rank.textContent = entry.rank;
  const name = document.createElement("td");
  const link = document.createElement("a");
  link.textContent = entry.you ? interpolate(gettext("%(name)s (you)"), { name: entry.name }) : entry.name;
  if (entry.handle) link.href = `/players/${entry.handle}/`;
  name.append(entry.handle ? link : link.textContent);
  const time = document.createElement("td");
  time.textContent = period === "day" ? fmt(entry.seconds) : dailies(entry.solves, entry.seconds);
  tr.append(rank, name, time);
  return tr;
}

async function load() {
  const query = new URLSearchParams({ date: $("board-date").value, category: chosen("category"),
    period: chosen("period"), scope: chosen("scope") });
  $("category-note").textContent = note(chosen("category"));
  const answer = await api.dailyLeaderboard(query);
  const rows = $("board-rows");
  if (!answer.ok) {
    rows.replaceChildren(); $("board-me").textContent = answer.message; $("board-empty").hidden = true;
    return;
  }
  const board = answer.data;
  $("board-caption").textContent = caption(board);
  $("time-head").textContent = board.period === "day" ? gettext("Time") : gettext("Dailies, total time");
  rows.replaceChildren(...board.entries.map((e) => row(e, board.period)));
  $("board-empty").hidden = board.entries.length > 0;
  $("board-me").textContent = board.me
    ? interpolate(gettext("Your place: %(rank)s, %(time)s."), { rank: board.me.rank,
      time: board.period === "day" ? fmt(board.me.seconds) : dailies(board.me.solves, board.me.seconds) })
    : gettext("You have no ranked solve on this board.");
}

$("board-controls").addEventListener("change", load);
$("board-controls").addEventListener("submit", (e) => e.preventDefault());
load();

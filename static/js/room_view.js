// The room page's DOM: the players (lobby and race: each an element with data-player), the
// countdown, the results and the status line. It renders only; room.js decides.
import { gettext, interpolate, ngettext } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export const say = (text) => { $("room-status").textContent = text; };
export const fmtMs = (ms) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

// A player's line in the room (no DOM): host in the lobby, then progress or the finish.
export function progressText(player, state) {
  if (state.state === "lobby") return player.host ? gettext("host") : "";
  if (player.finished_ms !== null) return interpolate(gettext("finished in %(time)s"), { time: fmtMs(player.finished_ms) });
  const done = player.done.filter(Boolean).length;
  const board = player.done.indexOf(false);
  const queens = board >= 0 ? player.queens[board] : 0;
  return interpolate(ngettext("%(done)s of %(boards)s board · %(queens)s of %(size)s queens",
    "%(done)s of %(boards)s boards · %(queens)s of %(size)s queens", state.boards),
  { done, boards: state.boards, queens, size: state.size });
}

export function showPlayers(state, you) {
  const items = state.players.map((player) => {
    const li = document.createElement("li");
    li.dataset.player = player.id;
    li.classList.toggle("you", player.id === you);
    li.classList.toggle("away", !player.connected);
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = player.id === you ? interpolate(gettext("%(name)s (you)"), { name: player.name }) : player.name;
    const rating = document.createElement("span");
    rating.className = "rating";
    // A rating only once the player has a rated game: none is not a low one.
    rating.textContent = player.rating == null ? "" : interpolate(gettext("rating %(rating)s"), { rating: player.rating });
    const progress = document.createElement("span");
    progress.className = "progress";
    progress.textContent = progressText(player, state) + (player.connected ? "" : ` · ${gettext("away")}`);
    li.append(name, rating, progress);
    return li;
  });
  $("players").replaceChildren(...items);
}

export function showSections(state, { joined, host }) {
  $("room").dataset.state = state.state;
  $("join-form").hidden = joined || state.state === "countdown" || state.state === "racing";
  $("start").hidden = !(host && state.state === "lobby");
  $("race").hidden = !(joined && (state.state === "countdown" || state.state === "racing"));
  $("results").hidden = state.state !== "finished";
  $("rematch").hidden = !(host && state.state === "finished");
}

export function showCountdown(ms) {
  $("countdown").textContent = ms > 0 ? interpolate(gettext("Starting in %(seconds)s…"), { seconds: Math.ceil(ms / 1000) }) : "";
  $("race").dataset.running = String(ms <= 0); // the board takes moves from now on
}

export const showBoardNumber = (index) => { $("board-number").textContent = index + 1; };

// The race's clock: how long this player's race has run (their own time once finished).
export const showRaceClock = (ms) => { $("race-clock").textContent = fmtMs(Math.max(0, ms)); };

// The board as large as the column and the screen below its top allow: on a phone the
// last row stays on the first screen.
const MIN_BOARD_PX = 224, MAX_BOARD_PX = 480;
export function fitBoard() {
  const race = $("race"), board = $("board");
  if (race.hidden) return;
  const top = board.getBoundingClientRect().top + window.scrollY;
  const px = Math.min(race.clientWidth, MAX_BOARD_PX, Math.max(MIN_BOARD_PX, window.innerHeight - top - 12));
  race.style.setProperty("--board-px", `${Math.floor(px)}px`);
}

// Why a finish is unranked (puzzles.core.vocabulary.RACE_UNRANKED), in a few words.
const RACE_UNRANKED = {
  revealed: () => gettext("%(name)s in %(time)s: unranked (a level was revealed)"),
  hinted: () => gettext("%(name)s in %(time)s: unranked (a level's hints were taken on their network)"),
  too_fast: () => gettext("%(name)s in %(time)s: unranked (faster than a person solves)"),
};

export function showResults(results) {
  const items = results.map((r) => {
    const li = document.createElement("li");
    li.dataset.rank = r.rank === null ? "" : r.rank;
    li.dataset.unranked = r.unranked || "";
    li.textContent = r.unranked
      ? interpolate((RACE_UNRANKED[r.unranked] || RACE_UNRANKED.too_fast)(),
        { name: r.name, time: fmtMs(r.finished_ms) })
      : r.rank === null
      ? interpolate(ngettext("%(name)s: did not finish (%(count)s board)", "%(name)s: did not finish (%(count)s boards)",
        r.boards_done), { name: r.name, count: r.boards_done })
      : interpolate(gettext("%(rank)s. %(name)s in %(time)s"), { rank: r.rank, name: r.name, time: fmtMs(r.finished_ms) });
    return li;
  });
  $("result-list").replaceChildren(...items);
}

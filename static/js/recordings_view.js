// The DOM of ghosts and replays on the game page: the list of recorded solves (race one as
// a ghost; watch one once the level is solved or revealed), the ghost's progress bar and
// the replay's controls. It writes; game.js decides.
import { SPEEDS } from "./recordings.js";
import { fmt } from "./clock.js";

const $ = (id) => document.getElementById(id);
const seconds = (ms) => fmt(Math.floor(ms / 1000));
const whose = (r) => (r.who === "you" ? "your best" : `${r.name}'s`);
const WHO_LABELS = { you: "You", fastest: "Fastest", friend: "Friend" };

// The list; each entry offers "Race" (always) and "Watch" (once `canWatch`).
export function showRecordings(recordings, { canWatch, race, watch }) {
  const list = $("recordings-list");
  list.replaceChildren(...recordings.map((r) => {
    const item = document.createElement("li");
    item.dataset.recording = r.id;
    const who = document.createElement("span");
    who.className = "recording-who";
    who.textContent = `${r.who === "you" ? "You" : r.name}`;
    const tag = document.createElement("span");
    tag.className = "recording-tag";
    tag.textContent = r.who === "you" ? "" : WHO_LABELS[r.who];
    const time = document.createElement("span");
    time.className = "recording-time";
    time.textContent = fmt(r.seconds);
    const buttons = [button("Race", `Race ${whose(r)} ghost`, () => race(r))];
    if (canWatch) buttons.push(button("Watch", `Watch ${whose(r)} replay`, () => watch(r)));
    item.append(who, tag, time, ...buttons);
    return item;
  }));
  $("recordings").hidden = recordings.length === 0;
  $("recordings-note").textContent = canWatch ? ""
    : "Replays open once you have solved or revealed this level.";
}

function button(text, label, onClick) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = text; b.setAttribute("aria-label", label);
  b.onclick = onClick;
  return b;
}

// ---------------------------------------------------------------- a ghost race
export function showGhost(recording, n) {
  $("ghost").hidden = false;
  $("ghost-name").textContent = recording.who === "you" ? "Your best" : `${recording.name}'s ghost`;
  const bar = $("ghost-bar");
  bar.max = n;
  bar.setAttribute("aria-label", `${whose(recording)} ghost: queens placed`);
  showGhostQueens(0, n);
}

export function showGhostQueens(queens, n) {
  const bar = $("ghost-bar");
  if (+bar.value !== queens) bar.value = queens;
  $("ghost-count").textContent = `${queens}/${n}`;
}

export function hideGhost() { $("ghost").hidden = true; }

// The race's end, from the race's own clock: yours against the ghost's last queen.
export function ghostVerdict(recording, yoursMs) {
  const theirs = recording.finished_ms, gap = Math.abs(yoursMs - theirs) / 1000;
  const them = recording.who === "you" ? "your best" : `${recording.name}'s ghost`;
  const by = gap < 10 ? `${gap.toFixed(1)} s` : seconds(Math.abs(yoursMs - theirs));
  return yoursMs <= theirs ? `You beat ${them} by ${by}.` : `${capital(them)} was ${by} faster.`;
}
const capital = (text) => text[0].toUpperCase() + text.slice(1);

// ---------------------------------------------------------------- a replay
export function showReplay(recording, { toggle, seek, speed, close }) {
  $("replay").hidden = false;
  $("replay-title").textContent = recording.who === "you" ? "Your solve"
    : `${recording.name}'s solve`;
  const range = $("replay-seek");
  range.max = recording.finished_ms;
  range.oninput = () => seek(+range.value);
  const select = $("replay-speed");
  select.replaceChildren(...SPEEDS.map((s) => new Option(`${s}×`, s)));
  select.onchange = () => speed(+select.value);
  $("replay-play").onclick = toggle;
  $("replay-close").onclick = close;
}

export function showReplayAt(ms, duration, playing, played) {
  const range = $("replay-seek");
  if (document.activeElement !== range) range.value = ms;
  $("replay-time").textContent = `${seconds(ms)} / ${seconds(duration)}`;
  $("replay").dataset.played = played; // moves shown so far (the tests read it)
  const play = $("replay-play");
  play.textContent = playing ? "Pause" : "Play";
}

export function hideReplay() { $("replay").hidden = true; }

// The DOM of ghosts and replays on the game page: the list of recorded solves (race one as
// a ghost; watch one once the level is solved or revealed), the ghost's progress bar and
// the replay's controls. It writes; game_controller.js decides, and input.js hears the buttons.
import { SPEEDS } from "./recordings.js";
import { fmt } from "./clock.js";
import { gettext, interpolate, pgettext } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const seconds = (ms) => fmt(Math.floor(ms / 1000));
const WHO_LABELS = { fastest: () => pgettext("recording", "Fastest"), friend: () => pgettext("recording", "Friend") };
// A recording named for a sentence: your best, or someone's ghost.
const ghostOf = (r) => (r.who === "you" ? gettext("your best") : interpolate(gettext("%(name)s's ghost"), { name: r.name }));

// The list; each entry offers "Race" (always) and "Watch" (once `canWatch`), each button
// naming its action (input.js emits it with the entry's recording id).
export function showRecordings(recordings, canWatch) {
  const list = $("recordings-list");
  list.replaceChildren(...recordings.map((r) => {
    const item = document.createElement("li");
    item.dataset.recording = r.id;
    const who = document.createElement("span");
    who.className = "recording-who";
    who.textContent = r.who === "you" ? pgettext("recording", "You") : r.name;
    const tag = document.createElement("span");
    tag.className = "recording-tag";
    tag.textContent = r.who === "you" ? "" : WHO_LABELS[r.who]();
    const time = document.createElement("span");
    time.className = "recording-time";
    time.textContent = fmt(r.seconds);
    const buttons = [button(gettext("Race"), r.who === "you" ? gettext("Race your best ghost")
      : interpolate(gettext("Race %(name)s's ghost"), { name: r.name }), "race")];
    if (canWatch) {
      buttons.push(button(gettext("Watch"), r.who === "you" ? gettext("Watch your best replay")
        : interpolate(gettext("Watch %(name)s's replay"), { name: r.name }), "watch"));
    }
    item.append(who, tag, time, ...buttons);
    return item;
  }));
  $("recordings").hidden = recordings.length === 0;
  $("recordings-note").textContent = canWatch ? ""
    : gettext("Replays open once you have solved or revealed this level.");
}

function button(text, label, action) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = text; b.setAttribute("aria-label", label);
  b.dataset.action = action;
  return b;
}

// ---------------------------------------------------------------- a ghost race
export function showGhost(recording, n) {
  $("ghost").hidden = false;
  $("ghost-name").textContent = recording.who === "you" ? gettext("Your best")
    : interpolate(gettext("%(name)s's ghost"), { name: recording.name });
  const bar = $("ghost-bar");
  bar.max = n;
  bar.setAttribute("aria-label", interpolate(gettext("%(ghost)s: queens placed"), { ghost: ghostOf(recording) }));
  showGhostQueens(0, n);
}

export function showGhostQueens(queens, n) {
  const bar = $("ghost-bar");
  if (+bar.value !== queens) bar.value = queens;
  $("ghost-count").textContent = `${queens}/${n}`;
}

export function hideGhost() { $("ghost").hidden = true; }

// The race's end in the times the player sees: theirs as the list shows it, yours as the
// timer and the win dialog show it (whole seconds, one clock).
export function ghostVerdict(recording, yours) {
  const theirs = recording.seconds, gap = Math.abs(yours - theirs);
  const by = gap < 60 ? `${gap} s` : fmt(gap);
  if (gap === 0) return interpolate(gettext("You tied with %(ghost)s."), { ghost: ghostOf(recording) });
  if (yours < theirs) return interpolate(gettext("You beat %(ghost)s by %(time)s."), { ghost: ghostOf(recording), time: by });
  return recording.who === "you" ? interpolate(gettext("Your best was %(time)s faster."), { time: by })
    : interpolate(gettext("%(name)s's ghost was %(time)s faster."), { name: recording.name, time: by });
}

// ---------------------------------------------------------------- a replay
export function showReplay(recording) {
  $("replay").hidden = false;
  $("replay-title").textContent = recording.who === "you" ? gettext("Your solve")
    : interpolate(gettext("%(name)s's solve"), { name: recording.name });
  const range = $("replay-seek");
  range.max = recording.finished_ms;
  $("replay-speed").replaceChildren(...SPEEDS.map((s) => new Option(`${s}×`, s)));
}

export function showReplayAt(ms, duration, playing, played) {
  const range = $("replay-seek");
  if (document.activeElement !== range) range.value = ms;
  $("replay-time").textContent = `${seconds(ms)} / ${seconds(duration)}`;
  $("replay").dataset.played = played; // moves shown so far (the tests read it)
  const play = $("replay-play");
  play.textContent = playing ? gettext("Pause") : gettext("Play");
}

export function hideReplay() { $("replay").hidden = true; }

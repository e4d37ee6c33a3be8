// The game page's one view (createGameView, at the end): the board (board.js), the hint
// panel (hint.js), ghosts and replays (recordings_view.js), the zoom and the fit, and the
// DOM around the board: the status line, the buttons' states, the level's title and tier,
// the difficulty picker and the win dialog. It writes; game_controller.js decides.
import { buildBoard, drawMiniature, renderBoard } from "./board.js";
import { fmt, untilNextDaily } from "./clock.js";
import { fitBoard } from "./fit.js";
import { clearHint, showHint } from "./hint.js";
import { gettext, interpolate, ngettext } from "./i18n.js";
import * as recordingsView from "./recordings_view.js";
import { bestLine, conflictSentence, hintsLine, parLine, parVerdict, rankLine, tierName, tierWord } from "./words.js";
import { setUpZoom } from "./zoom.js";

const $ = (id) => document.getElementById(id);

const say = (text) => { $("status").textContent = text; };
const showClock = (seconds) => { $("timer").textContent = fmt(seconds); };

// The buttons and the finished look follow the game: nothing to undo, nothing to redo, done.
// A practice race (a ghost on a finished level) gets no hint and no reveal.
function showControls(root, { done, canUndo, canRedo, practice = false }) {
  $("undo").disabled = !canUndo || done;
  $("redo").disabled = !canRedo || done;
  $("clear").disabled = done;
  for (const id of ["reveal", "hint"]) $(id).disabled = done || practice;
  root.classList.toggle("finished", done);
}

const sayConflicts = (found, stars = 1) => say(conflictSentence(found, stars));

// The rule in words ("two stars"), one sentence per variant so each language words its number.
function starRule(stars) {
  if (stars === 2) return gettext("2★: two stars in every row, column and region");
  if (stars === 3) return gettext("3★: three stars in every row, column and region");
  return interpolate(gettext("%(stars)s★: %(stars)s stars in every row, column and region"), { stars });
}

function showLevel(level) {
  if (level.daily) $("game-title").textContent = interpolate(gettext("Daily #%(number)s"), level.daily);
  // A Star Battle board says its star count, and the rule, where the eye starts.
  const stars = level.stars || 1, badge = $("stars-badge");
  badge.hidden = stars === 1;
  badge.textContent = stars === 1 ? "" : starRule(stars);
  document.getElementById("game").dataset.stars = stars;
  $("board").setAttribute("aria-label", stars === 1 ? gettext("Queens board")
    : interpolate(gettext("Star Battle board, %(stars)s stars"), { stars }));
  const tierEl = $("tier");
  tierEl.hidden = !level.tier;
  tierEl.textContent = tierName(level.tier);
  tierEl.title = level.tier ? interpolate(gettext("This level: %(tier)s"), { tier: tierName(level.tier) }) : "";
}

// The difficulty picker of a non-daily board, offering the tiers its size has (input.js
// hears the choice).
function showTierPicker(level, tiers, chosen) {
  const select = $("tier-select");
  $("tier-picker").hidden = !!level.daily;
  select.replaceChildren(new Option(gettext("Any"), ""), ...tiers.map((t) => new Option(tierName(t), t)));
  select.value = chosen;
}

const winDialog = () => $("win-dialog");

const timeLine = (seconds) => interpolate(gettext("Time: %(time)s"), { time: fmt(seconds) });

function streakLine(count, best, freezes) {
  const line = interpolate(gettext("Daily streak: %(count)s (best %(best)s)"), { count, best });
  if (!freezes) return line;
  return line + " · " + interpolate(ngettext("%(count)s freeze", "%(count)s freezes", freezes),
    { count: freezes });
}

// me: the streak to show for a daily (the server's, as api.me answers), null for none yet;
// ghost: the verdict of a ghost race the solve ended ("" when there was none).
function showWin(level, seconds, me, ghost = "") {
  for (const id of ["win-rank", "win-hints", "win-best", "win-share-status", "win-streak", "win-beat"]) $(id).textContent = "";
  $("win-par").textContent = parLine(level.difficulty?.par);
  $("win-ghost").textContent = ghost;
  $("win-freeze-help").hidden = true;
  $("win-time").textContent = timeLine(seconds);
  if (level.daily && me) showStreak(me);
  $("win-countdown").textContent = interpolate(gettext("Next daily in %(time)s"),
    { time: untilNextDaily() });
  const dialog = winDialog();
  dialog.dataset.ready = "false";
  dialog.showModal();
  // The tap that won must not dismiss the dialog.
  setTimeout(() => { dialog.dataset.ready = "true"; }, 800);
}

// The streak the server worked out, with the freezes held (and what a freeze is).
function showStreak(me) {
  $("win-streak").textContent = streakLine(me.streak, me.best_streak, me.freezes);
  $("win-freeze-help").hidden = !me.freezes;
}

// The server's verdict on a solve: its time, hints, the player's best and the ranking.
// best: null for an assisted solve (it sets no personal best).
function showRanking(level, record, best) {
  const n = level.size, kind = `${n}×${n}${level.tier ? ` ${tierWord(level.tier)}` : ""}`;
  $("win-time").textContent = timeLine(record.seconds);
  $("win-hints").textContent = hintsLine(record);
  $("win-best").textContent = bestLine(best, kind);
  $("win-rank").textContent = rankLine(record, !!level.daily);
  $("win-beat").textContent = parVerdict(record);
  if (record.compare) $("win-par").textContent = parLine(record.compare.par);
}

// A win told offline: no server has seen it yet, so no ranking, and the line says why.
function showOfflineSolve() {
  $("win-rank").textContent = gettext("Solved offline: it is sent when the network is back, and recorded unranked.");
}

// Share's outcome has a line of its own: the ranking stays.
const sayInDialog = (text) => { $("win-share-status").textContent = text; };

// The player's display settings: their boxes (each names its setting), the colour-blind
// palette and letters, and the timer.
function showSettings(root, settings) {
  for (const box of root.querySelectorAll("input[data-setting]")) box.checked = settings[box.dataset.setting];
  root.classList.toggle("colorblind", settings.colorblind);
  if (settings.colorblind) document.documentElement.dataset.palette = "safe";
  else delete document.documentElement.dataset.palette;
  root.classList.toggle("no-timer", !settings.showTimer);
}

const showWaiting = (root) => root.classList.add("waiting");

// ---------------------------------------------------------------- the view the controller holds
// root: the game's element; boardEl: the board's; palette: the region colours. It keeps the
// board's cells and its zoom (DOM), nothing of the game.
export function createGameView({ root, boardEl, palette }) {
  let cells = [], n = 0, zoom = null; // n: the board's size
  return {
    say, showClock, sayConflicts, showLevel, showTierPicker, showWin, showStreak, showRanking,
    showOfflineSolve, sayInDialog,
    showControls: (state) => showControls(root, state),
    showSettings: (settings) => showSettings(root, settings),
    showWaiting: () => showWaiting(root),
    showReady: () => { root.dataset.ready = "true"; }, // the board is up (the tests wait for it)
    closeWin: () => winDialog().close(),
    confirm: (question) => confirm(question),
    // Share's text: the device's own sharing, else the clipboard, else the text itself.
    async share(text) {
      try {
        if (navigator.share) { await navigator.share({ text }); return; }
        await navigator.clipboard.writeText(text);
        sayInDialog(gettext("Copied to the clipboard."));
      } catch (e) { sayInDialog(text); }
    },
    // A solve was kept: the page around the board (home.js) hears of it.
    announceSolve: (id) => window.dispatchEvent(new CustomEvent("queens:solved", { detail: { id } })),

    // The board: its cells for a level, marks drawn on them, the focus, the hint on them.
    build(level) { root.dataset.size = n = level.size; cells = buildBoard(boardEl, level, palette); },
    drawBoard: (level, marks, state) => renderBoard(cells, level, palette, marks, state),
    focusCell: (i) => cells[i]?.focus(),
    showHint: (step) => showHint(cells, step, (r, c) => cells[r * n + c]),
    clearHint: () => clearHint(cells),
    // The zoom (marks(): the marks its overview draws) and the board's fit to the screen.
    setUpZoom(level, { cancelDrag, marks }) {
      zoom = setUpZoom(document.querySelector(".board-wrap"), boardEl, level.size, cancelDrag,
        { overview: $("overview"), draw: (canvas) => drawMiniature(canvas, cells, level, marks()) });
    },
    refreshZoom: () => { if (zoom) zoom.refresh(); },
    fit: () => fitBoard(root),

    // Ghosts and replays.
    showRecordings: recordingsView.showRecordings,
    showGhost: recordingsView.showGhost,
    showGhostQueens: recordingsView.showGhostQueens,
    hideGhost: recordingsView.hideGhost,
    ghostVerdict: recordingsView.ghostVerdict,
    showReplay(recording) { root.classList.add("replaying"); recordingsView.showReplay(recording); },
    showReplayAt: recordingsView.showReplayAt,
    hideReplay() { root.classList.remove("replaying"); recordingsView.hideReplay(); },
  };
}

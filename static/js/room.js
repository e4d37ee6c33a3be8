// The room page's controller: the room's socket (room_socket.js), the players and results
// (room_view.js), and during a race the board (board.js, input.js, state.js) with the move
// log each finished board carries (moves.js). The server decides everything: who is in, when
// the race starts, whether a board is finished, and the places.
import * as api from "./api.js";
import { gettext } from "./i18n.js";
import { buildBoard, renderBoard } from "./board.js";
import { attachInput } from "./input.js";
import { MoveLog } from "./moves.js";
import { RoomSocket } from "./room_socket.js";
import * as view from "./room_view.js";
import { CROSS, EMPTY, Game, QUEEN } from "./state.js";

const $ = (id) => document.getElementById(id);
const root = $("room"), boardEl = $("board");
const palette = JSON.parse($("region-colors").textContent);
api.setCsrf(root.dataset.csrf);

let you = null, state = null, round = 0, raceStart = 0;
let boardIndex = -1, level = null, game = null, cells = [], log = null, sentQueens = -1, sent = false;
let focus = 0, ticker = null;

const socket = new RoomSocket(root.dataset.code, { onMessage, onStatus });
window.queensRoomSocket = socket; // the browser tests drop it as a network would

function onStatus(status) {
  root.dataset.connection = status;
  if (status === "reconnecting") view.say(gettext("Connection lost; reconnecting…"));
  else if (status === "open") view.say("");
  else if (status === "gone") view.say(gettext("This room is gone: rooms expire once everyone has left."));
}

function onMessage(message) {
  if (message.type === "hello") { you = message.you; if (state) show(); }
  else if (message.type === "state") { state = message; show(); }
  else if (message.type === "progress" && state) {
    const player = state.players.find((p) => p.id === message.player);
    if (player) { player.queens[message.board] = message.queens; view.showPlayers(state, you); }
  } else if (message.type === "error") {
    view.say(message.detail);
    sent = false;  // a finish the server turned down may be sent again
  }
}

const me = () => (state ? state.players.find((p) => p.id === you) : null);
const racing = () => state && (state.state === "countdown" || state.state === "racing");

function show() {
  const mine = me();
  view.showSections(state, { joined: !!mine, host: !!(mine && mine.host) });
  view.showPlayers(state, you);
  if (state.state === "finished") {
    view.showResults(state.results);
    stopTicker();
  }
  if (!racing() || !mine) return;
  view.fitBoard();
  if (state.round !== round) {  // a new round: the clock starts when the server says
    round = state.round;
    raceStart = Date.now() + state.starts_in_ms;
    boardIndex = -1;
  }
  const next = mine.done.indexOf(false);
  if (next >= 0 && next !== boardIndex) openBoard(next);
  startTicker();
}

function tick() {
  view.showCountdown(raceStart - Date.now());
  const mine = me();
  view.showRaceClock(mine && mine.finished_ms !== null ? mine.finished_ms : Date.now() - raceStart);
}
function startTicker() {
  if (ticker) return;
  ticker = setInterval(tick, 200);
  tick();
}
function stopTicker() { clearInterval(ticker); ticker = null; view.showCountdown(0); }

async function openBoard(index) {
  boardIndex = index;
  game = null;
  const answer = await api.levelAt(state.size, state.levels[index]);
  if (!answer.ok) { view.say(answer.message); return; }
  if (boardIndex !== index) return;  // another board was opened meanwhile
  level = answer.data;
  game = new Game(level, { autoCross: true });
  log = new MoveLog(level.size, { openedAt: raceStart, moves: [] });
  cells = buildBoard(boardEl, level, palette);
  sentQueens = -1; sent = false;
  view.showBoardNumber(index);
  view.fitBoard();
  render();
  report();
}

function render() { if (game) renderBoard(cells, level, palette, game.marks, { conflicts: game.conflicts(), focus }); }

const open = () => !!game && !sent && Date.now() >= raceStart && state && state.state !== "finished";

function act(change) {
  if (!open()) return;
  const before = game.marks.slice();
  if (!game.change(change)) return;
  afterChange(before);
}

function afterChange(before) {
  log.record(before, game.marks);
  render();
  report();
}

// Everyone sees how many queens are down (never where); a full board goes to the server.
function report() {
  const queens = game.queens().length;
  if (queens !== sentQueens && racing() && Date.now() >= raceStart) {
    sentQueens = queens;
    socket.send({ type: "progress", board: boardIndex, queens });
  }
  if (game.isFull() && !sent) {
    sent = true;
    socket.send({ type: "finish", board: boardIndex, moves: log.moves });
  }
}

attachInput(boardEl, () => (level ? level.size : 1), {
  enabled: open,
  tap: (i) => { if (!open()) return; const before = game.marks.slice(); if (game.tap(i)) afterChange(before); },
  doubleTap: (i) => { if (!open()) return; const before = game.marks.slice(); if (game.doubleTap(i)) afterChange(before); },
  queen: (i) => act((g) => g.set(i, QUEEN)),
  cross: (i) => act((g) => g.set(i, CROSS)),
  clear: (i) => act((g) => g.set(i, EMPTY)),
  toggleCross: (i) => act((g) => g.set(i, g.marks[i] === CROSS ? EMPTY : CROSS)),
  dragStart: (i) => { if (open()) { game.beginDrag(); if (game.dragCross(i)) render(); } },
  dragOver: (i) => { if (open() && game.dragCross(i)) render(); },
  dragEnd: () => { if (open()) { const before = game.marks.slice(); if (game.endDrag()) afterChange(before); } },
  focus: (i, move) => { focus = i; if (move) { render(); cells[i]?.focus(); } },
  undo: () => { if (open()) { const before = game.marks.slice(); if (game.undo()) afterChange(before); } },
  redo: () => { if (open()) { const before = game.marks.slice(); if (game.redo()) afterChange(before); } },
});

window.addEventListener("resize", view.fitBoard);
$("join-form").onsubmit = (e) => { e.preventDefault(); socket.send({ type: "join", name: $("join-name").value }); };
$("start").onclick = () => socket.send({ type: "start" });
$("rematch").onclick = () => socket.send({ type: "start" });

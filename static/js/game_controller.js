// The game page's controller, as 2048's game manager: it is handed its input (events to
// listen to), its view (which writes the DOM), its storage, the API client, the offline
// outbox and the page's clock and navigation, and holds the play (state.js's Game, the move
// log, the clock, a ghost race or a replay). It decides; it touches no DOM, so node's tests
// drive it with fakes (tests/js/game_controller.test.mjs).
// Over 300 lines: one board's decisions, as 2048's GameManager is one; moves, hints, the win,
// races and replays all read and change the same play (game, clock, race, replay), so a split
// would hand that state between modules. Its sections are marked below.
import { gettext, interpolate } from "./i18n.js";
import { MoveLog } from "./moves.js";
import { marksAt, Playback, queensAt } from "./recordings.js";
import { CROSS, EMPTY, Game, QUEEN } from "./state.js";
import { askMe, streakToday } from "./streak.js";
import { shareText } from "./win.js";
import { themeSentence } from "./words.js";

const MAX_STARTED_MS = 24 * 3600 * 1000; // the server believes an opening this old at most
// A personal best is the player's own time: unranked only because the network has many
// solves already, or because it was solved offline, it still counts; too fast, implausible,
// unverified, revealed or struck, it does not.
const OWN_TIME_UNRANKED = new Set(["address", "offline"]);
const setsABest = (record) => !record.assisted
  && (record.ranked || OWN_TIME_UNRANKED.has(record.unranked));

// deps: input (gameInput, input.js), view (createGameView, game_view.js), storage
// (storage.js), api (api.js), outbox (outbox.js), page: {now(), every(ms, fn), stop(timer),
// today(), hidden(), loadedAt, url(path), go(path), replace(path)}, config: {tiersBySize,
// starTiers, limits, size, rule, tier, stars} (the page's data), level (null: none yet).
export class GameController {
  constructor({ input, view, storage, api, outbox, page, config, level }) {
    Object.assign(this, { input, view, storage, api, outbox, page, config, level });
    this.settings = storage.settings();
    this.game = null; this.done = null; this.focus = 0; this.lockedUntil = 0;
    this.moveLog = null; this.loggedMarks = null; // the moves the solve will carry (moves.js)
    this.elapsed = 0; this.startedAt = null; // the clock shows 0:00, never NaN, before a board
    // The player's start (the first mark, a hint or a race): the clock, the move log and the
    // server's time all count from it, never from the opening (a tutorial or a look is not
    // play). `started`: the server was told of it.
    this.begun = false; this.startedMs = null; this.started = false;
    this.serverSeconds = null; this.serverHints = 0; this.leaving = false;
    // A ghost race: {recording, tick, practice}; practice holds the finished state a race on
    // a solved or revealed level interrupts (nothing of it is saved or recorded).
    this.race = null;
    this.replay = null; // a replay being watched: {recording, playback, tick}; read-only board
    this.hint = null; // the hint step shown
    this.recordings = []; // the recorded solves listed
    this.listen();
  }

  starsOf(level) { return (level && level.stars) || +this.config.stars || 1; }
  tiersFor(size, stars) {
    const { tiersBySize, starTiers } = this.config; // starTiers: {stars: {size: tiers}}
    return (stars === 1 ? tiersBySize[size] : (starTiers[stars] || {})[size]) || [];
  }

  // -------------------------------------------------------------- the player's events
  listen() {
    const on = (event, callback) => this.input.on(event, callback);
    on("playable", () => this.playable());
    on("tap", (i) => {
      if (this.playable() && this.page.now() >= this.lockedUntil && this.game.tap(i)) this.afterChange();
    });
    on("queen", (i) => this.act((g) => g.set(i, QUEEN)));
    on("doubleTap", (i) => {
      if (this.playable() && this.page.now() >= this.lockedUntil && this.game.doubleTap(i)) this.afterChange();
    });
    on("cross", (i) => this.act((g) => g.set(i, CROSS)));
    on("clearCell", (i) => this.act((g) => g.set(i, EMPTY)));
    on("toggleCross", (i) => this.act((g) => g.set(i, g.marks[i] === CROSS ? EMPTY : CROSS)));
    on("dragStart", (i) => { this.game.beginDrag(); if (this.game.dragCross(i)) this.render(); });
    on("dragOver", (i) => { if (this.game.dragCross(i)) this.render(); });
    on("dragEnd", () => { if (this.game.endDrag()) this.afterChange(); });
    on("focus", (i, move) => {
      this.focus = i;
      if (move) { this.render(); this.view.focusCell(i); }
    });
    on("undo", () => this.step(() => this.game.undo()));
    on("redo", () => this.step(() => this.game.redo()));
    on("clearBoard", () => this.act((g) => g.clear()));
    on("reveal", () => this.reveal());
    on("hint", () => this.askHint());
    on("applyHint", () => this.applyHint());
    on("dismissHint", () => this.clearHint());
    on("next", () => this.nextLevel());
    on("closeWin", () => this.view.closeWin());
    on("share", () => this.share());
    on("tier", (tier) => {
      if (!this.game) return; // the picker is offered with a board
      this.storage.saveTier(this.level.size, tier); this.nextLevel(tier);
    });
    on("setting", (key, value) => this.changeSetting(key, value));
    on("race", (id) => this.startRace(this.listed(id)));
    on("watch", (id) => this.startReplay(this.listed(id)));
    on("stopRace", () => { if (this.race) this.stopRace(); });
    on("replayToggle", () => {
      if (!this.replay) return;
      const { playback } = this.replay;
      if (playback.playing) playback.pause(); else playback.play();
      this.render();
    });
    on("replaySeek", (ms) => { if (this.replay) { this.replay.playback.seek(ms); this.render(); } });
    on("replaySpeed", (s) => { if (this.replay) { this.replay.playback.setSpeed(s); this.render(); } });
    on("replayClose", () => { if (this.replay) this.closeReplay(); });
    on("visibility", (hidden) => {
      if (!this.game) return;
      if (hidden) { this.stopClock(); this.save(); } else this.startClock();
    });
    on("holdLeave", () => !this.leaving && this.unsolvedDaily());
    on("solveSent", ({ level: id, answer }) => this.solveSent(id, answer));
  }

  // -------------------------------------------------------------- clock and storage
  currentElapsed() {
    return this.elapsed + (this.startedAt ? (this.page.now() - this.startedAt) / 1000 : 0);
  }
  startClock() {
    if (!this.startedAt && !this.done && this.begun && !this.page.hidden()) this.startedAt = this.page.now();
  }
  stopClock() { this.elapsed = this.currentElapsed(); this.startedAt = null; }

  save() {
    if (this.race && this.race.practice) return; // the finished board stays as it was kept
    const { level, game } = this;
    this.storage.saveProgress(level.id, { ...game.snapshot(), elapsed: this.currentElapsed(),
                                          done: this.done, log: this.moveLog.toJSON() });
    this.storage.saveLastBoard(this.done || !game.hasMarks() ? null
      : { id: level.id, size: level.size, tier: level.tier, daily: level.daily });
  }

  // -------------------------------------------------------------- drawing
  render() {
    if (this.replay) { this.renderReplay(); return; }
    const { game, view } = this;
    const found = this.settings.showConflicts ? game.conflicts() : [];
    view.drawBoard(this.level, game.marks, { conflicts: found, focus: this.focus });
    view.showControls({ done: !!this.done, canUndo: game.history.length > 0,
                        canRedo: game.future.length > 0, practice: !!(this.race && this.race.practice) });
    if (found.length) view.sayConflicts(found, this.starsOf(this.level));
    else if (!this.done) view.say("");
    view.refreshZoom();
  }

  build() {
    const { level, storage, view } = this;
    view.build(level);
    this.game = new Game(level, { autoCross: this.settings.autoCross });
    const saved = storage.progress(level.id);
    if (saved) { this.game.restore(saved); this.elapsed = saved.elapsed || 0; this.done = saved.done || null; }
    this.moveLog = new MoveLog(level.size, saved && saved.log);
    this.adoptFinished(level.mine);
    // A board already under way (marks made before a reload) goes on; a fresh one waits for
    // the player, its clock at 0:00 (a page once left open kept time it no longer counts).
    this.begun = !this.done && (this.game.hasMarks() || this.moveLog.moves.length > 0);
    if (!this.begun && !this.done) this.elapsed = 0;
    this.loggedMarks = this.game.marks.slice();
    view.showLevel(level);
    this.clearHint();
    const tiers = this.tiersFor(level.size, this.starsOf(level));
    const chosen = storage.tierFor(level.size);
    view.showTierPicker(level, tiers, tiers.includes(chosen) ? chosen : "");
    if (this.done === "solved") view.say(gettext("Solved. Well done!"));
    if (this.done === "revealed") view.say(gettext("Revealed: this level counts as revealed, not solved."));
    view.showClock(this.elapsed);
    this.startClock(); // only on a board under way: a fresh one starts with the player (begin)
    this.render();
    view.setUpZoom(level, { cancelDrag: () => this.input.cancelDrag(), marks: () => this.game.marks });
    view.fit(); // after the zoom bar has shown or hidden itself
  }

  // The server says this player finished the level (on this device or another): the board
  // shows it finished, with the server's time, whatever this device kept.
  adoptFinished(mine) {
    if (!mine || this.done === mine.done || this.done === "solved") return;
    this.placeSolution(mine.solution);
    this.done = mine.done;
    if (this.done === "solved") {
      this.elapsed = this.serverSeconds = mine.seconds;
      this.storage.markSolved(this.level.id);
    }
    this.storage.saveProgress(this.level.id, { ...this.game.snapshot(), elapsed: this.elapsed,
                                               done: this.done, log: this.moveLog.toJSON() });
  }

  // solution[row]: a column, or on a k-star level the list of that row's star columns.
  placeSolution(solution) {
    const { game } = this;
    game.clear();
    solution.forEach((cols, r) => {
      for (const c of [].concat(cols)) game.marks[game.index(r, c)] = QUEEN;
    });
  }

  // -------------------------------------------------------------- moves
  // The board takes marks: a level is open, not finished, and no replay is showing.
  playable() { return !!this.game && !this.done && !this.replay; }

  // One undoable change from the player (a tap, a key, an applied hint).
  act(change) {
    if (!this.playable() || this.page.now() < this.lockedUntil) return;
    if (!this.game.change(change)) return;
    this.afterChange();
  }
  logMoves() {
    this.moveLog.record(this.loggedMarks, this.game.marks);
    this.loggedMarks = this.game.marks.slice();
  }
  afterChange() {
    this.clearHint();
    this.begin();
    this.logMoves(); this.startClock(); this.save(); this.render(); this.reportStart(); this.maybeWin();
  }
  // The player starts: the clock runs and the move log counts from now, and the server is told
  // how long after the page's load that was (`started`), so its time starts here too.
  begin() {
    if (this.begun || this.done) return;
    this.begun = true;
    const ms = Math.round(this.page.now() - this.page.loadedAt);
    this.startedMs = ms >= 0 && ms <= MAX_STARTED_MS ? ms : null;
    this.moveLog.begin();
    this.startClock();
  }
  opened() {
    return { opened: this.level.opened || "", ...(this.startedMs === null ? {} : { started: this.startedMs }) };
  }
  // The first mark on this board is a play, timed from the player's start; the server counts
  // it once per player, so telling it again after a reload is harmless.
  reportStart() {
    if (this.started || this.done || (this.race && this.race.practice)) return;
    this.started = true;
    this.api.startLevel(this.level, this.opened());
  }
  step(move) {
    if (this.playable() && move()) { this.clearHint(); this.logMoves(); this.save(); this.render(); }
  }

  changeSetting(key, value) {
    this.settings[key] = value;
    this.storage.saveSettings({ ...this.storage.settings(), [key]: value });
    this.applySettings();
    if (this.game) this.render();
  }
  applySettings() {
    this.view.showSettings(this.settings);
    if (this.game) this.game.autoCross = this.settings.autoCross;
  }

  // -------------------------------------------------------------- hints and the solution
  clearHint() { this.hint = null; this.view.clearHint(); }

  async askHint() {
    if (!this.playable() || this.race?.practice) return;
    // Hint again on the same marks: the same step, shown again, not asked (and counted) again.
    const marks = `${this.level.id}:${this.game.marks.join("")}`;
    if (this.lastHint?.marks === marks) {
      this.hint = this.lastHint.data; this.view.showHint(this.hint); return;
    }
    this.begin(); // asking for a hint is playing
    const answer = await this.api.askHint(this.level,
      { queens: this.game.queens(), crosses: this.game.crosses(), ...this.opened() });
    if (answer.status === 0) { this.view.say(gettext("Hints need the network: the engine that finds them runs on the server.")); return; }
    if (!answer.ok) { this.view.say(answer.message); return; }
    this.view.say("");
    this.hint = answer.data; this.lastHint = { marks, data: answer.data };
    this.view.showHint(answer.data);
  }

  applyHint() {
    const { hint } = this;
    if (!hint) return;
    if (hint.mistake) {
      const [[r, c]] = hint.because;
      this.act((g) => g.set(g.index(r, c), EMPTY));
    } else {
      this.act((g) => {
        for (const [r, c] of hint.queens) g.set(g.index(r, c), QUEEN);
        for (const [r, c] of hint.crosses) if (g.marks[g.index(r, c)] === EMPTY) g.set(g.index(r, c), CROSS);
      });
    }
    this.clearHint();
  }

  async reveal() {
    if (!this.playable() || this.race?.practice
        || !this.view.confirm(gettext("Reveal the solution? This level will count as revealed, not solved."))) return;
    const answer = await this.api.reveal(this.level, this.opened());
    if (!answer.ok) { this.view.say(answer.message); return; }
    this.stopClock();
    this.placeSolution(answer.data.solution);
    this.done = "revealed"; this.save(); this.render();
    this.view.say(gettext("Revealed: this level counts as revealed, not solved.") + themeSentence(answer.data.theme));
    this.loadRecordings(); // replays open
  }

  // -------------------------------------------------------------- winning
  // A full board is checked by the server; without a network the rules decide: the level
  // has one solution, so a full board that breaks no rule (game.isFull) is it.
  async maybeWin() {
    if (!this.game.isFull()) return;
    const answer = await this.api.checkLevel(this.level, { queens: this.game.queens(), ...this.opened() });
    const practice = !!(this.race && this.race.practice);
    if (answer.status === 0 && !practice) { this.win(null); return; }
    if (!answer.ok) { this.view.say(answer.message); return; }
    const result = answer.data;
    if (!result.solved) { this.view.say(gettext("Not quite: that is not the solution.")); return; }
    if (practice) { this.endPractice(); return; }
    await this.win(result);
  }

  // The one way a solve ends, online (result: the server's verdict) or offline (null).
  // Online the time is the server's, from the player's start to the solve (the race's
  // verdict reads it too), and the solve is sent; offline the clock here is the only time,
  // and the solve waits in the outbox, sent with its move log when the network returns and
  // recorded unranked.
  async win(result) {
    const { level, storage, view } = this;
    this.stopClock();
    if (result) this.elapsed = result.seconds;
    view.showClock(this.elapsed);
    const seconds = Math.floor(this.elapsed);
    const verdict = this.race ? this.endRace(seconds) : "";
    this.done = "solved"; this.lockedUntil = this.page.now() + 800;
    storage.markSolved(level.id);
    if (!result) {
      this.outbox.queueSolve(level.id, this.api.solvesUrl(level), {
        offline: true, queens: this.game.queens(), moves: this.moveLog.moves, ...this.opened() });
    }
    this.save(); this.render();
    view.say(result ? gettext("Solved. Well done!") + themeSentence(result.theme)
      : gettext("Solved offline. Your solve is sent when the network is back."));
    // The streak is the server's: online the dialog shows it once the solve is sent
    // (showServerStreak); offline, the last the server told, as it stands today.
    const known = !result && level.daily ? storage.knownMe() : null;
    view.showWin(level, seconds, known && streakToday(known, this.page.today()), verdict);
    if (result) await this.sendSolve(result.token);
    else view.showOfflineSolve();
    view.announceSolve(level.id); // the page around the board (home.js) reads it again
    if (result) this.loadRecordings(); // this solve is one now, and replays open
  }

  async sendSolve(token) {
    const { level, view } = this;
    const rank = await this.api.sendSolve(level, { token, moves: this.moveLog.moves });
    if (level.daily) this.showServerStreak();
    if (rank.ok) {
      this.serverSeconds = rank.data.seconds; this.serverHints = rank.data.hints;
      // The server's time, from the player's start: the clock here is display only.
      // An assisted solve, or one the server doubts, is shown as one and sets no personal best.
      view.showRanking(level, rank.data, setsABest(rank.data)
        ? this.storage.recordBest(level.size, level.tier, rank.data.seconds) : null);
    } else if (rank.status !== 400) view.say(rank.message);
  }

  // An offline solve was sent: the server's record, if it is this board's (and a daily's
  // streak as the server now counts it).
  solveSent(id, answer) {
    if (!this.level || id !== this.level.id || !answer.ok) return;
    this.serverSeconds = answer.data.seconds; this.serverHints = answer.data.hints;
    this.view.showRanking(this.level, answer.data, null);
    this.view.say(gettext("Solved. Well done!"));
    if (this.level.daily) this.showServerStreak();
  }

  // The streak as the server keeps it (every device of this player's shares it).
  async showServerStreak() {
    const me = await askMe(this.api, this.storage);
    if (me.ok) this.view.showStreak(me.data);
  }

  share() {
    const { level } = this;
    // A daily's own day (/daily/ is another puzzle tomorrow).
    const url = this.page.url(level.daily ? `/daily/${level.daily.date}/` : `/levels/${level.id}/`);
    return this.view.share(shareText(level, this.serverSeconds ?? Math.floor(this.elapsed), this.serverHints, url));
  }

  // -------------------------------------------------------------- ghosts and replays
  async loadRecordings() {
    const answer = await this.api.recordings(this.level);
    if (!answer.ok) return; // the list is an extra: without it the board plays as ever
    this.recordings = answer.data.recordings;
    this.view.showRecordings(answer.data.recordings, answer.data.can_watch);
  }
  listed(id) { return this.recordings.find((r) => String(r.id) === String(id)); }

  // A race against a recorded solve from an empty board: its bar fills as its queens went
  // down, on the board's one clock (the timer's: a race starts the play if nothing had). On a
  // finished level it is practice from 0:00: nothing is recorded.
  startRace(recording) {
    if (this.replay) this.closeReplay();
    if (this.race) this.stopRace();
    const { level, view } = this;
    if (this.done) {
      this.race = { practice: { done: this.done, elapsed: this.elapsed } };
      this.done = null; this.elapsed = 0; this.startedAt = null; this.begun = true;
      this.game = new Game(level, { autoCross: this.settings.autoCross });
      this.moveLog = new MoveLog(level.size); this.moveLog.begin(); this.loggedMarks = this.game.marks.slice();
    } else {
      if (this.game.hasMarks() && !view.confirm(gettext("Race from an empty board? Your marks are cleared."))) return;
      this.race = { practice: null };
      this.act((g) => g.clear());
      this.begin(); this.reportStart();
    }
    const race = this.race;
    race.recording = recording;
    this.clearHint();
    view.showGhost(recording, level.size);
    this.startClock(); this.render();
    view.say(race.practice ? gettext("Practice race: your recorded solve stands.") : gettext("Race on!"));
    race.tick = this.page.every(100, () => {
      if (this.race) view.showGhostQueens(queensAt(recording.timeline, this.currentElapsed() * 1000), level.size);
    });
  }

  // The race's verdict (your time, as the timer shows it, against the ghost's listed time);
  // the race is over.
  endRace(seconds) {
    const verdict = this.view.ghostVerdict(this.race.recording, seconds);
    this.page.stop(this.race.tick);
    this.view.hideGhost();
    this.race = null;
    return verdict;
  }

  endPractice() {
    const kept = this.race.practice;
    this.stopClock();
    const verdict = this.endRace(Math.floor(this.elapsed));
    this.done = kept.done; this.elapsed = kept.elapsed; this.view.showClock(this.elapsed);
    this.render(); this.view.say(`${verdict} ${gettext("Practice race: your recorded solve stands.")}`);
  }

  // Stopped before the end: a practice goes back to the finished board as it was kept.
  stopRace() {
    this.page.stop(this.race.tick);
    const kept = this.race.practice;
    this.race = null;
    this.view.hideGhost();
    if (kept) {
      const { level } = this;
      this.stopClock();
      this.done = kept.done; this.elapsed = kept.elapsed; this.view.showClock(this.elapsed);
      const saved = this.storage.progress(level.id);
      this.game = new Game(level, { autoCross: this.settings.autoCross });
      if (saved) this.game.restore(saved);
      this.moveLog = new MoveLog(level.size, saved && saved.log); this.loggedMarks = this.game.marks.slice();
    }
    this.view.say(""); this.render();
  }

  // A replay on the board at the recorded pace (or faster), read-only, with a position bar.
  async startReplay(recording) {
    if (this.race) this.stopRace();
    const answer = await this.api.recording(this.level, recording.id);
    if (!answer.ok) { this.view.say(answer.message); return; }
    const playback = new Playback(answer.data.finished_ms, { now: this.page.now });
    this.replay = { recording: answer.data, playback };
    this.clearHint();
    this.view.showReplay(answer.data);
    playback.play();
    this.replay.tick = this.page.every(50, () => this.render());
    this.render();
  }

  renderReplay() {
    const { recording, playback } = this.replay, ms = playback.position();
    const { marks, played } = marksAt(recording.moves, this.level.size, ms);
    this.view.drawBoard(this.level, marks, { conflicts: [], focus: this.focus });
    this.view.showReplayAt(ms, playback.duration, playback.playing, played);
  }

  closeReplay() {
    this.page.stop(this.replay.tick);
    this.replay = null;
    this.view.hideReplay();
    this.render();
  }

  // -------------------------------------------------------------- levels and navigation
  // A random level of this size, avoiding solved ones; once all are solved, any other one.
  // "Any" difficulty asks for one near the player's rating (easy for a new player).
  async fetchLevel(size, rule, current, tier = this.storage.tierFor(size), stars = this.starsOf(this.level)) {
    const defaultRule = this.config.limits.rules[0];
    if (tier && !this.tiersFor(size, stars).includes(tier)) tier = ""; // a 1★ choice on a 2★ board
    const ask = (exclude) => this.api.randomLevel(size,
      { exclude, rule: rule && rule !== defaultRule ? rule : "", tier, stars, near: tier ? "" : "me" });
    const others = current ? [current] : [];
    let answer = await ask([...this.storage.solvedIds().slice(-400), ...others]);
    if (answer.status === 404) answer = await ask(others);
    if (!answer.ok) { this.view.say(answer.message); return null; }
    return answer.data;
  }

  // Every board has its own URL: the next level is a navigation (title, URL, back button).
  unsolvedDaily() {
    return this.level && this.level.daily && !this.done && !this.race?.practice && this.game
      && this.game.hasMarks();
  }
  async nextLevel(tier) {
    if (this.unsolvedDaily() && !this.view.confirm(gettext("Leave today's daily unsolved? Your marks are kept."))) return;
    const found = await this.fetchLevel(this.level.size, this.level.rule, this.level.id, tier);
    if (!found) return;
    this.leaving = true;
    this.page.go(`/levels/${found.id}/`);
  }

  // -------------------------------------------------------------- start
  // An empty pool: say so kindly and look again every few seconds until a level arrives.
  waitForLevels() {
    this.view.showWaiting();
    const { size, rule } = this.config, words = interpolate(gettext(
      "Generating levels of %(size)s×%(size)s: your board will open by itself in a moment."), { size });
    this.view.say(words);
    const poll = this.page.every(3000, async () => {
      const found = await this.fetchLevel(size, rule, null);
      if (found) { this.page.stop(poll); this.page.replace(`/levels/${found.id}/`); } else this.view.say(words);
    });
  }

  async start() {
    this.page.every(250, () => this.view.showClock(this.currentElapsed()));
    this.applySettings();
    if (!this.level) {
      // /play/<n>/ lands on the level's own URL, so reload, back and share keep the board.
      const { size, rule, tier } = this.config;
      if (tier) this.storage.saveTier(size, tier);
      const found = await this.fetchLevel(size, rule, null);
      if (found) this.page.replace(`/levels/${found.id}/`);
      else this.waitForLevels();
      return;
    }
    this.build();
    this.view.showReady();
    this.loadRecordings();
  }
}

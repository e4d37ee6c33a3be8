// "Solvable?"'s controller (issue 40): holds the run, the board in play (a Game from
// state.js), the mode (play, claim, answered) and the units the player selects; it decides
// and hands each state to the view. No DOM and no browser: it is handed the view, the API and
// the storage (the unfinished run's key, so that a reload or Back and Forward resume it).
import { gettext } from "./i18n.js";
import { CROSS, EMPTY, Game, QUEEN } from "./state.js";

const unitKey = (kind, index) => `${kind}:${index}`;
// Marks kept in storage are the browser's to edit: only a board's worth of known marks.
const keptFits = (kept, n) => !!kept && Array.isArray(kept.marks) && kept.marks.length === n * n
  && kept.marks.every((m) => m === EMPTY || m === CROSS || m === QUEEN) && Array.isArray(kept.autoBy);

export class SolvableController {
  constructor({ view, api, storage, ownTier }) {
    this.view = view; this.api = api; this.storage = storage; this.tier = ownTier;
    this.run = null; this.at = 0; this.game = null;
    this.mode = "idle"; this.claim = new Set(); this.reveal = null; this.busy = false;
    this.hinting = false;
  }

  // ------------------------------------------------------------------ the run
  async start(tier) {
    if (this.busy) return;
    this.busy = true;
    this.view.status(gettext("Dealing the boards…"));
    const answer = await this.api.startSolvable(tier ? { tier } : {});
    this.busy = false;
    if (!answer.ok) { this.view.showStart(answer.message); return; }
    this.play(answer.data);
  }

  // The run left unfinished on this browser (the page reloaded, or Back then Forward), at
  // its first board not answered, with the marks left on it. A run finished, or
  // one the server does not know (404), is forgotten.
  async resume() {
    const key = this.storage.solvableRunKey();
    if (!key || this.busy || this.run) return;
    this.busy = true;
    const answer = await this.api.solvableRunAt(key);
    this.busy = false;
    if (this.run) return; // a run started meanwhile
    if (answer.status === 404 || (answer.ok && (answer.data.finished
        || !answer.data.boards.some((board) => !board.answered)))) {
      this.storage.saveSolvableRunKey(null);
      return;
    }
    if (!answer.ok) { this.view.status(answer.message); return; }
    this.play(answer.data);
  }

  play(run) {
    this.run = run;
    this.storage.saveSolvableRunKey(run.key);
    this.at = run.boards.findIndex((board) => !board.answered);
    this.view.showRun();
    this.load();
  }

  board() { return this.run.boards[this.at]; }

  load() {
    const board = this.board();
    this.game = new Game(board, { autoCross: true });
    const kept = this.storage.solvableMarks(this.run.key, this.at);
    if (keptFits(kept, board.size)) this.game.restore(kept);
    this.mode = "play"; this.claim = new Set(); this.reveal = null;
    this.view.showBoard(board, { at: this.at, total: this.run.total, score: this.run.score });
    this.view.status(gettext("Solve the board, or press “No solution” if it has none."));
    this.render();
    this.view.focusBoard(); // Tab and the arrows start from the board, not the page's body
  }

  render() {
    this.view.render({ board: this.board(), marks: this.reveal ? this.reveal.marks : this.game.marks,
      // Once answered the board shows the proof's units, not the claim's.
      mode: this.mode, claim: this.mode === "answered" ? [] : this.claimUnits(),
      proof: this.reveal && this.reveal.proof,
      // Queens breaking the rule drawn red, as on a level's page (not on a proof's marks).
      conflicts: this.reveal ? [] : this.game.conflicts(),
      full: this.game.isFull() });
  }

  // ------------------------------------------------------------ the board's input
  // The marks wait while a hint is on its way (it speaks of them); the answers do not.
  playing() { return this.answerable() && !this.hinting; }
  answerable() { return this.mode === "play" && !this.busy; }
  act(change) { if (this.playing() && change(this.game) !== false) this.changed(); }
  // The marks changed (a mark, Undo, Clear, a drag): a hint shown spoke of the marks before,
  // so it goes, its sentence and its cells, as the game page's clearHint does.
  changed() {
    this.storage.saveSolvableMarks(this.run.key, this.at, this.game.snapshot());
    this.view.hideHint(); this.render();
  }
  tap(i) {
    if (this.mode === "claim") { this.toggleRegionOf(i); return; }
    this.act((g) => g.tap(i));
  }
  doubleTap(i) { if (this.mode !== "claim") this.act((g) => g.doubleTap(i)); }
  queen(i) { if (this.mode !== "claim") this.act((g) => g.change((s) => s.set(i, QUEEN))); }
  cross(i) { if (this.mode !== "claim") this.act((g) => g.change((s) => s.set(i, CROSS))); }
  clearCell(i) { this.act((g) => g.change((s) => s.set(i, EMPTY))); }
  toggleCross(i) {
    this.act((g) => g.change((s) => s.set(i, s.marks[i] === CROSS ? EMPTY : CROSS)));
  }
  dragStart(i) { if (this.playing()) { this.game.beginDrag(); if (this.game.dragCross(i)) this.changed(); } }
  dragOver(i) { if (this.playing() && this.game.dragCross(i)) this.changed(); }
  dragEnd() { if (this.playing() && this.game.endDrag()) this.render(); }
  undo() { this.act((g) => g.undo()); }
  redo() { this.act((g) => g.redo()); }
  clear() { this.act((g) => g.change((s) => s.clear())); }

  // ------------------------------------------------------------ "No solution"
  noSolution() {
    if (!this.answerable()) return;
    this.mode = "claim";
    this.view.hideHint();
    this.view.status(gettext("Select the rows, columns or regions that cannot all have their queen, and no more: tap a row's or a column's number, or a cell of a region. Then press “Submit”."));
    this.render();
    this.view.focusUnits();
  }
  // "Cancel", or Escape.
  cancelClaim() {
    if (this.mode !== "claim") return;
    this.mode = "play"; this.claim = new Set();
    this.view.status(gettext("Solve the board, or press “No solution” if it has none."));
    this.render();
    this.view.focusNoSolution();
  }
  toggleUnit(kind, index) {
    if (this.mode !== "claim") return;
    const key = unitKey(kind, index);
    if (this.claim.has(key)) this.claim.delete(key); else this.claim.add(key);
    this.render();
  }
  toggleRegionOf(i) {
    const n = this.board().size;
    this.toggleUnit("region", this.board().regions[Math.floor(i / n)][i % n]);
  }
  claimUnits() {
    return [...this.claim].map((key) => { const [kind, index] = key.split(":"); return [kind, +index]; });
  }

  // ------------------------------------------------------------ answers and hints
  submitClaim() {
    if (this.mode !== "claim") return;
    if (!this.claim.size) { this.view.status(gettext("Select at least one row, column or region.")); return; }
    this.send({ answer: "no_solution", units: this.claimUnits() });
  }
  solved() {
    if (!this.answerable()) return;
    if (!this.game.isFull()) {
      this.view.status(gettext("Place a queen in every row, column and region first, with none touching."));
      return;
    }
    this.send({ answer: "solved", queens: this.game.queens() });
  }
  async send(body) {
    if (this.busy) return;
    this.busy = true;
    const answer = await this.api.answerSolvable(this.run.key, this.at, body);
    this.busy = false;
    if (!answer.ok) { this.view.status(answer.message); return; }
    const result = answer.data, board = this.board();
    Object.assign(board, { answered: true, correct: result.correct, points: result.points });
    this.run.score = result.score;
    this.run.finished = result.finished;
    if (result.finished) this.storage.saveSolvableRunKey(null);
    // Each board is dealt with the answer before it: none is seen on an earlier board's time.
    if (result.next) this.run.boards.push(result.next);
    this.mode = "answered";
    this.reveal = { proof: result.proof, marks: this.revealedMarks(board, result) };
    this.view.hideHint();
    this.render(); // the answered row shown first: showAnswer hands it the focus
    this.view.showAnswer(result, { at: this.at, total: this.run.total });
    if (result.finished) this.finish();
  }
  // What the board shows once answered: a level's solution, or the marks a trap's proof reaches.
  revealedMarks(board, result) {
    const n = board.size, marks = new Array(n * n).fill(EMPTY);
    if (result.solution) result.solution.forEach((c, r) => { marks[r * n + c] = QUEEN; });
    if (result.proof) {
      for (const [r, c] of result.proof.crosses) marks[r * n + c] = CROSS;
      for (const [r, c] of result.proof.queens) marks[r * n + c] = QUEEN;
    }
    return marks;
  }
  // One hint at a time. A press of "No solution" or "Solved" while it is on its way is not
  // lost (under load a hint takes a while): the hint, come too late, is not shown.
  async hint() {
    if (!this.playing()) return;
    // Hint again on the same marks: the same step shown again, not asked (and paid) again.
    const marks = `${this.run.key}:${this.at}:${this.game.marks.join("")}`;
    if (this.lastHint?.marks === marks) { this.view.showHint(this.lastHint.data); this.render(); return; }
    this.hinting = true;
    const at = this.at;
    const answer = await this.api.solvableHint(this.run.key, at,
      { queens: this.game.queens(), crosses: this.game.crosses() });
    this.hinting = false;
    if (this.mode !== "play" || this.at !== at) return;
    if (!answer.ok) { this.view.status(answer.message); return; }
    this.lastHint = { marks, data: answer.data };
    this.view.showHint(answer.data);
    this.render();
  }
  next() {
    if (this.mode !== "answered" || this.run.finished) return;
    this.at += 1;
    this.load();
  }

  async finish() {
    const board = await this.api.solvableLeaderboard(this.run.tier);
    this.view.showSummary(this.run, board.ok ? board.data : null);
  }
  again() { this.start(this.run ? this.run.tier : this.tier); }
}

// Game state, no DOM: the marks (empty, cross, queen), auto-crosses and the queens that own
// them, and undo/redo. One change (a tap, a drag, an applied hint) is one undo step.
import { conflicts, ruledOut } from "./rules.js";

export const EMPTY = 0, CROSS = 1, QUEEN = 2;
export const STATE_NAMES = ["empty", "cross", "queen"];

export class Game {
  constructor(level, { autoCross = true } = {}) {
    this.level = level;
    this.n = level.size;
    this.stars = level.stars || 1; // stars per row, column and region (1: Queens)
    this.autoCross = autoCross;
    this.marks = new Array(this.n * this.n).fill(EMPTY);
    this.autoBy = {}; // cell -> the queens whose auto-cross it is
    this.history = [];
    this.future = [];
    this.dragBefore = null;
  }

  snapshot() { return { marks: this.marks.slice(), autoBy: Object.entries(this.autoBy) }; }
  restore(s) { this.marks = s.marks.slice(); this.autoBy = Object.fromEntries(s.autoBy); }
  index(r, c) { return r * this.n + c; }
  cellsWith(mark) {
    return this.marks.flatMap((m, i) => (m === mark ? [[Math.floor(i / this.n), i % this.n]] : []));
  }
  queens() { return this.cellsWith(QUEEN); }
  crosses() { return this.cellsWith(CROSS); }
  conflicts() { return conflicts(this.level.regions, this.level.rule, this.queens(), this.stars); }
  isFull() { return this.queens().length === this.n * this.stars && !this.conflicts().length; }
  hasMarks() { return this.marks.some((m) => m !== EMPTY); }

  // One undoable change; false (and no history) when it changed nothing.
  change(fn) {
    const before = this.snapshot();
    this.taps = null;
    fn(this);
    if (before.marks.every((m, i) => m === this.marks[i])) return false;
    this.history.push(before);
    this.future = [];
    return true;
  }
  // A tap cycles the cell; taps in a row on one cell are counted for doubleTap.
  tap(i) {
    const run = this.taps && this.taps.cell === i ? this.taps.count : 0;
    if (!this.change((s) => s.cycle(i))) return false;
    this.taps = { cell: i, count: run + 1 };
    return true;
  }
  // A double click asks for a queen, but the browser delivers its two clicks first, each a
  // tap and an undo step: the three are one step, so Undo goes back to before the first tap
  // (not to a stray cross). True when the double click itself changed the board (its taps
  // were already counted as changes).
  doubleTap(i) {
    const taps = this.taps && this.taps.cell === i ? Math.min(this.taps.count, 2) : 0;
    const start = this.history.length - taps; // the first tap's step
    const before = taps ? this.history[start] : this.snapshot();
    const changes = this.marks[i] !== QUEEN;
    this.taps = null;
    this.set(i, QUEEN);
    this.history.length = start;
    this.future = [];
    if (!before.marks.every((m, k) => m === this.marks[k])) this.history.push(before);
    return changes;
  }
  undo() {
    if (!this.history.length) return false;
    this.taps = null;
    this.future.push(this.snapshot()); this.restore(this.history.pop()); return true;
  }
  redo() {
    if (!this.future.length) return false;
    this.taps = null;
    this.history.push(this.snapshot()); this.restore(this.future.pop()); return true;
  }

  set(i, value) {
    const before = this.marks[i];
    if (before === value) return;
    if (before === QUEEN) this.takeBackCrosses(i);
    delete this.autoBy[i];
    this.marks[i] = value;
    if (value === QUEEN && this.autoCross) {
      const r = Math.floor(i / this.n), c = i % this.n;
      for (const [a, b] of ruledOut(this.level.regions, this.level.rule, r, c, this.stars)) {
        const j = this.index(a, b);
        if (this.marks[j] === EMPTY) { this.marks[j] = CROSS; this.autoBy[j] = [i]; }
        else if (this.autoBy[j]) this.autoBy[j].push(i);
      }
    }
  }
  cycle(i) { this.set(i, (this.marks[i] + 1) % 3); }
  clear() { this.marks.fill(EMPTY); this.autoBy = {}; }

  takeBackCrosses(queen) {
    for (const [j, owners] of Object.entries(this.autoBy)) {
      const left = owners.filter((o) => o !== queen);
      if (left.length === owners.length) continue;
      if (left.length) this.autoBy[j] = left;
      else { delete this.autoBy[j]; if (this.marks[j] === CROSS) this.marks[j] = EMPTY; }
    }
  }

  // A drag crosses every empty cell it passes; the whole drag is one undo step.
  beginDrag() { this.dragBefore = this.snapshot(); }
  dragCross(i) {
    if (this.marks[i] !== EMPTY) return false;
    delete this.autoBy[i]; this.marks[i] = CROSS; return true;
  }
  endDrag() {
    const before = this.dragBefore;
    this.dragBefore = null;
    if (!before || before.marks.every((m, i) => m === this.marks[i])) return false;
    this.history.push(before); this.future = []; return true;
  }
}

// The move log a solve carries: [ms_since_open, row, col, mark] for every queen placed or
// taken off and every single mark the player set (auto-crosses and drags are not moves of
// their own), "open" being the player's start (the first mark), when the server's clock
// starts too. The server replays it against the level and its clock before it ranks the
// solve; the log survives a reload with the board's progress.
import { QUEEN } from "./state.js";

export const MAX_MOVES = 3000;

export class MoveLog {
  constructor(n, saved) {
    this.n = n;
    this.openedAt = saved && Number.isFinite(saved.openedAt) ? saved.openedAt : null;
    this.moves = saved && Array.isArray(saved.moves) ? saved.moves : [];
  }

  // The player's start: the log's times count from here (once).
  begin(now = Date.now()) { if (this.openedAt === null) this.openedAt = now; }

  // The marks before and after one change of the board.
  record(before, after, now = Date.now()) {
    this.begin(now);
    const ms = Math.max(0, Math.round(now - this.openedAt));
    const changed = [];
    for (let i = 0; i < after.length; i++) if (before[i] !== after[i]) changed.push(i);
    for (const i of changed) {
      if (this.moves.length >= MAX_MOVES) return;
      if (before[i] === QUEEN || after[i] === QUEEN || changed.length === 1) {
        this.moves.push([ms, Math.floor(i / this.n), i % this.n, after[i]]);
      }
    }
  }

  toJSON() { return { openedAt: this.openedAt, moves: this.moves }; }
}

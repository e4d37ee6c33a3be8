// Recorded solves played back, no DOM: a ghost's queens at a moment of its timeline, a
// replay's marks at a moment of its move log, and the clock both run on (play, pause,
// seek, speed). Times are ms from the recording's opening, as its log has them.
import { EMPTY } from "./state.js";

// How many queens a ghost had on the board `ms` into its solve ([[ms, queens], ...]).
export function queensAt(timeline, ms) {
  let queens = 0;
  for (const [at, count] of timeline) {
    if (at > ms) break;
    queens = count;
  }
  return queens;
}

// The marks of an n×n board after every move of the log made by `ms`; and how many moves.
export function marksAt(moves, n, ms) {
  const marks = new Array(n * n).fill(EMPTY);
  let played = 0;
  for (const [at, row, col, mark] of moves) {
    if (at > ms) break;
    marks[row * n + col] = mark;
    played += 1;
  }
  return { marks, played };
}

export const SPEEDS = [1, 2, 4, 8];

// A clock over [0, duration] ms that runs at a speed and can be paused and moved; `now`
// is the page's clock (performance.now), given so tests can drive it.
export class Playback {
  constructor(duration, { now = () => performance.now(), speed = 1 } = {}) {
    this.duration = Math.max(0, duration);
    this.now = now;
    this.speed = speed;
    this.base = 0; // the position when the clock last started or moved
    this.since = null; // when it started running (null: paused)
  }

  get playing() { return this.since !== null && this.position() < this.duration; }
  get ended() { return this.position() >= this.duration; }

  position() {
    const run = this.since === null ? 0 : (this.now() - this.since) * this.speed;
    return Math.min(this.duration, this.base + run);
  }

  play() {
    if (this.ended) this.base = 0; // from the start again
    else this.base = this.position();
    this.since = this.now();
  }

  pause() { this.base = this.position(); this.since = null; }

  seek(ms) {
    this.base = Math.max(0, Math.min(this.duration, ms));
    if (this.since !== null) this.since = this.now();
  }

  setSpeed(speed) {
    this.base = this.position();
    if (this.since !== null) this.since = this.now();
    this.speed = speed;
  }
}

// The level builder's painting, no DOM: a grid of regions (-1 unpainted) and strokes with
// undo/redo. One stroke (a tap, a drag, a fill, an accepted fix) is one undo step.
export const UNPAINTED = -1;

export class Painting {
  constructor(size, regions = null) {
    this.n = size;
    this.cells = regions ? regions.flat() : new Array(size * size).fill(UNPAINTED);
    this.history = [];
    this.future = [];
    this.before = null;
  }

  regions() {
    return Array.from({ length: this.n }, (_, r) => this.cells.slice(r * this.n, (r + 1) * this.n));
  }
  isBlank() { return this.cells.every((g) => g === UNPAINTED); }
  same(cells) { return cells.every((g, i) => g === this.cells[i]); }

  // A stroke: begin, paint or fill any number of cells, end; false when it changed nothing.
  begin() { if (!this.before) this.before = this.cells.slice(); }
  end() {
    const before = this.before;
    this.before = null;
    if (!before || this.same(before)) return false;
    this.history.push(before);
    this.future = [];
    return true;
  }
  stroke(fn) { this.begin(); fn(this); return this.end(); }

  paint(i, g) {
    if (this.cells[i] === g) return false;
    this.cells[i] = g;
    return true;
  }

  // Every cell of the 4-connected area of i's colour (painted or not) takes g.
  fill(i, g) {
    const from = this.cells[i], n = this.n;
    if (from === g) return false;
    const todo = [i];
    this.cells[i] = g;
    while (todo.length) {
      const j = todo.pop(), r = Math.floor(j / n), c = j % n;
      for (const [a, b] of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]) {
        const k = a * n + b;
        if (a >= 0 && a < n && b >= 0 && b < n && this.cells[k] === from) {
          this.cells[k] = g;
          todo.push(k);
        }
      }
    }
    return true;
  }

  replace(regions) { return this.stroke((p) => { p.cells = regions.flat(); }); }

  undo() {
    if (!this.history.length) return false;
    this.future.push(this.cells); this.cells = this.history.pop(); return true;
  }
  redo() {
    if (!this.future.length) return false;
    this.history.push(this.cells); this.cells = this.future.pop(); return true;
  }
}

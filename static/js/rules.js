// The rules on the client: which cells a queen rules out, and which queens conflict. With
// stars > 1 (Star Battle, k stars per row, column and region) a star rules out only the cells
// touching it, and conflicts are touching stars and units holding more than k
// (generator_ext/rules.py is the same rule; a test holds the two equal).
export function ruledOut(regions, rule, r, c, stars = 1) {
  const n = regions.length, out = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === r && j === c) continue;
      const dr = Math.abs(i - r), dc = Math.abs(j - c);
      if (stars !== 1) { if (dr <= 1 && dc <= 1) out.push([i, j]); continue; }
      if (i === r || j === c || regions[i][j] === regions[r][c] || (dr <= 1 && dc <= 1)
          || (rule === "classic" && dr === dc)) out.push([i, j]);
    }
  }
  return out;
}

export function conflicts(regions, rule, queens, stars = 1) {
  if (stars !== 1) return starConflicts(regions, queens, stars);
  const found = [];
  for (let a = 0; a < queens.length; a++) {
    for (let b = a + 1; b < queens.length; b++) {
      const [r1, c1] = queens[a], [r2, c2] = queens[b];
      const cells = [[r1, c1], [r2, c2]];
      if (r1 === r2) found.push({ kind: "row", cells });
      if (c1 === c2) found.push({ kind: "column", cells });
      if (regions[r1][c1] === regions[r2][c2]) found.push({ kind: "region", cells });
      const dr = Math.abs(r1 - r2), dc = Math.abs(c1 - c2);
      if (dr <= 1 && dc <= 1) found.push({ kind: "touch", cells });
      else if (rule === "classic" && dr === dc) found.push({ kind: "diagonal", cells });
    }
  }
  return found;
}

// Touching stars, then every row, column and region holding more than k stars (cells sorted).
function starConflicts(regions, stars, k) {
  const cells = stars.map(([r, c]) => [r, c]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const found = [];
  for (let a = 0; a < cells.length; a++) {
    for (let b = a + 1; b < cells.length; b++) {
      const [r1, c1] = cells[a], [r2, c2] = cells[b];
      if (Math.max(Math.abs(r1 - r2), Math.abs(c1 - c2)) === 1) {
        found.push({ kind: "touch", cells: [[r1, c1], [r2, c2]] });
      }
    }
  }
  for (const [kind, unit] of [["row", (r) => r], ["column", (r, c) => c],
                              ["region", (r, c) => regions[r][c]]]) {
    const groups = new Map();
    for (const [r, c] of cells) {
      const u = unit(r, c);
      if (!groups.has(u)) groups.set(u, []);
      groups.get(u).push([r, c]);
    }
    for (const u of [...groups.keys()].sort((a, b) => a - b)) {
      if (groups.get(u).length > k) found.push({ kind, cells: groups.get(u) });
    }
  }
  return found;
}

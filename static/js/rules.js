// The rules on the client: which cells a queen rules out, and which queens conflict.
export function ruledOut(regions, rule, r, c) {
  const n = regions.length, out = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === r && j === c) continue;
      const dr = Math.abs(i - r), dc = Math.abs(j - c);
      if (i === r || j === c || regions[i][j] === regions[r][c] || (dr <= 1 && dc <= 1)
          || (rule === "classic" && dr === dc)) out.push([i, j]);
    }
  }
  return out;
}

export function conflicts(regions, rule, queens) {
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

// "Solvable?"'s view: every DOM write of the page (the board through board.js, the row and
// column numbers a claim selects, the units selected, the answer, the proof drawn on the
// board, the hint, the run's end and its leaderboard). It decides nothing.
import { buildBoard, renderBoard } from "./board.js";
import { gettext, interpolate, ngettext } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export function createSolvableView({ root, boardEl, palette }) {
  let cells = [], level = null, hint = null;

  function headers(n) {
    for (const [id, kind] of [["sv-cols", "column"], ["sv-rows", "row"]]) {
      const bar = $(id);
      bar.replaceChildren();
      for (let i = 0; i < n; i++) {
        const button = document.createElement("button");
        button.type = "button"; button.className = "sv-unit";
        button.dataset.unit = kind; button.dataset.index = i; button.textContent = i + 1;
        button.setAttribute("aria-label", interpolate(kind === "row" ? gettext("Row %(number)s")
          : gettext("Column %(number)s"), { number: i + 1 }));
        bar.appendChild(button);
      }
    }
  }

  // The cells of a unit list ([[kind, index], ...]) on the board, as indexes.
  function cellsOf(units) {
    const n = level.size, found = new Set();
    for (const [kind, index] of units) {
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
        if ((kind === "row" && r === index) || (kind === "column" && c === index)
            || (kind === "region" && level.regions[r][c] === index)) found.add(r * n + c);
      }
    }
    return found;
  }

  const section = (id, shown) => { $(id).hidden = !shown; };

  return {
    // The status line of the screen shown: the start screen's, or the board's.
    status(text) { $($("sv-start").hidden ? "sv-status" : "sv-start-status").textContent = text; },

    // The start screen again, saying why (a run refused: no boards ready yet, say), with the
    // focus on its button.
    showStart(text) {
      section("sv-play", false); section("sv-summary", false); section("sv-start", true);
      $("sv-start-status").textContent = text;
      if (!$("sv-start").contains(document.activeElement)) $("sv-start-button").focus();
    },

    showRun() {
      section("sv-start", false); section("sv-summary", false); section("sv-play", true);
      $("sv-start-status").textContent = "";
    },

    showBoard(board, { at, total, score }) {
      level = board; hint = null;
      root.style.setProperty("--n", board.size);
      cells = buildBoard(boardEl, board, palette);
      headers(board.size);
      $("sv-progress").textContent = interpolate(gettext("Board %(number)s of %(total)s"),
        { number: at + 1, total });
      $("sv-score").textContent = interpolate(gettext("Score: %(score)s"), { score });
      $("sv-verdict").hidden = true;
    },

    render({ marks, mode, claim, proof, conflicts, full }) {
      renderBoard(cells, level, palette, marks, { conflicts });
      const claimed = cellsOf(claim), proofCells = proof ? cellsOf(proof.units) : new Set();
      const because = new Set((proof ? proof.because : hint ? hint.because : [])
        .map(([r, c]) => r * level.size + c));
      const hinted = (list) => new Set((hint && !proof ? list : []).map(([r, c]) => r * level.size + c));
      const hintQueens = hinted(hint ? hint.queens : []), hintCrosses = hinted(hint ? hint.crosses : []);
      cells.forEach((cell, i) => {
        cell.classList.toggle("sv-claimed", claimed.has(i));
        cell.classList.toggle("sv-proof", proofCells.has(i));
        cell.classList.toggle("hint-because", because.has(i));
        cell.classList.toggle("hint-queen", hintQueens.has(i));
        cell.classList.toggle("hint-cross", hintCrosses.has(i));
      });
      const selected = new Set(claim.map(([kind, index]) => `${kind}:${index}`));
      const shown = new Set((proof ? proof.units : []).map(([kind, index]) => `${kind}:${index}`));
      for (const button of root.querySelectorAll(".sv-unit")) {
        const key = `${button.dataset.unit}:${button.dataset.index}`;
        button.disabled = mode !== "claim";
        button.setAttribute("aria-pressed", selected.has(key) ? "true" : "false");
        button.classList.toggle("sv-proof", shown.has(key));
      }
      root.dataset.mode = mode;
      section("sv-play-controls", mode === "play");
      section("sv-claim-controls", mode === "claim");
      section("sv-answered-controls", mode === "answered");
      $("sv-solved").classList.toggle("primary", !!full);
      $("sv-claim-count").textContent = claim.length ? interpolate(ngettext(
        "%(count)s selected", "%(count)s selected", claim.length), { count: claim.length }) : "";
    },

    showHint(step) {
      hint = step;
      section("sv-hint", true);
      $("sv-hint-text").textContent = step.message;
    },
    hideHint() { hint = null; section("sv-hint", false); },

    showAnswer(result, { at, total }) {
      const verdict = $("sv-verdict");
      verdict.hidden = false;
      verdict.className = `sv-verdict ${result.correct ? "good" : "bad"}`;
      $("sv-verdict-title").textContent = result.correct ? gettext("Right!") : gettext("Wrong");
      $("sv-verdict-text").textContent = result.message;
      // A trap's proof ends "so this board has no solution": said once, by the proof.
      $("sv-verdict-kind").textContent = !result.trap ? gettext("This board had a solution: here it is.")
        : result.proof ? "" : gettext("This board had no solution.");
      $("sv-proof-text").textContent = result.proof ? result.proof.message : "";
      // What the board now shows: queens the player never placed may be on it.
      $("sv-board-shows").textContent = result.proof
        ? gettext("The board now shows the proof: the queens and crosses logic forces, and the units that conflict.")
        : result.solution ? gettext("The board now shows its solution.") : "";
      $("sv-points").textContent = interpolate(gettext("+%(points)s points"), { points: result.points });
      $("sv-score").textContent = interpolate(gettext("Score: %(score)s"), { score: result.score });
      $("sv-next").hidden = result.finished;
      this.status("");
      (result.finished ? verdict : $("sv-next")).focus({ preventScroll: false });
      if (at + 1 === total) $("sv-next").hidden = true;
    },

    showSummary(run, board) {
      section("sv-summary", true);
      $("sv-final").textContent = interpolate(gettext("%(right)s of %(total)s right · %(score)s points"),
        { right: run.boards.filter((b) => b.correct).length, total: run.total, score: run.score });
      const rows = $("sv-board-rows");
      rows.replaceChildren();
      for (const entry of board ? board.entries : []) {
        const tr = document.createElement("tr");
        for (const text of [entry.rank, entry.name, entry.score]) {
          const td = document.createElement("td"); td.textContent = text; tr.appendChild(td);
        }
        rows.appendChild(tr);
      }
      const listed = !!(board && board.entries.length);
      $("sv-board-empty").hidden = listed;
      $("sv-board-head").hidden = !listed; // no headings over an empty table
      const mine = board && board.mine;
      $("sv-board-me").textContent = !mine ? "" : interpolate(mine.shown
        ? gettext("Your best: %(score)s points, place %(rank)s.")
        : gettext("Your best: %(score)s points. Only players who show their name are listed: sign in and show yours on “You”."),
      mine);
      $("sv-summary").scrollIntoView({ block: "start" });
    },

    focusCell(i) { cells[i]?.focus(); },
    // The board's focusable cell (drawn: a cell takes the focus once render gave it a tabindex).
    focusBoard() { (boardEl.querySelector('.cell[tabindex="0"]') || cells[0])?.focus({ preventScroll: true }); },
    // A claim's first row or column number; back to "No solution" when it is cancelled.
    focusUnits() { root.querySelector(".sv-unit:not(:disabled)")?.focus(); },
    focusNoSolution() { $("sv-no-solution").focus(); },
  };
}

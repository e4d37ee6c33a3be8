// Solves made offline, sent when the network returns. The server replays each one's move log
// to its queens and records it unranked; a sent solve leaves the queue, and so does one the
// server refused for good (a 400 never turns into a 201 by asking again).
import * as api from "./api.js";
import * as store from "./storage.js";

export const SENT_EVENT = "queens:offline-solve-sent";

export function queueSolve(level, url, body) {
  const kept = store.pendingSolves().filter((entry) => entry.level !== level);
  store.savePendingSolves([...kept, { level, url, body }]);
}

export const isQueued = (level) => store.pendingSolves().some((entry) => entry.level === level);

let sending = false;
export async function sendQueued() {
  if (sending || navigator.onLine === false) return;
  sending = true;
  try {
    for (const entry of store.pendingSolves()) {
      const answer = await api.post(entry.url, entry.body);
      // Final: recorded, or refused for good (a bad solve, a level gone). Anything else (no
      // network, a limit, a server error, a page without its CSRF cookie) is tried later.
      if (!(answer.ok || answer.status === 400 || answer.status === 404)) break;
      store.savePendingSolves(store.pendingSolves().filter((e) => e.level !== entry.level));
      window.dispatchEvent(new CustomEvent(SENT_EVENT, { detail: { level: entry.level, answer } }));
    }
  } finally { sending = false; }
}

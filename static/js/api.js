// The API client: every call answers {ok, status, data, message} and never throws, so a
// network error, a 429 or a 5xx becomes a sentence for the player, not an exception.
import { gettext, interpolate } from "./i18n.js";

let csrf = "";
export const setCsrf = (token) => { csrf = token; };

export function problem(status, detail) {
  if (status === 0) return gettext("No connection to the server: check your network and try again.");
  if (status === 429) return gettext("Too many requests at once: wait a moment and try again.");
  // A 503 with a detail is a refusal the server explains (with Retry-After: no boards ready
  // yet, a job still running): its sentence says what to do. Any other 5xx is a fault.
  if (status >= 500 && !(status === 503 && detail)) {
    return gettext("The server had a problem; please try again in a moment.");
  }
  return detail ? sentence(detail) : interpolate(gettext("The server answered %(status)s."), { status });
}

// The API's details are written to be quoted ("board size must be…"); shown alone, each
// starts as a sentence does.
const sentence = (text) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

async function call(url, options) {
  let response;
  try { response = await fetch(url, { credentials: "same-origin", ...options }); }
  catch (e) { return { ok: false, status: 0, data: null, message: problem(0) }; }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  return { ok: response.ok, status: response.status, data,
           message: response.ok ? "" : problem(response.status, data && data.detail) };
}

export const get = (url) => call(url, {});
export const send = (method) => (url, body) => call(url, {
  method,
  headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
  body: JSON.stringify(body || {}),
});
export const post = send("POST");
export const put = send("PUT");
export const del = (url) => call(url, { method: "DELETE", headers: { "X-CSRFToken": csrf } });

// Costly work runs on the server's builder queue: the answer is then a job (202, or 201 for
// a fix) with a url to poll. `settled` polls it until it ends: the finished job's answer, or
// a failed job's sentence as the message. Any other answer is returned as it is.
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
const waiting = (answer) => answer.ok && answer.data && answer.data.url
  && ["queued", "running"].includes(answer.data.status);
// A POST the server refused as busy (503: this player's last job still runs, from another
// tab, say) is asked again a second later, a few times.
export async function postWhenFree(url, body, tries = 8) {
  let answer = await post(url, body);
  for (let i = 0; answer.status === 503 && i < tries; i++) {
    await sleep(1000);
    answer = await post(url, body);
  }
  return answer;
}

export async function settled(answer) {
  for (let tries = 0; waiting(answer); tries++) {
    if (tries >= 120) {
      return { ok: false, status: 0, data: null,
               message: gettext("The server is taking too long; try again.") };
    }
    await sleep(tries < 10 ? 250 : 1000);
    answer = await get(answer.data.url);
  }
  if (answer.ok && answer.data && answer.data.status === "failed") {
    return { ...answer, ok: false, message: problem(answer.status, answer.data.detail) };
  }
  return answer;
}

// ---------------------------------------------------------------- the endpoints
// Every address of the API lives here, one function each; the pages call these, never a URL.
const levelUrl = (size, id) => `/api/levels/${size}/${id}/`;
const ofLevel = (level, rest) => levelUrl(level.size, level.id) + rest;

// A level, and a random one of a size avoiding `exclude` (ids); rule, tier and stars only
// when asked for; near: "me" for one near the player's rating.
export const levelAt = (size, id) => get(levelUrl(size, id));
export const randomLevel = (size, { exclude, rule = "", tier = "", stars = 1, near = "" }) => get(
  `/api/levels/${size}/?exclude=${exclude.join(",")}`
  + `${rule ? `&rule=${rule}` : ""}${tier ? `&tier=${tier}` : ""}${stars !== 1 ? `&stars=${stars}` : ""}`
  + `${near ? `&near=${near}` : ""}`);

// A level in play: its start, its check, its solve, a hint, the solution, recorded solves.
export const startLevel = (level, body) => post(ofLevel(level, "start/"), body);
export const checkLevel = (level, body) => post(ofLevel(level, "check/"), body);
// Where a solve is sent (the offline outbox keeps the address with the solve).
export const solvesUrl = (level) => ofLevel(level, "solves/");
export const sendSolve = (level, body) => post(solvesUrl(level), body);
export const askHint = (level, body) => post(ofLevel(level, "hint/"), body);
export const reveal = (level, body) => post(ofLevel(level, "reveal/"), body);
export const recordings = (level) => get(ofLevel(level, "recordings/"));
export const recording = (level, id) => get(ofLevel(level, `recordings/${id}/`));

// The player: who they are, their name and hiding, deleting them, following others, sync.
export const me = () => get("/api/me/");
export const updateMe = (body) => send("PATCH")("/api/me/", body);
export const deleteMe = () => del("/api/me/");
export const follow = (handle) => post("/api/me/follows/", { handle });
export const unfollow = (handle) => send("DELETE")("/api/me/follows/", { handle });
export const syncCode = () => post("/api/sync/code/", {});
export const joinSync = (code) => post("/api/sync/join/", { code });

// Leaderboards and race rooms.
export const dailyLeaderboard = (query) => get(`/api/leaderboards/daily/?${query}`);
export const createRoom = (body) => post("/api/rooms/", body);

// The level builder: its jobs (analysis, fix, motif) answer with a job to poll (settled).
// "Solvable?" (issue 40): a run, its boards' answers and hints, its leaderboard.
const solvableRun = (key) => `/api/solvable/runs/${key}/`;
export const startSolvable = (body) => post("/api/solvable/runs/", body);
export const solvableRunAt = (key) => get(solvableRun(key));
export const answerSolvable = (key, i, body) => post(`${solvableRun(key)}boards/${i}/answer/`, body);
export const solvableHint = (key, i, body) => post(`${solvableRun(key)}boards/${i}/hint/`, body);
export const solvableLeaderboard = (tier) => get(`/api/solvable/leaderboard/?tier=${tier}`);
export const analyzePainting = (body) => postWhenFree("/api/builder/analyze/", body);
export const saveDraft = (key, body) => (key ? put(`/api/builder/drafts/${key}/`, body)
  : post("/api/builder/drafts/", body));
export const deleteDraft = (key) => del(`/api/builder/drafts/${key}/`);
export const askFix = (body) => post("/api/builder/fix/", body);
export const publish = (body) => post("/api/builder/publish/", body);
export const composeMotif = (size, motif, rule) => get(
  `/api/builder/motif/?size=${size}&motif=${encodeURIComponent(motif)}&rule=${encodeURIComponent(rule)}`);

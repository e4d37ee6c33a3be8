// The API client: every call answers {ok, status, data, message} and never throws, so a
// network error, a 429 or a 5xx becomes a sentence for the player, not an exception.
import { gettext, interpolate } from "./i18n.js";

let csrf = "";
export const setCsrf = (token) => { csrf = token; };

export function problem(status, detail) {
  if (status === 0) return gettext("No connection to the server: check your network and try again.");
  if (status === 429) return gettext("Too many requests at once: wait a moment and try again.");
  if (status >= 500) return gettext("The server had a problem; please try again in a moment.");
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

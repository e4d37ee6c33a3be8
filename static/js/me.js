// The "You" page: the display name and hiding, a sync code with its QR code, deleting.
import * as api from "./api.js";
import { gettext, interpolate } from "./i18n.js";
import { forgetAllButSettings } from "./storage.js";

const $ = (id) => document.getElementById(id);
const page = $("me-page");
api.setCsrf(page.dataset.csrf);

const nameForm = $("name-form");
if (nameForm) {
  nameForm.onsubmit = async (e) => {
    e.preventDefault();
    const answer = await api.updateMe({ name: $("display-name").value });
    $("account-status").textContent = answer.ok
      ? interpolate(gettext("Saved: you are %(name)s."), { name: answer.data.name }) : answer.message;
    if (answer.ok) document.querySelector("h1").textContent = answer.data.name;
  };
  $("hidden-toggle").onchange = async (e) => {
    const answer = await api.updateMe({ hidden: e.target.checked });
    $("account-status").textContent = !answer.ok ? answer.message : answer.data.hidden
      ? gettext("Hidden: the leaderboards no longer show you.") : gettext("The leaderboards show you again.");
  };
}

const showCode = $("show-code");
if (showCode) {
  let timer = null;
  showCode.onclick = async () => {
    const answer = await api.syncCode();
    if (!answer.ok) { $("sync-status").textContent = answer.message; return; }
    const { code, expires_at: expires, qr } = answer.data;
    $("sync-code").textContent = code;
    $("sync-qr").innerHTML = qr; // the server's own SVG
    $("sync-code-box").hidden = false;
    clearInterval(timer);
    const tick = () => {
      const left = Math.max(0, Math.round((new Date(expires) - Date.now()) / 1000));
      $("sync-expiry").textContent = left
        ? interpolate(gettext("Valid for %(time)s, once."),
          { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` })
        : gettext("This code has expired: show a new one.");
      if (!left) clearInterval(timer);
    };
    tick(); timer = setInterval(tick, 1000);
  };
}

$("delete-me").onclick = async () => {
  const signedIn = page.dataset.signedIn === "true";
  const question = signedIn
    ? gettext("Delete your account, your name and email, your follows and drafts? Your solves stay only as anonymous numbers. This cannot be undone.")
    : gettext("Delete this browser's history, follows and drafts? Your solves stay only as anonymous numbers. This cannot be undone.");
  if (!confirm(question)) return;
  const answer = await api.deleteMe();
  if (!answer.ok && answer.status !== 204) { $("data-status").textContent = answer.message; return; }
  forgetAllButSettings();
  location.assign("/me/?deleted=1");
};

// The installable, offline site: the service worker (/sw.js keeps the shell, today's daily and
// a few levels per size) and the solves made offline, sent when the network is back.
import { setCsrf } from "./api.js";
import { sendQueued } from "./outbox.js";

const csrf = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
if (csrf) setCsrf(csrf.slice("csrftoken=".length));

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}
window.addEventListener("online", sendQueued);
sendQueued();
// A queue left from a visit that ended offline: try again now and then while the page is open.
setInterval(sendQueued, 30000);

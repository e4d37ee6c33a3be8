// The sync page: join this device to another device's history with its code.
import * as api from "./api.js";
import { gettext, interpolate } from "./i18n.js";
import { forgetHistory, saveMe } from "./storage.js";

const $ = (id) => document.getElementById(id);
api.setCsrf($("sync-page").dataset.csrf);
$("join-form").onsubmit = async (e) => {
  e.preventDefault();
  const answer = await api.joinSync($("join-code").value);
  if (!answer.ok) { $("join-status").textContent = answer.message; return; }
  forgetHistory();
  const me = answer.data.me;
  saveMe(me); // the joined history's streak and solves, shown at once by the other pages
  $("join-status").textContent = interpolate(gettext("Joined: streak %(streak)s, %(solves)s solved. This device now shares that history."),
    { streak: me.streak, solves: me.solves });
};

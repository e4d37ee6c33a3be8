// A player's public page: follow or unfollow them.
import * as api from "./api.js";
import { gettext } from "./i18n.js";

const page = document.getElementById("player-page");
const button = document.getElementById("follow");
api.setCsrf(page.dataset.csrf);
button.onclick = async () => {
  const following = button.dataset.followed === "true";
  const answer = await (following ? api.unfollow : api.follow)(page.dataset.handle);
  const status = document.getElementById("follow-status");
  if (!answer.ok) { status.textContent = answer.message; return; }
  button.dataset.followed = String(!following);
  button.textContent = following ? gettext("Follow") : gettext("Unfollow");
  status.textContent = following ? gettext("Unfollowed.") : gettext("Following: they are on your friends' board.");
};

// Making a race room: its settings, then off to its page (the room's link to share).
import * as api from "./api.js";
import { tierName } from "./words.js";

const $ = (id) => document.getElementById(id);
const tiersBySize = JSON.parse($("tiers-by-size").textContent);
api.setCsrf($("rooms-new").dataset.csrf);

function showTiers() {
  const tiers = tiersBySize[$("room-size").value] || [];
  $("room-tier").replaceChildren(...tiers.map((tier) => new Option(tierName(tier), tier)));
}
$("room-size").onchange = showTiers;
showTiers();

$("room-form").onsubmit = async (e) => {
  e.preventDefault();
  const answer = await api.createRoom({
    size: Number($("room-size").value), tier: $("room-tier").value,
    boards: Number($("room-boards").value), name: $("room-name").value,
  });
  if (!answer.ok) { $("room-status").textContent = answer.message; return; }
  location.assign(answer.data.url);
};

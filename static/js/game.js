// The game page's script: it only wires. The controller (game_controller.js) is handed the
// page's input (input.js), its view (game_view.js), storage (storage.js), the API client
// (api.js), the offline outbox (outbox.js), the page's clock and navigation, and the data
// the page was served with; it holds the play and decides.
import * as api from "./api.js";
import { utcToday } from "./clock.js";
import { GameController } from "./game_controller.js";
import { createGameView } from "./game_view.js";
import { gameInput } from "./input.js";
import * as outbox from "./outbox.js";
import * as storage from "./storage.js";

const $ = (id) => document.getElementById(id);
const data = (id) => JSON.parse($(id).textContent);
const root = $("game"), boardEl = $("board");
api.setCsrf(root.dataset.csrf);

// The page's load on its own clock: when the server's answer began to arrive (the opening
// token was signed just before it), else when this script ran. The player's start is timed
// from it.
const navigation = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
const loadedAt = navigation && navigation.responseStart > 0 && navigation.responseStart <= performance.now()
  ? navigation.responseStart : performance.now();

const page = {
  now: () => performance.now(),
  every: (ms, callback) => setInterval(callback, ms),
  stop: (timer) => clearInterval(timer),
  today: () => utcToday(),
  hidden: () => document.hidden,
  loadedAt,
  url: (path) => new URL(path, location.origin).href,
  go: (path) => location.assign(path),
  replace: (path) => location.replace(path),
};

new GameController({
  input: gameInput(boardEl, () => +root.dataset.size),
  view: createGameView({ root, boardEl, palette: data("region-colors") }),
  storage, api, outbox, page,
  config: { tiersBySize: data("tiers-by-size"), starTiers: data("star-tiers"), limits: data("queens-limits"),
            size: root.dataset.size, rule: root.dataset.rule, tier: root.dataset.tier, stars: root.dataset.stars },
  level: data("level-data"),
}).start();

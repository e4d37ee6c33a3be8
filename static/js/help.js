// Help on every board: the rules and controls one tap away, and the first-visit tutorial
// (shown once by itself, replayable from the rules).
import * as store from "./storage.js";
import { setUpTutorial } from "./tutorial.js";

const $ = (id) => document.getElementById(id);
const rules = $("rules-dialog");
const tutorial = setUpTutorial(JSON.parse($("tutorial-data").textContent),
  JSON.parse($("region-colors").textContent), {
    autoCross: () => store.settings().autoCross,
    onClose: () => store.saveTutorialSeen(),
    // The board (its skip-link target hands the focus to its current cell).
    returnFocus: () => $("board"),
  });

$("rules-open").onclick = () => rules.showModal();
$("rules-close").onclick = () => rules.close();
$("tutorial-replay").onclick = () => { rules.close(); tutorial.open($("rules-open")); };
if (!store.tutorialSeen()) tutorial.open();

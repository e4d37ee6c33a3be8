// The win screen's share text: spoiler-free, in the player's language.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { fmt } from "./clock.js";
import { tierWord } from "./words.js";

export function shareText(level, seconds, hints, url) {
  const what = level.daily ? interpolate(gettext("Queens daily #%(number)s"), level.daily)
    : `Queens ${level.size}×${level.size}`;
  const tier = level.tier ? ` · ${tierWord(level.tier)}` : "";
  const help = hints
    ? `💡 ${interpolate(ngettext("%(count)s hint", "%(count)s hints", hints), { count: hints })}`
    : gettext("no hints");
  // One crown per queen placed: the grid says how big, never where.
  return `${what}${tier}\n⏱ ${fmt(seconds)} · ${help}\n${"👑".repeat(level.size)}\n${url}`;
}

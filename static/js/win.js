// The win screen's words: the share text (spoiler-free) and the countdown to the next daily.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { tierWord } from "./words.js";

export const fmt = (s) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

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

export function untilNextDaily(now = new Date()) {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const s = Math.max(0, Math.floor((next - now.getTime()) / 1000));
  const pad = (v) => String(v).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

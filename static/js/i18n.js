// The game's words in the page's language: Django's JavaScript catalogue (/jsi18n/<lang>/, loaded
// before the modules) supplies gettext and friends; without it (Node's tests, a failed
// load) the English as written. The names are gettext's own so that makemessages finds
// the strings: gettext("..."), ngettext("one", "many", n), pgettext("context", "...").
const catalogue = globalThis;

export function gettext(text) {
  return catalogue.gettext ? catalogue.gettext(text) : text;
}

export function ngettext(one, many, count) {
  if (catalogue.ngettext) return catalogue.ngettext(one, many, count);
  return count === 1 ? one : many;
}

export function pgettext(context, text) {
  return catalogue.pgettext ? catalogue.pgettext(context, text) : text;
}

// "%(count)s hints" with {count: 3}: named places, as Django's interpolate(fmt, obj, true).
export function interpolate(text, values) {
  return text.replace(/%\((\w+)\)s/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// The language the page is in (<html lang>), for numbers and dates.
export function pageLanguage() {
  return (globalThis.document && document.documentElement.lang) || "en";
}

// Queens' service worker: the site installs, and plays without a network. Rendered by
// puzzles/web/views/offline.py with this deployment's version and files.
//
// What it keeps, in one cache per version ("queens-<version>"):
// - the shell: the site's own static files, all or nothing at install;
// - pages that play offline: home, today's daily, how to play, every level page opened,
//   and a few levels per size from /offline/levels.json (pages embed their levels);
// - the offline page, for any other page asked for without a network.
// Never the API: its answers are live, and a solution must never sit in a cache.
//
// Updates: a new deployment serves a new version, so this file changes; the browser installs
// the new worker on the next visit, it takes over at once and drops every older cache.
// Pages are asked of the network first, and the files with hashed names (production's) are
// kept under their own names, so a page never pairs with another version's files.
const VERSION = {{ version|safe }};
const CACHE = `queens-${VERSION}`;
const SHELL = {{ shell|safe }};
const PAGES = {{ pages|safe }};
const LEVELS = {{ levels_url|safe }};
const OFFLINE_PAGE = {{ offline_url|safe }};
const SHELL_PATHS = new Set(SHELL.map((url) => new URL(url, self.location.origin).pathname));
const KEPT_PAGE = /^\/(|daily\/|how-to-play\/|levels\/\d+\/)$/;
const LEVEL_PAGE = /^\/levels\/\d+\/$/;
const HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/; // ManifestStaticFilesStorage's names
const MAX_LEVEL_PAGES = 80;
const LEVELS_EVERY_MS = 12 * 3600 * 1000;
const MATCH = { ignoreVary: true };
const CATALOGUE = /^\/jsi18n\/[\w-]+\/$/; // the game's words, one catalogue per language

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(SHELL.map((url) => new Request(url, { cache: "reload" })));
    await Promise.allSettled(PAGES.map((url) => cache.add(new Request(url, { cache: "reload" }))));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("queens-") && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
    await keepLevels();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request, url));
    event.waitUntil(keepLevels());
  } else if (HASHED.test(url.pathname) && SHELL_PATHS.has(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (SHELL_PATHS.has(url.pathname) || CATALOGUE.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});

async function page(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected && KEPT_PAGE.test(url.pathname)) {
      await cache.put(url.pathname, response.clone());
      if (LEVEL_PAGE.test(url.pathname)) await trimLevelPages(cache);
    }
    return response;
  } catch (error) {
    const kept = await cache.match(url.pathname, MATCH);
    if (kept) return kept;
    const play = url.pathname.match(/^\/play\/(\d+)\/$/);
    const level = play && await keptLevelOf(cache, +play[1]);
    if (level) return Response.redirect(level, 302);
    return (await cache.match(OFFLINE_PAGE, MATCH)) || Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, MATCH);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request, { cache: "no-cache" });
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    return (await cache.match(request, MATCH)) || Response.error();
  }
}

// A few levels per size, asked for at most twice a day, one page at a time (the server
// renders each; nothing is urgent here).
let keeping = null;
function keepLevels() {
  keeping = keeping || (async () => {
    try {
      const cache = await caches.open(CACHE);
      const last = await cache.match(LEVELS, MATCH);
      const at = last ? Date.parse(last.headers.get("Date") || "") : NaN;
      if (last && Date.now() - at < LEVELS_EVERY_MS) return;
      const response = await fetch(LEVELS, { cache: "no-store" });
      if (!response.ok) return;
      const { levels } = await response.clone().json();
      for (const { url } of levels) {
        if (!(await cache.match(url, MATCH))) {
          try { await cache.add(new Request(url, { cache: "reload" })); } catch (error) { /* next time */ }
        }
      }
      await cache.put(LEVELS, response);
      await trimLevelPages(cache);
    } catch (error) { /* offline: keep what is kept */ } finally { keeping = null; }
  })();
  return keeping;
}

async function keptLevelOf(cache, size) {
  const list = await cache.match(LEVELS, MATCH);
  if (!list) return null;
  const { levels } = await list.json();
  const kept = [];
  for (const level of levels) {
    if (level.size === size && await cache.match(level.url, MATCH)) kept.push(level.url);
  }
  return kept.length ? kept[Math.floor(Math.random() * kept.length)] : null;
}

// The level pages kept: the newest MAX_LEVEL_PAGES (a cache lists keys in the order put).
async function trimLevelPages(cache) {
  const pages = (await cache.keys()).filter((request) => LEVEL_PAGE.test(new URL(request.url).pathname));
  await Promise.all(pages.slice(0, Math.max(0, pages.length - MAX_LEVEL_PAGES))
    .map((request) => cache.delete(request)));
}

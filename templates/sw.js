{% load i18n %}// CardScore's service worker (games/pages/offline.py serves it at /sw.js). Pages come from the network
// first, so a phone that can reach the server never sees an old page; only when it cannot does
// a table's page come from what this phone kept of it, marked with the time it was kept.
"use strict";

const SHELL = "cardscore-shell-{{ version }}";
const PAGES = "cardscore-pages";
const SHELL_FILES = {{ shell|safe }};
// The pages kept: each table's (its last board) and the home page (the list of tables, where the
// installed app starts).
const KEPT = /^\/(t\/[^/]+\/)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("cardscore-shell-") && name !== SHELL;
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

// Keep a copy of a table's page, with the time it was fetched (the offline marker says it).
async function keep(url, response) {
  const headers = new Headers(response.headers);
  headers.set("CardScore-Kept", String(Date.now()));
  const copy = new Response(await response.blob(), { status: response.status, headers });
  await (await caches.open(PAGES)).put(url.pathname, copy);
}

async function page(event, url) {
  try {
    const response = await fetch(event.request);
    if (KEPT.test(url.pathname) && response.ok) event.waitUntil(keep(url, response.clone()));
    return response;
  } catch (offline) {
    const kept = await caches.match(url.pathname, { cacheName: PAGES });
    if (!kept) return offlinePage();
    // A page kept for a sign-in that has expired since (games/plumbing/middleware.py) is shown no more.
    const until = kept.headers.get("CardScore-Keep-Until");
    if (until && Date.now() > Number(until)) {
      await (await caches.open(PAGES)).delete(url.pathname);
      return offlinePage();
    }
    const html = (await kept.text()).replace("<body", `<body data-offline-kept="${kept.headers.get("CardScore-Kept")}"`);
    return new Response(html, { headers: kept.headers });
  }
}

// A page this phone has not kept, asked for offline. One worker serves every language, so it
// carries the words in each (its bytes stay the same whichever language asked for it, and a phone
// does not install it again when its language changes); it speaks the language of the page this
// phone kept last (its Content-Language: the server's choice, from a cookie the worker cannot read),
// else the phone's own, else the first the server lists (its default).
const OFFLINE_WORDS = {
{% get_available_languages as languages %}{% for code, name in languages %}{% language code %}{% get_language_info for code as language %}  "{{ code }}": { dir: "{% if language.bidi %}rtl{% else %}ltr{% endif %}", text: "{% filter escapejs %}{% translate "You are offline, and this phone has not kept this page. The home page and the tables opened on this phone are kept." %}{% endfilter %}" },
{% endlanguage %}{% endfor %}};

async function offlineLanguage() {
  const cache = await caches.open(PAGES);
  const pages = await Promise.all((await cache.keys()).map((request) => cache.match(request)));
  const keptAt = (response) => Number(response.headers.get("CardScore-Kept"));
  const last = pages.sort((a, b) => keptAt(b) - keptAt(a))[0];
  const wanted = [last && last.headers.get("Content-Language"), ...navigator.languages.map((tag) => tag.split("-")[0])];
  return wanted.find((code) => code in OFFLINE_WORDS) || Object.keys(OFFLINE_WORDS)[0];
}

async function offlinePage() {
  const code = await offlineLanguage();
  const html = `<!doctype html><html lang="${code}" dir="${OFFLINE_WORDS[code].dir}"><meta charset=utf-8>` +
    "<meta name=viewport content='width=device-width'><title>CardScore</title>" +
    `<p style='font:1.1rem system-ui;padding:1rem'>${OFFLINE_WORDS[code].text}</p>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// Static files too come from the network first; the copies kept at install serve a page offline.
async function shellFile(request) {
  try {
    return await fetch(request);
  } catch (offline) {
    return (await caches.match(request, { cacheName: SHELL })) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(event, url));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(shellFile(request));
});

// The answer the browser already holds for a page (its HTTP cache), without asking the server. The
// browser files it under the cookies its request carried (the server varies pages on Cookie): none
// at a phone's very first visit, whose answer set them, else the phone's own. Only if it holds none
// (its cache cleared, or the page opened from another site's link) does the server send it again.
async function held(path) {
  for (const credentials of ["omit", "same-origin"]) {
    try {
      return await fetch(path, { cache: "only-if-cached", mode: "same-origin", credentials });
    } catch (notHeld) {
      // filed under the other cookies, or not at all
    }
  }
  return fetch(path);
}

// A page asks for its copy to be kept: the page that installed this worker, which no worker served
// (held: the browser has its answer already), or a page whose board changed since it came (a hand
// saved, the live board redrawn: the server's page now).
self.addEventListener("message", (event) => {
  const url = new URL(event.data.keep, self.location.origin);
  if (!KEPT.test(url.pathname)) return;
  const response = event.data.held ? held(url.pathname) : fetch(url.pathname);
  event.waitUntil(response.then((answer) => answer.ok && keep(url, answer)).catch(() => {}));
});

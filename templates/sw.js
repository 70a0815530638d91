{% load i18n %}// CardScore's service worker (games/offline.py serves it at /sw.js). Pages come from the network
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
    if (!kept) return new Response(OFFLINE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    const html = (await kept.text()).replace("<body", `<body data-offline-kept="${kept.headers.get("CardScore-Kept")}"`);
    return new Response(html, { headers: kept.headers });
  }
}

const OFFLINE = "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'><title>CardScore</title>" +
  "<p style='font:1.1rem system-ui;padding:1rem'>{% filter escapejs %}{% translate "You are offline, and this phone has not kept this page. The home page and the tables opened on this phone are kept." %}{% endfilter %}</p>";

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

// A page whose board changed (a hand saved, the live board redrawn) asks for its copy to be renewed.
self.addEventListener("message", (event) => {
  const url = new URL(event.data.keep, self.location.origin);
  if (!KEPT.test(url.pathname)) return;
  event.waitUntil(fetch(url.pathname).then((response) => response.ok && keep(url, response)).catch(() => {}));
});

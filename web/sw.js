// Pirámide's service worker: the game opens and plays offline after a first visit.
//
// tools/build_web.py writes build/web/sw.js from this file, filling in BUILD (a hash of the
// build's files), FILES (those files with their SHA-256) and RUNTIME. Everything lives in one cache per
// build, "piramide-" + BUILD, which keeps the build's files and pygbag's runtime (RUNTIME: the
// address of its CDN, or of the mirror given to build_web.py --runtime-url):
// - install: the build's own files, each checked against its SHA-256 (a server caught between two
//   builds fails the install, and the old build goes on), plus the runtime files an older build's
//   cache already holds (their addresses name their version: pygbag's 0.9.3/…);
// - activate: every other "piramide-" cache is deleted, then open pages are taken over (on a first
//   visit there is no older build to mix with; an update activates only when no page of the old
//   build is open, or when the one page open asks for it before it has loaded anything else, and
//   then reloads: see offline.js);
// - fetch: the page (any address of it, ?deal=N too) and every file are answered from the cache
//   first, else from the network and kept as the page got it (pygbag's runtime from its CDN or a
//   mirror included; an opaque cross-origin response only when a CORS probe does not say it
//   failed). A response that is not a success is never kept nor served from the cache. Offline,
//   a file the cache lacks gets a 503 and the page one clear line (offline.js).
"use strict";

const BUILD = "__PIRAMIDE_BUILD__";
const FILES = __PIRAMIDE_FILES__;
const RUNTIME = "__PIRAMIDE_RUNTIME__";
const PREFIX = "piramide-";
const CACHE = PREFIX + BUILD;
const PAGE = "index.html";
const SCOPE = new URL(self.registration.scope);
const OWN = new Set(FILES.map((file) => new URL(file.name, SCOPE).href));

self.addEventListener("install", (event) => {
    event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
    event.waitUntil(activate());
});

self.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "piramide-activate") {
        event.waitUntil(activateIfAlone());
    } else if (data.type === "piramide-keep" && Array.isArray(data.files)) {
        event.waitUntil(keepAll(data.files));
    }
});

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (url.protocol !== "http:" && url.protocol !== "https:") return;
    if (request.mode === "navigate") {
        if (isPage(url)) event.respondWith(page(event));
    } else if (keeps(url)) {
        event.respondWith(answer(event, request));
    }
});

async function install() {
    const cache = await caches.open(CACHE);
    for (const file of FILES) {
        const response = await fetch(new Request(file.name, { cache: "no-cache" }));
        if (!response.ok) throw new Error(`${file.name}: HTTP ${response.status}`);
        const body = await response.clone().arrayBuffer();
        if ((await sha256(body)) !== file.sha256) {
            throw new Error(`${file.name} is not this build's (the server holds another build)`);
        }
        await cache.put(file.name, response);
    }
    await carryOver(cache);
}

async function activate() {
    for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
}

// Asked by a page that found this worker waiting as it opened: take over if it is the one page
// open. The event is kept open until this worker is active (Chromium let a worker that had skipped
// waiting stay waiting when the event ended at once).
async function activateIfAlone() {
    const pages = await self.clients.matchAll({ type: "window" });
    if (pages.length > 1) return;
    const me = self.serviceWorker;
    const active = new Promise((resolve) => {
        if (!me) return setTimeout(resolve, 2000);
        me.addEventListener("statechange", () => me.state === "activated" && resolve());
        setTimeout(resolve, 10000);
    });
    await self.skipWaiting();
    await active;
}

// The runtime files an older build's cache holds (never its own files: those are this build's).
async function carryOver(cache) {
    for (const name of await caches.keys()) {
        if (!name.startsWith(PREFIX) || name === CACHE) continue;
        const old = await caches.open(name);
        for (const request of await old.keys()) {
            if (!request.url.startsWith(RUNTIME) || (await cache.match(request))) continue;
            const response = await old.match(request);
            if (usable(response)) await cache.put(request, response);
        }
    }
}

// What is kept: the build's own files and pygbag's runtime (its CDN's or the mirror's); the
// rest (a test harness's reports, say) goes to the network untouched.
function keeps(url) {
    return OWN.has(url.origin + url.pathname) || url.href.startsWith(RUNTIME);
}

function isPage(url) {
    return url.origin === SCOPE.origin && (url.pathname === SCOPE.pathname || url.pathname === SCOPE.pathname + PAGE);
}

async function openCache() {
    try {
        return await caches.open(CACHE);
    } catch (error) {
        return null; // storage refused (private mode, quota): the network alone
    }
}

function usable(response) {
    return Boolean(response) && (response.type === "opaque" || response.ok);
}

async function page(event) {
    const cache = await openCache();
    const hit = cache && (await cache.match(PAGE));
    if (usable(hit)) return hit;
    try {
        return await fetch(event.request);
    } catch (error) {
        return new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
}

async function answer(event, request) {
    const cache = await openCache();
    const hit = cache && (await cache.match(request, { ignoreVary: true }));
    if (usable(hit) && (hit.type !== "opaque" || request.mode === "no-cors")) return hit;
    try {
        const response = await fetch(request);
        if (cache) event.waitUntil(keep(cache, request, response.clone()));
        return response;
    } catch (error) {
        event.waitUntil(tell(event.clientId, request.url));
        return new Response(`Pirámide: offline, and ${request.url} is not kept in this browser`, {
            status: 503,
            statusText: "Offline",
            headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
    }
}

// Keep a response as the page got it, so a file answered from the cache behaves as it did from
// the network (a classic <script> from another origin stays opaque: its errors stay muted). An
// opaque response's status cannot be read: it is kept only when the same address answers a
// HEAD request with CORS with a success (or refuses CORS, which says nothing against it).
async function keep(cache, request, response) {
    try {
        if (response.type === "opaque") {
            const probe = await fetch(request.url, { method: "HEAD", mode: "cors", credentials: "omit" }).catch(
                () => null,
            );
            if (probe && !probe.ok) return;
        } else if (!response.ok || response.status === 206) {
            return;
        }
        await cache.put(request, response);
    } catch (error) {
        // storage refused or the body cut short: it is fetched again next time
    }
}

// The files the page loaded before this worker controlled it, each asked for as the page did
// ("cors", or "no-cors" for a classic script or stylesheet: see offline.js).
async function keepAll(files) {
    const cache = await openCache();
    if (!cache) return;
    for (const file of files) {
        const url = file && file.url;
        if (typeof url !== "string" || !/^https?:/.test(url) || !keeps(new URL(url))) continue;
        if (await cache.match(url)) continue;
        const request = new Request(url, { mode: file.mode === "no-cors" ? "no-cors" : "cors", credentials: "omit" });
        try {
            await keep(cache, request, await fetch(request));
        } catch (error) {
            // offline: it is kept the next time the page loads it
        }
    }
}

async function tell(clientId, url) {
    const client = clientId && (await self.clients.get(clientId));
    if (client) client.postMessage({ type: "piramide-missing", url: url });
}

async function sha256(body) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const OFFLINE_PAGE = `<!doctype html><html lang="es"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Pirámide</title>
<body style="margin:0;display:flex;height:100vh;align-items:center;justify-content:center;
background:#0b3d26;color:#f3efe0;font-family:sans-serif;text-align:center;padding:1em">
<p>Pirámide no está guardada en este navegador y no hay conexión.<br>
Pirámide is not kept in this browser, and there is no connection.</p></body></html>`;

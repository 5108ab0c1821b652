// The static site's service worker: every file a page of the site loads is kept in the browser's
// cache, so that after one visit every page opens with the network off, and opens fast.  A file
// is answered from the cache when it is there (the site's files change only with a new build,
// and a new build has a new VERSION: its first load clears the old cache).  The page is told
// what Python fetches, for its progress bar.  The relay of /api/drive and /api/stdin to the page
// is JupyterLite's own (its service worker's, which this one replaces).
"use strict";
const VERSION = "__VERSION__";
const CACHE = "rules-tutor-" + VERSION;
// the files every page of the site needs (its pages, Python and wheels), relative to this file
const SITE = __SITE__;
// the files the site also has gzipped (NAME.gz beside NAME): asked for packed, unpacked here, so that a
// host that sends files as they are still sends a fifth to a third of their bytes
const GZIP = new Set(__GZIP__.map((p) => new URL(p, location.href).pathname));
const TYPES = {wasm: "application/wasm", js: "text/javascript", mjs: "text/javascript", json: "application/json",
               css: "text/css"};
const broadcast = new BroadcastChannel("/sw-api.v1");

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE) await caches.delete(name);  // an older build's files
    }
    await self.clients.claim();
  })());
});

function key(url) {
  const u = new URL(url);
  u.search = "";  // ?lang=fr and ?v=hash name the same file
  u.hash = "";
  return u.href;
}

async function tell(path) {
  for (const c of await self.clients.matchAll({type: "window"})) c.postMessage({rtFetched: path});
}

// ``request`` from the network: its gzipped copy unpacked where the site has one (and the browser can
// unpack it), else the file as it is
async function network(request) {
  const url = new URL(typeof request === "string" ? request : request.url);
  if (GZIP.has(url.pathname) && typeof DecompressionStream === "function") {
    try {
      const packed = await fetch(url.origin + url.pathname + ".gz");
      if (packed.ok && packed.body) {
        const ext = url.pathname.split(".").pop();
        return new Response(packed.body.pipeThrough(new DecompressionStream("gzip")),
                            {status: 200, headers: {"Content-Type": TYPES[ext] || "application/octet-stream"}});
      }
    } catch (e) {}  // offline or gone: the file as it is (or the network's error)
  }
  return fetch(request);
}

async function fromCacheOrNetwork(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key(request.url));
  if (hit) return hit;
  const response = await network(request);
  if (response.ok && (response.type === "basic" || response.type === "default")) {
    event.waitUntil(cache.put(key(request.url), response.clone()));
  }
  return response;
}

async function networkOrCache(event) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(event.request);
    if (response.ok) event.waitUntil(cache.put(key(event.request.url), response.clone()));
    return response;
  } catch (e) {
    const hit = await cache.match(key(event.request.url));
    if (hit) return hit;
    throw e;
  }
}

async function relay(request, url) {
  const body = await request.json();
  const answer = new Promise((resolve) => {
    const listener = (msg) => {
      if (msg.data.browsingContextId !== body.browsingContextId) return;
      broadcast.removeEventListener("message", listener);
      resolve(new Response(JSON.stringify(msg.data.response)));
    };
    broadcast.addEventListener("message", listener);
  });
  body.pathname = url.pathname;
  broadcast.postMessage(body);
  return answer;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (url.pathname === "/api/service-worker-heartbeat") {
    event.respondWith(new Response("ok"));
    return;
  }
  if (url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/")) {
    event.respondWith(relay(request, url));
    return;
  }
  if (request.method !== "GET" || url.pathname.endsWith("/version.json")) {
    return;  // the network's (version.json: whether a newer build is out)
  }
  if (url.pathname.includes("/api/")) {  // the site's listings (api/contents/all.json): fresh, or kept when offline
    event.respondWith(networkOrCache(event));
    return;
  }
  if (/\.(whl|wasm|zip)$|pyodide/.test(url.pathname)) event.waitUntil(tell(url.pathname));
  event.respondWith(fromCacheOrNetwork(event));
});

// a page that has become usable asks for what it loaded before this service worker took over (its own
// address and scripts: what a reload needs first), then the rest of the site (the other pages, Python
// and the wheels); then it is told whether everything is kept, and whether anything new was
function wanted(list) {
  const seen = new Set(), out = [];
  for (const u of list) {
    let url;
    try { url = new URL(u, location.href); } catch (e) { continue; }
    if (url.origin !== location.origin || !/^https?:$/.test(url.protocol) || url.pathname.endsWith("/version.json")
        || url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/")) continue;
    const k = key(url.href);
    if (!seen.has(k)) { seen.add(k); out.push(url.href); }
  }
  return out;
}

self.addEventListener("message", (event) => {
  if (!event.data || event.data.rtCache === undefined) return;
  const urls = wanted([...event.data.rtCache, ...SITE.map((p) => new URL(p, location.href).href)]);
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let added = 0, missing = 0, failedInARow = 0;
    for (const url of urls) {
      if (await cache.match(key(url))) continue;
      if (failedInARow >= 3) { missing++; continue; }  // offline: the rest another time
      try {
        const response = await network(url);
        if (!response.ok) continue;  // not a file of the site (the page asked and was refused as well)
        await cache.put(key(url), response);
        added++;
        failedInARow = 0;
      } catch (e) {
        missing++;
        failedInARow++;
      }
    }
    if (event.source) event.source.postMessage({rtOffline: {added, missing}});
  })());
});

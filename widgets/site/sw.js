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
  if (request.method !== "GET" || url.pathname.includes("/api/") || url.pathname.endsWith("/version.json")) {
    return;  // the network's (version.json: whether a newer build is out)
  }
  if (/\.(whl|wasm|zip)$|pyodide/.test(url.pathname)) event.waitUntil(tell(url.pathname));
  event.respondWith(fromCacheOrNetwork(event));
});

// a page that has become usable asks for the rest of the site (the other pages, Python and the
// wheels, which a worker started before this service worker took over fetched past it)
self.addEventListener("message", (event) => {
  if (!event.data || event.data.rtCache === undefined) return;
  const wanted = [...SITE.map((p) => new URL(p, location.href).href), ...event.data.rtCache];
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const url of wanted) {
      if (new URL(url).origin !== location.origin || await cache.match(key(url))) continue;
      try {
        const response = await network(url);
        if (response.ok) await cache.put(key(url), response);
      } catch (e) {
        return;  // offline: the rest another time
      }
    }
  })());
});

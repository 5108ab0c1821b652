// The static site's page while it loads: a progress bar saying what is happening, in the language
// of the address (?lang=), a message when this browser cannot run the page, and, once the page is
// usable, the rest of the site cached for offline use and a notice when a newer build is out.
// Voici's own loading text (English only) is replaced through its hooks (update_loading_text).
(function () {
  "use strict";
  var ROOT = document.currentScript.dataset.root, VERSION = document.currentScript.dataset.version;
  var TEXT = {
    en: {page: "Downloading the page…", python: "Starting Python in your browser…",
         kernel: "Installing Python's packages…", tutor: "Loading the tutor…", build: "Building the page…",
         first: "The first visit downloads about 11 MB; later visits open from this browser's cache, even offline.",
         nowasm: "This browser cannot run this page: it has no WebAssembly. Open it in a current Firefox, Chrome, Edge or Safari.",
         nostore: "This browser blocks storage for this site: the page works, but it cannot remember your game or open offline.",
         offline: "Saved in this browser: the tutor now opens offline too.",
         newer: "A newer version of this site is available.", reload: "Reload"},
    it: {page: "Scaricamento della pagina…", python: "Avvio di Python nel browser…",
         kernel: "Installazione dei pacchetti di Python…", tutor: "Caricamento del tutor…", build: "Costruzione della pagina…",
         first: "La prima visita scarica circa 11 MB; le successive si aprono dalla cache del browser, anche offline.",
         nowasm: "Questo browser non può eseguire la pagina: non ha WebAssembly. Aprila con un Firefox, Chrome, Edge o Safari recente.",
         nostore: "Questo browser blocca la memoria per questo sito: la pagina funziona, ma non ricorda la partita e non si apre offline.",
         offline: "Salvato nel browser: il tutor ora si apre anche offline.",
         newer: "È disponibile una versione più recente di questo sito.", reload: "Ricarica"},
    fr: {page: "Téléchargement de la page…", python: "Démarrage de Python dans votre navigateur…",
         kernel: "Installation des paquets de Python…", tutor: "Chargement du tuteur…", build: "Construction de la page…",
         first: "La première visite télécharge environ 11 Mo ; les suivantes s'ouvrent depuis le cache du navigateur, même hors ligne.",
         nowasm: "Ce navigateur ne peut pas exécuter cette page : il n'a pas WebAssembly. Ouvrez-la dans un Firefox, Chrome, Edge ou Safari récent.",
         nostore: "Ce navigateur bloque le stockage pour ce site : la page fonctionne, mais elle ne peut ni garder votre partie ni s'ouvrir hors ligne.",
         offline: "Enregistré dans ce navigateur : le tuteur s'ouvre maintenant aussi hors ligne.",
         newer: "Une version plus récente de ce site est disponible.", reload: "Recharger"}
  };
  var m = /[?&]lang=(en|it|fr)\b/.exec(location.search);
  var lang = m ? m[1] : (/^(it|fr)/.exec(navigator.language || "") || ["en"])[0];
  var T = TEXT[lang] || TEXT.en;
  var box = document.createElement("div"), bar, label;
  box.className = "rt-loader";
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  box.innerHTML = "<p class='rt-loader-step'></p><div class='rt-loader-track'><div class='rt-loader-bar'></div></div>" +
                  "<p class='rt-loader-note'></p>";
  label = box.querySelector(".rt-loader-step");
  bar = box.querySelector(".rt-loader-bar");
  var shown = 0;
  window.rtLoaderSteps = [];  // the steps said, in order (the browser tests read them)
  function step(name, percent) {
    if (percent < shown) return;  // never backwards
    shown = percent;
    if (box.dataset.step !== name) window.rtLoaderSteps.push(name);
    box.dataset.step = name;
    label.textContent = T[name];
    bar.style.width = percent + "%";
  }
  function note(text, kind) {
    var p = box.querySelector(".rt-loader-note");
    p.textContent = text;
    p.className = "rt-loader-note rt-loader-" + kind;
  }
  function toast(text) {
    var div = document.createElement("div");
    div.className = "rt-toast";
    div.setAttribute("role", "status");
    div.textContent = text;
    document.body.appendChild(div);
    setTimeout(function () { div.remove(); }, 6000);
  }
  function mount() {
    if (!box.parentNode) document.body.insertBefore(box, document.body.firstChild);
  }
  step("page", 5);
  if (document.body) mount(); else document.addEventListener("DOMContentLoaded", mount);
  var cached = false;
  try { cached = !!(navigator.serviceWorker && navigator.serviceWorker.controller); } catch (e) {}
  if (!cached) note(T.first, "info");
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    note(T.nowasm, "error");
    bar.style.display = "none";
    return;
  }
  var storage = true;
  try { localStorage.setItem("rt-probe", "1"); localStorage.removeItem("rt-probe"); } catch (e) { storage = false; }
  if (!storage || typeof caches === "undefined") note(T.nostore, "warning");

  // what Python fetches, as the service worker sees it: Pyodide, then every wheel at once (preloaded as it
  // starts, installed with it)
  var files = [[/pyodide\.asm\.wasm$/, "python", 20], [/\.whl$/, "kernel", 40]];
  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("message", function (e) {
      var kept = e.data && e.data.rtOffline;
      if (kept) {  // the service worker has kept the site: said once, when it newly has everything
        document.documentElement.dataset.rtOffline = kept.missing ? "partial" : "ready";
        if (!kept.missing && kept.added) toast(T.offline);
        return;
      }
      var path = e.data && e.data.rtFetched;
      if (!path) return;
      for (var i = 0; i < files.length; i++) if (files[i][0].test(path)) step(files[i][1], files[i][2]);
    });
  }
  // the kernel runs in a worker: once it is made, Python is starting
  var Worker0 = window.Worker;
  if (Worker0) {
    window.Worker = function (url, options) { step("python", 15); return new Worker0(url, options); };
    window.Worker.prototype = Worker0.prototype;
  }
  // Voici's hook, called as it runs each cell (index of count): the page's cells check the packages
  // (installed already), import the tutor, then build the page
  window.update_loading_text = function (index, count) {
    if (!count) return;  // the kernel starting: said by the files above
    if (index >= count) step("build", 85);
    else if (index === count - 1) step("tutor", 70);
    else step("kernel", 55);
  };
  var creep = setInterval(function () {  // between two steps the bar still moves (a slow phone)
    if (shown >= 15 && shown < 95) { bar.style.width = (shown = Math.min(shown + 1, 95)) + "%"; }
  }, 700);

  function usable() {
    return document.querySelector(".rt-page .rt-chooser select, .rt-landing");
  }
  function done() {
    performance.mark("rt-usable");  // bench-site counts the bytes sent until here
    clearInterval(creep);
    box.remove();
    if (!storage || !navigator.serviceWorker) return;
    // the rest of the site, for the next visit and for offline: what this page loaded, the other pages
    var loaded = [location.href].concat(performance.getEntriesByType("resource").map(function (r) { return r.name; }));
    navigator.serviceWorker.ready.then(function (reg) {
      if (reg.active) reg.active.postMessage({rtCache: loaded});
    });
    fetch(ROOT + "version.json", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (v) {
      if (v.version === VERSION) return;
      var div = document.createElement("div");
      div.className = "rt-newer";
      div.setAttribute("role", "status");
      div.textContent = T.newer + " ";
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = T.reload;
      b.onclick = function () { location.reload(); };
      div.appendChild(b);
      document.body.insertBefore(div, document.body.firstChild);
    }).catch(function () {});  // offline: nothing to say
  }
  var watch = new MutationObserver(function () { if (usable()) { watch.disconnect(); done(); } });
  function observe() {
    if (usable()) done(); else watch.observe(document.body, {childList: true, subtree: true});
  }
  if (document.body) observe(); else document.addEventListener("DOMContentLoaded", observe);
  // Voici's start (its script is held at build time: data-rt-src) waits until the service worker controls
  // the page, so that its 4 MB of scripts and Python come through it, gzipped; at once when this browser
  // has no service worker or blocks storage, or when it is in control already (a later visit)
  var started = false;
  function startVoici() {
    if (started) return;
    started = true;
    var held = document.querySelector("script[data-rt-src]");
    if (!held) return;  // the landing page: no Voici
    if (document.readyState === "complete") {
      // the page's load event has passed, and Voici starts on it: its listener is called at once instead
      var add = window.addEventListener;
      window.addEventListener = function (type, listener) {
        if (type !== "load") return add.apply(this, arguments);
        setTimeout(function () {
          if (typeof listener === "function") listener.call(window, new Event("load"));
          else if (listener && listener.handleEvent) listener.handleEvent(new Event("load"));
        }, 0);
      };
    }
    var s = document.createElement("script");
    s.src = held.dataset.rtSrc;
    s.async = false;
    held.parentNode.insertBefore(s, held.nextSibling);
  }
  function whenParsed(f) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", f); else f();
  }
  var sw = navigator.serviceWorker && storage ? navigator.serviceWorker : null;
  if (!sw || cached) {
    whenParsed(startVoici);
  } else {
    sw.addEventListener("controllerchange", function () { whenParsed(startVoici); });
    setTimeout(function () { whenParsed(startVoici); }, 8000);  // a service worker that never takes over
  }
  if (sw) {
    // as JupyterLite registers it on a game's page (the same address: one registration); the landing
    // page has no JupyterLite
    sw.register(ROOT + "service-worker.js?enableCache=false").then(function (reg) {
      // no worker coming (a blocked one), or one already active that does not control this page (a hard
      // reload bypasses it): nothing to wait for
      var coming = reg && (reg.installing || reg.waiting);
      if (!coming) { whenParsed(startVoici); return; }
      coming.addEventListener("statechange", function () {
        if (coming.state === "redundant") whenParsed(startVoici);  // it failed to install
      });
    }, function () { whenParsed(startVoici); });
  }
})();

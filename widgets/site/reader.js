// The static site's game page before Python has started: the rulebook's worked examples, read.
// Every step of every example was drawn at build time by the stepper's own code (one JSON file per
// page and language, beside the page); this draws them with the live stepper's classes, over the page
// while Python starts under it.  Shown only when the address (or, for a bare address, the place the
// page kept in this browser) opens the examples.  Each step the student takes is written into the
// address, as "Link to this place" writes it, so that the live page opens there; once the live page
// shows that example and step, this goes.
(function () {
  "use strict";
  var me = document.currentScript, GAME = me.dataset.game, FILE = me.dataset.examples;
  var KEYS = ["lang", "tab", "example", "step", "ruleset", "seed", "question", "from", "presenter",
              "scenario", "scn", "played", "pos", "table", "room"];  // widgets/panels/place.py
  var READS = ["lang", "tab", "example", "step", "ruleset", "seed", "presenter"];  // what leaves the examples open
  function fields(query) {
    var out = {};
    try {
      new URLSearchParams(query).forEach(function (v, k) { if (KEYS.indexOf(k) >= 0 && !(k in out)) out[k] = v; });
    } catch (e) {}
    return out;
  }
  var got = fields(location.search.slice(1));
  var kept = null;
  try { kept = JSON.parse(localStorage.getItem("rules-tutor:" + GAME) || "null"); } catch (e) {}
  // as widgets/panels/resume.py reads it: an address naming nothing but a language opens the place kept
  if (Object.keys(got).every(function (k) { return k === "lang"; }) && kept && typeof kept.place === "string") {
    var mine = fields(kept.place);
    if ("lang" in got) mine.lang = got.lang;
    got = mine;
  }
  var presenter = "presenter" in got && ["0", "false", "no", "off"].indexOf(got.presenter.toLowerCase()) < 0;
  if ((got.tab || "examples") !== "examples" || presenter ||
      Object.keys(got).some(function (k) { return READS.indexOf(k) < 0; })) return;  // another tab, a game: no reader
  var lang = ["en", "it", "fr"].indexOf(got.lang) >= 0 ? got.lang : "en";

  var wrap = document.createElement("div");
  wrap.className = "rt-reader-wrap";
  wrap.lang = lang;
  document.body.classList.add("rt-reading");
  document.body.appendChild(wrap);
  // the live page is built under the reader: out of reach of the keyboard and screen readers until then
  function shut(el) { if (el !== wrap && !el.classList.contains("rt-loader") && el.tagName !== "SCRIPT") el.inert = true; }
  Array.prototype.forEach.call(document.body.children, shut);
  var growing = new MutationObserver(function (changes) {
    changes.forEach(function (c) { Array.prototype.forEach.call(c.addedNodes, function (n) { if (n.nodeType === 1) shut(n); }); });
  });
  growing.observe(document.body, {childList: true});

  function load(url) {  // its gzipped copy when this browser can unpack it (a host that sends files as they are)
    function plain() { return fetch(url).then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); }); }
    if (typeof DecompressionStream !== "function") return plain();
    return fetch(url + ".gz").then(function (r) {
      if (!r.ok || !r.body) throw new Error(r.status);
      return new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).json();
    }).catch(plain);
  }
  function gone() {
    clearInterval(watch);
    growing.disconnect();
    var focused = document.activeElement && wrap.contains(document.activeElement) ? document.activeElement : null;
    wrap.remove();
    document.body.classList.remove("rt-reading");
    Array.prototype.forEach.call(document.body.querySelectorAll("[inert]"), function (el) { el.inert = false; });
    var later = document.querySelector(".rt-loader-later");
    if (later) later.remove();
    if (focused) {  // the keyboard's place: the same control of the live stepper
      var name = focused.tagName === "SELECT" ? "select" : "." + focused.className.split(" ").filter(function (c) {
        return /^rt-(first|previous|next|last)$/.test(c); })[0];
      var live = document.querySelector(".rt-page .rt-stepper " + (name === "select" ? ".rt-chooser select" : name));
      if (live) live.focus();
    }
  }

  var data = null, ex = 0, pos = 0, sent = 0, seen = 0, moved = false;
  var parts = {};
  function html(cls, tag) {
    var d = document.createElement(tag || "div");
    d.className = cls;
    return d;
  }
  function content(cls, mine) {  // an HTML widget's shape: the class outside, the content inside
    var d = html(cls + " widget-html widget-inline-hbox"), c = html("widget-html-content");
    d.appendChild(c);
    if (!mine) parts[cls] = c;  // the stepping's parts, which draw() fills (the guide's are its own)
    return d;
  }
  // a control of the live page that needs Python: shown where it will be, greyed; a click says why, at the foot
  function waiting(name, icon, text, label) {
    var b = html("jupyter-button widget-button rt-later rt-later-" + name, "button");
    b.type = "button";
    b.setAttribute("aria-disabled", "true");
    b.title = (label ? label + " · " : "") + data.labels.later;
    if (label) b.setAttribute("aria-label", label);
    if (icon) b.innerHTML = "<i class='fa fa-" + icon + "' aria-hidden='true'></i>";
    if (text) b.appendChild(document.createTextNode(text));
    b.addEventListener("click", flash);
    return b;
  }
  function flash() {
    var line = document.querySelector(".rt-loader-later");
    if (!line) return;
    line.classList.remove("rt-flash");
    void line.offsetWidth;  // the animation again
    line.classList.add("rt-flash");
  }
  function build() {
    var L = data.labels;
    var top = html("rt-reader-top");
    var back = html("rt-back-link", "a");
    back.href = "index.html?lang=" + lang;
    back.textContent = L.all_games;
    var h = html("rt-title", "h1");
    h.textContent = data.title;
    top.appendChild(back);
    top.appendChild(h);
    // the language: the same place in another language (a link: the page opens again in it)
    var langs = html("rt-reader-langs");
    langs.setAttribute("role", "group");
    langs.setAttribute("aria-label", L.language);
    var said = html("widget-label", "span");
    said.textContent = L.language;
    langs.appendChild(said);
    [["en", "English"], ["it", "Italiano"], ["fr", "Français"]].forEach(function (l) {
      var a = html("rt-reader-lang", "a");
      a.lang = l[0];
      a.textContent = l[1];
      a.dataset.lang = l[0];
      if (l[0] === lang) a.setAttribute("aria-current", "true");
      parts["lang-" + l[0]] = a;
      langs.appendChild(a);
    });
    top.appendChild(langs);
    top.appendChild(waiting("presenter", "television", L.presenter));
    top.appendChild(waiting("live", "users", L.live_start));
    var link = html("rt-place-link", "details");
    link.innerHTML = "<summary><i class='fa fa-link' aria-hidden='true'></i> </summary>" +
                     "<textarea readonly class='rt-place-url' rows='3' spellcheck='false'></textarea>" + L.copy;
    link.firstChild.appendChild(document.createTextNode(L.link_here));
    var url = link.querySelector("textarea");
    url.setAttribute("aria-label", L.link_here);
    url.title = L.link_here_tip;
    url.addEventListener("focus", function () { url.select(); });
    parts.url = url;
    top.appendChild(link);
    wrap.appendChild(top);
    // the live page's tabs, the examples' open: the others wait for Python (the line at the foot says so)
    var tabs = html("rt-reader-tabs");
    tabs.setAttribute("role", "tablist");
    ["examples", "play", "rules", "quiz", "scenarios"].forEach(function (name, i) {
      var tab = html("rt-reader-tab", i ? "button" : "div");
      tab.setAttribute("role", "tab");
      tab.textContent = L[name];
      if (i === 0) {
        tab.setAttribute("aria-selected", "true");
      } else {
        tab.type = "button";
        tab.setAttribute("aria-selected", "false");
        tab.setAttribute("aria-disabled", "true");
        tab.title = L.later;
        tab.addEventListener("click", flash);  // said again, at the foot, where the progress is
      }
      tabs.appendChild(tab);
    });
    wrap.appendChild(tabs);
    var root = html("rt-reader rt-panel rt-stepper widget-vbox");
    var chooser = html("rt-chooser widget-dropdown widget-inline-hbox");
    chooser.style.width = "46em";  // the live chooser's layout
    chooser.style.maxWidth = "100%";
    var label = html("widget-label", "label");
    label.textContent = L.example;
    label.htmlFor = "rt-reader-example";
    var select = document.createElement("select");
    select.id = "rt-reader-example";
    data.examples.forEach(function (e, i) {
      var o = document.createElement("option");
      o.value = String(i);
      o.textContent = e.title;
      select.appendChild(o);
    });
    select.addEventListener("change", function () { choose(Number(select.value), 0, true); });
    chooser.appendChild(label);
    chooser.appendChild(select);
    parts.select = select;
    var nav = html("rt-nav widget-hbox");
    [["first", "fast-backward", function () { return 0; }], ["previous", "step-backward", function () { return pos - 1; }],
     ["next", "step-forward", function () { return pos + 1; }],
     ["last", "fast-forward", function () { return data.examples[ex].steps.length - 1; }]].forEach(function (b) {
      var button = html("jupyter-button widget-button rt-" + b[0], "button");
      button.type = "button";
      button.title = L[b[0]];
      button.setAttribute("aria-label", L[b[0]]);
      button.innerHTML = "<i class='fa fa-" + b[1] + "' aria-hidden='true'></i>";
      button.appendChild(document.createTextNode(L[b[0]]));
      button.addEventListener("click", function () { go(b[2](), true); });
      nav.appendChild(button);
      parts[b[0]] = button;
    });
    // the step slider (it works here too), then what needs Python: autoplay, Your turn, Edit this position
    var slide = html("rt-reader-slider");
    var range = document.createElement("input");
    range.type = "range";
    range.min = "0";
    range.setAttribute("aria-label", L.step_slider);
    range.addEventListener("input", function () { go(Number(range.value), true); });
    var readout = html("rt-reader-readout", "span");
    slide.appendChild(range);
    slide.appendChild(readout);
    parts.range = range;
    parts.readout = readout;
    nav.appendChild(slide);
    [["play", L.autoplay], ["stop", L.stop], ["retweet", L.loop]].forEach(function (b) {
      nav.appendChild(waiting("autoplay", b[0], "", b[1]));
    });
    nav.appendChild(waiting("your-turn", "hand-pointer-o", L.your_turn));
    nav.appendChild(waiting("edit", "pencil", L.ed_open));
    var header = content("rt-step-header");
    header.setAttribute("aria-live", "polite");
    var board = html("rt-board widget-vbox");
    var css = content("rt-sec-css");
    css.firstChild.innerHTML = data.css;
    board.appendChild(css);
    board.appendChild(content("rt-sections-box"));
    var stepping = [nav, header, board, content("rt-step-narration"), content("rt-outcome")];
    [chooser].concat(stepping).forEach(function (d) { root.appendChild(d); });
    parts.stepping = stepping;
    if (data.guide) {  // the guided first game's first step, as its panel draws it; its moves wait for Python
      var G = data.guide, box = html("rt-guide-box widget-vbox"), main = html("rt-guide-main widget-box");
      var ask = html("rt-guide-ask widget-vbox");
      var head = content("rt-guide-header", true), todo = content("rt-guide-todo", true);
      head.firstChild.innerHTML = G.header;
      todo.firstChild.innerHTML = G.todo;
      var moves = html("rt-guide-moves widget-box");
      G.moves.forEach(function (words, k) {
        var b = waiting("move", "", words);
        b.classList.add("rt-guide-move");
        if (!k) b.classList.add("mod-primary");
        moves.appendChild(b);
      });
      [head, todo, moves].forEach(function (d) { ask.appendChild(d); });
      if (G.more) {
        var more = html("rt-guide-more-later widget-label rt-later");
        more.textContent = G.more;
        ask.appendChild(more);
      }
      var again = html("rt-guide-row widget-hbox");
      again.appendChild(waiting("restart", "refresh", L.guide_restart));
      ask.appendChild(again);
      var gboard = html("rt-board widget-vbox"), gcss = content("rt-sec-css", true);
      var gsec = content("rt-sections-box", true);
      gcss.firstChild.innerHTML = G.css;
      gsec.firstChild.innerHTML = G.board;
      gboard.appendChild(gcss);
      gboard.appendChild(gsec);
      main.appendChild(ask);
      main.appendChild(gboard);
      var panel = html("rt-guide widget-vbox");
      panel.appendChild(main);
      box.appendChild(panel);
      root.insertBefore(box, nav);
      parts.guide = box;
    }
    wrap.appendChild(root);
    var box = document.querySelector(".rt-loader");  // the loader's progress line, now at the screen's foot
    if (box) {
      var later = html("rt-loader-later", "p");
      later.textContent = L.later;
      box.insertBefore(later, box.firstChild);
    }
  }
  function draw() {
    var steps = data.examples[ex].steps, s = steps[pos];
    var guided = !!(data.guide && data.examples[ex].guided);  // the live page shows the guided first game here
    if (parts.guide) parts.guide.style.display = guided ? "" : "none";
    parts.stepping.forEach(function (d) { d.style.display = guided ? "none" : ""; });
    parts.select.value = String(ex);
    parts["rt-step-header"].innerHTML = s[0];
    parts["rt-sections-box"].innerHTML = s[1];
    parts["rt-step-narration"].innerHTML = s[2];
    parts["rt-outcome"].innerHTML = s[3];
    parts["rt-sec-css"].innerHTML = s.length > 4 ? s[4] : data.css;
    parts.first.disabled = parts.previous.disabled = pos === 0 || sent > 0;
    parts.next.disabled = parts.last.disabled = pos === steps.length - 1 || sent > 0;
    parts.select.disabled = sent > 0;
    ["en", "it", "fr"].forEach(function (code) { parts["lang-" + code].href = "?" + place(code); });
    parts.range.max = String(steps.length - 1);
    parts.range.value = String(pos);
    parts.range.disabled = sent > 0;
    parts.readout.textContent = String(pos);
    parts.url.value = location.origin + location.pathname + "?" + place(lang);
  }
  function place(language) {  // the place, as "Link to this place" gives it
    var p = new URLSearchParams();
    p.set("lang", language);
    p.set("tab", "examples");
    p.set("example", data.examples[ex].id);
    p.set("step", String(pos));
    ["ruleset", "seed"].forEach(function (k) { if (k in got) p.set(k, got[k]); });
    return p.toString();
  }
  function remember() {  // the live page opens at the place in the address
    moved = true;
    try {
      history.replaceState(history.state, "", "?" + place(lang));
      window.rtOpenedAt = location.href;  // what the live page reads its place from (widgets/page.py)
    } catch (e) {}
  }
  function go(i, byHand) {
    if (sent) return;
    pos = Math.max(0, Math.min(data.examples[ex].steps.length - 1, i));
    draw();
    if (byHand) remember();
  }
  function choose(i, step, byHand) {
    if (sent) return;
    ex = i;
    go(step, byHand);
  }

  // the hand-over: the live page has read its address once its hidden field is typed into; from then
  // on the reader waits, unchanged, until the live page shows the same example and step
  document.addEventListener("input", function (e) {
    if (e.target && e.target.closest && e.target.closest(".rt-resume-sink, .rt-address-sink")) {
      sent = sent || Date.now();
      if (data) draw();
    }
  }, true);
  function same() {
    var select = document.querySelector(".rt-page .rt-chooser select");
    if (!select) return false;
    seen = seen || Date.now();
    if (!data) return true;  // nothing read here: nothing to keep
    if (!sent) return Date.now() - seen > 15000;  // a live page that never reads its address
    if (Date.now() - sent > 15000) return true;  // nor shows it: the reader does not stay forever
    if (select.selectedIndex !== ex) return false;
    var stepper = select.closest(".rt-stepper");
    if (data.examples[ex].guided) return !!(stepper && stepper.querySelector(".rt-guide"));
    var count = stepper && stepper.querySelector(".rt-step-header .rt-step-count");
    var mine = parts["rt-step-header"].querySelector(".rt-step-count");
    return !!(count && mine && count.textContent === mine.textContent);
  }
  var watch = setInterval(function () { if (same()) gone(); }, 100);

  load(FILE + "." + lang + ".json").then(function (d) {
    if (!wrap.isConnected) return;
    data = d;
    var ids = d.examples.map(function (e) { return e.id; });
    var at = ids.indexOf(got.example);
    if (at < 0) at = Math.max(0, ids.indexOf(d.first));
    var step = /^\d+$/.test(got.step || "") ? Number(got.step) : 0;
    build();
    ex = at;
    pos = step < d.examples[at].steps.length ? step : 0;
    draw();
    try { performance.mark("rt-examples-readable"); } catch (e) {}  // for make bench-site
  }).catch(function (e) {  // no examples to read: the loader alone, as before
    if (window.console) console.warn("rules-tutor: the examples cannot be read before Python starts:", e);
    gone();
  });
})();

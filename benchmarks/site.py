"""``make bench-site``: the static site's size and time to interactive, beside the Voilà page's cold start.

``python -m benchmarks.site [--loads N] [--bytes]`` prints (``--bytes``: only the bytes of one first visit), from one run on this machine:

* the size of ``site/`` (MB, and the share of Pyodide and of the wheels);
* two times of the site's Fire Bulls page, from navigation start (median of N loads, each in a
  fresh browser context: nothing cached, as a student's first visit), served by a static file
  server on loopback: *examples readable*, the reader showing its first step (the rulebook's examples
  drawn at build time, no Python yet: ``widgets/site/reader.js``), and *whole page usable*, the
  live page's chooser with the reader gone (the page opens on the guided first game, its moves
  enabled: Pyodide started, the wheels installed and the page built in the browser); then the
  same page reloaded (a second visit: from the site's service worker cache); the landing page
  cold; the bytes the static host sent until each (every request, the service worker's too), by
  kind until the page was usable; then the same bytes from a host that gzips text and WebAssembly;
* the same for the Voilà page (``make run``) on this machine, and the load average.

Figures, not tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

from benchmarks.browser import cold_starts
from widgets.server.serve import NOTEBOOKS, ROOT, VoilaServer, chromium
from widgets.site.build import serve, site_size


def _mb(path: Path) -> float:
    return site_size(path) / 1e6 if path.is_dir() else 0.0


# what the bytes of a first game page are, by the first of these its address contains
KINDS = (("Pyodide", "/static/pyodide/"), ("wheels", ".whl"), ("page scripts", "/build/"))


def sent(server, since: int, until: float | None = None) -> dict[str, int]:
    """The bytes the static host sent since its ``since``-th file (every request, the service worker's too),
    by kind; ``until``: only those sent by then (epoch seconds)."""
    named: dict[str, int] = {}
    for path, size, when in server.sent[since:]:
        if until is not None and when > until:
            continue
        kind = next((k for k, pattern in KINDS if pattern in path), "the page and the rest")
        named[kind] = named.get(kind, 0) + size
    return named


def first_page_bytes(browser, server, url: str) -> dict[str, int]:
    """The bytes one cold load of ``url`` transfers until usable, by kind, in a fresh context."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    page = ctx.new_page()
    since = len(server.sent)
    page.goto(url)
    usable_at(page)
    named = sent(server, since, usable_epoch(page))
    ctx.close()
    return named


def host_bytes(out: Path, compress: bool) -> dict[str, int]:
    """One first visit's bytes by kind, from a static host of ``out`` (``compress``: one that gzips)."""
    server, base = serve(out, compress=compress)
    try:
        with chromium() as browser:
            return first_page_bytes(browser, server, base + "/voici/render/fire_bulls.html")
    finally:
        server.shutdown()


def _kinds(named: dict[str, int]) -> str:
    return f"{sum(named.values()) / 1e6:.1f} MB: " + ", ".join(f"{k} {v / 1e6:.1f}" for k, v in sorted(named.items()))


READY = ".rt-chooser select"  # the Voila page's first panel usable (the guided game's moves, or an example's Next)
# the site's page: the examples readable (the reader's Next, or on the guided first game its first step's moves),
# then the live page usable (the reader handed over)
READABLE = ".rt-reader .rt-next:enabled, .rt-reader .rt-guide-move"
USABLE = "() => !!document.querySelector('.rt-page .rt-chooser select') && !document.querySelector('.rt-reader-wrap')"
TARGETS = {"readable": 4.0, "readable again": 2.0, "chooser": None, "chooser again": None, "cold": None,
           "second": None, "landing": 2.0, "readable MB": None, "MB": 12.0}


def readable_at(page) -> float:
    """Seconds from navigation to the reader's first step drawn (its own mark), once it shows."""
    page.wait_for_selector(READABLE, timeout=600_000)
    return page.evaluate("(performance.getEntriesByName('rt-examples-readable')[0] || {startTime: performance.now()})"
                         ".startTime") / 1000


def chooser_at(page) -> float:
    """Seconds from navigation to the live page's chooser (what this bench measured before the reader; the
    live page then moves to the place in its address, and the reader hands over)."""
    page.wait_for_selector(".rt-page .rt-chooser select", state="attached", timeout=600_000)
    return page.evaluate("performance.now()") / 1000


def usable_at(page) -> float:
    page.wait_for_function(USABLE, timeout=600_000, polling=100)
    return page.evaluate("performance.now()") / 1000


def usable_epoch(page) -> float:
    """When the page became usable, by the loader's own mark (epoch seconds): after it, the service worker
    starts keeping the rest of the site for offline use, which is not what the page needed."""
    page.wait_for_function("performance.getEntriesByName('rt-usable').length > 0", timeout=60_000)
    return page.evaluate("(performance.timeOrigin + performance.getEntriesByName('rt-usable')[0].startTime) / 1000")


def site_loads(browser, server, url: str, landing: str, loads: int) -> dict[str, list[float]]:
    """Per fresh context: the game page cold, its reload (service worker cache), bytes, the landing cold."""
    out: dict[str, list[float]] = {key: [] for key in TARGETS}
    for _ in range(loads):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
        page = ctx.new_page()
        since = len(server.sent)
        page.goto(url)
        out["readable"].append(readable_at(page))
        out["readable MB"].append(sum(sent(server, since).values()) / 1e6)
        out["chooser"].append(chooser_at(page))
        out["cold"].append(usable_at(page))
        kinds = sent(server, since, usable_epoch(page))
        out["MB"].append(sum(kinds.values()) / 1e6)
        print(f"bytes of the first game page from a host that sends files as they are: {_kinds(kinds)}", flush=True)
        page.wait_for_timeout(5000)  # the service worker caches the rest of the site
        page.reload()
        out["readable again"].append(readable_at(page))
        out["chooser again"].append(chooser_at(page))
        out["second"].append(usable_at(page))
        ctx.close()
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
        page = ctx.new_page()
        page.goto(landing)
        page.wait_for_selector(".rt-game-link", timeout=60_000)
        out["landing"].append(page.evaluate("performance.now()") / 1000)
        ctx.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="static site size and time to interactive beside Voila")
    ap.add_argument("--loads", type=int, default=3)
    ap.add_argument("--site", type=Path, default=ROOT / "site")
    ap.add_argument("--bytes", action="store_true", help="only the bytes of one first visit, from both hosts")
    args = ap.parse_args(argv)
    out = args.site.resolve()
    if not (out / "voici" / "render" / "fire_bulls.html").exists():
        raise SystemExit(f"{out} has no site: run `make site` first")
    total = _mb(out)
    print(f"site size: {total:.1f} MB ({_mb(out / 'static' / 'pyodide'):.1f} MB Pyodide, "
          f"{_mb(out / 'pypi'):.1f} MB wheels, {_mb(out / 'voici' / 'build'):.1f} MB page scripts)")
    print(f"load average at the start {os.getloadavg()[0]:.1f}", flush=True)
    if args.bytes:
        for compress, host in ((False, "sends files as they are"), (True, "gzips")):
            print(f"bytes of the first game page from a host that {host}: {_kinds(host_bytes(out, compress))}",
                  flush=True)
        return 0
    server, base = serve(out)
    try:
        with chromium() as browser:
            site = site_loads(browser, server, base + "/voici/render/fire_bulls.html", base + "/voici/render/index.html",
                              args.loads)
            print(f"static site: {site}", flush=True)
        # the same first page from a host that gzips text and WebAssembly (nginx, Apache, most hosting)
        print(f"bytes of the first game page from a host that gzips: {_kinds(host_bytes(out, True))}", flush=True)
        with chromium() as browser:
            (ROOT / "test-artifacts").mkdir(exist_ok=True)
            with VoilaServer(NOTEBOOKS, log=ROOT / "test-artifacts/bench-site-voila.log") as srv:
                url = srv.url("fire_bulls.ipynb")
                cold_starts(browser, url, READY, 1)  # warm the server's caches, as bench-browser does
                voila = cold_starts(browser, url, READY, args.loads)
    finally:
        server.shutdown()
    v = statistics.median(voila) / 1000
    print(f"Fire Bulls page, median of {args.loads} loads; Voila page {v:.1f} s "
          f"({', '.join(f'{x / 1000:.1f}' for x in voila)}); load average {os.getloadavg()[0]:.1f}")
    names = {"readable": "examples readable, cold (s)", "readable again": "examples readable, second visit (s)",
             "chooser": "the live chooser, cold (s)", "chooser again": "the live chooser, second visit (s)",
             "cold": "whole page usable, cold (s)", "second": "whole page usable, second visit (s)",
             "landing": "landing page, cold (s)", "readable MB": "bytes until the examples readable (MB)",
             "MB": "bytes until the whole page usable (MB)"}
    for key, name in names.items():
        m = statistics.median(site[key])
        target = TARGETS[key]
        verdict = f"target < {target:g}  {'met' if m < target else 'NOT met'}" if target is not None else " " * 17
        print(f"  {name:40} {m:6.1f}  {verdict}  (every load {', '.join(f'{x:.1f}' for x in site[key])}"
              + (f"; {m / v:.1f}x the Voila page)" if "MB" not in key else ")"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""``make bench-site``: the static site's size and time to interactive, beside the Voilà page's cold start.

``python -m benchmarks.site [--loads N]`` prints, from one run on this machine:

* the size of ``site/`` (MB, and the share of Pyodide and of the wheels);
* time to usable of the site's Fire Bulls page: navigation start to the examples' chooser
  (the page opens on the guided first game, its moves enabled), Pyodide started and the wheels
  installed in the page (median of N loads, each in a fresh browser context: nothing cached, as
  a student's first visit), served by a static file server on loopback; then the same page
  reloaded (a second visit: from the site's service worker cache); the landing page cold; the
  bytes the static host sent until the first game page was usable, by kind (every request, the
  service worker's too); then the same bytes from a host that gzips text and WebAssembly;
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


def sent(server, since: int) -> dict[str, int]:
    """The bytes the static host sent since its ``since``-th file (every request, the service worker's too),
    by kind."""
    named: dict[str, int] = {}
    for path, size in server.sent[since:]:
        kind = next((k for k, pattern in KINDS if pattern in path), "the page and the rest")
        named[kind] = named.get(kind, 0) + size
    return named


def first_page_bytes(browser, server, url: str) -> dict[str, int]:
    """The bytes one cold load of ``url`` transfers until usable, by kind, in a fresh context."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    page = ctx.new_page()
    since = len(server.sent)
    page.goto(url)
    page.wait_for_selector(READY, timeout=600_000)
    named = sent(server, since)
    ctx.close()
    return named


def _kinds(named: dict[str, int]) -> str:
    return f"{sum(named.values()) / 1e6:.1f} MB: " + ", ".join(f"{k} {v / 1e6:.1f}" for k, v in sorted(named.items()))


READY = ".rt-chooser select"  # the first panel usable (the guided game's moves, or an example's Next)
TARGETS = {"cold": 4.0, "second": 2.0, "landing": 2.0, "MB": 12.0}


def site_loads(browser, server, url: str, landing: str, loads: int) -> dict[str, list[float]]:
    """Per fresh context: the game page cold, its reload (service worker cache), bytes, the landing cold."""
    out: dict[str, list[float]] = {"cold": [], "second": [], "landing": [], "MB": []}
    for _ in range(loads):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
        page = ctx.new_page()
        since = len(server.sent)
        page.goto(url)
        page.wait_for_selector(READY, timeout=600_000)
        out["cold"].append(page.evaluate("performance.now()") / 1000)
        kinds = sent(server, since)
        out["MB"].append(sum(kinds.values()) / 1e6)
        print(f"bytes of the first game page from a host that sends files as they are: {_kinds(kinds)}", flush=True)
        page.wait_for_timeout(5000)  # the service worker caches the rest of the site
        page.reload()
        page.wait_for_selector(READY, timeout=600_000)
        out["second"].append(page.evaluate("performance.now()") / 1000)
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
    args = ap.parse_args(argv)
    out = args.site.resolve()
    if not (out / "voici" / "render" / "fire_bulls.html").exists():
        raise SystemExit(f"{out} has no site: run `make site` first")
    total = _mb(out)
    print(f"site size: {total:.1f} MB ({_mb(out / 'static' / 'pyodide'):.1f} MB Pyodide, "
          f"{_mb(out / 'pypi'):.1f} MB wheels, {_mb(out / 'voici' / 'build'):.1f} MB page scripts)")
    server, base = serve(out)
    try:
        with chromium() as browser:
            site = site_loads(browser, server, base + "/voici/render/fire_bulls.html", base + "/voici/render/index.html",
                              args.loads)
            print(f"static site: {site}", flush=True)
        # the same first page from a host that gzips text and WebAssembly (nginx, Apache, most hosting)
        gz_server, gz_base = serve(out, compress=True)
        try:
            with chromium() as browser:
                gz = first_page_bytes(browser, gz_server, gz_base + "/voici/render/fire_bulls.html")
        finally:
            gz_server.shutdown()
        print(f"bytes of the first game page from a host that gzips: {_kinds(gz)}", flush=True)
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
    names = {"cold": "game page usable, cold (s)", "second": "game page usable, second visit (s)",
             "landing": "landing page, cold (s)", "MB": "bytes of the first game page (MB)"}
    for key, name in names.items():
        m = statistics.median(site[key])
        print(f"  {name:38} {m:6.1f}  target < {TARGETS[key]:g}  {'met' if m < TARGETS[key] else 'NOT met'}"
              f"  (every load {', '.join(f'{x:.1f}' for x in site[key])}; {m / v:.1f}x the Voila page)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

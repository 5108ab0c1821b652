"""``make bench-site``: the static site's size and time to interactive, beside the Voilà page's cold start.

``python -m benchmarks.site [--loads N]`` prints, from one run on this machine:

* the size of ``site/`` (MB, and the share of Pyodide and of the wheels);
* time to interactive of the site's Fire Bulls page: navigation start to the stepper's Next
  button, Pyodide started and the wheels installed in the page (ms, median of N loads, each in
  a fresh browser context: nothing cached, as a student's first visit), served by a static
  file server on loopback with every other host blocked;
* the same for the Voilà page (``make run``) on this machine.

Figures, not tests.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from urllib.parse import urlparse

from benchmarks.browser import cold_starts
from widgets.server.serve import NOTEBOOKS, ROOT, VoilaServer, chromium
from widgets.site.build import serve, site_size


def _mb(path: Path) -> float:
    return site_size(path) / 1e6 if path.is_dir() else 0.0


def site_cold_starts(browser, url: str, loads: int) -> list[float]:
    out = []
    for _ in range(loads):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
        ctx.route("**/*", lambda r: r.continue_() if urlparse(r.request.url).hostname == "127.0.0.1" else r.abort())
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_selector(".rt-next", timeout=600_000)
        out.append(page.evaluate("performance.now()"))
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
            site = site_cold_starts(browser, base + "/voici/render/fire_bulls.html", args.loads)
            with VoilaServer(NOTEBOOKS, log=ROOT / "test-artifacts/bench-site-voila.log") as srv:
                url = srv.url("fire_bulls.ipynb")
                cold_starts(browser, url, ".rt-next", 1)  # warm the server's caches, as bench-browser does
                voila = cold_starts(browser, url, ".rt-next", args.loads)
    finally:
        server.shutdown()
    s, v = statistics.median(site), statistics.median(voila)
    print(f"time to interactive, Fire Bulls page, median of {args.loads} loads: static site {s / 1000:.1f} s "
          f"(every load {', '.join(f'{x / 1000:.1f}' for x in site)}), Voila {v / 1000:.1f} s "
          f"({', '.join(f'{x / 1000:.1f}' for x in voila)}); ratio {s / v:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

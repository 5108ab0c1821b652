"""Where the static site's page spends its time until usable: a trace of each phase, cold and on a second visit.

``python -m benchmarks.site_phases [--site site] [--loads 1]`` copies the built site, adds timestamps to
its copy of the Pyodide kernel's worker (Pyodide started, the package manager ready, each package the
kernel installs itself, ``import pyodide_kernel``) and to the page (the kernel's worker made, each cell
of the notebook started, the chooser usable), then loads the Fire Bulls page in Chromium in a fresh
context, waits for the service worker to cache the site and reloads it (a second visit: nothing
downloaded).  Prints seconds from navigation per mark, and the time since the mark before.

Figures, not tests; the copy's worker differs from the site's by the timestamps only.
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import tempfile
from pathlib import Path

from widgets.server.serve import ROOT, chromium
from widgets.site.build import serve

READY = ".rt-chooser select"
KERNEL_STATIC = Path("extensions/@jupyterlite/pyodide-kernel-extension/static")
STEPS = ("initRuntime", "initFilesystem", "initPackageManager", "initKernel", "initGlobals")


def _mark(name: str) -> str:
    return f'console.log("RTMARK {name} "+(performance.timeOrigin+performance.now()))'


def instrument(site: Path) -> int:
    """Timestamps in the kernel worker's scripts of ``site`` (a copy); returns how many scripts were changed."""
    changed = 0
    for script in (site / KERNEL_STATIC).glob("*.js"):
        text = script.read_text()
        if "async initKernel" not in text:
            continue
        text = text.replace("async initialize(e){var t;", "async initialize(e){var t;" + _mark("worker started") + ";")
        for step in STEPS:
            text = text.replace(f"await this.{step}(e),", f"await this.{step}(e),{_mark(step + ' done')},", 1)
        # the kernel's own installs and import, one at a time, each timed
        text = text.replace('await this._pyodide.runPythonAsync(i.join("\\n"))',
                            "await (async()=>{for(const s of i){await this._pyodide.runPythonAsync(s);"
                            'console.log("RTMARK "+JSON.stringify(s)+" "+(performance.timeOrigin+performance.now()))}})()')
        if text.count("RTMARK") < 1 + len(STEPS) + 1:
            raise SystemExit(f"{script.name}: the Pyodide kernel's worker is not the one this trace knows")
        script.write_text(text)
        packed = script.with_name(script.name + ".gz")
        if packed.exists():
            packed.write_bytes(gzip.compress(text.encode(), 9))
        changed += 1
    return changed


PAGE_MARKS = """
(() => {
  const log = (n) => console.log("RTMARK " + n + " " + (performance.timeOrigin + performance.now()));
  let hook;
  Object.defineProperty(window, "update_loading_text", {configurable: true, get() { return hook; },
    set(g) { hook = function (i, c) { log("cell " + i + " of " + c + " starts"); return g.apply(this, arguments); }; }});
  const W = window.Worker;
  window.Worker = function (u, o) { log("kernel worker made"); return new W(u, o); };
  window.Worker.prototype = W.prototype;
  const watch = new MutationObserver(() => {
    if (document.querySelector(".rt-chooser select")) { log("usable"); watch.disconnect(); } });
  watch.observe(document, {childList: true, subtree: true});
})();
"""


def report(label: str, marks: list[str], origin: float) -> None:
    print(f"{label}\n  {'s':>6}  {'+s':>6}  mark")
    before = 0.0
    for m in marks:
        name, stamp = m.removeprefix("RTMARK ").rsplit(" ", 1)
        t = (float(stamp) - origin) / 1000
        print(f"  {t:6.2f}  {t - before:6.2f}  {name}")
        before = t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, default=ROOT / "site")
    ap.add_argument("--loads", type=int, default=1)
    args = ap.parse_args(argv)
    if not (args.site / "voici" / "render" / "fire_bulls.html").exists():
        raise SystemExit(f"{args.site} has no site: run `make site` first")
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "site"
        shutil.copytree(args.site, copy)
        instrument(copy)
        server, base = serve(copy)
        try:
            with chromium() as browser:
                for n in range(args.loads):
                    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
                    ctx.add_init_script(PAGE_MARKS)
                    page = ctx.new_page()
                    marks: list[str] = []
                    page.on("console", lambda m, kept=marks: kept.append(m.text) if m.text.startswith("RTMARK") else None)
                    for visit in ("cold", "second visit"):
                        marks.clear()
                        if visit == "cold":
                            page.goto(base + "/voici/render/fire_bulls.html")
                        else:
                            page.wait_for_timeout(5000)  # the service worker caches the rest of the site
                            page.reload()
                        page.wait_for_selector(READY, timeout=600_000)
                        page.wait_for_timeout(300)  # the last marks' console messages
                        usable = page.evaluate("performance.now()") / 1000
                        report(f"load {n + 1}, {visit}: usable at {usable:.2f} s", list(marks),
                               page.evaluate("performance.timeOrigin"))
                    ctx.close()
        finally:
            server.shutdown()
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

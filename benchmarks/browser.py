"""Browser benchmark of the dashboard, beside a one-button hello-world Voilà notebook.

``python -m benchmarks.browser [--loads N] [--clicks N]`` (``make bench-browser``) prints,
from one run on this machine:

* cold start: navigation start to the first panel interactive (ms, median of N loads);
* click-to-update latency: a click to the first change of the page (ms, median and
  p95 over at least 20 clicks), for Next in the stepper and a move in the game
  panel, and for the hello-world button;
* the kernel's memory (RSS, MiB) after the clicks, beside the hello-world kernel's;

and the ratios against the dashboard's targets (cold start within 1.3x, click p95
within 1.5x and under 100 ms, kernel memory within 2x).  Figures, not tests.
"""

from __future__ import annotations

import argparse
import statistics
import time

import psutil

from widgets.server.serve import NOTEBOOKS, ROOT, VoilaServer, chromium

# Click ``click`` and resolve with the ms until ``watch`` first changes.
_CLICK_JS = """
([clickSel, watchSel]) => new Promise((resolve) => {
  const target = document.querySelector(watchSel);
  const button = document.querySelector(clickSel);
  if (!target || !button) { resolve(-1); return; }
  const t0 = performance.now();
  const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now() - t0); });
  obs.observe(target, {subtree: true, childList: true, characterData: true});
  button.click();
  setTimeout(() => { obs.disconnect(); resolve(-1); }, 15000);
})
"""


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def kernel_rss_mib(server: VoilaServer) -> float:
    total = 0
    for c in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(c.cmdline()):
                total = max(total, c.memory_info().rss)
        except psutil.Error:
            pass
    return total / 2**20


def cold_starts(browser, url: str, ready: str, loads: int) -> list[float]:
    out = []
    for _ in range(loads):
        ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_selector(ready, timeout=60_000)
        out.append(page.evaluate("performance.now()"))
        ctx.close()
        time.sleep(0.3)
    return out


def clicks(page, pairs, n: int) -> list[float]:
    """``pairs()`` gives (click selector, watch selector) for the next click."""
    out = []
    while len(out) < n:
        click, watch = pairs(page)
        ms = page.evaluate(_CLICK_JS, [click, watch])
        if ms < 0:
            raise RuntimeError(f"no update after clicking {click}")
        out.append(ms)
        page.wait_for_timeout(120)  # let the kernel settle between clicks
    return out


def _stepper_click(page):
    if page.locator(".rt-stepper .rt-next").is_disabled():
        page.click(".rt-stepper .rt-first")
        page.wait_for_function("document.querySelector('.rt-stepper .rt-step-count').innerText.includes('Step 0')")
        page.wait_for_timeout(400)  # let the full redraw settle before the next measured click
    return ".rt-stepper .rt-next", ".rt-stepper .rt-step-header"


def _game_click(page):
    """The next move of the person: draw (or a listed choice); a new game at the end."""
    # click only when the person is to move: the bots play one move every 0.4 s
    page.wait_for_function("""() => {
        const st = document.querySelector('.rt-game .rt-status');
        const ready = document.querySelector('.rt-game .fb-draw, .rt-game .fb-choice');
        return st && (st.innerText.includes('over') || (st.innerText.includes('Player') && ready));
    }""")
    page.wait_for_timeout(150)  # and let the page finish drawing the bots' moves
    if "over" in page.locator(".rt-game .rt-status").inner_text():
        page.click(".rt-game .rt-new-game")
        page.wait_for_selector(".rt-game .fb-draw")
        page.wait_for_timeout(400)
    if page.locator(".rt-game .fb-draw").count():
        return ".rt-game .fb-draw", ".rt-game .rt-board"
    return ".rt-game .fb-choice", ".rt-game .rt-board"


def _hello_click(page):
    return ".rt-hello-button", ".rt-hello"


def run(loads: int = 5, n_clicks: int = 24) -> dict:
    figures: dict = {}
    with chromium() as browser:
        with VoilaServer(ROOT / "widgets" / "jupyter", log=ROOT / "test-artifacts/bench-hello.log") as srv:
            url = srv.url("hello.ipynb")
            cold_starts(browser, url, ".rt-hello-button", 1)  # warm the server's caches
            figures["hello_cold"] = cold_starts(browser, url, ".rt-hello-button", loads)
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_selector(".rt-hello-button")
            figures["hello_click"] = clicks(page, _hello_click, n_clicks)
            time.sleep(0.5)
            figures["hello_mem"] = kernel_rss_mib(srv)
            ctx.close()
        with VoilaServer(NOTEBOOKS, log=ROOT / "test-artifacts/bench-dashboard.log") as srv:
            url = srv.url("fire_bulls.ipynb")
            cold_starts(browser, url, ".rt-next", 1)
            figures["dash_cold"] = cold_starts(browser, url, ".rt-next", loads)
            ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_selector(".rt-next")
            figures["next_click"] = clicks(page, _stepper_click, n_clicks)
            page.click(".lm-TabBar-tab >> nth=1")
            page.wait_for_selector(".rt-game .fb-draw")
            figures["move_click"] = clicks(page, _game_click, n_clicks)
            time.sleep(0.5)
            figures["dash_mem"] = kernel_rss_mib(srv)
            ctx.close()
    return figures


def report(f: dict) -> str:
    med = statistics.median
    hc, dc = med(f["hello_cold"]), med(f["dash_cold"])
    hp = p95(f["hello_click"])
    lines = [
        "rules-tutor browser benchmark (Voilà + headless Chromium, this machine)",
        f"cold start, median of {len(f['dash_cold'])} loads: dashboard {dc:.0f} ms, hello-world {hc:.0f} ms"
        f"  -> {dc / hc:.2f}x (target <= 1.3x)",
    ]
    for key, name in (("hello_click", "hello-world button"), ("next_click", "stepper Next"),
                      ("move_click", "game move (draw; the bot answers)")):
        xs = f[key]
        extra = "" if key == "hello_click" else \
            f"  -> p95 {p95(xs) / hp:.2f}x hello (target <= 1.5x and < 100 ms)"
        lines.append(f"click-to-update {name}: median {med(xs):.1f} ms, p95 {p95(xs):.1f} ms over {len(xs)} clicks{extra}")
    lines.append(f"kernel memory (RSS): dashboard {f['dash_mem']:.0f} MiB, hello-world {f['hello_mem']:.0f} MiB"
                 f"  -> {f['dash_mem'] / f['hello_mem']:.2f}x (target <= 2x)")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--clicks", type=int, default=24)
    args = ap.parse_args(argv)
    print(report(run(args.loads, max(20, args.clicks))), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

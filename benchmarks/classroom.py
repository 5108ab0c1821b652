"""``make bench-class``: a room of students against ``make class``'s configuration.

``python -m benchmarks.classroom [--sessions 30] [--clicks 5] [--page fire_bulls.ipynb] [--query ...]``

At the protocol level (:mod:`benchmarks.room`, as a page's front end speaks to
Voilà; browsers on one small machine would measure themselves), all traffic to
127.0.0.1:

1. one session's cold start: a server with ``make run``'s settings (no
   pre-started kernels), the page opened and its example stepped, three times;
2. ``make class``'s server (``widgets.server.serve.Room``, on the loopback interface),
   its pools filled and their pages built; then all the sessions open the page
   at once, and once every page is usable each steps the example (Next,
   ``--clicks`` times), all at once.  Two of the sessions (``--browsers``, 2 by
   default) are real pages in Debian's Chromium (:class:`BrowserPages`), which
   show that the pages also render and work without measuring themselves.  A
   room's browsers are running before the teacher says "open it", on the
   students' own devices: Chromium (the browser and a blank tab per page)
   starts and settles before the room opens, so that only the pages' loading
   is part of the burst, and it runs only on CPU the server and its kernels
   leave (Linux's ``SCHED_IDLE``, ``--browser-cpu idle``, the default; ``normal``
   makes it compete as an equal, as a student's browser never does).  The two
   pages are navigated at the same instant as the others open theirs, are idle
   (drawn, nothing changing) before the others click, and step the example,
   open Play and make a move each after the others' clicks; their figures are
   printed on their own lines, and their errors count with the others'.  The
   CPU seconds the server, the sessions' kernels, the other kernels (pools,
   refills, the Chromium pages') and Chromium spent while the room opened and
   while it clicked are printed side by side.  A session whose
   page's HTML holds no widget view counts as an error (its kernel's widgets are
   there, but a browser draws nothing); a Chromium page that does not render is
   described (what it shows, how far Voilà's front end got, the last frames on its
   kernel's websocket and the requests there nothing answered);
3. server and kernel memory with the sessions open;
4. the pages close -- half with the browser's ``beforeunload`` beacon, half
   only dropping the websocket (a phone put to sleep) -- and two minutes later
   the kernels beyond the pools are counted.

Prints page-ready and click-latency percentiles and errors, and -- because the
wall-clock figures depend on what else the machine is doing (the load average
is printed beside them) -- the CPU seconds the server and the kernels spent per
session and per click, which do not.  Ends with the classroom's targets and
each figure's ratio to its target; exits 0 when every target is met, else 1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import threading
import time

import psutil

from widgets.server.classroom import TUTORIALS
from benchmarks.room import Session, raise_client_limit
from widgets.server.serve import NOTEBOOKS, ROOT, Room, VoilaServer

NEXT = "rt-next"
CLICK_TARGET = 0.150  # seconds: click p95
READY_TARGET = 2.0  # ready p95 of the room / one session's cold start
KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]+)\.json")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


def kernels(pid: int) -> list[psutil.Process]:
    found = []
    for c in psutil.Process(pid).children(recursive=True):
        try:
            if c.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(c.cmdline()):
                found.append(c)
        except psutil.Error:
            pass
    return found


def kernel_processes(pid: int) -> dict[str, psutil.Process]:
    """The server's kernels by kernel id (from each kernel's connection file name)."""
    out = {}
    for k in kernels(pid):
        try:
            m = KERNEL_FILE.search(" ".join(k.cmdline()))
        except psutil.Error:
            continue
        if m:
            out[m.group(1)] = k
    return out


def waiting_kernels(pid: int, port: int) -> int:
    """Kernels connected to the server's ``/voila/query/`` websocket: a pre-started
    kernel connects once its page is built, and waits there for its page's request."""
    n = 0
    for k in kernels(pid):
        try:
            if any(c.raddr and c.raddr.port == port and c.status == psutil.CONN_ESTABLISHED
                   for c in k.net_connections(kind="tcp")):
                n += 1
        except psutil.Error:
            pass
    return n


def rss_mib(procs) -> float:
    total = 0
    for p in procs:
        try:
            total += p.memory_info().rss
        except psutil.Error:
            pass
    return total / 2**20


def cpu(procs) -> float:
    """CPU seconds (user + system) the processes have used so far."""
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


class CpuMeter:
    """CPU seconds (user + system) by who spent them, between two :meth:`sample` calls: the
    server, each kernel (by kernel id), and this process's Chromium processes.  A process
    started between the samples counts from zero; one that ended is not counted."""

    def __init__(self, server: psutil.Process):
        self.server = server

    def sample(self) -> dict:
        out: dict = {"server": cpu([self.server]), "kernels": {}, "chromium": {}}
        for kid, p in kernel_processes(self.server.pid).items():
            out["kernels"][kid] = cpu([p])
        for p in chromium_processes():
            out["chromium"][p.pid] = cpu([p])
        return out

    @staticmethod
    def spent(a: dict, b: dict, room: set[str]) -> dict[str, float]:
        """What each part spent from sample ``a`` to sample ``b``: the server, the ``room``'s
        kernels (the pages' own), every other kernel (pools, refills, other pages), Chromium,
        and how many kernels started in between."""
        def diff(key: str, ids) -> float:
            return sum(b[key][i] - a[key].get(i, 0.0) for i in ids)
        others = [k for k in b["kernels"] if k not in room]
        return {"server": b["server"] - a["server"],
                "room": diff("kernels", [k for k in b["kernels"] if k in room]),
                "others": diff("kernels", others),
                "started": float(sum(1 for k in others if k not in a["kernels"])),
                "chromium": diff("chromium", b["chromium"])}


def spent_line(what: str, d: dict[str, float], seconds: float, n_room: int, n_others: int) -> str:
    return (f"  cpu {what} ({seconds:.1f}s): server {d['server']:.2f}s, the {n_room} protocol sessions'"
            f" kernels {d['room']:.2f}s, the {n_others} other kernels {d['others']:.2f}s"
            f" ({d['started']:.0f} of them started meanwhile), Chromium {d['chromium']:.2f}s")


def load() -> str:
    return "load " + " ".join(f"{x:.1f}" for x in psutil.getloadavg())


async def open_session(base: str, page: str, query: str, results: dict) -> Session | None:
    s = Session(base, page, query=query, timeout=120)
    try:
        results["ready"].append(await s.open())
        results["phases"].append(s.phases)
        if not s.find(NEXT):
            raise RuntimeError("no Next button in the page's widgets")
        if not s.shows_widgets():
            raise RuntimeError("the page's HTML has no widget view: a browser would draw a blank page")
    except Exception as e:  # counted, the run goes on
        results["errors"].append(f"{type(e).__name__}: {str(e)[:120]}")
        await s.close()  # its kernel is not left to the culler
        return None
    return s


async def step_session(s: Session, clicks: int, results: dict) -> None:
    try:
        button = s.find(NEXT)[0]
        for _ in range(clicks):
            results["click"].append(await s.click(button))
    except Exception as e:
        results["errors"].append(f"{type(e).__name__}: {str(e)[:120]}")


# In a Chromium page: click ``clickSel`` and resolve with the milliseconds until ``watchSel``'s HTML
# differs from what it was before the click (the kernel's answer drawn), -1 after 15 s.
CHANGE_JS = """
([clickSel, watchSel]) => new Promise((resolve) => {
  const target = document.querySelector(watchSel);
  const button = document.querySelector(clickSel);
  if (!target || !button) { resolve(-1); return; }
  const before = target.innerHTML;
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (target.innerHTML !== before) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(target, {subtree: true, childList: true, characterData: true});
  button.click();
  setTimeout(() => { obs.disconnect(); resolve(-1); }, 15000);
})
"""

# In a Chromium page: resolve once nothing in the page has changed for ``quiet`` ms (every widget
# update from the kernel drawn), or after ``most`` ms (then false).
QUIET_JS = """
([quiet, most]) => new Promise((resolve) => {
  let last = performance.now();
  const t0 = last;
  const obs = new MutationObserver(() => { last = performance.now(); });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  const tick = () => {
    const now = performance.now();
    if (now - last >= quiet) { obs.disconnect(); resolve(true); }
    else if (now - t0 >= most) { obs.disconnect(); resolve(false); }
    else setTimeout(tick, 100);
  };
  setTimeout(tick, 100);
})
"""


# In a Chromium page: what it shows and how far Voilà's front end got (for a page that did not render).
PROBE_JS = """
() => {
  const app = window.jupyterapp, wm = app && app.widgetManager;
  const cells = document.getElementById('rendered_cells');
  const text = (document.body ? document.body.innerText : '').replace(/\\s+/g, ' ').slice(0, 160);
  return `app ${app ? 'started' : 'not started'}; widget manager ${wm ? (wm.restoredStatus ? 'restored' : 'not restored')
    + ` (${Object.keys(wm._models || {}).length} models)` : 'none'}; cells ${cells ? (cells.style.display || 'shown') : 'none'};`
    + ` outputs ${document.querySelectorAll('.jp-OutputArea-output').length}, widget views`
    + ` ${document.querySelectorAll('.jupyter-widgets').length}, steppers ${document.querySelectorAll('.rt-stepper').length};`
    + ` text: ${text}`;
}
"""

# what a page's console says every time (fonts from a CDN out of reach, JupyterLab's module versions,
# JupyterLite's kernel extension that Voilà ships and does not use)
NOISE = re.compile(r"ERR_NAME_NOT_RESOLVED|Unsatisfied version|No satisfying version|jupyterlite|pyodide", re.I)


def chromium_processes() -> list[psutil.Process]:
    """This process's Chromium processes (Playwright's driver starts them)."""
    found = []
    for c in psutil.Process().children(recursive=True):
        try:
            if "chrom" in c.name().lower():
                found.append(c)
        except psutil.Error:
            pass
    return found


def policies(procs) -> str:
    """How many of the processes' threads Linux schedules how (SCHED_IDLE, SCHED_OTHER, ...)."""
    names = {getattr(os, n): n for n in ("SCHED_OTHER", "SCHED_BATCH", "SCHED_IDLE", "SCHED_FIFO", "SCHED_RR")
             if hasattr(os, n)}
    count: dict[str, int] = {}
    for p in procs:
        try:
            for t in p.threads():
                name = names.get(os.sched_getscheduler(t.id), "?")
                count[name] = count.get(name, 0) + 1
        except (psutil.Error, OSError):
            pass
    return ", ".join(f"{n} threads {k}" for k, n in sorted(count.items())) or "none"


def _decode(payload) -> dict | None:
    """A kernel websocket frame as a message (the v1 binary protocol or JSON), None if neither."""
    from benchmarks.room import from_v1

    try:
        return from_v1(payload) if isinstance(payload, bytes) else json.loads(payload)
    except Exception:
        return None


class FrameLog:
    """What a Chromium page and its kernel said to each other on the kernel's websocket: the
    requests the page sent that nothing has answered yet (no message names them as parent), and
    the last frames -- printed for a page that did not render, to show what it was waiting for."""

    def __init__(self):
        self.t0 = time.monotonic()
        self.pending: dict[str, tuple[float, str]] = {}
        self.frames: list[str] = []
        self.sockets = 0

    @staticmethod
    def _what(msg: dict) -> str:
        content = msg.get("content") or {}
        data = content.get("data") if isinstance(content.get("data"), dict) else {}
        method = data.get("method") or content.get("target_name") or content.get("execution_state") or ""
        return f"{msg.get('msg_type') or (msg.get('header') or {}).get('msg_type')}{' ' + method if method else ''}"

    def _add(self, line: str) -> None:
        self.frames.append(f"{time.monotonic() - self.t0:.1f}s {line}")
        del self.frames[:-12]

    def sent(self, payload) -> None:
        msg = _decode(payload)
        if msg is None:
            return
        what = self._what(msg)
        self.pending[(msg.get("header") or {}).get("msg_id", "")] = (time.monotonic() - self.t0, what)
        self._add(f"page> {what}")

    def received(self, payload) -> None:
        msg = _decode(payload)
        if msg is None:
            return
        self.pending.pop((msg.get("parent_header") or {}).get("msg_id", ""), None)
        self._add(f"<kernel {self._what(msg)}")

    def report(self) -> str:
        waiting = sorted(self.pending.values())
        kinds: dict[str, int] = {}
        for _t, what in waiting:
            kinds[what] = kinds.get(what, 0) + 1
        first = f", the first sent at {waiting[0][0]:.1f}s" if waiting else ""
        return (f"{self.sockets} kernel websocket(s); requests unanswered: "
                f"{', '.join(f'{n} {k}' for k, n in kinds.items()) or 'none'}{first}; last frames: "
                + " | ".join(self.frames))


class BrowserPages(threading.Thread):
    """Real Chromium pages in the room, beside the protocol-level sessions, to show that the
    pages render and work -- without measuring themselves: they open the page with the others
    when :attr:`go_open` is set (their ready time: the request to the Next button drawn,
    enabled), then wait until nothing in them changes any more (:attr:`opened`), so that they
    are idle during the room's clicks; when :attr:`go_step` is set (after the room's clicks)
    they step the example (Next, ``clicks`` times), then open Play and make a move each when
    :attr:`go_move` is set.  Chromium runs in this thread with its own event loop (Playwright's
    async API), launched before the room opens.  A click's latency is measured in the page:
    from the click to the HTML it updates (the step's header, the board) drawn changed, which
    is the whole round trip to the kernel.  :attr:`results` has the ready times, the Next
    clicks' and the moves' latencies and the errors."""

    def __init__(self, url: str, n: int = 2, clicks: int = 5, timeout: float = 180, idle: bool = False):
        super().__init__(daemon=True, name="bench-class-chromium")
        self.url, self.n, self.clicks, self.timeout, self.idle = url, n, clicks, timeout, idle
        self.launched, self.opened, self.stepped, self.moved = (threading.Event() for _ in range(4))
        self.go_open, self.go_step, self.go_move = threading.Event(), threading.Event(), threading.Event()
        self.results: dict = {"ready": [], "click": [], "move": [], "errors": [], "console": [], "frames": [], "probe": []}

    def run(self) -> None:
        try:
            if self.idle:
                # Linux's SCHED_IDLE: a thread that runs only on CPU nothing else wants.  Linux keeps
                # the policy per thread and a process inherits its creating thread's: Playwright's
                # driver and Chromium, started from this thread, run so (this process's other threads,
                # the protocol sessions', do not).  A nice value would not do: Chromium sets its
                # processes' own (-8 to 5) where it may, and SCHED_IDLE ignores nice values.
                os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            asyncio.run(self._run())
        except Exception as e:  # counted, the run goes on
            self.results["errors"].append(f"chromium: {type(e).__name__}: {str(e)[:160]}")
        finally:
            for ev in (self.launched, self.opened, self.stepped, self.moved):
                ev.set()

    async def _wait(self, event: threading.Event) -> None:
        while not event.is_set():
            await asyncio.sleep(0.05)

    async def _run(self) -> None:
        from playwright.async_api import async_playwright

        from widgets.server.serve import CHROMIUM, CHROMIUM_ARGS

        ms = int(self.timeout * 1000)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                contexts = [await browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(self.n)]
                pages = [await c.new_page() for c in contexts]
                for i, pg in enumerate(pages):  # what a page says when it does not render
                    pg.on("console", lambda m, i=i: m.type in ("warning", "error") and not NOISE.search(m.text)
                          and self.results["console"].append(
                        f"page {i}: {m.type}: {m.text[:200]}"))
                logs = [FrameLog() for _ in pages]
                self.results["frames"] = logs
                for pg, log in zip(pages, logs):
                    def on_ws(ws, log=log):
                        if "/channels" in ws.url:
                            log.sockets += 1
                            ws.on("framesent", log.sent)
                            ws.on("framereceived", log.received)
                            ws.on("close", lambda _ws, log=log: log._add("websocket closed"))
                    pg.on("websocket", on_ws)
                self.launched.set()
                await self._wait(self.go_open)

                async def quiet(page) -> None:
                    await page.evaluate(QUIET_JS, [1000, 60_000])

                async def open_one(page) -> None:
                    start = time.monotonic()
                    await page.goto(self.url, timeout=ms)
                    try:
                        await page.wait_for_selector(".rt-stepper .rt-next:not([disabled])", timeout=ms)
                    except Exception:
                        i = pages.index(page)
                        self.results["probe"].append(f"page {i}: {await page.evaluate(PROBE_JS)}")
                        await page.screenshot(path=str(ROOT / "test-artifacts" / f"bench-class-page{i}.png"))
                        raise
                    self.results["ready"].append(time.monotonic() - start)
                    await quiet(page)

                async def click(page, button: str, watch: str) -> float:
                    took = await page.evaluate(CHANGE_JS, [button, watch])
                    if took < 0:
                        raise RuntimeError(f"{watch} unchanged 15 s after clicking {button}")
                    return took / 1000

                async def step_one(page) -> None:
                    for _ in range(self.clicks):
                        if await page.locator(".rt-stepper .rt-next").is_disabled():
                            break  # the example's end
                        self.results["click"].append(await click(page, ".rt-stepper .rt-next",
                                                                 ".rt-stepper .rt-step-header"))
                        await quiet(page)

                async def move_one(page) -> None:
                    await page.click(".lm-TabBar-tab >> nth=1")  # Play
                    await page.wait_for_selector(".rt-game .rt-board", timeout=ms)
                    move = ".rt-game .fb-draw" if await page.locator(".rt-game .fb-draw").count() else ".rt-game .rt-bot-move"
                    await page.wait_for_selector(f"{move}:not([disabled])", timeout=ms)
                    await quiet(page)  # the tab's own updates drawn: the board changes only by the move
                    self.results["move"].append(await click(page, move, ".rt-game .rt-board"))

                async def each(fn) -> None:
                    got = await asyncio.gather(*(fn(pg) for pg in pages), return_exceptions=True)
                    self.results["errors"].extend(f"chromium: {type(e).__name__}: {str(e)[:160]}"
                                                  for e in got if isinstance(e, BaseException))

                await each(open_one)
                self.opened.set()
                await self._wait(self.go_step)
                await each(step_one)
                self.stepped.set()
                await self._wait(self.go_move)
                await each(move_one)
                self.moved.set()
                for c in contexts:
                    await c.close()
            finally:
                await browser.close()


def new_results() -> dict:
    return {"ready": [], "click": [], "errors": [], "phases": []}


def line(name: str, values: list[float], unit: str = "s", scale: float = 1.0) -> str:
    if not values:
        return f"  {name}: none"
    return (f"  {name}: n={len(values)} p50 {pct(values, 50) * scale:.2f}{unit} p95 {pct(values, 95) * scale:.2f}{unit}"
            f" max {max(values) * scale:.2f}{unit}")


def wait_until(pred, timeout: float, step: float = 1.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(step)
    return pred()


def quiet_rate(procs_fn, timeout: float = 60, window: float = 2.0, quiet: float = 0.05) -> float:
    """Wait until the processes ``procs_fn()`` lists use less than ``quiet`` CPU seconds a second
    together (or ``timeout`` passes): their rate then."""
    deadline = time.monotonic() + timeout
    procs = procs_fn()
    before = cpu(procs)
    while True:
        time.sleep(window)
        now = cpu(procs)
        rate = (now - before) / window
        if rate < quiet or time.monotonic() > deadline:
            return rate
        procs = procs_fn()
        before = cpu(procs)


def settle(procs, timeout: float = 60, window: float = 2.0) -> bool:
    """Wait until the processes are about idle (their work done): together less than
    0.1 CPU seconds per second, plus 0.005 for each (an idle kernel's heartbeat)."""
    quiet = 0.1 + 0.005 * len(procs)
    deadline = time.monotonic() + timeout
    before = cpu(procs)
    while time.monotonic() < deadline:
        time.sleep(window)
        now = cpu(procs)
        if now - before < quiet * window:
            return True
        before = now
    return False


def wait_for_progress(count, target: int, timeout: float = 600, stall: float = 90) -> bool:
    """Wait until ``count()`` reaches ``target``; give up after ``timeout`` seconds, or
    when it has not grown for ``stall`` seconds (a kernel that died starting)."""
    deadline = time.monotonic() + timeout
    best, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        n = count()
        if n >= target:
            return True
        if n > best:
            best, since = n, time.monotonic()
        elif time.monotonic() - since > stall:
            return False
        time.sleep(1)
    return False


def cold_start(page: str, query: str, clicks: int, logs) -> tuple[dict, list[float], list[float]]:
    """One session at a time against ``make run``'s settings, three times: its results,
    and the CPU seconds (server + its kernel) each opening and each click cost."""
    res = new_results()
    open_cpu: list[float] = []
    click_cpu: list[float] = []
    with VoilaServer(NOTEBOOKS, log=logs / "bench-class-cold.log", start_timeout=300) as srv:
        server = psutil.Process(srv.proc.pid)

        async def one():
            before = cpu([server])
            s = await open_session(srv.base, page, query, res)
            if s is None:
                return
            ks = list(kernel_processes(srv.proc.pid).values())
            opened = cpu([server, *ks])
            open_cpu.append(opened - before)
            await step_session(s, clicks, res)
            await asyncio.sleep(0.3)  # the click's last updates
            click_cpu.append((cpu([server, *ks]) - opened) / max(1, clicks))
            await s.close(shutdown=True)

        for _ in range(3):
            asyncio.run(one())
            wait_until(lambda: not kernels(srv.proc.pid), 20, 0.2)
    return res, open_cpu, click_cpu


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.classroom", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sessions", type=int, default=30, help="the room: protocol-level sessions and Chromium pages")
    ap.add_argument("--browsers", type=int, default=2, help="of the sessions, real Chromium pages (0: none)")
    ap.add_argument("--clicks", type=int, default=5)
    ap.add_argument("--page", default="fire_bulls.ipynb")
    ap.add_argument("--query", default="", help="the link's query string, e.g. 'lang=it&example=it-3&step=2'")
    ap.add_argument("--pool", type=int, default=30)
    ap.add_argument("--pool-others", type=int, default=3)
    ap.add_argument("--max-kernels", type=int, default=80)
    ap.add_argument("--linger", type=int, default=120, help="seconds to wait after the pages close")
    ap.add_argument("--browser-cpu", choices=("idle", "normal"), default="idle",
                    help="the Chromium pages' CPU: 'idle' (the default) runs Chromium only on CPU the server and its"
                    " kernels leave (Linux's SCHED_IDLE): a room's browsers run on the students' own devices, and"
                    " here they would take the server's two cores from the others; 'normal' competes as equals")
    ap.add_argument("--browser-timeout", type=float, default=180,
                    help="seconds a Chromium page may take to show an enabled Next")
    ap.add_argument("--server-arg", action="append", default=[], metavar="OPTION",
                    help="one more option for the room's server, e.g. --server-arg=--VoilaExecutor.iopub_timeout=4"
                    " (nbclient's default: how the pages fared before)")
    ap.add_argument("--no-cold", action="store_true", help="skip the cold start (its ratio is then not printed)")
    return ap.parse_args(argv)


def run_cold(args: argparse.Namespace, where: str, logs) -> dict:
    """Part 1: one session's cold start with ``make run``'s settings, printed; its results."""
    if args.no_cold:
        return new_results()
    cold, cold_open_cpu, cold_click_cpu = cold_start(args.page, args.query, args.clicks, logs)
    print(f"one session, cold start (no pre-started kernel), {where} ({load()}):")
    print(line("ready", cold["ready"]))
    print(line("click", cold["click"], "ms", 1000))
    print(f"  cpu: {statistics.median(cold_open_cpu or [0]):.2f}s to open (server + kernel, kernel start"
          f" included), {1000 * statistics.median(cold_click_cpu or [0]):.0f}ms per click")
    print(f"  errors: {len(cold['errors'])} {cold['errors'][:3]}", flush=True)
    return cold


def fill_pools(srv, pooled: int) -> psutil.Process:
    """Wait for the room's pools to fill and their pages to be built; print what that cost; the server."""
    server = psutil.Process(srv.proc.pid)
    t0 = time.monotonic()
    filled = wait_for_progress(lambda: len(kernels(srv.proc.pid)), pooled)
    settled = wait_for_progress(lambda: waiting_kernels(srv.proc.pid, srv.port), pooled)
    settled = settle([server, *kernels(srv.proc.pid)]) and settled
    ready = waiting_kernels(srv.proc.pid, srv.port)
    pool_cpu = cpu(kernels(srv.proc.pid))
    print(f"make class: {ready} of {pooled} kernels pre-started, their pages built, in"
          f" {time.monotonic() - t0:.0f}s{'' if filled and settled else ' (not all of them)'};"
          f" {rss_mib(kernels(srv.proc.pid)):.0f} MiB; cpu before any request: {pool_cpu / max(1, ready):.2f}s"
          f" per kernel, the server {cpu([server]):.1f}s in all (its start included)", flush=True)
    return server


def start_browsers(args: argparse.Namespace, url: str, n_browsers: int) -> BrowserPages | None:
    """The Chromium pages, launched and settled before the room opens (None when there are none).

    A room's students have their browsers running before the teacher says "open it": Chromium
    (the browser and a blank tab per page) starts and settles before the room opens, so that
    only the pages' loading is part of the burst."""
    if not n_browsers:
        return None
    browsers = BrowserPages(url, n_browsers, args.clicks, args.browser_timeout, args.browser_cpu == "idle")
    browsers.start()
    c0 = time.monotonic()
    browsers.launched.wait(180)
    rate = quiet_rate(chromium_processes)
    print(f"Chromium started before the room opens (the browser and {n_browsers} blank tabs, as a room's"
          f" browsers are already running; CPU: {args.browser_cpu},"
          f" {policies(chromium_processes())}):"
          f" {cpu(chromium_processes()):.1f}s CPU in"
          f" {time.monotonic() - c0:.0f}s, then {rate:.3f}s a second ({load()})", flush=True)
    return browsers


class SessionsLoop:
    """The protocol-level sessions' event loop; every wait runs it, so their websockets keep
    answering the server's pings (it drops a connection that does not, after 30 s)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    def idle_browsers(self, timeout: float = 60, window: float = 2.0) -> float:
        """Wait until the Chromium processes are about idle (less than 0.05 CPU seconds a
        second); their CPU rate then."""
        async def waiting() -> float:
            deadline = time.monotonic() + timeout
            procs = chromium_processes()
            before = cpu(procs)
            while True:
                await asyncio.sleep(window)
                now = cpu(procs)
                rate = (now - before) / window
                if rate < 0.05 or time.monotonic() > deadline:
                    return rate
                before = now
        return self.run(waiting())

    def wait_for(self, event: threading.Event, timeout: float) -> None:
        """Wait for the Chromium pages to set ``event``."""
        async def waiting():
            deadline = time.monotonic() + timeout
            while not event.is_set() and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
        self.run(waiting())

    def close(self) -> None:
        self.loop.close()


def burst(args: argparse.Namespace, srv, server: psutil.Process, browsers: BrowserPages | None, n_protocol: int,
          res: dict, keep: list[Session], loop: SessionsLoop) -> dict:
    """Part 2: every session opens the page at once, then each clicks Next, all at once; the
    Chromium pages step and play after them.  The timings and CPU spent, as a dict."""
    async def opening():
        got = await asyncio.gather(*(open_session(srv.base, args.page, args.query, res)
                                     for _ in range(n_protocol)))
        keep.extend(s for s in got if s is not None)

    async def stepping():
        await asyncio.gather(*(step_session(s, args.clicks, res) for s in keep))
        await asyncio.sleep(0.3)  # the clicks' last updates

    meter = CpuMeter(server)
    m0 = meter.sample()
    load_open = load()
    start = opened_at = time.monotonic()
    if browsers:
        browsers.go_open.set()  # the Chromium pages open with the others
    loop.run(opening())
    took_open = time.monotonic() - start
    m1 = meter.sample()
    took_all = took_open
    browsers_rate = float("nan")
    if browsers:
        loop.wait_for(browsers.opened, 300)  # the pages drawn, and nothing changing in them for a second
        took_all = time.monotonic() - start
        m1 = meter.sample()
        browsers_rate = loop.idle_browsers()
    mine = {s.kernel_id for s in keep}
    m2 = meter.sample()
    load_click = load()
    start = time.monotonic()
    clicks_after = start - opened_at
    loop.run(stepping())  # the Chromium pages idle meanwhile
    took_click = time.monotonic() - start
    m3 = meter.sample()
    if browsers:
        browsers.go_step.set()  # then the Chromium pages step the example ...
        loop.wait_for(browsers.stepped, 300)
        browsers.go_move.set()  # ... open Play and make a move each
        loop.wait_for(browsers.moved, 300)
    return {"mine": mine, "took_open": took_open, "took_all": took_all, "took_click": took_click,
            "clicks_after": clicks_after, "load_open": load_open, "load_click": load_click,
            "browsers_rate": browsers_rate, "opened": CpuMeter.spent(m0, m1, mine),
            "clicked": CpuMeter.spent(m2, m3, mine), "n_others": len(set(m3["kernels"]) - mine)}


def print_burst(args: argparse.Namespace, where: str, n_protocol: int, n_browsers: int, res: dict, keep: list,
                b: dict, browsers: BrowserPages | None, server: psutil.Process, ks: list) -> None:
    """Part 2's and 3's figures: latencies, CPU per session and per click, errors, memory."""
    opened, clicked, mine = b["opened"], b["clicked"], b["mine"]
    n_clicks = max(1, len(res["click"]))
    print(f"{args.sessions} sessions at once on {where} ({n_protocol} at the protocol level,"
          f" {n_browsers} Chromium pages): all opened in {b['took_open']:.1f}s ({b['load_open']}),"
          f" then each clicked Next {args.clicks} times, all at once ({b['took_click']:.1f}s, {b['load_click']}):")
    print(line("ready", res["ready"]))
    for phase in ("page", "websocket", "widgets"):
        print(line(f"  {phase} done", [p[phase] for p in res["phases"] if phase in p]))
    print(line("click", res["click"], "ms", 1000))
    print(f"  cpu per session to open: server {opened['server'] / max(1, len(keep)):.3f}s,"
          f" its kernel {opened['room'] / max(1, len(keep)):.3f}s")
    print(f"  cpu per click: server {1000 * clicked['server'] / n_clicks:.1f}ms,"
          f" kernel {1000 * clicked['room'] / n_clicks:.1f}ms")
    print(spent_line("while the room opened, until every page was usable", opened, b["took_all"], len(mine),
                     b["n_others"]))
    print(spent_line(f"while they clicked (from {b['clicks_after']:.1f}s after the room opened)", clicked,
                     b["took_click"], len(mine), b["n_others"]))
    print(f"  errors: {len(res['errors'])} {res['errors'][:3]}")
    if browsers:
        print_browsers(browsers.results, n_browsers, clicked, b)
    print(f"  memory: server {rss_mib([server]):.0f} MiB, {len(ks)} kernels {rss_mib(ks):.0f} MiB"
          f" (mean {rss_mib(ks) / max(1, len(ks)):.0f} MiB)", flush=True)


def print_browsers(r: dict, n_browsers: int, clicked: dict, b: dict) -> None:
    """The Chromium pages' own figures, and what they showed when they failed."""
    print(f"  the {n_browsers} Chromium pages (1280x720), opened with the others, idle during their clicks"
          f" (Chromium's CPU then: {clicked['chromium']:.2f}s in {b['took_click']:.1f}s; before them"
          f" {b['browsers_rate']:.2f}s a second), then stepping and playing on their own; a click measured in the"
          " page, from the click to what it updates drawn changed (the round trip to the kernel):")
    print(line("  ready (the page drawn, Next enabled)", r["ready"]))
    print(line("  Next click (the step's header)", r["click"], "ms", 1000))
    print(line("  a move in Play (the board redrawn)", r["move"], "ms", 1000))
    print(f"    errors: {len(r['errors'])} {r['errors'][:3]}")
    if r["errors"] and r["console"]:
        print("    their console's warnings and errors:", *r["console"][:8], sep="\n      ")
    if r["errors"]:
        print("    what they showed:", *r["probe"], sep="\n      ")
        print("    their kernel websockets:", *(f"page {i}: {f.report()}" for i, f in enumerate(r["frames"])),
              sep="\n      ")


def close_and_count(args: argparse.Namespace, srv, keep: list[Session], loop: SessionsLoop,
                    browsers: BrowserPages | None, pooled: int, mine: set) -> tuple[int, int]:
    """Part 4: close the pages (half by the beacon, half by dropping the websocket), wait
    ``--linger`` seconds; (kernels beyond the pools, the closed pages' kernels still alive)."""
    async def close_all():
        await asyncio.gather(*(s.close(shutdown=i % 2 == 0) for i, s in enumerate(keep)))

    loop.run(close_all())
    loop.close()
    if browsers:
        browsers.join(60)  # the Chromium pages closed
    beacons = sum(1 for i, _s in enumerate(keep) if i % 2 == 0)
    print(f"closed: {beacons} with the page's beacon, {len(keep) - beacons} by dropping the websocket;"
          f" waiting {args.linger}s ...", flush=True)
    time.sleep(args.linger)
    left = len(kernels(srv.proc.pid))
    beyond = max(0, left - pooled)
    # the closed pages' own kernels (a refilling pool can hide them in the count above)
    stayed = len(mine & set(kernel_processes(srv.proc.pid)))
    print(f"  {args.linger}s after closing: {left} kernels, {beyond} beyond the pools ({pooled});"
          f" {stayed} of the closed pages' {len(mine)} kernels still alive")
    return beyond, stayed


def report_targets(args: argparse.Namespace, logs, cold: dict, res: dict, browser_errors: int, beyond: int,
                   stayed: int) -> bool:
    """The targets and each figure's ratio to its target; whether every one is met."""
    dropped = (logs / "bench-class.log").read_text(errors="replace").count("Timeout waiting for IOPub output")
    print(f"cell outputs the room's server dropped, read too late (its log's \"Timeout waiting for IOPub output\"):"
          f" {dropped}")
    print("targets:")
    if cold["ready"]:
        ratio = pct(res["ready"], 95) / statistics.median(cold["ready"])
        print(f"  ready p95 / one session's cold start: {ratio:.2f}x (target < {READY_TARGET:.0f}x)"
              f" {'met' if ratio < READY_TARGET else 'NOT met'}")
    click95 = pct(res["click"], 95)
    print(f"  click p95 / 150 ms: {click95 / CLICK_TARGET:.2f} ({1000 * click95:.0f} ms)"
          f" {'met' if click95 < CLICK_TARGET else 'NOT met'}")
    errors = len(res["errors"]) + len(cold["errors"]) + browser_errors
    print(f"  errors: {errors} (target 0) {'met' if not errors else 'NOT met'}")
    left_over = max(beyond, stayed)
    print(f"  kernels left {args.linger}s after the pages closed (beyond the pools, or the pages' own):"
          f" {left_over} (target 0) {'met' if not left_over else 'NOT met'}")
    met = not errors and not left_over and click95 < CLICK_TARGET and (
        not cold["ready"] or pct(res["ready"], 95) / statistics.median(cold["ready"]) < READY_TARGET)
    print(f"all targets {'met' if met else 'NOT met'}")
    return met


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    raise_client_limit(4 * args.sessions)
    n_browsers = max(0, min(args.browsers, args.sessions))
    n_protocol = args.sessions - n_browsers
    logs = ROOT / "test-artifacts"
    logs.mkdir(exist_ok=True)
    print(f"cpus {psutil.cpu_count()}, {load()} (a shared machine makes wall-clock figures noisy;"
          " the CPU seconds are not)", flush=True)
    where = f"{args.page}{'?' + args.query if args.query else ''}"
    cold = run_cold(args, where, logs)

    room = Room(page=args.page, pool=args.pool, pool_others=args.pool_others, max_kernels=args.max_kernels,
                ip="127.0.0.1")
    n_notebooks = len([nb for nb in NOTEBOOKS.glob("*.ipynb") if nb.name not in TUTORIALS])
    pooled = min(args.max_kernels, args.pool + args.pool_others * (n_notebooks - 1))
    stamps = ("--Voila.log_format=[%(name)s %(asctime)s.%(msecs)03d]%(highlevel)s %(message)s",
              "--Voila.log_datefmt=%H:%M:%S")
    res = new_results()
    # a room's server starts its pools' kernels before it answers: on a busy machine that takes minutes
    with VoilaServer(NOTEBOOKS, log=logs / "bench-class.log", room=room, extra=(*stamps, *args.server_arg),
                     start_timeout=300) as srv:
        server = fill_pools(srv, pooled)
        browsers = start_browsers(args, srv.url(where), n_browsers)
        keep: list[Session] = []
        loop = SessionsLoop()
        b = burst(args, srv, server, browsers, n_protocol, res, keep, loop)
        print_burst(args, where, n_protocol, n_browsers, res, keep, b, browsers, server, kernels(srv.proc.pid))
        beyond, stayed = close_and_count(args, srv, keep, loop, browsers, pooled, b["mine"])
    browser_errors = len(browsers.results["errors"]) if browsers else 0
    met = report_targets(args, logs, cold, res, browser_errors, beyond, stayed)
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())

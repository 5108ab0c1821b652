"""``make bench-class``: a room of students against ``make class``'s configuration.

``python -m widgets.bench_class [--sessions 30] [--clicks 5] [--page fire_bulls.ipynb]``

At the protocol level (:mod:`widgets.room`, as a page's front end speaks to
Voilà; browsers on one small machine would measure themselves), all traffic to
127.0.0.1:

1. one session's cold start: a server with ``make run``'s settings (no
   pre-started kernels), the page opened and its example stepped, three times;
2. ``make class``'s server (``widgets.serve.Room``, on the loopback interface),
   its pools filled; then all the sessions open the page at once and each
   steps the example (Next, ``--clicks`` times), all at once;
3. server and kernel memory with the sessions open;
4. the pages close -- half with the browser's ``beforeunload`` beacon, half
   only dropping the websocket (a phone put to sleep) -- and two minutes later
   the kernels beyond the pools are counted.

Prints page-ready and click-latency percentiles and errors.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

import psutil

from widgets.room import Session, raise_client_limit
from widgets.serve import NOTEBOOKS, ROOT, Room, VoilaServer

NEXT = "rt-next"


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


def waiting_kernels(pid: int, port: int) -> int:
    """Kernels connected to the server (a pre-started kernel waiting for its page's request)."""
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


async def one_session(base: str, page: str, clicks: int, results: dict, close_with_beacon: bool = True,
                      keep: list | None = None) -> None:
    s = Session(base, page, timeout=300)
    try:
        results["ready"].append(await s.open())
        results.setdefault("phases", []).append(s.phases)
        button = s.find(NEXT)
        if not button:
            raise RuntimeError("no Next button in the page's widgets")
        for _ in range(clicks):
            results["click"].append(await s.click(button[0]))
    except Exception as e:  # counted, the run goes on
        results["errors"].append(f"{type(e).__name__}: {str(e)[:120]}")
    if keep is not None:
        keep.append((s, close_with_beacon))
    else:
        await s.close(shutdown=close_with_beacon)


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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m widgets.bench_class")
    ap.add_argument("--sessions", type=int, default=30)
    ap.add_argument("--clicks", type=int, default=5)
    ap.add_argument("--page", default="fire_bulls.ipynb")
    ap.add_argument("--pool", type=int, default=30)
    ap.add_argument("--pool-others", type=int, default=3)
    ap.add_argument("--max-kernels", type=int, default=80)
    ap.add_argument("--linger", type=int, default=120, help="seconds to wait after the pages close")
    args = ap.parse_args(argv)
    raise_client_limit(4 * args.sessions)
    logs = ROOT / "test-artifacts"
    logs.mkdir(exist_ok=True)
    print(f"cpus {psutil.cpu_count()}, load average {' '.join(f'{x:.1f}' for x in psutil.getloadavg())}"
          " (a shared machine: figures are noisy)")

    # 1. cold start, make run's settings
    cold = {"ready": [], "click": [], "errors": []}
    with VoilaServer(NOTEBOOKS, log=logs / "bench-class-cold.log") as srv:
        for _ in range(3):
            asyncio.run(one_session(srv.base, args.page, args.clicks, cold))
    print(f"one session, cold start (no pre-started kernel), {args.page}:")
    print(line("ready", cold["ready"]))
    print(line("click", cold["click"], "ms", 1000))
    print(f"  errors: {len(cold['errors'])} {cold['errors'][:3]}")

    # 2. the room
    room = Room(page=args.page, pool=args.pool, pool_others=args.pool_others, max_kernels=args.max_kernels,
                ip="127.0.0.1")
    n_notebooks = len(list(NOTEBOOKS.glob("*.ipynb")))
    pooled = args.pool + args.pool_others * (n_notebooks - 1)
    stamps = ("--Voila.log_format=[%(name)s %(asctime)s.%(msecs)03d]%(highlevel)s %(message)s",
              "--Voila.log_datefmt=%H:%M:%S")
    with VoilaServer(NOTEBOOKS, log=logs / "bench-class.log", room=room, extra=stamps) as srv:
        t0 = time.monotonic()
        filled = wait_until(lambda: len(kernels(srv.proc.pid)) >= pooled, 600)
        # a pre-started kernel has built its page up to the point where it waits for
        # its request once it is connected to the server's /voila/query/ websocket
        settled = wait_until(lambda: waiting_kernels(srv.proc.pid, srv.port) >= pooled, 300)
        ready = waiting_kernels(srv.proc.pid, srv.port)
        print(f"make class: {ready} of {pooled} kernels pre-started and waiting in {time.monotonic() - t0:.0f}s"
              f"{'' if filled and settled else ' (not all of them)'}; {rss_mib(kernels(srv.proc.pid)):.0f} MiB")
        res = {"ready": [], "click": [], "errors": []}
        keep: list = []

        async def room_run():
            await asyncio.gather(*(one_session(srv.base, args.page, args.clicks, res, i % 2 == 0, keep)
                                   for i in range(args.sessions)))

        loop = asyncio.new_event_loop()
        start = time.monotonic()
        loop.run_until_complete(room_run())
        took = time.monotonic() - start
        server = psutil.Process(srv.proc.pid)
        ks = kernels(srv.proc.pid)
        print(f"{args.sessions} sessions at once on {args.page}, each clicking Next {args.clicks} times"
              f" ({took:.1f}s in all):")
        print(line("ready", res["ready"]))
        print(line("click", res["click"], "ms", 1000))
        print(f"  errors: {len(res['errors'])} {res['errors'][:3]}")
        for phase in ("page", "websocket", "widgets"):
            print(line(f"  {phase} done", [p[phase] for p in res.get("phases", []) if phase in p]))
        print(f"  memory: server {rss_mib([server]):.0f} MiB, {len(ks)} kernels {rss_mib(ks):.0f} MiB"
              f" (mean {rss_mib(ks) / max(1, len(ks)):.0f} MiB)")
        if cold["ready"]:
            base = statistics.median(cold["ready"])
            print(f"  ready p95 / cold start: {pct(res['ready'], 95) / base:.2f}x (target < 2x)")

        async def close_all():
            await asyncio.gather(*(s.close(shutdown=b) for s, b in keep))

        loop.run_until_complete(close_all())
        loop.close()
        beacons = sum(1 for _s, b in keep if b)
        print(f"closed: {beacons} with the page's beacon, {len(keep) - beacons} by dropping the websocket;"
              f" waiting {args.linger}s ...")
        time.sleep(args.linger)
        left = len(kernels(srv.proc.pid))
        print(f"  {args.linger}s after closing: {left} kernels, {max(0, left - pooled)} beyond the pools ({pooled})")
    return 0 if not res["errors"] else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""Serve notebooks with Voilà and drive them in Debian's Chromium.

Used by ``make run`` (through ``python -m widgets.server.serve``), by the browser
tests' fixtures and by the browser benchmark (:mod:`benchmarks.browser`).  Nothing
here knows a game.

The Voilà settings live in ``voila.json`` at the repository root (standalone
Voilà reads it from its working directory) and in
``binder/jupyter_server_config.json`` (Voilà as a Jupyter server extension, on
Binder): sources stripped, no tracebacks, idle kernels culled, a cell's late
outputs waited for (:data:`IOPUB_TIMEOUT`), and the page template ``rules-tutor``
(``widgets/jupyter/data/voila/templates/``: Voilà's lab template asking nothing of the internet).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
# the page template (widgets/jupyter/data/voila/templates/rules-tutor), found from a checkout too
TEMPLATE = "rules-tutor"
JUPYTER_DATA = ROOT / "widgets" / "jupyter" / "data"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    """A TCP port nobody listens on right now (on the loopback interface)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Seconds Voilà's executor waits, once a cell's execute_reply has come, for the cell's outputs (the
# kernel's IOPub messages up to its "idle").  nbclient's default is 4: on a loaded machine the server
# read the outputs later than that -- pool kernels building their pages all at once, thirty pages
# opened cold -- and dropped them ("Timeout waiting for IOPub output"): the page was served without
# its widget view, blank for good although its kernel held every widget.  Waiting costs nothing when
# the outputs are on time: the wait ends with the kernel's "idle".
IOPUB_TIMEOUT = 300

# Kernels talk to the server over unix sockets, not TCP: on TCP the server picks "free" ports and
# the kernel binds them a second later, and another process can take one first (thirty kernels
# started at once for a room did; so did, once, a browser test's page among the other tests'
# connections).  The kernel then dies starting, and Voilà left its page waiting for good.
KERNEL_TRANSPORT = "ipc"

CULL_IDLE = 60  # seconds a kernel with no page connected may idle ...
CULL_INTERVAL = 15  # ... checked this often: a closed page's kernel is gone within 2 minutes


@dataclass(frozen=True)
class Room:
    """``make class``'s settings: the dashboard served to a room on one machine.

    * ``page``: the notebook the room opens at once (the printed link and QR
      code), which keeps ``pool`` kernels started and its page pre-built;
    * ``pool_others``: kernels kept ready for every other notebook;
    * ``max_kernels``: most kernels alive at once, pools included; past it a
      page gets "the room is full" (503);
    * ``hosts``: host names served besides the machine's own;
    * ``ip``: the interfaces listened on (all of them).
    """

    page: str = "index.ipynb"
    pool: int = 30
    pool_others: int = 3
    max_kernels: int = 80
    hosts: tuple[str, ...] = ()
    ip: str = "0.0.0.0"

    def options(self) -> list[str]:
        return [
            f"--TutorVoila.pools={self.page}={self.pool}",
            f"--TutorVoila.pool_others={self.pool_others}",
            f"--CappedKernelManager.max_kernels={self.max_kernels}",
            *(f"--TutorVoila.extra_hosts={h}" for h in self.hosts),
        ]


def voila_command(root: Path, port: int, *extra: str, cull_idle: int = CULL_IDLE,
                  cull_interval: int = CULL_INTERVAL, room: Room | None = None) -> list[str]:
    """The server's command line: Voilà with our guards (:mod:`widgets.server.classroom`),
    local-only, or for a ``room`` on all interfaces with pools and a cap.  An ``extra`` option
    replaces ours of the same name (the command line takes each option once)."""
    command = [
        sys.executable,
        "-m",
        "widgets.server.classroom",
        str(root),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={room.ip if room else '127.0.0.1'}",
        # the same settings as voila.json, repeated so they hold from any cwd
        "--strip_sources=True",
        "--show_tracebacks=False",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        # a page's kernel sends widget updates only (no code runs from a page, no output is
        # printed): jupyter_server's IOPub rate limit decoded and counted each one for nothing
        "--ZMQChannelsWebsocketConnection.limit_rate=False",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        # kernels talk to the server over unix sockets (KERNEL_TRANSPORT)
        f"--KernelManager.transport={KERNEL_TRANSPORT}",
        f"--VoilaConfiguration.template={TEMPLATE}",
        *(room.options() if room else []),
    ]
    replaced = {a.split("=")[0] for a in extra if a.startswith("--") and "=" in a}
    return [a for a in command if a.split("=")[0] not in replaced or not a.startswith("--")] + list(extra)


def server_env(env: dict | None = None) -> dict:
    """The environment of our Voilà process (its kernels inherit it)."""
    out = dict(os.environ)
    out.setdefault("PYTHONUNBUFFERED", "1")
    # a terminal of a Jupyter server hosting live lessons names that server's: this one's kernels use their own
    for name in ("RULES_TUTOR_LIVE_URL", "RULES_TUTOR_LIVE_TOKEN"):
        out.pop(name, None)
    # the page template from this checkout (an installed tutor has it under sys.prefix/share/jupyter too)
    out["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(JUPYTER_DATA), out.get("JUPYTER_PATH", "")) if p)
    if env:
        out.update(env)
    return out


def stop_process_tree(proc: subprocess.Popen, timeout: float = 20) -> None:
    """SIGTERM to the server (Voilà then shuts its kernels down), then SIGKILL to
    whatever of it and its kernels is still there after ``timeout``."""
    import psutil

    if proc.poll() is not None:
        return
    try:
        tree = psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        tree = []
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)
    _gone, alive = psutil.wait_procs(tree, timeout=5)
    for p in alive:
        with contextlib.suppress(psutil.Error):
            p.kill()


class VoilaServer:
    """A Voilà process serving ``root`` on a free loopback port."""

    def __init__(self, root: Path = NOTEBOOKS, port: int | None = None, log: Path | None = None,
                 extra: tuple[str, ...] = (), env: dict | None = None,
                 cull_idle: int = CULL_IDLE, cull_interval: int = CULL_INTERVAL, room: Room | None = None,
                 start_timeout: float = 60):
        self.root = Path(root)
        self.start_timeout = start_timeout  # seconds ``with VoilaServer(...)`` waits for it to answer
        self.port = port or free_port()
        self.log_path = log
        self.extra = extra
        self.env = env
        self.cull = {"cull_idle": cull_idle, "cull_interval": cull_interval}
        self.room = room
        self.proc: subprocess.Popen | None = None
        self._log = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, notebook: str) -> str:
        return f"{self.base}/voila/render/{notebook}"

    def start(self, timeout: float = 60) -> "VoilaServer":
        self._log = open(self.log_path, "wb") if self.log_path else subprocess.DEVNULL
        self.proc = subprocess.Popen(
            voila_command(self.root, self.port, *self.extra, room=self.room, **self.cull),
            cwd=str(ROOT),
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=server_env(self.env),
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited with {self.proc.returncode}; see {self.log_path}")
            try:
                with urllib.request.urlopen(self.base + "/voila/tree", timeout=2):
                    return self
            except urllib.error.HTTPError:
                return self  # it answers: that's all we wait for
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"voila did not answer on port {self.port} within {timeout}s")

    def stop(self) -> None:
        if self.proc:
            stop_process_tree(self.proc)
        if self._log not in (None, subprocess.DEVNULL):
            self._log.close()
        self._log = None

    def __enter__(self) -> "VoilaServer":
        return self.start(self.start_timeout)

    def __exit__(self, *exc) -> None:
        self.stop()


@contextlib.contextmanager
def chromium(headless: bool = True):
    """A Playwright browser on Debian's Chromium (never a downloaded build)."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: apt-get install -y chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=headless)
        try:
            yield browser
        finally:
            browser.close()


def lan_urls(port: int, notebook: str) -> list[str]:
    from widgets.server.classroom import lan_addresses

    return [f"http://{a}:{port}/voila/render/{notebook}" for a in lan_addresses()]


#: the environment variable that gives a room's kernels the address students reach (read by
#: :mod:`widgets.panels.share`: the pages' links and QR codes use it, not the teacher's localhost)
ROOM_ENV = "RULES_TUTOR_ROOM_URL"


def room_env(urls: list[str]) -> dict:
    """The kernels' environment for a room: the first LAN address printed, as ``http://ADDRESS:PORT``
    (nothing when the machine has no LAN address: the links then stay as the page was opened).

    >>> room_env(["http://192.168.1.20:8866/voila/render/index.ipynb"])
    {'RULES_TUTOR_ROOM_URL': 'http://192.168.1.20:8866'}
    >>> room_env([])
    {}
    """
    if not urls:
        return {}
    scheme, rest = urls[0].split("://", 1)
    return {ROOM_ENV: f"{scheme}://{rest.split('/', 1)[0]}"}


def print_qr(url: str) -> None:
    """The room's link as a QR code in the terminal (drawn by segno)."""
    try:
        import segno
    except ImportError:
        print("  (pip install segno to print the QR code)")
        return
    segno.make(url, error="m").terminal(compact=True)


class _Stop(Exception):
    pass


def _raise_stop(signum, frame):
    raise _Stop(signum)


def parse_args(argv: list[str]):
    import argparse

    room = Room()
    ap = argparse.ArgumentParser(prog="python -m widgets.server.serve", description="Serve the rules-tutor dashboard.")
    ap.add_argument("port", nargs="?", type=int, default=int(os.environ.get("PORT", "8866")))
    ap.add_argument("--class", dest="room", action="store_true",
                    help="serve a room: all interfaces, kernel pools, a kernel cap; print the LAN link and a QR code")
    ap.add_argument("--page", default=room.page, help="the notebook the room opens (printed link, largest pool)")
    ap.add_argument("--pool", type=int, default=room.pool, help="kernels kept ready for --page")
    ap.add_argument("--pool-others", type=int, default=room.pool_others, help="kernels kept ready for every other page")
    ap.add_argument("--max-kernels", type=int, default=room.max_kernels, help="most kernels alive at once (pools included)")
    ap.add_argument("--hosts", default="", help="extra host names to serve, comma- or space-separated")
    ap.add_argument("--ip", default=room.ip, help="the interface to listen on with --class (default: all)")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """``python -m widgets.server.serve [PORT] [--class ...]``: serve the dashboard and print its
    address.  SIGTERM and SIGINT stop Voilà and its kernels."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    room = None
    if args.room:
        hosts = tuple(h for h in args.hosts.replace(",", " ").split() if h)
        set_by_teacher = urllib.parse.urlsplit(os.environ.get(ROOM_ENV, "")).hostname
        hosts += (set_by_teacher,) if set_by_teacher else ()  # the address the teacher set is one it answers
        room = Room(page=args.page, pool=args.pool, pool_others=args.pool_others,
                    max_kernels=args.max_kernels, hosts=hosts, ip=args.ip)
    server = VoilaServer(NOTEBOOKS, port=args.port, room=room)
    previous = {s: signal.signal(s, _raise_stop) for s in (signal.SIGTERM, signal.SIGINT)}
    print("Starting Voilà ...", flush=True)
    urls = lan_urls(args.port, room.page) if room is not None else []
    if room is not None and os.environ.get(ROOM_ENV):  # the address the teacher set: printed, and kept
        urls = [f"{os.environ[ROOM_ENV].rstrip('/')}/voila/render/{room.page}"] + urls
    # a room's kernels give students this address, not the localhost the teacher may have opened
    proc = subprocess.Popen(voila_command(NOTEBOOKS, args.port, room=room), cwd=str(ROOT),
                            env=server_env(room_env(urls)))
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                urllib.request.urlopen(server.base + "/voila/tree", timeout=2)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                time.sleep(0.3)
        if room is None:
            url = f"http://localhost:{args.port}/voila/render/index.ipynb"
            print(f"\n  rules-tutor dashboard: {url}\n  (Ctrl-C to stop)\n", flush=True)
        else:
            urls = urls or [f"http://localhost:{args.port}/voila/render/{room.page}"]
            print("\n  rules-tutor for the room -- students open:", flush=True)
            for u in urls:
                print(f"    {u}")
            print()
            print_qr(urls[0])
            print(f"\n  {room.pool} kernels kept ready for {room.page}, {room.pool_others} for each other page;"
                  f" at most {room.max_kernels} kernels.\n  (Ctrl-C to stop)\n", flush=True)
        return proc.wait()
    except (KeyboardInterrupt, _Stop):
        return 0
    finally:
        for s, h in previous.items():
            signal.signal(s, h)
        stop_process_tree(proc)


if __name__ == "__main__":
    raise SystemExit(main())

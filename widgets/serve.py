"""Serve notebooks with Voilà and drive them in Debian's Chromium.

Used by ``make run`` (through ``python -m widgets.serve``), by the browser
tests' fixtures and by the browser benchmark (:mod:`widgets.bench`).  Nothing
here knows a game.

The Voilà settings live in ``voila.json`` at the repository root (standalone
Voilà reads it from its working directory) and in
``binder/jupyter_server_config.json`` (Voilà as a Jupyter server extension, on
Binder): sources stripped, no tracebacks, idle kernels culled.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
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


def voila_command(root: Path, port: int, *extra: str, cull_idle: int = 300, cull_interval: int = 60) -> list[str]:
    return [
        sys.executable,
        "-m",
        "voila",
        str(root),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        # the same settings as voila.json, repeated so they hold from any cwd
        "--strip_sources=True",
        "--show_tracebacks=False",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        *extra,
    ]


class VoilaServer:
    """A Voilà process serving ``root`` on a free loopback port."""

    def __init__(self, root: Path = NOTEBOOKS, port: int | None = None, log: Path | None = None,
                 extra: tuple[str, ...] = (), env: dict | None = None,
                 cull_idle: int = 300, cull_interval: int = 60):
        self.root = Path(root)
        self.port = port or free_port()
        self.log_path = log
        self.extra = extra
        self.env = env
        self.cull = {"cull_idle": cull_idle, "cull_interval": cull_interval}
        self.proc: subprocess.Popen | None = None
        self._log = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, notebook: str) -> str:
        return f"{self.base}/voila/render/{notebook}"

    def start(self, timeout: float = 60) -> "VoilaServer":
        self._log = open(self.log_path, "wb") if self.log_path else subprocess.DEVNULL
        env = dict(os.environ)
        env.setdefault("PYTHONUNBUFFERED", "1")
        if self.env:
            env.update(self.env)
        self.proc = subprocess.Popen(
            voila_command(self.root, self.port, *self.extra, **self.cull),
            cwd=str(ROOT),
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=env,
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
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self._log not in (None, subprocess.DEVNULL):
            self._log.close()
        self._log = None

    def __enter__(self) -> "VoilaServer":
        return self.start()

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


def main(argv: list[str] | None = None) -> int:
    """``python -m widgets.serve [PORT]``: serve the dashboard and print its URL."""
    argv = sys.argv[1:] if argv is None else argv
    port = int(argv[0]) if argv else int(os.environ.get("PORT", "8866"))
    server = VoilaServer(NOTEBOOKS, port=port)
    print("Starting Voilà ...", flush=True)
    proc = subprocess.Popen(voila_command(NOTEBOOKS, port), cwd=str(ROOT))
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
        url = f"http://localhost:{port}/voila/render/index.ipynb"
        print(f"\n  rules-tutor dashboard: {url}\n  (Ctrl-C to stop)\n", flush=True)
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        proc.wait(10)
        return 0


if __name__ == "__main__":
    raise SystemExit(main())

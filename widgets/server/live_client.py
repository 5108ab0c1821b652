"""A kernel's line to the live lessons (:mod:`widgets.server.live`), over its own server.

Every kernel Voilà starts knows its server's port, its address prefix and its own id
(``VOILA_APP_PORT``, ``VOILA_SERVER_URL``, ``VOILA_KERNEL_ID``); :func:`server_url` makes
the live lessons' websocket address of them.  Under a Jupyter server (a JupyterHub's
single-user server, :mod:`widgets.server.extension`) the server itself tells its kernels
where the live lessons are and the token its authentication asks for (:data:`LIVE_URL_ENV`,
:data:`LIVE_TOKEN_ENV`): the port a page's request named may be a proxy's.  A :class:`LiveLine` keeps that websocket
open from a thread of its own (the kernel's event loop is never blocked), opens it again
when it drops (the page finds its room again: ``on_connect`` is called each time), and
hands every frame that comes -- a reply or a room's event -- to ``on_frame`` on the loop
it was made on (the kernel's, where widgets are changed).

Nothing here imports a widget.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import threading
import time
from typing import Callable

_LOG = logging.getLogger("rules-tutor.live")

Frame = dict
RETRY = (0.2, 0.5, 1.0, 2.0, 5.0)  # seconds between attempts to (re)connect


#: the live lessons' websocket address up to the kernel's id (``ws://127.0.0.1:PORT/BASE/voila/live/``),
#: set by a Jupyter server hosting them (:mod:`widgets.server.extension`) for its kernels
LIVE_URL_ENV = "RULES_TUTOR_LIVE_URL"
#: the token that Jupyter server's authentication asks of its kernels' connections
LIVE_TOKEN_ENV = "RULES_TUTOR_LIVE_TOKEN"


def server_url(env=None) -> str | None:
    """The live lessons' websocket address for this kernel, or None outside the tutor's server.

    >>> server_url({"VOILA_KERNEL_ID": "ab12", "VOILA_APP_PORT": "8866", "VOILA_SERVER_URL": "/"})
    'ws://127.0.0.1:8866/voila/live/ab12'
    >>> server_url({"VOILA_KERNEL_ID": "ab12", "VOILA_APP_PORT": "443",
    ...             LIVE_URL_ENV: "ws://127.0.0.1:8888/user/ana/voila/live/"})
    'ws://127.0.0.1:8888/user/ana/voila/live/ab12'
    """
    env = os.environ if env is None else env
    kernel, port = env.get("VOILA_KERNEL_ID"), env.get("VOILA_APP_PORT")
    if kernel and env.get(LIVE_URL_ENV, "").startswith("ws://"):
        base = env[LIVE_URL_ENV]
        return base + ("" if base.endswith("/") else "/") + kernel
    if not kernel or not port:
        return None
    ip = env.get("VOILA_APP_IP", "") or "127.0.0.1"
    if ip in ("0.0.0.0", "::", "*"):
        ip = "127.0.0.1"  # a server on every interface answers its own kernels on the loopback
    host = f"[{ip}]" if ":" in ip else ip
    base = env.get("VOILA_SERVER_URL", "/") or "/"
    base = base if base.endswith("/") else base + "/"
    return f"ws://{host}:{port}{base}voila/live/{kernel}"


def auth_headers(env=None) -> dict:
    """What this kernel's connection says to the server's authentication (nothing for the tutor's own server)."""
    token = (os.environ if env is None else env).get(LIVE_TOKEN_ENV)
    return {"Authorization": f"token {token}"} if token else {}


class LiveLine:
    """The websocket to the live lessons, kept open by a thread; frames sent in order."""

    def __init__(self, url: str, on_frame: Callable[[Frame], None], on_connect: Callable[[], None] | None = None,
                 in_loop: bool = True, headers: dict | None = None):
        """``in_loop``: deliver frames in the event loop running where the line is made (a kernel's), else
        in the line's own thread (a caller with no loop of its own, or one that only runs now and then)."""
        self.url = url
        self.headers = headers or {}  # the server's authentication (:func:`auth_headers`)
        self.on_frame = on_frame
        self.on_connect = on_connect
        self.ids = itertools.count(1)
        self.connected = False
        self._ws = None
        self._lock = threading.Lock()
        self._pending: list[str] = []
        self._stop = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        if in_loop:
            try:
                self.loop = asyncio.get_running_loop()
            except RuntimeError:
                pass
        self._thread = threading.Thread(target=self._run, name="rules-tutor-live", daemon=True)
        self._thread.start()

    def send(self, frame: Frame) -> int:
        """Send ``frame`` (given an ``id``, returned): at once, or as soon as the line is open."""
        rid = next(self.ids)
        text = json.dumps({**frame, "id": rid}, ensure_ascii=False)
        with self._lock:
            ws = self._ws
            if ws is None:
                self._pending.append(text)
                return rid
        try:
            ws.send(text)
        except Exception:  # noqa: BLE001 - the line dropped: sent again once it is open
            with self._lock:
                self._pending.append(text)
        return rid

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            ws = self._ws
        if ws is not None:
            try:
                ws.close()
            except Exception:  # noqa: BLE001 - closing a broken line
                pass

    def _deliver(self, call: Callable, *args) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._safely, call, *args)
        else:
            self._safely(call, *args)

    @staticmethod
    def _safely(call: Callable, *args) -> None:
        try:
            call(*args)
        except Exception:  # noqa: BLE001 - a page that cannot show a frame stays as it is; logged
            _LOG.exception("a live lesson's frame could not be shown")

    def _run(self) -> None:
        from websockets.sync.client import connect

        attempt = 0
        while not self._stop.is_set():
            try:
                with connect(self.url, open_timeout=10, ping_interval=None, close_timeout=1,
                             max_size=2**21, additional_headers=self.headers or None) as ws:
                    attempt = 0
                    with self._lock:
                        self._ws = ws
                        pending, self._pending = self._pending, []
                    self.connected = True
                    if self.on_connect is not None:
                        self._deliver(self.on_connect)
                    for text in pending:
                        ws.send(text)
                    for message in ws:
                        try:
                            frame = json.loads(message)
                        except ValueError:
                            continue
                        if isinstance(frame, dict):
                            self._deliver(self.on_frame, frame)
            except Exception as e:  # noqa: BLE001 - the server restarting, a refusal: try again later
                _LOG.warning("live lesson line: %s", type(e).__name__)
            finally:
                with self._lock:
                    self._ws = None
                self.connected = False
            if self._stop.is_set():
                break
            time.sleep(RETRY[min(attempt, len(RETRY) - 1)])
            attempt += 1

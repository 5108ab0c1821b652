"""A page's request in a pre-started kernel: build the page first, read its address after.

Under Voilà a page reads its place from the address it was opened at (the
kernel's ``QUERY_STRING`` and ``VOILA_REQUEST_URL``).  A pre-started kernel
(``make class``'s pools, ``VOILA_PREHEAT=True``) runs its notebook before any
student asks for the page, and learns which request it serves only when one
comes: Voilà then sends the request's CGI-style variables to the kernel's
``/voila/query/<kernel id>`` websocket.

Pages built by :mod:`widgets.page` and :mod:`widgets.index` do not wait for it:
they are built whole at their default place before the request (imports,
engine, every widget: the costly part, done while the room is empty), and
:func:`when_requested` calls them back with the request's query string and
address once it comes, on the kernel's own event loop (where the widgets'
messages are sent from), so they only move to the place the link names.

Any other notebook keeps Voilà's behaviour: :mod:`widgets.server.kernel_guard` makes
its first cell that is not only imports wait (:func:`wait`) for the request, so
it reads its own query string like a page without pre-started kernels.

Nothing here imports a widget; outside a pre-started kernel every function is
a no-op (:func:`pending` is False and the environment already names the page's
request).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import time
from typing import Callable

_LOG = logging.getLogger("rules-tutor.kernel")

Callback = Callable[[str, "str | None"], None]

_lock = threading.Lock()
_info: dict | None = None  # the request, once it came
_callbacks: list[tuple[Callback, "asyncio.AbstractEventLoop | None"]] = []
_thread: threading.Thread | None = None
# set by the page modules when imported (a notebook's first cell): their pages are
# built before the request and follow it after (kernel_guard does not hold them)
builds_first = False


def preheated() -> bool:
    """Running in a kernel Voilà pre-started (a pool's kernel) that knows its id."""
    return os.environ.get("VOILA_PREHEAT") == "True" and "VOILA_KERNEL_ID" in os.environ


def pending() -> bool:
    """A pre-started kernel whose page's request has not come yet."""
    with _lock:
        return preheated() and _info is None


def build_first() -> None:
    """Say that this kernel's pages are built before their request and follow it after."""
    global builds_first
    builds_first = True


def request_url(env) -> str:
    """The page's address, from the CGI-style variables Voilà sends a pre-started kernel."""
    host = env.get("SERVER_NAME", "localhost")
    port = env.get("SERVER_PORT", "")
    query = env.get("QUERY_STRING", "")
    return f"http://{host}{':' + port if port else ''}{env.get('SCRIPT_NAME', '/')}{'?' + query if query else ''}"


def wait_for_request_info(patience: float = 900) -> dict | None:
    """The page's request (CGI-style variables), from Voilà's ``/voila/query/<kernel>`` websocket.

    Voilà's own ``voila.utils.wait_for_request`` gives up when the server does not
    accept the connection within 5 s -- which happened to most of thirty kernels
    pre-started at once on a busy 2-core machine, and those pages then ignored
    their query string.  Here the connection is retried (for ``patience``
    seconds) and not pinged (loopback: a late pong under load would drop it)."""
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    ip = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    url = f"{protocol}://{ip}:{port}{base}voila/query/{os.environ['VOILA_KERNEL_ID']}"
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        try:
            with connect(url, open_timeout=60, ping_interval=None, close_timeout=1) as ws:
                got = json.loads(ws.recv())
                if isinstance(got, dict):
                    return got
                return None
        except (OSError, TimeoutError, WebSocketException, ValueError) as e:
            _LOG.warning("waiting for the page's request: %s", type(e).__name__)
            time.sleep(1)
    return None


def _arrived(info: dict | None) -> list[tuple[Callback, "asyncio.AbstractEventLoop | None"]]:
    """Record the request (into the environment too); the callbacks to call now."""
    global _info
    os.environ.pop("VOILA_REQUEST_URL", None)  # the request that refilled the pool, not ours
    if info is None:
        _LOG.warning("no request info reached the pre-started kernel: the page stays at its start")
        info = {}
    else:
        os.environ.update({str(k): str(v) for k, v in info.items()})
        os.environ["VOILA_REQUEST_URL"] = request_url(os.environ)
    with _lock:
        _info = dict(info)
        todo = list(_callbacks)
        _callbacks.clear()
    return todo


def _call(callback: Callback) -> None:
    try:
        callback(os.environ.get("QUERY_STRING", ""), os.environ.get("VOILA_REQUEST_URL"))
    except Exception:  # noqa: BLE001 - a page that cannot move stays where it is; logged on the server
        _LOG.exception("the page could not open the place of its request")


def _dispatch(todo) -> None:
    for callback, loop in todo:
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(_call, callback)
        else:
            _call(callback)


def _listen(fetch: Callable[[], dict | None]) -> None:
    _dispatch(_arrived(fetch()))


def when_requested(callback: Callback, fetch: Callable[[], dict | None] | None = None) -> bool:
    """In a pre-started kernel whose request has not come yet (:func:`pending`), call
    ``callback(query_string, request_url)`` once it comes -- on the event loop running
    now (the kernel's), or at once if it already came -- and return True.  Elsewhere
    return False and call nothing: the environment already names the request.

    ``fetch`` (a test's stand-in) returns the request's variables; by default they
    come from Voilà's query websocket, listened to by one thread per kernel."""
    global _thread
    if not preheated():
        return False
    try:
        loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    start = now = False
    with _lock:
        if _info is not None:
            now = True
        else:
            _callbacks.append((callback, loop))
            if _thread is None:
                _thread = threading.Thread(target=_listen, args=(fetch or wait_for_request_info,),
                                           name="voila-request", daemon=True)
                start = True
    if now:
        _call(callback)
    elif start:
        _thread.start()
    return True


def wait() -> None:
    """Block until the request comes (once per kernel): a notebook that reads its query
    string itself.  The pages' callbacks are called too."""
    global _thread
    with _lock:
        if _info is not None or not preheated():
            return
        listening = _thread is not None
    if listening:
        thread = _thread
        if thread is not None:
            thread.join()
        return
    _dispatch(_arrived(wait_for_request_info()))


def _reset() -> None:
    """Forget the request (tests)."""
    global _info, _thread, builds_first
    with _lock:
        _info = None
        _thread = None
        _callbacks.clear()
    builds_first = False

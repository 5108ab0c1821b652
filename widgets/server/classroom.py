"""The tutor's Voilà server: safe on a school network, a room of students on one machine.

``python -m widgets.server.classroom NOTEBOOK_DIR [voila options]`` is ``python -m voila``
(the pinned Voilà 0.5.13, whose ``Voila.start`` this module's :class:`TutorVoila`
repeats) with what a classroom needs and Voilà does not have upstream:

* **Host names.**  Only the expected ``Host`` header is served: localhost, the
  loopback addresses, the machine's own addresses and names, and the names given
  with ``--TutorVoila.extra_hosts`` (``HOSTS=`` in ``make class``).  Any other Host
  gets 403 before any handler runs -- pages, static files and websockets alike --
  so a DNS-rebinding page cannot reach pages or widget comms.  (Voilà sets
  ``allow_remote_access=True`` and jupyter_server's own check would refuse the
  LAN addresses anyway: it only knows loopback addresses and ``local_hostnames``.)
  Voilà's ``/voila/query/<kernel>`` websocket, through which a pre-started
  kernel learns its page's query string, answers loopback peers only.
* **A cap on live kernels** (``--CappedKernelManager.max_kernels``,
  ``MAX_KERNELS=``): the pre-started pool included.  Past it a page gets the
  friendly "the room is full" page with status 503, never a hang, and the pool
  is refilled only while there is room (upstream Voilà has no such setting: its
  issue 617).
* **Pools per page** (``--TutorVoila.pools=index.ipynb=30``, with
  ``--TutorVoila.pool_others`` for every other notebook), refilled a couple of
  kernels at a time on a timer rather than all at once (see
  :func:`gradual_pool_refills`).
* **A closed page frees its kernel.**  The page's ``beforeunload`` beacon posts
  the ``_xsrf`` cookie to ``/voila/api/shutdown/<kernel>``; Voilà never sets
  that cookie, so every beacon was refused with 403 and the kernel lived until
  culled.  The page handler here sets it.
* **A page that never connects holds no seat for long.**  A kernel started (or
  taken from a pool) for a request keeps its seat ``--CappedKernelManager.connect_grace``
  seconds (30) after its page was served; if the page's websocket has not
  connected by then the kernel is shut down (a pooled one is replaced by the
  pool's refill).  A request abandoned before its page arrived frees its kernel
  at once, and one client address holds at most
  ``--CappedKernelManager.unconnected_per_client`` (3) kernels whose pages have
  not connected: a further request from it waits a few seconds for one of them,
  then gets "the room is full"; other addresses are not affected
  (:class:`PageClaim`).  A loop of GETs cannot fill the room.
* **A page whose kernel dies starting ends** with a short message in three
  languages and reloads itself (at most once a minute), instead of Voilà's spinner
  for ever or a page without its widgets (:class:`PageRenderer`), whether it was
  started for the request or taken from a pool.  Kernels are started on unix sockets
  (``KernelManager.transport=ipc``, :data:`widgets.server.serve.KERNEL_TRANSPORT`), which
  removes the usual cause: a TCP port taken by another process before the kernel bound it.
* **SIGTERM and SIGINT** stop the server and shut every kernel down (Voilà
  does that itself; :mod:`widgets.server.serve` forwards the signals to it).
* **Less work per message and per page** in the one server process that every
  page's traffic goes through: the kernels' activity watcher subscribes to the
  kernel's status only and reads only the message types it needs
  (:meth:`CappedKernelManager.start_watching_activity`), the ZMQ streams read
  every queued message in one turn of the event loop
  (:func:`read_queued_messages`), the relay to a page decodes no header it does
  not need (:class:`TutorChannels`, :class:`TutorKernelWebsocket`; the IOPub
  rate limit, for pages that print, is off), and the page template is compiled
  once per server, not once per page (:class:`SharedTemplates`).

Nothing here knows a game.  Kernel-side guards (comm errors logged on the
server, no traceback sent to a client) are in :mod:`widgets.server.kernel_guard`.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import socket
import tempfile
import time
from pathlib import Path

import jinja2
import tornado.ioloop
import tornado.web
import voila.handler
import voila.notebook_renderer
import voila.voila_kernel_manager
import zmq
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from nbclient.exceptions import DeadKernelError
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler as WebsocketHandler
from traitlets import Dict, Int, List, Unicode
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from widgets.server import live, seats

# every kernel of ours loads the kernel-side guards and leaves the process's
# stderr alone (ipykernel would otherwise forward it to the page)
KERNEL_ARGS = ["--IPKernelApp.capture_fd_output=False", "--IPKernelApp.extensions=widgets.server.kernel_guard"]

ROOM_FULL = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="60">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The room is full</title>
<style>body{font:20px/1.5 system-ui,sans-serif;max-width:36em;margin:3em auto;padding:0 1em;color:#1a1a1a}
h1{font-size:1.6em}</style></head>
<body><h1>The room is full</h1>
<p>Too many pages are open on this computer right now. Try again in a minute:
this page reloads itself in 60 seconds.</p>
<p lang="it"><b>La classe è al completo.</b> Riprova tra un minuto.</p>
<p lang="fr"><b>La salle est pleine.</b> Réessayez dans une minute.</p>
</body></html>
"""

# What a page shows when its kernel died while starting (see :class:`PageRenderer`); it reloads itself once
# a minute at most, so a kernel that cannot start does not make a page that reloads without end.
PAGE_FAILED = """<div class="rt-page-failed" role="alert" style="font:20px/1.5 system-ui,sans-serif;max-width:36em;
margin:3em auto;padding:0 1em;color:#1a1a1a;background:#fff">
<h1 style="font-size:1.6em">This page could not start</h1>
<p>Its Python process stopped while starting. The page reloads itself in a few seconds;
if it does not, reload it.</p>
<p lang="it"><b>La pagina non è partita.</b> Si ricarica da sola tra qualche secondo.</p>
<p lang="fr"><b>La page n'a pas démarré.</b> Elle se recharge d'elle-même dans quelques secondes.</p>
</div>
<script>
(function () {
  var box = document.currentScript.previousElementSibling;  // out of the page's still hidden cells
  document.body.appendChild(box);
  var loading = document.getElementById("loading");
  if (loading) { loading.style.display = "none"; }
  var key = "rules-tutor-reloaded:" + location.pathname, last = +(sessionStorage.getItem(key) || 0);
  if (Date.now() - last > 60000) {
    sessionStorage.setItem(key, String(Date.now()));
    setTimeout(function () { location.reload(); }, 2000);
  }
})();
</script>
</body></html>
"""

# The same, as a whole document: a pooled page whose kernel could not start has sent nothing yet.
PAGE_FAILED_DOCUMENT = ('<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
                        '<meta name="viewport" content="width=device-width, initial-scale=1">'
                        "<title>This page could not start</title></head><body>\n" + PAGE_FAILED)

FORBIDDEN_HOST = "403: this server does not answer to that host name.\n"


# ---------------------------------------------------------------------------
# host names
# ---------------------------------------------------------------------------

# Notebooks for teachers, not pages for the room (see notebooks/lesson_builder.ipynb).
TUTORIALS = frozenset({"lesson_builder.ipynb"})


def own_addresses() -> set[str]:
    """The machine's own IP addresses (every interface), as text."""
    found: set[str] = set()
    try:
        import psutil  # ipykernel's dependency: always there with the dashboard

        for addrs in psutil.net_if_addrs().values():
            for a in addrs:
                if a.family in (socket.AF_INET, socket.AF_INET6):
                    found.add(a.address.split("%")[0])
    except Exception:  # pragma: no cover - psutil missing or a strange platform
        pass
    for name in {socket.gethostname(), socket.getfqdn()}:
        try:
            for info in socket.getaddrinfo(name, None):
                found.add(str(info[4][0]).split("%")[0])
        except OSError:
            pass
    return {str(ipaddress.ip_address(a)) for a in found if _is_ip(a)}


def own_names() -> set[str]:
    """The machine's own host names (short, fully qualified, mDNS ``.local``)."""
    names = {"localhost"}
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            name = name.lower().rstrip(".")
            names |= {name, name.split(".")[0], name.split(".")[0] + ".local"}
    return names


def lan_addresses() -> list[str]:
    """The IPv4 addresses a student's device can reach this machine at (not loopback)."""
    out = []
    for a in own_addresses():
        ip = ipaddress.ip_address(a)
        if ip.version == 4 and not ip.is_loopback and not ip.is_link_local:
            out.append(a)
    return sorted(out, key=lambda a: (not ipaddress.ip_address(a).is_private, a))


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


class HostGuard:
    """Which ``Host`` headers the server answers."""

    def __init__(self, extra: list[str] | tuple[str, ...] = ()):
        self.names = own_names() | {h.strip().lower().rstrip(".") for h in extra if h.strip()}
        self.addresses = own_addresses()
        self._looked = time.monotonic()
        for h in list(self.names):
            if _is_ip(h.strip("[]")):
                self.addresses.add(str(ipaddress.ip_address(h.strip("[]"))))

    @staticmethod
    def hostname(host_header: str) -> str:
        """``Host`` without its port and IPv6 brackets, lower case."""
        host = host_header.strip().lower()
        m = re.match(r"^\[([0-9a-f:.]+)\](?::\d+)?$", host)
        if m:
            return m.group(1)
        if host.count(":") == 1:
            host = host.split(":")[0]
        return host.rstrip(".")

    def allows(self, host_header: str) -> bool:
        host = self.hostname(host_header)
        if not host:
            return False
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return host in self.names
        if ip.is_loopback or str(ip) in self.addresses:
            return True
        now = time.monotonic()
        if now - self._looked >= 10:  # the laptop may have joined another network since
            self._looked = now
            self.addresses |= own_addresses()
            return str(ip) in self.addresses
        return False


class ForbiddenHostHandler(tornado.web.RequestHandler):
    """403 for any request whose Host is not one of ours (pages and websockets)."""

    def prepare(self):
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(FORBIDDEN_HOST)


class GuardedApplication(tornado.web.Application):
    """Voilà's tornado application with the Host check in front of every handler."""

    def __init__(self, guard: HostGuard, *args, **kwargs):
        self.guard = guard
        super().__init__(*args, **kwargs)

    def find_handler(self, request, **kwargs):
        if not self.guard.allows(request.host or ""):
            return self.get_handler_delegate(request, ForbiddenHostHandler)
        if "/voila/query/" in request.path and not _loopback(request.remote_ip):
            return self.get_handler_delegate(request, ForbiddenHostHandler)
        return super().find_handler(request, **kwargs)


def _loopback(ip: str | None) -> bool:
    try:
        return ipaddress.ip_address(ip or "").is_loopback
    except ValueError:
        return False


# ---------------------------------------------------------------------------
# the kernel cap
# ---------------------------------------------------------------------------

class RoomFull(tornado.web.HTTPError):
    def __init__(self):
        super().__init__(503, "the room is full")


def message_types(msg_list: list, unpack=json.loads) -> tuple[str | None, str | None, dict | None]:
    """A kernel's IOPub message, as the activity watcher needs it: its type, its
    parent's type, and its content when it is a status message.  Nothing else is
    decoded (no signature check, no dates parsed: the watcher only times the
    kernel's activity; every message a page gets is checked on its own way)."""
    try:
        delim = msg_list.index(b"<IDS|MSG>")
    except ValueError:
        return None, None, None
    parts = msg_list[delim + 1:]
    try:
        header, parent = unpack(parts[1]), unpack(parts[2])
        msg_type = header.get("msg_type")
        parent_type = parent.get("msg_type") if isinstance(parent, dict) else None
        content = unpack(parts[4]) if msg_type == "status" else None
    except (IndexError, ValueError, AttributeError, TypeError):
        return None, None, None
    return msg_type, parent_type, content


# the topic of every message a kernel publishes about itself (``kernel.<id>.status``,
# ``kernel.<id>.execute_input``, ...): a widget's messages go out as ``comm-<id>``
KERNEL_TOPIC = b"kernel."


def watch_status_only(stream) -> None:
    """Subscribe an IOPub socket (or stream) to the kernel's own topics only.

    The activity watcher learns all it needs from the kernel's status messages
    (busy and idle, each naming the request it answers); a widget's updates --
    ten of the twelve messages a click on Next causes -- are filtered out by the
    kernel's publisher instead of being received, decoded and dropped by the
    server's one thread."""
    sock = getattr(stream, "socket", stream)
    sock.setsockopt(zmq.SUBSCRIBE, KERNEL_TOPIC)
    sock.setsockopt(zmq.UNSUBSCRIBE, b"")


DRAIN = 64  # most messages a socket's stream reads in one turn of the event loop


def _handle_recv_queued(self) -> None:
    """pyzmq's ``ZMQStream._handle_recv``, reading every message already queued on the
    socket (up to :data:`DRAIN`) instead of one per turn of the event loop.

    Upstream reads one message, then asks the socket for its events again and
    schedules another turn of the loop for the next: about a third of the server's
    work per message relayed to a page, and a click on Next relays a dozen.  The
    callbacks run in the same order, each with one message."""
    for _ in range(DRAIN):
        if self._flushed or self.socket is None or not self.receiving():
            return
        try:
            msg = self.socket.recv_multipart(zmq.NOBLOCK, copy=self._recv_copy)
        except zmq.ZMQError as e:
            if e.errno == zmq.EAGAIN:
                return
            raise
        if self._recv_callback:
            self._run_callback(self._recv_callback, msg)


def read_queued_messages() -> None:
    """Make every ZMQ stream of this process read all its queued messages at once
    (called by the server only, see :func:`_handle_recv_queued`)."""
    from zmq.eventloop.zmqstream import ZMQStream

    ZMQStream._handle_recv = _handle_recv_queued  # type: ignore[method-assign]


class TutorChannels(ZMQChannelsWebsocketConnection):
    """jupyter_server's relay between a kernel and its page, without decoding every
    message it relays to find the rare one it must change.

    Upstream decodes the header of every IOPub message to find ``error`` messages
    (whose traceback it replaces, ``show_tracebacks`` off): here only a message
    whose header holds the word ``error`` is decoded; every other is relayed as it
    came.  (Any decoding of a header holding it, as upstream, decides.)"""

    def _on_error(self, channel, msg, msg_list):
        if channel == "iopub" and msg.get("header") is None and msg_list:
            header = getattr(msg_list[0], "bytes", msg_list[0])  # a zmq.Frame's bytes
            if isinstance(header, bytes) and b"error" not in header:
                return
        super()._on_error(channel, msg, msg_list)


class TutorKernelWebsocket(VoilaKernelWebsocketHandler):
    """Voilà's kernel websocket, without decoding every message to find the
    ``execute_input`` ones it drops (the page's code): a binary message that does
    not hold that word anywhere is sent as it is; any other is checked as upstream."""

    def write_message(self, message, binary: bool = False):
        if isinstance(message, bytes) and b"execute_input" not in message:
            return WebsocketHandler.write_message(self, message, binary)
        return super().write_message(message, binary)


class CappedKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager base with a cap on the kernels alive at once.

    Voilà builds its (pooling) kernel manager on top of this class
    (``VoilaConfiguration.multi_kernel_manager_class``)."""

    max_kernels = Int(0, config=True, help="Most kernels alive at once, pre-started ones included (0: no cap).")
    # Headless Chromium on this 2-core machine connected a served page's websocket 1.4-2.6 s after
    # the page was served, one page at a time (load 6), and 10.4-13.7 s with eight pages opened at
    # once (load 10): a phone on a school's Wi-Fi parses Voilà's scripts slower still.  30 s is over
    # twice the slowest, and a page nobody opens gives its seat back within half a minute.
    connect_grace = Int(30, config=True, help="Seconds a kernel whose page was served waits for the page "
                        "to connect before it is shut down (a loaded browser connects late).")
    unconnected_per_client = Int(3, config=True, help="Most kernels one client address holds whose pages "
                                 "have not connected yet (0: no limit).")
    client_wait = Int(5, config=True, help="Seconds a request past unconnected_per_client waits for a seat "
                      "before it gets 'the room is full'.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._reserved: set[str] = set()
        self.seats = seats.Seats(self._shutdown_unclaimed, self.connect_grace, self.unconnected_per_client, self.log)

    async def _shutdown_unclaimed(self, kernel_id: str) -> None:
        if kernel_id in self:
            await _shutdown_quietly(self, kernel_id)

    def notify_connect(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.tutor_connected = True  # its page is up: cull_idle_timeout applies from now on
        self.seats.connected(kernel_id)
        super().notify_connect(kernel_id)

    def remove_kernel(self, kernel_id: str):
        self.seats.forget(kernel_id)
        return super().remove_kernel(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """The culler, except that a kernel a page request holds is left to that request's
        grace (:mod:`widgets.server.seats`), and any other kernel whose page never connected is kept
        ``connect_grace`` seconds: its page was built (the kernel went idle) and the browser has
        yet to load it.  Once its page has connected, a kernel is culled as upstream."""
        if self.seats.holds(kernel_id):
            return
        kernel = self._kernels.get(kernel_id)
        if (kernel is not None and not getattr(kernel, "tutor_connected", False)
                and getattr(kernel, "execution_state", None) != "dead"
                and hasattr(kernel, "last_activity")
                and (utcnow() - kernel.last_activity).total_seconds() <= self.connect_grace):
            return
        await super().cull_kernel_if_idle(kernel_id)

    def live_count(self) -> int:
        """Kernels running, starting, or about to start."""
        return len(set(self._kernels) | set(self._pending_kernels) | self._reserved)

    def room(self) -> int | None:
        """How many more kernels may start (None: no cap)."""
        if self.max_kernels <= 0:
            return None
        return self.max_kernels - self.live_count()

    def start_watching_activity(self, kernel_id: str) -> None:
        """jupyter_server's watcher of a kernel's activity (which the culler reads), decoding
        only each message's type and a status message's state.  Upstream decodes every
        IOPub message whole -- its signature, its dates -- in the server's one thread:
        with thirty pages open that was the largest part of the server's work per click."""
        self.log.debug("Watching kernel activity: %s", kernel_id)
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        watch_status_only(kernel._activity_stream)
        unpack = kernel.session.unpack

        def record_activity(msg_list):
            msg_type, parent_type, content = message_types(list(msg_list), unpack)
            if msg_type is None:
                return
            if (self.track_message_type(msg_type) or self.track_message_type(parent_type)
                    or kernel.execution_state == "busy"):
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status" and isinstance(content, dict):
                state = content.get("execution_state")
                if self.track_message_type(parent_type):
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    kernel.execution_state = "idle"

        kernel._activity_stream.on_recv(record_activity)

    async def start_kernel(self, *, kernel_id: str | None = None, **kwargs) -> str:
        if kernel_id is not None and kernel_id in self:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        room = self.room()
        if room is not None and room <= 0:
            self.log.warning("The room is full: %d kernels alive (cap %d)", self.live_count(), self.max_kernels)
            raise RoomFull()
        kernel_id = kernel_id or self.new_kernel_id(**kwargs)
        kwargs["extra_arguments"] = [*kwargs.get("extra_arguments", []), *KERNEL_ARGS]
        self._reserved.add(kernel_id)  # counted from now: simultaneous requests cannot overshoot
        claim = seats.CURRENT.get()  # a page request's own kernel (not a pool's: those run in no request)
        try:
            started = await super().start_kernel(kernel_id=kernel_id, **kwargs)
        finally:
            self._reserved.discard(kernel_id)
        if claim is not None and kwargs.get("env", {}).get("VOILA_PREHEAT") != "True":
            self.seats.got_kernel(claim, started)
        return started


def _pool_usable(task: asyncio.Future) -> bool:
    return not task.done() or (not task.cancelled() and task.exception() is None)


def _render_failed(task: asyncio.Future) -> bool:
    """A pooled kernel whose page could not be built (e.g. it died starting, a port taken)."""
    if not task.done() or task.cancelled() or task.exception() is not None:
        return False
    if getattr(task.result().get("renderer"), "kernel_failed", False):
        return True  # its kernel died or was restarted while its page was built
    render = task.result().get("task")
    return render is not None and render.done() and (render.cancelled() or render.exception() is not None)


def _drop_failed(km, notebook: str) -> None:
    """Forget a pool's kernels that could not start or whose page could not be built, and shut
    them down: a page is never handed one."""
    pool = km._pools.get(notebook, [])
    for t in [t for t in pool if (t.done() and not _pool_usable(t)) or _render_failed(t)]:
        pool.remove(t)
        if _pool_usable(t):
            asyncio.ensure_future(_shutdown_quietly(km, t.result()["kernel_id"]))


async def _failed_render() -> tuple[list[str], object]:
    async def nothing():
        return
        yield  # an empty async generator: the page ends with what it was given

    return [PAGE_FAILED_DOCUMENT], nothing()


async def _shutdown_quietly(km, kernel_id: str) -> None:
    try:
        await km.shutdown_kernel(kernel_id, now=True)
    except Exception:
        km.log.warning("could not shut down the failed pooled kernel %s", kernel_id)


def gradual_pool_refills(km, batch: int, quiet: float = 10, calm: float = 2, longest: float = 60):
    """Refill Voilà's pools a few kernels at a time, within the cap.

    Voilà refills a pool the moment a page takes a kernel from it: thirty
    students arriving at once made thirty kernel starts one second later, on
    the CPU their pages were using.  Here a page taking a kernel starts
    nothing; :func:`refill` (called on a timer) starts at most ``batch``
    kernels per call, only as many as the cap leaves room for, none while
    pages are arriving (a pooled kernel taken in the last ``quiet`` seconds),
    and none while the pages are in use (a kernel busy in the last ``calm``
    seconds: the room's first clicks came about ten seconds after it opened,
    and two kernels starting then took the CPU the clicks waited for) --
    unless ``longest`` seconds have passed since a page took a kernel, so
    that a room clicking without a pause still gets its pools back.
    While a pool is empty, pages start their own kernel as without pools.
    Returns ``refill``."""
    original = km.fill_if_needed
    km.fill_if_needed = lambda *args, **kwargs: None
    take = km.get_rendered_notebook
    last_taken = [0.0]

    async def get_rendered_notebook(notebook_name=None, *args, **kwargs):
        last_taken[0] = time.monotonic()
        if hasattr(km, "_pools"):
            had = len(km._pools.get(notebook_name, []))
            _drop_failed(km, notebook_name)
            if had and not km._pools.get(notebook_name):  # only failed kernels were left: it reloads
                return asyncio.ensure_future(_failed_render()), [], ""
        try:
            got = await take(notebook_name, *args, **kwargs)
        except Exception:  # the pooled kernel the page was given died starting
            km.log.exception("The pooled kernel for %s could not start", notebook_name)
            return asyncio.ensure_future(_failed_render()), [], ""
        claim = seats.CURRENT.get()
        if claim is not None and isinstance(got, tuple) and len(got) == 3 and got[2] and getattr(km, "seats", None):
            km.seats.got_kernel(claim, got[2])
        # handed to a page now: idle from now on, not since its page was built (a kernel that
        # waited a minute in the pool was culled at the next check, before a slow browser
        # connected to it; the watcher does not see the page's widgets moving to its link)
        kernel = km._kernels.get(got[2]) if isinstance(got, tuple) and len(got) == 3 else None
        if kernel is not None:
            kernel.last_activity = utcnow()
        return got

    km.get_rendered_notebook = get_rendered_notebook
    factory = getattr(km, "_notebook_renderer_factory", None)
    if factory is not None:
        def renderer_for_pool(*args, **kwargs):
            renderer = factory(*args, **kwargs)
            renderer.kernel_manager = km  # a pooled page whose kernel dies shuts it down
            return renderer

        km._notebook_renderer_factory = renderer_for_pool

    def refill() -> int:
        since_taken = time.monotonic() - last_taken[0]
        if since_taken < quiet:
            return 0  # pages are arriving: leave them the CPU
        busy = getattr(km, "last_kernel_activity", None)  # jupyter_server's: a kernel's last request
        if busy is not None and since_taken < longest and (utcnow() - busy).total_seconds() < calm:
            return 0  # pages are in use: leave them the CPU
        started = 0
        for notebook, pool in sorted(km._pools.items(), key=lambda item: len(item[1])):
            for t in [t for t in pool if not _pool_usable(t) or _render_failed(t)]:
                pool.remove(t)  # a start refused by the cap, a kernel that died starting: forget it
                if _pool_usable(t):
                    asyncio.ensure_future(_shutdown_quietly(km, t.result()["kernel_id"]))
            config = km.kernel_pools_config
            default = config.get("default", {})
            want = int(config.get(notebook, default).get("pool_size", default.get("pool_size", 0)))
            room = km.room()
            if room is not None:
                room -= sum(1 for p in km._pools.values() for t in p if not t.done())
            n = min(want - len(pool), batch - started, room if room is not None else batch)
            if n <= 0:
                continue
            km.kernel_pools_config = {**config, notebook: {**config.get(notebook, default), "pool_size": len(pool) + n}}
            try:
                original(delay=0, notebook_name=notebook)
            finally:
                km.kernel_pools_config = config
            started += n
        return started

    return refill


# ---------------------------------------------------------------------------
# the page template, compiled once
# ---------------------------------------------------------------------------

class MemoryBytecodeCache(jinja2.BytecodeCache):
    """Compiled Jinja templates kept in memory for the server's life (a template
    whose source changed is compiled again: jinja checks each one's checksum)."""

    def __init__(self):
        self._store: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        data = self._store.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket) -> None:
        self._store[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._store.clear()


TEMPLATES = MemoryBytecodeCache()


class SharedTemplates(VoilaExporter):
    """Voilà's exporter, its templates compiled once per server.  Voilà makes an
    exporter -- and a Jinja environment that compiles the page's dozen templates --
    for every page it renders: about as much of the server's time as the rest of a
    page's rendering, for every pre-started kernel and every page opened cold."""

    def _create_environment(self):
        env = super()._create_environment()
        env.bytecode_cache = TEMPLATES
        return env


# ---------------------------------------------------------------------------
# the page handler and the application
# ---------------------------------------------------------------------------

class PageRenderer(voila.notebook_renderer.NotebookRenderer):
    """Voilà's renderer of a page, which ends the page when its kernel dies starting.

    Voilà 0.5.13 streams a page asked for from a task that feeds a queue; when the kernel dies
    before it answers (a TCP port another process took between the server choosing it and the
    kernel binding it was one way), the task raises, never says it is done, and the request waits
    on the queue for good: the browser shows the spinner for ever.  A kernel that dies while the
    notebook runs is worse hidden: Voilà turns the error into the cell's output and serves the
    page whole (a 200 without its widgets), and the kernel restarted by the server under the same
    id answers the page's websocket with nothing.  Here, whenever the kernel dies or restarts
    before the page is built, the page ends with :data:`PAGE_FAILED` instead (a page that reloads
    itself) and the kernel is shut down.  Pages built ahead for a pool use this renderer too: a
    build that failed there is marked (``kernel_failed``), dropped from the pool
    (:func:`_render_failed`), and never handed to a page."""

    kernel_failed = False

    async def _jinja_kernel_start(self, nb, kernel_id, kernel_future):
        km = await ensure_async(kernel_future)
        self._kernel = km
        pid = getattr(getattr(km, "provisioner", None), "pid", None)

        def failed():
            self.kernel_failed = True

        # left registered for the kernel's life: a pool's kernel that dies after its page was built
        # is dropped from the pool by this mark, not handed to a page
        for event in ("restart", "dead"):
            km.add_restart_callback(failed, event)
        started = await super()._jinja_kernel_start(nb, kernel_id, km)
        if pid is not None and getattr(getattr(km, "provisioner", None), "pid", None) != pid:
            self.kernel_failed = True  # restarted while its client connected
        execute = self.executor.execute_cell

        async def execute_cell(*args, **kwargs):
            try:
                return await execute(*args, **kwargs)
            except DeadKernelError:
                self.kernel_failed = True
                raise

        self.executor.execute_cell = execute_cell  # type: ignore[method-assign]
        return started

    def _end(self, kernel_id, abandoned: bool) -> None:
        log = getattr(self.request_handler, "log", None) or self.log
        if abandoned:
            log.info("The page %s ended: its request was abandoned", self.notebook_path)
        else:
            log.warning("The page %s could not start its kernel %s", self.notebook_path, kernel_id)
        km = getattr(self.request_handler, "kernel_manager", None) or getattr(self, "kernel_manager", None)
        if km is not None and kernel_id is not None and kernel_id in km:
            asyncio.ensure_future(_shutdown_quietly(km, kernel_id))

    def generate_content_generator(self, kernel_id=None, kernel_future=None):
        inner = super().generate_content_generator(kernel_id, kernel_future)

        async def guarded():
            try:
                async for item in inner:
                    if self.kernel_failed:
                        break
                    yield item
            except Exception:
                self.kernel_failed = True
                log = getattr(self.request_handler, "log", None) or self.log
                log.exception("The page %s could not start its kernel %s", self.notebook_path, kernel_id)
            if self.kernel_failed:
                abandoned = bool(getattr(getattr(self.request_handler, "tutor_claim", None), "abandoned", False))
                self._end(kernel_id, abandoned)
                yield PAGE_FAILED, {}

        return guarded()


class TutorPageHandler(TornadoVoilaHandler):
    """Voilà's page handler: sets the ``_xsrf`` cookie the page's shutdown beacon
    sends back, refuses with 503 when the room is full or when the client's address
    already holds its share of kernels whose pages have not connected, and follows
    its kernel until the page connects (:mod:`widgets.server.seats`)."""

    tutor_claim: seats.PageClaim | None = None
    tutor_gone = False  # the client closed the connection before the page was sent

    async def prepare(self):
        result = super().prepare()
        if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
            result = await result
        if self._finished:
            return
        self.xsrf_token  # noqa: B018 - the property sets the cookie
        km = self.kernel_manager
        places = getattr(km, "seats", None)
        if places is not None and self.request.method == "GET":
            client = self.request.remote_ip or ""
            if not await places.wait_for(client, km.client_wait, lambda: self.tutor_gone):
                if self.tutor_gone:
                    raise tornado.web.Finish()
                km.log.warning("%s holds %d pages that have not connected: the room is full for it",
                               client, places.held_by(client))
                raise RoomFull()
        room = km.room() if hasattr(km, "room") else None
        if room is not None and room <= 0 and self.request.method == "GET":
            notebook = self.notebook_path or (self.path_args[0] if self.path_args else "")
            pooled = km.get_pool_size(notebook) > 0 and km.notebook_data.get(notebook)
            if not pooled:
                raise RoomFull()
        if places is not None and self.request.method == "GET":
            self.tutor_claim = places.claim(self.request.remote_ip or "")

    async def get(self, path=None):
        token = seats.CURRENT.set(self.tutor_claim)  # the kernel this request gets is counted for it
        try:
            await super().get(path)
        finally:
            seats.CURRENT.reset(token)

    def on_connection_close(self) -> None:
        self.tutor_gone = True
        places = getattr(self.kernel_manager, "seats", None)
        if places is not None and self.tutor_claim is not None:
            places.abandon(self.tutor_claim)
        super().on_connection_close()

    def on_finish(self) -> None:
        places = getattr(self.kernel_manager, "seats", None)
        if places is not None and self.tutor_claim is not None:
            if self.get_status() == 200 and not self.tutor_gone:
                places.served(self.tutor_claim)  # its kernel now waits connect_grace for the page
            elif not self.tutor_gone:
                places.release(self.tutor_claim)
        super().on_finish()

    def write_error(self, status_code: int, **kwargs) -> None:
        if status_code == 503:
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Retry-After", "60")
            self.finish(ROOM_FULL)
            return
        super().write_error(status_code, **kwargs)


class TutorVoila(Voila):
    """Voilà with the host check, the kernel cap, pools per page and the shutdown cookie."""

    name = "voila"  # reads voila.json like Voilà
    extra_hosts = List(Unicode(), config=True, help="Host names served besides the machine's own.")
    pools = Dict(config=True, help="Pre-started kernels per notebook, e.g. {'index.ipynb': 30}.")
    pool_others = Int(0, config=True, help="Pre-started kernels for every notebook not named in `pools`.")
    refill_interval = Int(5, config=True, help="Seconds between pool refills.")
    refill_batch = Int(2, config=True, help="Most kernels a pool refill starts at once.")

    def initialize(self, argv=None):
        super().initialize(argv)
        conf = self.voila_configuration
        conf.multi_kernel_manager_class = CappedKernelManager
        self.kernel_websocket_connection_class = TutorChannels
        voila.notebook_renderer.VoilaExporter = SharedTemplates  # what Voilà renders every page with
        # a page asked for, and a pool's: ends if its kernel dies starting
        voila.handler.NotebookRenderer = PageRenderer  # type: ignore[misc]
        voila.voila_kernel_manager.NotebookRenderer = PageRenderer  # type: ignore[misc]
        sizes = self._pool_sizes()
        if sizes and any(sizes.values()):
            conf.preheat_kernel = True
            conf.default_pool_size = self.pool_others
            # Voilà fills every notebook's pool with the default size: not the teachers' tutorials
            # (its filter looks for each entry in the notebook's full path)
            self.config.VoilaKernelManager.preheat_denylist = sorted(nb for nb in TUTORIALS if nb not in self.pools)
            self.config.VoilaKernelManager.kernel_pools_config = {
                "default": {"pool_size": self.pool_others},
                **{nb: {"pool_size": n} for nb, n in sizes.items()},
            }
            cap = int(str(self.config.CappedKernelManager.get("max_kernels", 0)))
            if cap > 0 and sum(sizes.values()) > cap:
                raise SystemExit(f"the pools ({sum(sizes.values())} kernels) exceed the cap of {cap} kernels")

    def _pool_sizes(self) -> dict[str, int]:
        root = Path(self.root_dir or ".")
        notebooks = sorted(str(p.relative_to(root)) for p in root.rglob("*.ipynb") if ".ipynb_checkpoints" not in str(p))
        # a teacher's tutorial (it saves files) is not a page the room opens: no pre-started kernels
        notebooks = [nb for nb in notebooks if nb not in TUTORIALS or nb in self.pools]
        return {nb: int(self.pools.get(nb, self.pool_others)) for nb in notebooks}

    def init_handlers(self) -> list:
        handlers = super().init_handlers()
        out = []
        for h in handlers:
            if len(h) >= 2 and h[1] is TornadoVoilaHandler:
                h = (h[0], TutorPageHandler, *h[2:])
            elif len(h) >= 2 and h[1] is VoilaKernelWebsocketHandler:
                h = (h[0], TutorKernelWebsocket, *h[2:])
            out.append(h)
        return out

    def start(self):
        # Voila.start of voila 0.5.13, with the guarded application
        read_queued_messages()
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        self.log.info("Storing connection files in %s." % self.connection_dir)
        settings = self.init_settings()
        km = self.kernel_manager
        if hasattr(km, "_pools"):
            refill = gradual_pool_refills(km, self.refill_batch)
            self._refill = tornado.ioloop.PeriodicCallback(refill, self.refill_interval * 1000)
            self._refill.start()
        self.app = GuardedApplication(HostGuard(self.extra_hosts), **settings)
        self.app.settings.update(self.tornado_settings)
        handlers = self.init_handlers()
        self.live = live.make_broker()  # the live lessons' rooms: in this process, or Redis (REDIS_URL)
        handlers = live.handlers(self.server_url or self.base_url, self.live, lambda: self.kernel_manager) + handlers
        self.app.add_handlers(".*$", handlers)
        self.listen()


main = TutorVoila.launch_instance

if __name__ == "__main__":
    main()

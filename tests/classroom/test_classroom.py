"""The classroom server (``make class``) at the protocol level, no browser.

One server with ``make class``'s configuration (``widgets.server.serve.Room`` through the
same command builder), listening on the loopback interface only, serving the
dashboard's notebooks and a probe notebook (the Fire Bulls page under another
name, so that its pool is not the page the other tests open cold).  Its pool is
one kernel (for the probe) and its cap three kernels, so the cap is reached with
three pages.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest
from tornado.httpclient import HTTPClientError

from benchmarks.classroom import kernels
from widgets.server.classroom import HostGuard, own_names
from widgets.panels.i18n import LANGS
from benchmarks.room import PageError, Session, message, raise_client_limit
from widgets.server.serve import NOTEBOOKS, ROOT, Room, VoilaServer, free_port

PROBE = {
    "cells": [
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "id": "imports",
         "source": "from widgets.page import page"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "id": "show",
         "source": "page('fire-bulls')"},
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}

# A page whose cell output reaches the server 6 s after the cell's execute_reply, as on a loaded
# machine (thirty pages opened at once, a pool building its pages): the kernel's IOPub thread is held
# before the output (and the "idle" after it) are sent, and the execute_reply, which goes out on the
# shell socket, waits 0.1 s (not 10) for the output to be flushed first.
LATE = {
    "cells": [
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "id": "late",
         "source": "import sys, time\n"
                   "from IPython.display import HTML, display\n"
                   "sys.stdout.flush_timeout = 0.1\n"
                   "get_ipython().kernel.iopub_socket.io_thread.schedule(lambda: time.sleep(6))\n"
                   "display(HTML('<p>drawn-at-last</p>'))"},
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}


def run(coro):
    """Run the protocol client to its end on its own loop, in a thread: the browser tests' sync
    Playwright keeps an event loop running in this thread when they run in the same session."""
    raise_client_limit()
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coro, 150)).result()


def wait_until(pred, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.3)
    return pred()


@pytest.fixture(scope="module")
def room(tmp_path_factory, artifacts):
    root = tmp_path_factory.mktemp("room")
    for nb in NOTEBOOKS.glob("*.ipynb"):
        (root / nb.name).symlink_to(nb)
    (root / "probe.ipynb").write_text(json.dumps(PROBE), encoding="utf-8")
    (root / "late.ipynb").write_text(json.dumps(LATE), encoding="utf-8")
    server = VoilaServer(root, log=artifacts / "voila-classroom.log",
                         room=Room(page="probe.ipynb", pool=1, pool_others=0, max_kernels=3, ip="127.0.0.1"))
    with server:
        assert wait_until(lambda: len(kernels(server.proc.pid)) == 1, 60), "the pool did not fill"
        yield server


def log_text(server) -> str:
    return server.log_path.read_text(encoding="utf-8", errors="replace")


# -- host names ------------------------------------------------------------------

# -- less work per message and per page (no server) -----------------------------------

def test_the_activity_watcher_reads_a_kernels_message_type_its_parents_and_a_status():
    from jupyter_client.session import Session as Signer

    from widgets.server.classroom import message_types

    signer = Signer(key=b"secret")
    click = signer.msg("comm_msg", {"comm_id": "m1", "data": {"method": "custom"}})
    update = signer.msg("comm_msg", {"comm_id": "m2", "data": {"method": "update", "state": {"value": "x"}}},
                        parent=click)
    busy = signer.msg("status", {"execution_state": "busy"}, parent=click)
    assert message_types(signer.serialize(update)) == ("comm_msg", "comm_msg", None)
    assert message_types([b"iopub-topic", *signer.serialize(busy)]) == ("status", "comm_msg",
                                                                       {"execution_state": "busy"})
    for junk in ([], [b"no delimiter"], [b"<IDS|MSG>", b"sig", b"{not json", b"{}", b"{}", b"{}"],
                 [b"<IDS|MSG>", b"sig", b"[]", b"{}"]):
        assert message_types(junk) == (None, None, None)


def test_the_activity_watcher_gets_a_kernels_status_and_not_its_widget_updates():
    import zmq

    from widgets.server.classroom import watch_status_only

    ctx = zmq.Context.instance()
    pub, sub = ctx.socket(zmq.PUB), ctx.socket(zmq.SUB)
    try:
        pub.bind("inproc://kernel-iopub")
        sub.connect("inproc://kernel-iopub")
        sub.setsockopt(zmq.SUBSCRIBE, b"")  # as jupyter_client connects it
        watch_status_only(sub)
        time.sleep(0.2)  # the subscription reaches the publisher
        # topics as ipykernel sends them: a widget's update, then the kernel going idle
        pub.send_multipart([b"comm-0123", b"<IDS|MSG>", b"update"])
        pub.send_multipart([b"kernel.abc.status", b"<IDS|MSG>", b"idle"])
        assert sub.poll(2000)
        assert sub.recv_multipart() == [b"kernel.abc.status", b"<IDS|MSG>", b"idle"]
        assert not sub.poll(200)
    finally:
        pub.close(0)
        sub.close(0)


def test_the_servers_streams_read_every_queued_message_in_order_in_one_turn():
    import zmq
    from zmq.eventloop.zmqstream import ZMQStream

    from widgets.server.classroom import _handle_recv_queued

    got: list[bytes] = []

    async def go():
        ctx = zmq.Context.instance()
        push, pull = ctx.socket(zmq.PUSH), ctx.socket(zmq.PULL)
        push.bind("inproc://kernel-shell")
        pull.connect("inproc://kernel-shell")
        stream = ZMQStream(pull)
        stream._handle_recv = _handle_recv_queued.__get__(stream)
        stream.on_recv(lambda msg: got.append(msg[0]))
        for i in range(5):
            push.send(b"m%d" % i)
        assert pull.poll(2000)  # queued (the loop has not run since)
        stream._handle_recv()  # one turn: all five (upstream read one)
        assert pull.poll(0) == 0
        stream._handle_recv()  # nothing queued: returns
        stream.close()
        push.close(0)

    run(go())
    assert got == [b"m0", b"m1", b"m2", b"m3", b"m4"]


def test_a_pooled_kernel_handed_to_a_page_is_idle_from_then_not_from_its_build():
    """A kernel that waited in the pool is not culled before its page's browser connects."""
    from datetime import datetime, timedelta, timezone

    from widgets.server.classroom import gradual_pool_refills

    built = datetime(2026, 1, 1, tzinfo=timezone.utc)

    class Kernel:
        last_activity = built

    class Manager:
        _pools: dict = {}

        def __init__(self):
            self._kernels = {"k1": Kernel()}

        def fill_if_needed(self, *args, **kwargs):
            pass

        async def get_rendered_notebook(self, *args, **kwargs):
            return "render task", "cache", "k1"

    km = Manager()
    gradual_pool_refills(km, 2)
    assert run(km.get_rendered_notebook("fire_bulls.ipynb")) == ("render task", "cache", "k1")
    assert km._kernels["k1"].last_activity > datetime.now(timezone.utc) - timedelta(minutes=1)


def test_the_pools_refill_only_while_the_pages_are_not_in_use_or_after_a_minute():
    """The room's first clicks are not slowed by kernels starting for its pools: a refill waits
    until no kernel has been busy for a moment, or until a minute after a page took a kernel."""
    from datetime import timedelta

    from jupyter_server._tz import utcnow

    from widgets.server.classroom import gradual_pool_refills

    class Manager:
        def __init__(self):
            self._kernels: dict = {}
            self._pools: dict = {"fire_bulls.ipynb": []}
            self.kernel_pools_config = {"default": {"pool_size": 0}, "fire_bulls.ipynb": {"pool_size": 2}}
            self.started: list = []
            self.last_kernel_activity = utcnow()

        def fill_if_needed(self, delay=None, notebook_name=None, **kwargs):
            self.started.append(notebook_name)

        def room(self):
            return None

        async def get_rendered_notebook(self, *args, **kwargs):
            return "render task", "cache", "k1"

    km = Manager()
    refill = gradual_pool_refills(km, 2, quiet=0, calm=2, longest=60)
    run(km.get_rendered_notebook("fire_bulls.ipynb"))  # a page took a kernel
    km.last_kernel_activity = utcnow()  # and a student clicked just now
    assert refill() == 0 and km.started == []
    km.last_kernel_activity = utcnow() - timedelta(seconds=5)  # no kernel busy for 5 s
    assert refill() == 2 and km.started == ["fire_bulls.ipynb"]

    busy = Manager()
    refill = gradual_pool_refills(busy, 2, quiet=0, calm=2, longest=0)  # "a minute" has passed
    run(busy.get_rendered_notebook("fire_bulls.ipynb"))
    busy.last_kernel_activity = utcnow()
    assert refill() == 2 and busy.started == ["fire_bulls.ipynb"]


def test_a_kernel_whose_page_has_not_connected_yet_is_kept_then_culled_as_usual_once_it_has():
    """A page built while the machine is loaded connects late: its kernel is not culled in
    the meantime (the page would never come up), and once the page has connected and gone,
    the short idle timeout holds again."""
    from datetime import timedelta

    from jupyter_server._tz import utcnow

    from widgets.server.classroom import CappedKernelManager

    class Spec:
        metadata: dict = {}

    class Kernel:
        kernel_name, kernel_spec, execution_state = "python3", Spec(), "idle"

    km = CappedKernelManager(cull_idle_timeout=4, connect_grace=90)
    culled = []

    async def shutdown_kernel(kernel_id, *args, **kwargs):
        culled.append(kernel_id)

    km.shutdown_kernel = shutdown_kernel
    for kernel_id, idle in (("late", 30), ("abandoned", 100), ("closed", 30)):
        km._kernels[kernel_id] = Kernel()
        km._kernels[kernel_id].last_activity = utcnow() - timedelta(seconds=idle)
        km._kernel_connections[kernel_id] = 0
    km.notify_connect("closed")
    km.notify_disconnect("closed")
    for kernel_id in ("late", "abandoned", "closed"):
        run(km.cull_kernel_if_idle(kernel_id))
    assert culled == ["abandoned", "closed"]


def test_voilas_page_templates_are_compiled_once_per_server(monkeypatch):
    import jinja2

    from widgets.server.classroom import TEMPLATES, SharedTemplates

    compiled = []
    original = jinja2.Environment.compile
    monkeypatch.setattr(jinja2.Environment, "compile",
                        lambda self, source, name=None, filename=None, *a, **k:
                        compiled.append(name) or original(self, source, name, filename, *a, **k))
    TEMPLATES.clear()
    first = SharedTemplates(template_name="lab").environment.get_template("index.html.j2")
    assert "index.html.j2" in compiled
    compiled.clear()
    again = SharedTemplates(template_name="lab").environment.get_template("index.html.j2")  # another page
    assert compiled == [] and again is not first


def test_the_teachers_tutorial_gets_no_pre_started_kernels():
    """Voilà fills a pool for every notebook; its denylist filter looks for each entry in
    the notebook's full path."""
    from widgets.server.classroom import TUTORIALS, TutorVoila

    app = TutorVoila()
    app.initialize([str(NOTEBOOKS), "--TutorVoila.pools=index.ipynb=2", "--TutorVoila.pool_others=1"])
    deny = app.config.VoilaKernelManager.preheat_denylist
    for nb in NOTEBOOKS.glob("*.ipynb"):
        assert any(d in str(nb) for d in deny) == (nb.name in TUTORIALS), nb.name
    assert "lesson_builder.ipynb" in TUTORIALS


def test_the_host_guard_knows_our_names_and_nothing_else():
    guard = HostGuard(extra=["tutor.school.lan"])
    for ok in ["localhost", "localhost:8866", "127.0.0.1:8866", "[::1]:8866", "tutor.school.lan:8866",
               *own_names()]:
        assert guard.allows(ok), ok
    for bad in ["evil.example", "evil.example:8866", "localhost.evil.example", "127.0.0.1.nip.io",
                "8.8.8.8", "[2001:db8::1]:8866", "", "tutor.school.lan.evil.example"]:
        assert not guard.allows(bad), bad


def test_a_page_asked_for_with_another_host_gets_403_and_starts_no_kernel(room):
    before = len(kernels(room.proc.pid))
    req = urllib.request.Request(room.url("fire_bulls.ipynb"), headers={"Host": "rebind.evil.example"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=30)
    assert err.value.code == 403
    assert "Traceback" not in err.value.read().decode()
    assert len(kernels(room.proc.pid)) == before


def test_websockets_refuse_another_host_and_another_origin(room):
    async def go():
        page = Session(room.base, "probe.ipynb")
        await page.open()  # a real kernel, to show only the headers differ
        try:
            for host, origin in [("rebind.evil.example", "http://rebind.evil.example"),
                                 (None, "http://evil.example")]:
                other = Session(room.base, "probe.ipynb", host=host, origin=origin)
                other.kernel_id = page.kernel_id
                with pytest.raises(HTTPClientError) as err:
                    await other.connect()
                assert err.value.code == 403, (host, origin)
            # the same page, same origin: accepted
            again = Session(room.base, "probe.ipynb")
            again.kernel_id = page.kernel_id
            await again.connect()
            again.ws.close()
        finally:
            await page.close()
    run(go())


# -- pre-started kernels, the cap, closing a page ---------------------------------

def pool_ready(room) -> None:
    """No page open: only the pool's kernel is alive (pages closed by their beacon go at once)."""
    assert wait_until(lambda: len(kernels(room.proc.pid)) == 1, 60), "the pool did not refill"


def test_a_pooled_page_is_built_before_its_request_and_opens_the_place_its_link_names(room):
    """The pre-started kernel built the whole page before anyone asked for it (its
    HTML was rendered then); the link's place -- language, example, step, presenter
    mode -- and the page's own address reach it with the request."""
    pool_ready(room)
    query = "lang=it&example=fr-2&step=1&presenter=1"

    async def go():
        s = Session(room.base, "probe.ipynb", query=query)
        await s.open()
        states = s.states

        def one(css):
            found = s.find(css)
            assert len(found) == 1, css
            return states[found[0]]

        def link() -> str:
            return one("rt-place").get("value", "").replace("&amp;", "&")

        moved = await s.until(lambda _: one("rt-slider").get("value") == 1
                              and one("rt-lang").get("index") == LANGS.index("it")
                              and one("rt-presenter-toggle").get("value") is True, 60)
        # the place's link is its own update, which may come after the others on a loaded machine
        await s.until(lambda _: expected in link(), 30)
        await s.close()
        return s, moved, link()
    # the link the page gives leaves presenter mode out (it is for the class), its place all there
    expected = f"{room.base}/voila/render/fire_bulls.ipynb?lang=it&tab=examples&example=fr-2&step=1</textarea>"
    s, moved, link = run(go())
    assert moved, "the pooled page did not open the link's place"
    assert expected in link
    assert f"Using pre-heated kernel: {s.kernel_id}" in log_text(room)


def test_past_the_cap_a_page_gets_the_room_is_full_and_a_closed_page_frees_room(room):
    pool_ready(room)

    async def go():
        opened = []
        try:
            # the pool's kernel serves the probe; its refill and one cold page fill the room of 3
            for nb in ("probe.ipynb", "index.ipynb"):
                s = Session(room.base, nb)
                await s.open()
                opened.append(s)
            assert wait_until(lambda: len(kernels(room.proc.pid)) == 3, 60)
            with pytest.raises(PageError) as err:
                await Session(room.base, "fire_bulls.ipynb").get_page()
            assert err.value.status == 503
            assert "The room is full" in err.value.text and "Try again in a minute" in err.value.text
            assert "Traceback" not in err.value.text
            assert len(kernels(room.proc.pid)) == 3
            # closing a page (the browser's beforeunload beacon) frees its kernel at once
            await opened.pop().close()
            assert wait_until(lambda: len(kernels(room.proc.pid)) == 2, 20), "the closed page kept its kernel"
            s = Session(room.base, "fire_bulls.ipynb")
            await s.open()
            opened.append(s)
        finally:
            for s in opened:
                await s.close()
    run(go())


# -- what a client can see ---------------------------------------------------------

LEAKS = re.compile(r"Traceback|File \"|\.py\b|site-packages|/work/|/home/|/usr/")


def test_bogus_comm_messages_get_no_traceback_and_are_logged_on_the_server(room):
    async def go():
        s = Session(room.base, "index.ipynb")
        await s.open()
        n = len(s.received)
        sid = s.session_id
        # ipywidgets' control comm without the version metadata (the ValueError of the note)
        s.send(message("comm_open", {"comm_id": "c1", "target_name": "jupyter.widget.control", "data": {"x": 1}}, sid))
        s.send(message("comm_open", {"comm_id": "c2", "target_name": "jupyter.widget", "data": {"state": 5}}, sid))
        s.send(message("comm_open", {"comm_id": "c3", "target_name": "no.such.target", "data": None}, sid))
        s.send(message("comm_msg", {"comm_id": "nope", "data": {"method": "update"}}, sid))
        model = next(iter(s.states))
        s.send(message("comm_msg", {"comm_id": model, "data": {"method": "update", "state": {"layout": 5}}}, sid))
        s.send(message("comm_msg", {"comm_id": model, "data": {"method": "custom", "content": [1, 2]}}, sid))
        await asyncio.sleep(4)
        await s.close()
        return s.received[n:]
    got = run(go())
    assert got, "the kernel answered nothing at all"
    for m in got:
        text = json.dumps(m["content"])
        assert not LEAKS.search(text), text[:500]
        assert not (m["msg_type"] == "stream" and m["content"].get("name") == "stderr"), text[:500]
    assert "Incompatible widget control protocol versions" in log_text(room)


def test_voila_still_refuses_code_hides_sources_and_has_no_contents_api(room):
    async def go():
        s = Session(room.base, "fire_bulls.ipynb")
        await s.open()
        # a page's own protocol (v1, binary frames) and the older JSON one, on the same kernel
        legacy = Session(room.base, "fire_bulls.ipynb", protocol="")
        legacy.kernel_id = s.kernel_id
        await legacy.connect()
        assert (s.protocol, legacy.protocol) == ("v1.kernel.websocket.jupyter.org", "")
        sent = []
        for who in (s, legacy):
            req = who.send(message("execute_request", {"code": "import os; os.getcwd()", "silent": False,
                                                       "store_history": False, "user_expressions": {},
                                                       "allow_stdin": False}, who.session_id))
            sent.append(req["header"]["msg_id"])
        await asyncio.sleep(3)
        await legacy.close(shutdown=False)
        await s.close()
        return s, legacy, sent
    s, legacy, sent = run(go())
    for mid in sent:
        for who in (s, legacy):
            assert not [m for m in who.received if m.get("parent_header", {}).get("msg_id") == mid]
    assert 'page("fire-bulls")' not in s.html and "from widgets.page import page" not in s.html
    for path in ("/api/contents", "/api/contents/fire_bulls.ipynb", "/api/kernels", "/api/sessions"):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(room.base + path, timeout=30)
        assert err.value.code in (403, 404, 405), path


def test_every_way_of_serving_waits_for_a_cells_late_outputs():
    """``make run``/``make class`` (the command line), standalone Voilà (voila.json) and Voilà on
    Binder (its server config) all wait far longer than nbclient's 4 s for a cell's outputs."""
    from widgets.server.serve import voila_command

    waits = [json.loads((ROOT / f).read_text())["VoilaExecutor"]["iopub_timeout"]
             for f in ("voila.json", "binder/jupyter_server_config.json")]
    for room in (None, Room()):
        flags = [a for a in voila_command(NOTEBOOKS, 8866, room=room) if a.startswith("--VoilaExecutor.iopub_timeout=")]
        assert len(flags) == 1
        waits.append(int(flags[0].split("=")[1]))
    assert min(waits) >= 60, waits


def test_every_way_of_serving_starts_kernels_on_unix_sockets_not_tcp_ports():
    """A kernel on TCP binds ports the server chose a moment before, which another process can take
    first: the kernel dies starting.  ``make run``, ``make class``, ``make lab``, standalone Voilà and
    Binder all start kernels on unix sockets instead."""
    from widgets.server.serve import voila_command

    for f in ("voila.json", "binder/jupyter_server_config.json"):
        assert json.loads((ROOT / f).read_text())["KernelManager"]["transport"] == "ipc", f
    for room in (None, Room()):
        flags = [a for a in voila_command(NOTEBOOKS, 8866, room=room) if a.startswith("--KernelManager.transport=")]
        assert flags == ["--KernelManager.transport=ipc"], flags
    makefile = (ROOT / "Makefile").read_text().replace("\\\n", " ")  # a command continued on the next line
    lab = next(line for line in makefile.splitlines() if "-m jupyter lab" in line)
    assert "--KernelManager.transport=ipc" in lab


def test_a_page_kernel_of_the_test_server_listens_on_unix_sockets(voila):
    """The browser tests' server (``make run``'s command line) really starts its kernels on ipc."""
    import urllib.request

    with urllib.request.urlopen(voila.url("index.ipynb"), timeout=120) as response:
        assert response.status == 200
        response.read()
    found = re.search(r"Storing connection files in (\S+?)\.?$", voila.log_path.read_text(), re.M)
    assert found, "the server did not say where its connection files are"
    files = list(Path(found.group(1)).glob("kernel-*.json"))
    assert files, "no kernel connection file"
    assert {json.loads(f.read_text())["transport"] for f in files} == {"ipc"}


def test_a_cells_output_the_server_reads_late_is_still_in_the_page(room):
    """On a loaded machine Voilà's executor read a cell's output more than 4 s (nbclient's
    default wait) after the cell's reply, dropped it ("Timeout waiting for IOPub output") and
    served the page without its widget view: a blank page for good.  Our server waits."""
    pool_ready(room)

    async def go():
        s = Session(room.base, "late.ipynb")
        await s.get_page()
        await s.close()
        return s
    s = run(go())
    assert "drawn-at-last" in s.html
    pool_ready(room)


# -- stopping -----------------------------------------------------------------------

@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_to_the_server_leaves_no_process(sig, artifacts):
    port = free_port()
    log = open(artifacts / f"serve-{sig.name}.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "widgets.server.serve", str(port), "--class", "--ip", "127.0.0.1",
                             "--page", "index.ipynb", "--pool", "1", "--pool-others", "0", "--max-kernels", "4"],
                            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        assert wait_until(lambda: proc.poll() is not None or len(kernels(proc.pid)) >= 1, 90), "no kernel started"
        tree = psutil.Process(proc.pid).children(recursive=True)
        assert tree
        proc.send_signal(sig)
        assert proc.wait(60) is not None
        gone, alive = psutil.wait_procs(tree, timeout=30)
        assert alive == [], [p.cmdline() for p in alive]
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/tree", timeout=5)
    finally:
        if proc.poll() is None:
            proc.kill()
        log.close()


def test_the_page_modules_leave_pandas_and_matplotlib_unimported():
    """A kernel imports them only when the end table or the chart is shown."""
    code = ("import sys\nfrom tutor import games\nfrom widgets.page import page\nfrom widgets.index import landing\n"
            "landing()\nfor n in games.names(): page(n)\n"
            "print(sorted(m for m in ('pandas', 'matplotlib', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_a_kernel_flushes_its_stdout_only_when_something_was_written_and_then_sends_it_all():
    """ipykernel flushes stdout after each message a page sends (a click): with nothing written,
    the guard's flush costs no trip to the IO thread; anything written still reaches the page."""
    import zmq
    from ipykernel.iostream import IOPubThread, OutStream
    from jupyter_client.session import Session

    from widgets.server.kernel_guard import lazy_flush

    ctx = zmq.Context()
    pub, sub = ctx.socket(zmq.PUB), ctx.socket(zmq.SUB)
    pub.bind("inproc://stdout-test")
    sub.connect("inproc://stdout-test")
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    thread = IOPubThread(pub)
    thread.start()
    session = Session(key=b"k")
    stream = OutStream(session, thread, "stdout")
    try:
        scheduled = []
        schedule = thread.schedule
        thread.schedule = lambda f: (scheduled.append(f), schedule(f))[1]
        assert lazy_flush(stream)
        stream.flush()
        assert scheduled == []  # nothing written: no trip to the IO thread
        stream.write("the board")
        stream.flush()
        assert scheduled  # written: flushed through the IO thread as before
        sub.RCVTIMEO = 5000
        msg = session.deserialize(session.feed_identities(sub.recv_multipart())[1])
        assert msg["msg_type"] == "stream" and msg["content"]["text"] == "the board"
        scheduled.clear()
        stream.flush()
        assert scheduled == []
    finally:
        stream.close()
        gc_done = threading.Event()  # ipykernel's event-pipe collector ended in the thread, not at exit

        def end_collector():
            task = getattr(thread, "_event_pipe_gc_task", None)
            if task is not None:
                task.cancel()
            thread.io_loop.add_callback(gc_done.set)

        thread.schedule(end_collector)
        gc_done.wait(5)
        thread.stop()
        thread.close()
        sub.close()
        ctx.term()

"""A client that speaks Voilà's protocol, as a page's front end does (no browser).

Used by the classroom tests and by ``make bench-class`` (:mod:`benchmarks.classroom`).
What a Voilà 0.5 page does, and :class:`Session` repeats: GET
``/voila/render/<notebook>`` (the HTML names ``"kernelId"``), open
``/api/kernels/<id>/channels`` with an ``Origin`` matching the server (and, as
JupyterLab's services in the page do, the ``v1.kernel.websocket.jupyter.org``
subprotocol: binary frames the server forwards without decoding them; the
older JSON protocol made the server decode and re-encode every message, which
a real page never asks for), open the
``jupyter.widget.control`` comm (message metadata ``{"version": "1.0.0"}``) and
ask ``request_states``; the kernel answers ``update_states`` with every
widget's state.  A button click is a ``comm_msg`` ``custom``/``click`` to the
button's model; its effects come back as ``update``/``echo_update`` messages
whose parent is the click; :attr:`Session.states` follows them.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import re
import time
import uuid
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]+)"')
V1 = "v1.kernel.websocket.jupyter.org"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"  # a cell output that draws a widget


def to_v1(msg: dict) -> bytes:
    """A message as a v1 binary frame: offsets, the channel, then header, parent
    header, metadata and content as JSON (jupyter_server's ``serialize_msg_to_ws_v1``)."""
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    channel = msg.get("channel", "shell").encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(channel))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + channel + b"".join(parts)


def from_v1(frame: bytes) -> dict:
    """A v1 binary frame as a message dict (buffers dropped)."""
    n = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)]
    channel = frame[offsets[0]:offsets[1]].decode()
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(1, n - 1)]
    header, parent, metadata, content = (json.loads(p) for p in parts[:4])
    return {"header": header, "msg_id": header.get("msg_id"), "msg_type": header.get("msg_type"),
            "parent_header": parent, "metadata": metadata, "content": content, "channel": channel}


def message(msg_type: str, content: dict, session: str, channel: str = "shell",
            metadata: dict | None = None) -> dict:
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session,
                   "username": "student", "version": "5.3",
                   "date": datetime.datetime.now(datetime.timezone.utc).isoformat()},
        "parent_header": {}, "metadata": metadata or {}, "content": content,
        "channel": channel, "buffers": [],
    }


class PageError(Exception):
    """The page did not open (its status, or why)."""

    def __init__(self, status: int | None, text: str = ""):
        super().__init__(f"{status}: {text[:200]}")
        self.status = status
        self.text = text


class Session:
    """One student's page, at the protocol level."""

    def __init__(self, base: str, notebook: str, query: str = "", host: str | None = None,
                 origin: str | None = None, timeout: float = 180, protocol: str = V1):
        self.base = base.rstrip("/")
        self.notebook = notebook
        self.query = query
        self.host = host
        self.origin = origin
        self.timeout = timeout
        self.protocol = protocol  # V1, or "" for the older JSON protocol
        self.session_id = uuid.uuid4().hex
        self.kernel_id: str | None = None
        self.html = ""
        self.ws: Any = None
        self.states: dict[str, dict] = {}
        self.received: list[dict] = []  # every message from the kernel
        self._waiters: list[tuple[Any, asyncio.Future]] = []
        self._reader: asyncio.Task | None = None
        self.cookies = ""
        self.phases: dict[str, float] = {}

    def _headers(self) -> dict:
        h = {}
        if self.host:
            h["Host"] = self.host
        if self.cookies:
            h["Cookie"] = self.cookies
        return h

    async def get_page(self) -> str:
        url = f"{self.base}/voila/render/{self.notebook}{'?' + self.query if self.query else ''}"
        client = AsyncHTTPClient()
        try:
            resp = await client.fetch(HTTPRequest(url, headers=self._headers(), request_timeout=self.timeout))
        except HTTPClientError as e:
            body = e.response.body.decode("utf-8", "replace") if e.response is not None else ""
            raise PageError(e.code, body) from None
        self.html = resp.body.decode("utf-8", "replace")
        cookies = [c.split(";")[0] for c in resp.headers.get_list("Set-Cookie")]
        self.cookies = "; ".join(cookies)
        m = KERNEL_ID.search(self.html)
        if not m:
            raise PageError(resp.code, "no kernelId in the page")
        self.kernel_id = m.group(1)
        return self.html

    async def connect(self) -> None:
        ws_base = self.base.replace("http://", "ws://", 1)
        url = f"{ws_base}/api/kernels/{self.kernel_id}/channels?session_id={self.session_id}"
        headers = self._headers()
        headers["Origin"] = self.origin or self.base
        self.ws = await websocket_connect(HTTPRequest(url, headers=headers, request_timeout=self.timeout),
                                          max_message_size=64 * 1024 * 1024,
                                          subprotocols=[self.protocol] if self.protocol else None)
        if self.protocol and self.ws.selected_subprotocol != self.protocol:
            self.protocol = ""  # the server speaks only the JSON protocol
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            raw = await self.ws.read_message()
            if raw is None:
                break
            if isinstance(raw, bytes):
                if not self.protocol:
                    continue  # binary frames (buffers): none expected from the tutor's widgets
                msg = from_v1(raw)
            else:
                msg = json.loads(raw)
            self.received.append(msg)
            self._follow(msg)
            for pred, fut in list(self._waiters):
                if not fut.done() and pred(msg):
                    fut.set_result(msg)
        for _pred, fut in self._waiters:
            if not fut.done():
                fut.set_exception(ConnectionError("websocket closed"))

    def _follow(self, msg: dict) -> None:
        """Keep :attr:`states` as the page's widget models would be: apply every update."""
        if msg.get("msg_type") != "comm_msg":
            return
        data = msg["content"].get("data") or {}
        model = self.states.get(msg["content"].get("comm_id", ""))
        if model is not None and data.get("method") in ("update", "echo_update"):
            model.update(data.get("state") or {})

    def send(self, msg: dict) -> dict:
        if self.protocol:
            self.ws.write_message(to_v1(msg), binary=True)
        else:
            self.ws.write_message(json.dumps(msg))
        return msg

    async def wait_for(self, pred, timeout: float | None = None) -> dict:
        fut: asyncio.Future = asyncio.get_event_loop().create_future()
        for msg in self.received:
            if pred(msg):
                return msg
        self._waiters.append((pred, fut))
        try:
            return await asyncio.wait_for(fut, timeout or self.timeout)
        finally:
            self._waiters.remove((pred, fut))

    async def request_states(self) -> dict:
        comm_id = uuid.uuid4().hex
        self.send(message("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                          self.session_id, metadata={"version": "1.0.0"}))
        self.send(message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}, self.session_id))
        msg = await self.wait_for(lambda m: m.get("msg_type") == "comm_msg"
                                  and m["content"].get("data", {}).get("method") == "update_states")
        self.states = {k: dict(v.get("state", {})) for k, v in msg["content"]["data"]["states"].items()}
        for later in self.received[self.received.index(msg) + 1:]:
            self._follow(later)  # updates that came after the states, before this returned
        return self.states

    async def until(self, pred, timeout: float | None = None) -> bool:
        """Wait until ``pred(states)`` holds (the kernel's updates followed); False on timeout."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while time.monotonic() < deadline:
            if pred(self.states):
                return True
            await asyncio.sleep(0.05)
        return bool(pred(self.states))

    async def open(self) -> float:
        """GET the page, connect, fetch the widgets: seconds until the page is usable."""
        start = time.monotonic()
        await self.get_page()
        self.phases = {"page": time.monotonic() - start}
        await self.connect()
        self.phases["websocket"] = time.monotonic() - start
        await self.request_states()
        self.phases["widgets"] = time.monotonic() - start
        return self.phases["widgets"]

    def shows_widgets(self) -> bool:
        """The page's HTML holds a widget view for the browser to draw (a cell's output naming a
        model): without one the page is blank, whatever widgets its kernel holds."""
        return WIDGET_VIEW in self.html

    def find(self, css_class: str, model: str | None = None) -> list[str]:
        """Model ids of the widgets carrying ``css_class``."""
        return [k for k, s in self.states.items()
                if css_class in (s.get("_dom_classes") or ()) and (model is None or s.get("_model_name") == model)]

    async def click(self, model_id: str) -> float:
        """Click a button: seconds until the kernel's first update caused by the click."""
        start = time.monotonic()
        msg = self.send(message("comm_msg", {"comm_id": model_id,
                                             "data": {"method": "custom", "content": {"event": "click"}}},
                                self.session_id))
        mid = msg["header"]["msg_id"]
        await self.wait_for(lambda m: m.get("parent_header", {}).get("msg_id") == mid
                            and m.get("msg_type") == "comm_msg"
                            and m["content"].get("data", {}).get("method") in ("update", "echo_update"))
        return time.monotonic() - start

    async def close(self, shutdown: bool = True) -> None:
        """Close the page: the beacon a browser sends on ``beforeunload``, then the websocket."""
        if shutdown and self.kernel_id:
            xsrf = dict(c.split("=", 1) for c in self.cookies.split("; ") if "=" in c).get("_xsrf", "")
            body = f"_xsrf={xsrf}"
            headers = {**self._headers(), "Origin": self.origin or self.base,
                       "Content-Type": "application/x-www-form-urlencoded"}
            try:
                await AsyncHTTPClient().fetch(HTTPRequest(f"{self.base}/voila/api/shutdown/{self.kernel_id}",
                                                          method="POST", body=body, headers=headers,
                                                          request_timeout=30))
            except Exception:
                pass
        if self.ws is not None:
            self.ws.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 5)
            except Exception:
                pass


def raise_client_limit(n: int = 200) -> None:
    """Tornado's HTTP client queues all but 10 concurrent requests by default."""
    AsyncHTTPClient.configure(None, max_clients=n)

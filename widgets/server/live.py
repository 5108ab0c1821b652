"""The live lesson's broker: where the rooms (:mod:`tutor.room`) live, and the kernels' channel to them.

Two backends behind one small interface (:class:`Broker`):

* :class:`EmbeddedBroker`, the default: the rooms are in the tutor's server process, in memory
  (one laptop and thirty students need no other service);
* :class:`RedisBroker` when the ``REDIS_URL`` setting (an environment variable) names a Redis
  server: each room is a key (expiring after a quiet hour) changed in a transaction, its events
  published on the room's channel, so the kernels of many servers (a school's JupyterHub) share
  the rooms.

A page never talks to a room itself: its kernel does, over :class:`LiveSocket`, a websocket on
the server's own port (``/voila/live/<kernel id>``) that answers only the server's own kernels
-- a loopback peer, no browser ``Origin``, the id of a kernel this server runs.  The socket, not
the kernel's words, says who a student is (the kernel's id is its member id, so no page can
answer for another), and a connection receives only its role's events: a student's kernel gets
the teacher's place and questions, never the teacher's key or another student's id.

Frames (JSON text) from a kernel: ``{"id": n, "op": "open"}`` (a new room: its code and the
teacher's key, to this connection only) or ``{"id": n, "op": "send", "room": CODE, "msg": {...}}``;
every frame gets a reply ``{"re": n, ...}`` (``{"re": n, "error": key}`` for anything wrong), and
events come as ``{"room": CODE, "event": {...}}``.
"""

from __future__ import annotations

import abc
import asyncio
import ipaddress
import json
import logging
import os
import secrets
import time
from typing import Any, Callable

import tornado.web
import tornado.websocket

from tutor import room as rooms
from tutor.room import Event, Outcome, Room

_LOG = logging.getLogger("rules-tutor.live")

Listener = Callable[[Event], None]
REDIS_PREFIX = "rules-tutor:live:"
FRAME_RATE = 50.0  # frames a second a kernel may send, on average ...
FRAME_BURST = 100.0  # ... with this many at once
SWEEP = 60  # seconds between looks for quiet rooms (embedded)


class Broker(abc.ABC):
    """Where rooms live: open one, send it a message, hear its events."""

    @abc.abstractmethod
    async def open(self) -> tuple[str, str]:
        """A new room: (its code, the teacher's key)."""

    @abc.abstractmethod
    async def handle(self, code: str, msg: dict) -> Outcome:
        """Apply ``msg`` to room ``code`` (``live_no_room`` when there is none) and send its events."""

    @abc.abstractmethod
    async def subscribe(self, code: str, listener: Listener) -> None:
        """Call ``listener(event)`` for every event of room ``code`` from now on."""

    @abc.abstractmethod
    async def unsubscribe(self, code: str, listener: Listener) -> None: ...

    async def close(self) -> None:  # noqa: B027 - most brokers hold nothing to let go of
        """Let go of whatever the broker holds (connections, tasks)."""
        return None


class _Listeners:
    def __init__(self) -> None:
        self.by_room: dict[str, list[Listener]] = {}

    def add(self, code: str, listener: Listener) -> bool:
        """Add; True when it is the room's first listener here."""
        group = self.by_room.setdefault(code, [])
        if listener not in group:
            group.append(listener)
        return len(group) == 1

    def remove(self, code: str, listener: Listener) -> bool:
        """Remove; True when the room has no listener here any more."""
        group = self.by_room.get(code, [])
        if listener in group:
            group.remove(listener)
        if not group:
            self.by_room.pop(code, None)
            return True
        return False

    def send(self, code: str, event: Event) -> None:
        for listener in list(self.by_room.get(code, ())):
            try:
                listener(event)
            except Exception:  # noqa: BLE001 - one closed page does not stop the others
                _LOG.exception("a live lesson's listener failed")


class EmbeddedBroker(Broker):
    """The rooms in this process's memory; a room ends when its teacher ends it or after a quiet hour."""

    def __init__(self, clock: Callable[[], float] = time.time):
        self.rooms: dict[str, Room] = {}
        self.listeners = _Listeners()
        self.clock = clock

    async def open(self) -> tuple[str, str]:
        self.sweep()
        while True:
            code = rooms.new_code(secrets.randbelow)
            if code not in self.rooms:
                break
        room, secret = rooms.open_room(code, rooms.new_secret(secrets.token_hex), self.clock())
        self.rooms[code] = room
        return code, secret

    async def handle(self, code: str, msg: dict) -> Outcome:
        room = self.rooms.get(code)
        now = self.clock()
        if room is None or (room.expired(now) and not room.ended):
            self.rooms.pop(code, None)
            return Outcome({"error": "live_no_room"})
        out = room.handle(msg, now)
        for event in out.events:
            self.listeners.send(code, event)
        return out

    def sweep(self) -> None:
        """Forget the rooms that ended or fell quiet."""
        now = self.clock()
        for code in [c for c, r in self.rooms.items() if r.expired(now)]:
            self.rooms.pop(code, None)

    async def subscribe(self, code: str, listener: Listener) -> None:
        self.listeners.add(code, listener)

    async def unsubscribe(self, code: str, listener: Listener) -> None:
        self.listeners.remove(code, listener)


class RedisBroker(Broker):
    """Rooms in Redis: a key per room (``rules-tutor:live:CODE``, expiring after a quiet hour),
    changed in a WATCH/MULTI transaction, and its events published on ``rules-tutor:live:CODE:events``."""

    def __init__(self, url: str, clock: Callable[[], float] = time.time):
        import redis.asyncio as aioredis

        self.url = url
        self.redis = aioredis.from_url(url)
        self.clock = clock
        self.listeners = _Listeners()
        self.pubsub: Any = None
        self.reader: asyncio.Task | None = None

    @staticmethod
    def key(code: str) -> str:
        return REDIS_PREFIX + code

    @staticmethod
    def channel(code: str) -> str:
        return REDIS_PREFIX + code + ":events"

    async def open(self) -> tuple[str, str]:
        while True:
            code = rooms.new_code(secrets.randbelow)
            room, secret = rooms.open_room(code, rooms.new_secret(secrets.token_hex), self.clock())
            if await self.redis.set(self.key(code), room.to_json(), nx=True, ex=int(rooms.QUIET)):
                return code, secret

    async def handle(self, code: str, msg: dict) -> Outcome:
        from redis.exceptions import WatchError

        key = self.key(code)
        for _ in range(50):
            async with self.redis.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(key)
                    stored = await pipe.get(key)
                    if stored is None:
                        return Outcome({"error": "live_no_room"})
                    room = Room.from_json(stored)
                    out = room.handle(msg, self.clock())
                    if not out.ok:
                        return out
                    pipe.multi()
                    # an ended room stays a minute, so a late page hears that it ended
                    pipe.set(key, room.to_json(), ex=60 if room.ended else int(rooms.QUIET))
                    for event in out.events:
                        pipe.publish(self.channel(code), json.dumps({"to": event.to, "data": event.data}))
                    await pipe.execute()
                    return out
                except WatchError:
                    continue  # another server changed the room meanwhile: read it again
        return Outcome({"error": "live_flood"})

    async def subscribe(self, code: str, listener: Listener) -> None:
        if self.listeners.add(code, listener):
            if self.pubsub is None:
                self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            await self.pubsub.subscribe(self.channel(code))
            if self.reader is None or self.reader.done():
                self.reader = asyncio.ensure_future(self._read())

    async def unsubscribe(self, code: str, listener: Listener) -> None:
        if self.listeners.remove(code, listener) and self.pubsub is not None:
            await self.pubsub.unsubscribe(self.channel(code))

    async def _read(self) -> None:
        while self.pubsub is not None and self.listeners.by_room:
            try:
                message = await self.pubsub.get_message(timeout=1.0)
            except Exception:  # noqa: BLE001 - a lost connection: try again in a moment
                _LOG.warning("the live lessons' Redis channel failed; trying again", exc_info=True)
                await asyncio.sleep(1)
                continue
            if not message or message.get("type") != "message":
                continue
            channel = message["channel"].decode() if isinstance(message["channel"], bytes) else message["channel"]
            code = channel[len(REDIS_PREFIX):].split(":")[0]
            try:
                data = json.loads(message["data"])
                event = Event(data["to"], data["data"])
            except (ValueError, KeyError, TypeError):
                continue
            self.listeners.send(code, event)

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.pubsub is not None:
            await self.pubsub.aclose()
            self.pubsub = None
        await self.redis.aclose()


def make_broker(redis_url: str | None = None) -> Broker:
    """Redis when ``redis_url`` (default: the ``REDIS_URL`` environment variable) is set, else embedded."""
    url = os.environ.get("REDIS_URL", "") if redis_url is None else redis_url
    return RedisBroker(url) if url else EmbeddedBroker()


# ---------------------------------------------------------------------------
# the kernels' channel
# ---------------------------------------------------------------------------

def _loopback(ip: str | None) -> bool:
    try:
        return ipaddress.ip_address(ip or "").is_loopback
    except ValueError:
        return False


class LiveSocket(tornado.websocket.WebSocketHandler):
    """``/voila/live/<kernel id>``: one of this server's kernels speaking to the live lessons."""

    kernel_id = ""

    def initialize(self, broker: Broker | None = None, kernels: Callable[[], Any] | None = None) -> None:
        self.broker = broker or self.settings["rules_tutor_live"]
        self.kernels = kernels or (lambda: self.settings.get("kernel_manager"))
        self.member_of: set[str] = set()
        self.teacher_of: set[str] = set()
        self.tokens, self.last = FRAME_BURST, time.monotonic()

    def _allowed(self, kernel_id: str) -> bool:
        if not _loopback(self.request.remote_ip) or "Origin" in self.request.headers:
            return False  # a browser, or another machine: only the server's own kernels speak here
        km = self.kernels()
        return km is not None and kernel_id in km

    async def get(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        if not self._allowed(kernel_id):
            self.set_status(403)
            self.finish("403: only this server's kernels speak to the live lessons.\n")
            return
        self.kernel_id = kernel_id
        await super().get(kernel_id, *args, **kwargs)

    def check_origin(self, origin: str) -> bool:
        return False  # never reached: a frame with an Origin was refused in get()

    def _event(self, code: str, role: str) -> Listener:
        head = '{"room":' + json.dumps(code) + ',"event":'

        def send(event: Event) -> None:
            if event.to == role and self.ws_connection is not None:
                # the event's JSON is made once for the whole class, not once per page
                self.write_message(head + event.text + "}")
        send.__name__ = f"{role}:{code}:{id(self)}"
        return send

    def _spend(self) -> bool:
        now = time.monotonic()
        self.tokens = min(FRAME_BURST, self.tokens + (now - self.last) * FRAME_RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    async def on_message(self, message: str | bytes) -> None:
        frame = rooms.parse_message(message, rooms.MAX_MESSAGE + 1000)
        rid = frame.get("id") if isinstance(frame, dict) else None
        rid = rid if isinstance(rid, int) and not isinstance(rid, bool) else None
        try:
            reply = await self._reply(frame)
        except Exception:  # noqa: BLE001 - a broker that failed: an error key, never a traceback
            _LOG.exception("a live lesson's message failed")
            reply = {"error": "live_bad_message"}
        if self.ws_connection is not None:
            self.write_message(json.dumps({"re": rid, **reply}, ensure_ascii=False))

    async def _reply(self, frame: dict | str) -> dict:
        if isinstance(frame, str):
            return {"error": frame}
        if not self._spend():
            return {"error": "live_flood"}
        op = frame.get("op")
        if op == "open":
            code, secret = await self.broker.open()
            self.teacher_of.add(code)
            await self.broker.subscribe(code, self._listener(code, "teacher"))
            return {"ok": True, "room": code, "secret": secret}
        code, msg = frame.get("room"), frame.get("msg")
        if op != "send" or not isinstance(msg, dict):
            return {"error": "live_bad_message"}
        if not rooms.valid_code(code):
            return {"error": "live_no_room"}
        assert isinstance(code, str)
        msg = dict(msg)
        if msg.get("type") in rooms.MEMBER_TYPES:
            msg["member"] = self.kernel_id  # who the student is: the connection says so, not the page
        out = await self.broker.handle(code, msg)
        if out.ok and msg.get("type") == "join" and code not in self.member_of:
            self.member_of.add(code)
            await self.broker.subscribe(code, self._listener(code, "members"))
        elif out.ok and msg.get("type") in rooms.TEACHER_TYPES and code not in self.teacher_of:
            self.teacher_of.add(code)  # the teacher's page, reconnected
            await self.broker.subscribe(code, self._listener(code, "teacher"))
        return out.reply

    def _listener(self, code: str, role: str) -> Listener:
        cache = self.__dict__.setdefault("_listeners", {})
        if (code, role) not in cache:
            cache[(code, role)] = self._event(code, role)
        return cache[(code, role)]

    def on_close(self) -> None:
        asyncio.ensure_future(self._gone())

    async def _gone(self) -> None:
        for code in self.member_of:
            await self.broker.handle(code, {"type": "leave", "member": self.kernel_id})
            await self.broker.unsubscribe(code, self._listener(code, "members"))
        for code in self.teacher_of:
            await self.broker.unsubscribe(code, self._listener(code, "teacher"))


def handlers(server_url: str, broker: Broker, kernels: Callable[[], Any]) -> list[tuple]:
    """The live lessons' route on a server whose pages are under ``server_url``."""
    base = server_url.rstrip("/")
    return [(base + r"/voila/live/([0-9a-f-]{1,64})", LiveSocket, {"broker": broker, "kernels": kernels})]


def attach(app: tornado.web.Application, server_url: str, kernels: Callable[[], Any],
           broker: Broker | None = None) -> Broker:
    """Serve the live lessons on ``app`` (the server's own application, its own port)."""
    broker = broker or make_broker()
    app.settings["rules_tutor_live"] = broker
    app.add_handlers(".*$", handlers(server_url, broker, kernels))
    _LOG.info("live lessons: %s broker", type(broker).__name__)
    return broker


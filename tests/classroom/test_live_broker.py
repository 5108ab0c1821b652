"""The live lessons' brokers and the kernels' channel to them (widgets.server.live).

The same lesson runs on the embedded broker and on Redis (a real ``redis-server`` started by
the test on a free port, in a temporary directory), and over the server's websocket: only the
server's own kernels may speak, a student is who its connection says, and a student's kernel
receives the teacher's place and question, never the teacher's key."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
from pathlib import Path

import pytest
import tornado.web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from tutor import room as rooms
from widgets.server import live
from widgets.server.live_client import LiveLine, server_url
from widgets.server.serve import free_port

REDIS = "/usr/bin/redis-server"
PLACE = {"game": "kamikaze-attack", "tab": "examples", "example": "duel-1", "step": 3}
QUESTION = {"id": 1, "answer": [1], "many": False, "rule": "duel",
            "texts": {"en": {"prompt": "Who wins?", "choices": ["Red", "Blue"], "reasons": ["No.", "Yes."],
                             "rule": "The higher card wins."}}}


async def lesson(teacher: live.Broker, student: live.Broker) -> None:
    """A lesson whose teacher speaks to one broker and whose students hear another
    (the same one, embedded; two servers sharing Redis)."""
    code, secret = await teacher.open()
    heard: list = []
    told: list = []
    await student.subscribe(code, heard.append)
    await teacher.subscribe(code, told.append)
    assert (await student.handle(code, {"type": "join", "member": "k-ana"})).ok
    assert (await student.handle(code, {"type": "join", "member": "k-bo"})).ok
    assert (await student.handle("ZZZZZZ", {"type": "join", "member": "k-bo"})).reply == {"error": "live_no_room"}
    forged = await student.handle(code, {"type": "place", "secret": "guess", "place": PLACE})
    assert forged.reply == {"error": "live_forged"}
    assert (await teacher.handle(code, {"type": "place", "secret": secret, "place": PLACE})).ok
    assert (await teacher.handle(code, {"type": "ask", "secret": secret, "question": QUESTION})).ok
    assert (await student.handle(code, {"type": "answer", "member": "k-ana", "question": 1, "choice": [1]})).ok
    assert (await student.handle(code, {"type": "answer", "member": "k-bo", "question": 1, "choice": [0]})).ok
    revealed = await teacher.handle(code, {"type": "reveal", "secret": secret})
    assert revealed.reply["counts"] == [1, 1]
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and len([e for e in heard if e.to == "members"]) < 3:
        await asyncio.sleep(0.02)
    members = [e.data["kind"] for e in heard if e.to == "members"]
    assert members == ["place", "ask", "reveal"]
    assert secret not in json.dumps([e.data for e in heard])
    while time.monotonic() < deadline and not any(e.data.get("answered") == 2 for e in told if e.to == "teacher"):
        await asyncio.sleep(0.02)
    assert any(e.to == "teacher" and e.data["answered"] == 2 for e in told)


def test_the_embedded_broker_runs_a_lesson():
    async def run():
        broker = live.EmbeddedBroker()
        await lesson(broker, broker)
    asyncio.run(run())


def test_a_quiet_room_is_forgotten():
    clock = [0.0]

    async def run():
        broker = live.EmbeddedBroker(clock=lambda: clock[0])
        code, _secret = await broker.open()
        clock[0] = 3601.0
        assert (await broker.handle(code, {"type": "join", "member": "k"})).reply == {"error": "live_no_room"}
    asyncio.run(run())


@pytest.fixture
def redis_url(tmp_path: Path):
    if not Path(REDIS).exists():
        pytest.skip("Debian's redis-server is not installed")
    port = free_port()
    proc = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(tmp_path),
                             "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        import redis

        client = redis.Redis(port=port)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.05)
        client.close()
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def test_redis_shares_a_lesson_between_two_servers(redis_url):
    async def run():
        teacher, student = live.RedisBroker(redis_url), live.RedisBroker(redis_url)
        try:
            await lesson(teacher, student)
        finally:
            await teacher.close()
            await student.close()
    asyncio.run(run())


def test_redis_answers_from_many_servers_at_once_are_all_counted(redis_url):
    async def run():
        brokers = [live.RedisBroker(redis_url) for _ in range(4)]
        try:
            code, secret = await brokers[0].open()
            await brokers[0].handle(code, {"type": "ask", "secret": secret, "question": QUESTION})
            members = [f"k-{i}" for i in range(20)]
            for m in members:
                await brokers[hash(m) % 4].handle(code, {"type": "join", "member": m})
            answers = [brokers[i % 4].handle(code, {"type": "answer", "member": m, "question": 1, "choice": [i % 2]})
                       for i, m in enumerate(members)]
            assert all(o.ok for o in await asyncio.gather(*answers))  # the transactions retried, none lost
            out = await brokers[1].handle(code, {"type": "reveal", "secret": secret})
            assert out.reply["counts"] == [10, 10]
        finally:
            for b in brokers:
                await b.close()
    asyncio.run(run())


def test_make_broker_follows_redis_url(monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert isinstance(live.make_broker(), live.EmbeddedBroker)
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:1/0")
    assert isinstance(live.make_broker(), live.RedisBroker)


# ------------------------------------------------------------------ over the server's websocket

KERNELS = {"aaaa-0000", "bbbb-0000", "cccc-0000"}


class _Server:
    def __init__(self):
        self.port = free_port()
        self.broker = live.EmbeddedBroker()
        self.app = tornado.web.Application(live.handlers("/", self.broker, lambda: KERNELS))

    def url(self, kernel: str) -> str:
        return f"ws://127.0.0.1:{self.port}/voila/live/{kernel}"


async def _frames(ws, until, timeout=5.0) -> list[dict]:
    got = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            text = await asyncio.wait_for(ws.read_message(), max(0.01, deadline - time.monotonic()))
        except asyncio.TimeoutError:
            break
        if text is None:
            break
        got.append(json.loads(text))
        if until(got):
            break
    return got


def test_the_socket_speaks_only_to_the_servers_own_kernels_and_says_who_a_student_is():
    async def run():
        s = _Server()
        server = s.app.listen(s.port, address="127.0.0.1")
        try:
            for url, headers in ((s.url("dddd-0000"), {}),
                                 (s.url("bbbb-0000"), {"Origin": f"http://127.0.0.1:{s.port}"})):
                with pytest.raises(HTTPClientError) as refused:
                    await websocket_connect(HTTPRequest(url, headers=headers))
                assert refused.value.code == 403
            teacher = await websocket_connect(s.url("aaaa-0000"))
            teacher.write_message(json.dumps({"id": 1, "op": "open"}))
            opened = (await _frames(teacher, lambda g: any(f.get("re") == 1 for f in g)))[-1]
            code, secret = opened["room"], opened["secret"]
            ana = await websocket_connect(s.url("bbbb-0000"))
            # a page naming another student is still itself: the connection says who it is
            ana.write_message(json.dumps({"id": 1, "op": "send", "room": code,
                                          "msg": {"type": "join", "member": "cccc-0000"}}))
            joined = (await _frames(ana, lambda g: any(f.get("re") == 1 for f in g)))[-1]
            assert joined["ok"] and set(s.broker.rooms[code].members) == {"bbbb-0000"}
            ana.write_message(json.dumps({"id": 2, "op": "send", "room": code,
                                          "msg": {"type": "place", "secret": "guess", "place": PLACE}}))
            teacher.write_message(json.dumps({"id": 2, "op": "send", "room": code,
                                              "msg": {"type": "place", "secret": secret, "place": PLACE}}))
            heard = await _frames(ana, lambda g: any("event" in f for f in g) and any(f.get("re") == 2 for f in g))
            assert {"re": 2, "error": "live_forged"} in heard
            assert [f["event"]["place"]["step"] for f in heard if "event" in f] == [3]
            assert secret not in json.dumps(heard)
            ana.write_message("not json")
            ana.write_message(json.dumps({"id": 3, "op": "send", "room": "nope", "msg": {"type": "join"}}))
            bad = await _frames(ana, lambda g: len(g) >= 2)
            assert bad == [{"re": None, "error": "live_bad_message"}, {"re": 3, "error": "live_no_room"}]
            ana.close()
            told = await _frames(teacher, lambda g: any(f.get("event", {}).get("connected") == 0 for f in g))
            assert told[-1]["event"]["connected"] == 0  # the teacher sees the page go
            teacher.close()
        finally:
            server.stop()
    asyncio.run(run())


def test_a_kernels_line_reconnects_and_finds_its_room():
    """The kernel side (LiveLine): frames sent before the line is open go once it is; after the
    line drops it opens again and the page joins its room again."""
    frames: list[dict] = []
    connects: list[float] = []
    s = _Server()

    async def run():
        server = s.app.listen(s.port, address="127.0.0.1")
        code, _secret = await s.broker.open()
        line = LiveLine(s.url("bbbb-0000"), frames.append,
                        lambda: (connects.append(time.monotonic()),
                                 line.send({"op": "send", "room": code, "msg": {"type": "join"}})))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any(f.get("ok") for f in frames):
            await asyncio.sleep(0.02)
        assert s.broker.rooms[code].counts()["connected"] == 1
        line._ws.close()  # the line drops (a server restarting, a network hiccup)
        while time.monotonic() < deadline and len(connects) < 2:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        assert len(connects) >= 2 and s.broker.rooms[code].counts()["connected"] == 1
        line.close()
        server.stop()
    asyncio.run(run())


def test_server_url_from_the_kernels_environment():
    env = {"VOILA_KERNEL_ID": "abc-1", "VOILA_APP_PORT": "8866", "VOILA_SERVER_URL": "/", "VOILA_APP_IP": "0.0.0.0"}
    assert server_url(env) == "ws://127.0.0.1:8866/voila/live/abc-1"
    assert server_url({}) is None


def test_the_live_bench_runs_a_small_lesson(capsys):
    from benchmarks import live as bench

    assert bench.main(["--students", "3", "--steps", "3", "--asks", "1"]) == 0
    out = capsys.readouterr().out
    assert "answers counted: 3 of 3; errors: 0" in out and "0 not delivered" in out


FRAMES = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    st.builds(json.dumps, st.dictionaries(st.sampled_from(["id", "op", "room", "msg"]),
                                          st.none() | st.integers(-3, 3) | st.text(max_size=8)
                                          | st.sampled_from(["open", "send", "K7QP2M"])
                                          | st.dictionaries(st.sampled_from(["type", "member", "secret", "place",
                                                                              "question", "choice", "following"]),
                                                            st.sampled_from(["join", "place", "ask", "answer", "reveal",
                                                                             "end", "leave", "where", "follow"])
                                                            | st.integers(0, 3) | st.lists(st.integers(-1, 3)),
                                                            max_size=4),
                                          max_size=4)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(FRAMES, min_size=1, max_size=12))
def test_fuzz_a_students_frames_change_nothing_of_the_teachers_or_anothers(frames):
    """Whatever a student's kernel sends, each frame gets one reply (an error key or ok), the
    teacher's room keeps its place, and another student's answer stays as it was."""
    async def run():
        s = _Server()
        server = s.app.listen(s.port, address="127.0.0.1")
        try:
            code, secret = await s.broker.open()
            await s.broker.handle(code, {"type": "place", "secret": secret, "place": PLACE})
            await s.broker.handle(code, {"type": "ask", "secret": secret, "question": QUESTION})
            await s.broker.handle(code, {"type": "join", "member": "cccc-0000"})
            await s.broker.handle(code, {"type": "answer", "member": "cccc-0000", "question": 1, "choice": [1]})
            ws = await websocket_connect(s.url("bbbb-0000"))
            for frame in frames:
                ws.write_message(frame, binary=isinstance(frame, bytes))
            got = await _frames(ws, lambda g: sum(1 for f in g if "re" in f) >= len(frames))
            replies = [f for f in got if "re" in f]
            assert len(replies) == len(frames)
            for reply in replies:
                assert reply.get("ok") is True or reply.get("error") in rooms.ERRORS, reply
            assert secret not in json.dumps(got)
            for c, r in s.broker.rooms.items():
                if c == code:
                    assert r.place["step"] == 3 and not r.ended
                    assert r.members["cccc-0000"].answers == {"1": [1]}
            ws.close()
        finally:
            server.stop()
    asyncio.run(run())

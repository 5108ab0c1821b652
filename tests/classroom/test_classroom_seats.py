"""A loop of page requests cannot lock the room out (``make class``, a small cap).

One server with ``make class``'s configuration on the loopback interface only: a cap of 8
kernels and a pool of 2 for the Fire Bulls page.  The careless or hostile device is a
client on 127.0.0.2 (another address of the loopback interface, as another device on
the school's network is another address); the student is on 127.0.0.1.  Every loop is
bounded.  What a student must see: the page opens within the usual time while another
device asks for pages it never opens, and kernels nobody connects to are gone soon.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import threading
import time

import pytest

from tests.classroom.test_classroom import run, wait_until
from benchmarks.classroom import kernel_processes
from benchmarks.room import PageError, Session
from widgets.server.serve import NOTEBOOKS, Room, VoilaServer

PAGE = "fire_bulls.ipynb"
GRACE = 30  # the server's default connect_grace: seconds a served page's kernel waits for the page
CAP = 8  # the room's max_kernels
OTHER_DEVICE = "127.0.0.2"
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]+)"')


@pytest.fixture(scope="module")
def room(tmp_path_factory, artifacts):
    root = tmp_path_factory.mktemp("seats")
    for nb in NOTEBOOKS.glob("*.ipynb"):
        (root / nb.name).symlink_to(nb)
    server = VoilaServer(root, log=artifacts / "voila-seats.log",
                         room=Room(page=PAGE, pool=2, pool_others=0, max_kernels=CAP, ip="127.0.0.1"))
    with server:
        assert wait_until(lambda: len(kernel_processes(server.proc.pid)) == 2, 90), "the pool did not fill"
        yield server


def alive(room) -> set[str]:
    return set(kernel_processes(room.proc.pid))


def settled(room) -> set[str]:
    """Wait until only the pool's two kernels are alive (a page's kernel gone, the pool refilled)."""
    assert wait_until(lambda: len(alive(room)) == 2, GRACE + 60), f"kernels left: {len(alive(room))}"
    time.sleep(3)  # the pool's pages are built
    return alive(room)


def get_from(room, source: str, timeout: float = 120) -> tuple[int, str]:
    """A plain GET from ``source`` (what `curl` in a loop does): read the page, open nothing."""
    conn = http.client.HTTPConnection("127.0.0.1", room.port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request("GET", f"/voila/render/{PAGE}")
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


def student_opens(room) -> float:
    """A student's page on 127.0.0.1: the GET, the websocket, the widgets (seconds)."""
    async def go():
        s = Session(room.base, PAGE)
        took = await s.open()
        await s.close()
        return took
    return run(go())


def test_a_loop_of_gets_from_one_device_does_not_keep_a_student_out(room):
    settled(room)
    usual = student_opens(room)  # a page from the pool
    settled(room)
    start = time.monotonic()
    answers, held = [], set()
    # more GETs than the room has seats: a device whose unopened pages each kept a kernel would
    # hold the whole room after CAP of them and the student would be told it is full.  The loop
    # lasts past the grace of its first pages (each "room is full" waits client_wait, 5 s), so
    # the seats those pages give back are claimed again by the loop before the student comes.
    for _ in range(CAP + 4):
        status, body = get_from(room, OTHER_DEVICE)
        answers.append(status)
        held |= set(KERNEL_ID.findall(body)) if status == 200 else set()
    loop = time.monotonic() - start
    try:
        took = student_opens(room)
    except PageError as e:
        pytest.fail(f"the student got {e.status} after the loop ({loop:.0f} s, answers {answers})")
    assert took < max(60, 4 * usual), f"the student waited {took:.0f} s (usually {usual:.0f} s)"
    # the device gets a few pages at a time (a pooled one among them) and is told the room is full
    # past them, until the pages it never opened give their seats back
    assert answers[:3] == [200, 200, 200] and answers[3] == 503, answers
    assert set(answers) <= {200, 503}, answers
    # the pages the device never opened give their seats back within the grace, and the pool
    # gets back the pooled kernels it handed them
    assert wait_until(lambda: not (held & alive(room)), GRACE + 20), "the unopened pages kept their kernels"
    settled(room)


def test_a_student_page_opens_while_the_loop_runs(room):
    settled(room)

    answers: list[int] = []
    stop = threading.Event()

    def loop():
        for _ in range(20):
            if stop.is_set():
                return
            answers.append(get_from(room, OTHER_DEVICE)[0])

    t = threading.Thread(target=loop)
    t.start()
    try:
        wait_until(lambda: len(answers) >= 5, 60)  # the device holds its share of the room
        took = student_opens(room)
    except PageError as e:
        pytest.fail(f"the student got {e.status} during the loop (answers so far {answers})")
    finally:
        stop.set()
        t.join(300)
    assert took < 60, f"the student waited {took:.0f} s"
    settled(room)


def aborted_get(room, source: str = OTHER_DEVICE) -> None:
    """Send a page's GET and hang up before the page arrives."""
    with socket.create_connection(("127.0.0.1", room.port), timeout=10, source_address=(source, 0)) as s:
        s.sendall(f"GET /voila/render/{PAGE} HTTP/1.1\r\nHost: 127.0.0.1:{room.port}\r\n\r\n".encode())
        time.sleep(0.05)


def test_requests_abandoned_before_the_page_arrived_leave_no_kernel(room):
    pool = settled(room)
    for _ in range(3):
        aborted_get(room)
    started = time.monotonic()
    # the pool's two kernels went to the first two requests, the third started one: all of them
    # are gone within the grace (the pool refilled with new ones)
    assert wait_until(lambda: not (pool & alive(room)) and len(alive(room)) <= 2, GRACE + 15), \
        f"{len(pool & alive(room))} of the pool's kernels handed to aborted requests, " \
        f"{len(alive(room))} kernels in all, {time.monotonic() - started:.0f} s after the requests"
    settled(room)


def test_the_room_is_full_for_one_address_only_and_says_so(room):
    settled(room)
    answers = [get_from(room, OTHER_DEVICE) for _ in range(5)]
    statuses = [s for s, _ in answers]
    assert statuses.count(200) == 3 and statuses.count(503) == 2, statuses
    full = next(body for s, body in answers if s == 503)
    assert "The room is full" in full and "Traceback" not in full
    took = student_opens(room)  # another address: served
    assert took < 60
    held = json.dumps([KERNEL_ID.findall(b) for s, b in answers if s == 200])
    assert wait_until(lambda: not any(k in held for k in alive(room)), GRACE + 20)
    settled(room)

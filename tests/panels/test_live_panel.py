"""A live lesson between real pages (widgets.panels.live): a teacher's page and two students' pages,
each speaking through its own line to the live lessons' websocket (widgets.server.live) on a real
Tornado server, as their kernels do under the tutor's server."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
import tornado.web

from tutor import games
from widgets.page import page
from widgets.panels.live import class_question
from widgets.index import landing
from widgets.server import live
from widgets.server.live_client import LiveLine
from widgets.server.serve import free_port

GAME = "kamikaze-attack"
KERNELS = {"aaaa", "bbbb", "cccc", "dddd", "eeee", "ffff", "abab"}


@pytest.fixture(scope="module")
def server():
    port = free_port()
    broker = live.EmbeddedBroker()
    ready = threading.Event()
    box: dict = {}

    def run():
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        app = tornado.web.Application(live.handlers("/", broker, lambda: KERNELS))
        box["server"] = app.listen(port, address="127.0.0.1")
        box["loop"] = loop
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    yield port, broker
    box["loop"].call_soon_threadsafe(box["server"].stop)
    box["loop"].call_soon_threadsafe(box["loop"].stop)


def wire(widget, port: int, kernel: str) -> list:
    """Give a page's live lesson (or the landing's code box) a line as kernel ``kernel``'s."""
    lines: list = []

    def make(on_frame, on_connect):
        # frames in the line's thread: a loop found running here may be another's (Playwright's sync API keeps
        # one in a worker that ran the browser tests) and would hold them until it runs again
        lines.append(LiveLine(f"ws://127.0.0.1:{port}/voila/live/{kernel}", on_frame, on_connect, in_loop=False))
        return lines[-1]
    widget.make_line = make
    return lines


def until(check, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


def test_a_lesson_the_class_follows_answers_and_sees_revealed(server):
    port, broker = server
    teacher = page(GAME, query="")
    wire(teacher.live, port, "aaaa")
    teacher.live.start()
    assert until(lambda: teacher.live.code is not None and teacher.live.code in teacher.live.head.value)
    code = teacher.live.code
    head = teacher.live.head.value
    assert code in head and f"room={code}" in head and "<svg" in head  # the code, the link, the QR code
    assert teacher.live._secret not in head

    ana, bea = page(GAME, query=""), page(GAME, query="")
    wire(ana.live, port, "bbbb")
    wire(bea.live, port, "cccc")
    ana.go(f"room={code}")  # a link's room= (a pre-started kernel's page, moved to its link)
    bea.go(f"room={code}&lang=it")
    assert until(lambda: "2 connected" in teacher.live.head.value)
    assert "2 connected · 2 following · 0 exploring" in teacher.live.head.value
    assert f"room={code}" in ana.url  # a reload finds the room again

    # the teacher steps an example: both pages follow, the Italian one stays in Italian
    ids = [ex.id for ex in teacher.stepper.examples]
    teacher.stepper.chooser.value = ids.index("cell/swordsman-vs-archer")
    teacher.stepper.go(1)
    for student in (ana, bea):
        assert until(lambda s=student: (s.stepper.example.id, s.stepper.position) == ("cell/swordsman-vs-archer", 1))
    assert bea.language.lang == "it" and "Seguire" not in bea.live.head.value
    assert "Segui l&#x27;insegnante" in bea.live.head.value

    # ask the class: the question in each student's language, answers counted, not shown
    teacher.live.ask()
    assert until(lambda: teacher.live.question is not None
                 and all(len(p.live.choices.children) >= 2 for p in (ana, bea)))
    question = teacher.live.question
    right = question["answer"][0]
    wrong = (right + 1) % len(question["texts"]["en"]["choices"])
    assert bea.live.prompt.value and question["texts"]["it"]["prompt"].split()[0] in bea.live.prompt.value
    assert "answer" not in json.dumps(ana.live.question)  # a student's page does not get the answer early
    ana.live.choices.children[right].click()
    bea.live.choices.children[wrong].click()
    assert until(lambda: "2 answered" in teacher.live.head.value)
    assert until(lambda: "Hai risposto" in bea.live.result.value)

    # reveal: bars on every page, the right one marked, each student's own answer marked
    teacher.live.do_reveal()
    assert until(lambda: all("rt-live-bars" in p.live.result.value for p in (teacher, ana, bea)))
    assert "rt-live-option-right" in teacher.live.result.value
    assert ana.live.result.value.count("rt-live-you") == 1 and "giusta" in bea.live.result.value
    assert "tu" in bea.live.result.value and "data-count='1'" in teacher.live.result.value

    # one student explores and comes back where the teacher is now (the bars go once the teacher moves on)
    bea.live.follow(False)
    assert until(lambda: teacher.live.counts.get("exploring") == 1)
    teacher.stepper.go(2)
    time.sleep(0.3)
    assert bea.stepper.position == 1  # exploring: the page stays
    assert until(lambda: ana.stepper.position == 2)
    assert until(lambda: teacher.live.result.value == "" and ana.live.result.value == "")
    bea.live.follow(True)
    assert until(lambda: bea.stepper.position == 2 and teacher.live.counts.get("following") == 2)

    # the Play tab: the class sees the teacher's table as the chosen seat sees it
    teacher.tabs.selected_index = 1
    teacher.live.seat.value = "0"
    assert until(lambda: getattr(ana.live, "table_view", None) is not None and ana.live.table_view["player"] == 0)
    assert all(h is None for p, h in enumerate(ana.live.table_view.get("hands", [])) if p != 0)
    assert broker.rooms[code].place.get("state") is None  # no whole position with one seat's view
    # the teacher plays a move: the class's table follows
    before, shell = ana.live.table_view, teacher.game
    assert shell.play(shell.actions()[0])
    assert until(lambda: ana.live.table_view != before and bea.live.table_view == ana.live.table_view)
    # everything: the whole position goes too, and an explorer plays on from the teacher's table
    teacher.live.seat.value = "all"
    assert until(lambda: (ana.live.latest or {}).get("state") is not None)
    ana.live.follow(False)
    assert until(lambda: ana.tabs.selected_index == 1)
    assert ana.spec.engine.to_json(ana.game.state) == ana.live.latest["state"]

    teacher.live.end()
    assert until(lambda: teacher.live.record is not None and ana.live.ended)
    record = teacher.live.record
    assert record["questions"][0]["counts"][right] == 1 and record["questions"][0]["right"] == 1
    assert "rt-live-record" in teacher.live.head.value
    assert "bbbb" not in json.dumps(record)


def test_a_bad_code_says_so_in_the_pages_language(server):
    port, _broker = server
    student = page(GAME, query="lang=fr&room=ZZZ")
    assert "room" not in student.url and student.problems[0].key == "place_bad_room"
    wire(student.live, port, "dddd")
    student.go("lang=fr&room=ZZZZZZ")
    assert until(lambda: "Aucune leçon en direct" in student.live.msg.value)


def test_the_landing_page_sends_a_code_to_the_lessons_page(server):
    port, broker = server
    teacher = page(GAME, query="")
    wire(teacher.live, port, "aaaa")
    teacher.live.start()
    assert until(lambda: teacher.live.code is not None and broker.rooms[teacher.live.code].place is not None)
    home = landing(query="lang=it")
    wire(home.join, port, "dddd")
    home.join.code.value = "nope"
    home.join.join()
    assert "non è il codice" in home.join.msg.value
    home.join.code.value = teacher.live.code.lower()
    home.join.join()
    nb = games.entry(GAME).notebook
    assert until(lambda: f"{nb}?lang=it&amp;room={teacher.live.code}" in home.join.msg.value
                 or f"{nb}?lang=it&room={teacher.live.code}" in home.join.msg.value)


def test_reloaded_pages_find_their_room_again_and_a_forged_key_leads_nothing(server):
    port, broker = server
    teacher = page(GAME, query="")
    wire(teacher.live, port, "aaaa")
    teacher.live.start()
    assert until(lambda: teacher.live.code is not None and broker.rooms[teacher.live.code].place is not None)
    code, secret = teacher.live.code, teacher.live._secret
    kept = teacher.live.keeper.value  # the script that keeps the key in the teacher's browser tab
    assert "sessionStorage.setItem" in kept and code in kept
    ana = page(GAME, query="")
    wire(ana.live, port, "bbbb")
    ana.go(f"room={code}")
    assert until(lambda: "1 connected" in teacher.live.head.value)
    ids = [ex.id for ex in teacher.stepper.examples]
    teacher.stepper.chooser.value = ids.index("cell/swordsman-vs-archer")
    teacher.stepper.go(1)
    teacher.live.ask()
    assert until(lambda: ana.live.question is not None and len(ana.live.choices.children) >= 2)
    ana.live.choices.children[0].click()
    assert until(lambda: ana.live.answered == [0] and "rtLiveMember" in ana.live.keeper.value)
    kept_by_ana = ana.live.keeper.value  # the script that keeps the student's own key in its tab
    assert "rtLiveMember" in kept_by_ana and secret not in kept_by_ana and "bbbb" not in kept_by_ana

    # the student reloads: a new kernel joins by the link, then the tab hands back the key it kept
    ana_again = page(GAME, query="")
    wire(ana_again.live, port, "abab")
    ana_again.go(f"room={code}")
    ana_again.live.key_sink.value = f"|{code} {broker.rooms[code].member_key('bbbb')}"
    assert until(lambda: ana_again.live.answered == [0])  # "you answered ..." again, the same student
    assert until(lambda: "1 connected" in teacher.live.head.value and "1 answered" in teacher.live.head.value)
    ana_again.live.answer([1])
    time.sleep(0.3)
    assert broker.rooms[code].tally()[:2] == [1, 0]  # answered once

    # a page with a forged key (the tab's storage edited): refused, the page stays an ordinary one
    forger = page(GAME, query="")
    wire(forger.live, port, "ffff")
    forger.live.key_sink.value = f"{code} {'0' * len(secret)}"
    assert until(lambda: "removeItem" in forger.live.keeper.value)  # the tab forgets the key
    assert forger.live.role is None and forger.live.code is None and forger.live.msg.value == ""
    assert not forger.live.start_button.layout.display  # it may start a lesson of its own

    # the teacher reloads: a new page and kernel, to which the tab types the key it kept
    again = page(GAME, query="")
    wire(again.live, port, "eeee")
    again.live.key_sink.value = f"{code} {secret}"
    assert until(lambda: again.live.role == "teacher" and "1 connected" in again.live.head.value)
    assert again.live.code == code and again.live.question is not None  # the question still open
    assert again.live.start_button.layout.display == "none"
    # the class follows the reloaded page's next step, and the next question is asked
    again.stepper.chooser.value = ids.index("cell/swordsman-vs-archer")
    again.stepper.go(2)
    assert until(lambda: (ana.stepper.example.id, ana.stepper.position) == ("cell/swordsman-vs-archer", 2))
    again.live.do_reveal()
    assert until(lambda: ana.live.reveal is not None)
    again.live.ask()
    assert until(lambda: again.live.question is not None and again.live.question["id"] == 2 and not again.live.error)
    assert until(lambda: ana.live.question is not None and ana.live.question["id"] == 2)
    again.live.end()
    assert until(lambda: "removeItem" in again.live.keeper.value)


def test_a_reloaded_students_page_that_was_exploring_stays_exploring(server):
    port, broker = server
    teacher = page(GAME, query="")
    wire(teacher.live, port, "cccc")
    teacher.live.start()
    assert until(lambda: teacher.live.code is not None and broker.rooms[teacher.live.code].place is not None)
    code = teacher.live.code
    cy = page(GAME, query="")
    wire(cy.live, port, "dddd")
    cy.go(f"room={code}")
    assert until(lambda: "1 connected" in teacher.live.head.value)
    cy.live.explore_button.click()
    assert until(lambda: "0 following · 1 exploring" in teacher.live.head.value)
    # the student reloads: a new kernel joins by the link, then the tab hands back the key it kept
    cy_again = page(GAME, query="")
    wire(cy_again.live, port, "abab")
    cy_again.go(f"room={code}")
    cy_again.live.key_sink.value = f"|{code} {broker.rooms[code].member_key('dddd')}"
    assert until(lambda: "1 connected · 0 following · 1 exploring" in teacher.live.head.value)
    assert until(lambda: not cy_again.live.following)
    assert cy_again.live.back_button.layout.display is None  # "Back to the teacher" is offered ...
    assert cy_again.live.explore_button.layout.display == "none"
    cy_again.live.back_button.click()  # ... and pressing it follows again
    assert until(lambda: "1 following · 0 exploring" in teacher.live.head.value)
    teacher.live.end()


class RecordingLine:
    """A line that records the frames a page sends (no server, no thread: the test answers them)."""

    def __init__(self):
        self.frames: list[dict] = []

    def send(self, frame: dict) -> int:
        self.frames.append(frame)
        return len(self.frames)


def test_a_hotseat_hand_hidden_on_the_screen_is_not_shown_to_the_class_by_a_question():
    teacher = page(GAME, query="")
    line = RecordingLine()
    teacher.live.make_line = lambda on_frame, on_connect: line
    teacher.live.start()
    teacher.live.on_frame({"re": 1, "ok": True, "room": "K7QP2M", "secret": "key-of-the-teacher"})
    assert teacher.live.role == "teacher"
    teacher.tabs.selected_index = 1
    shell = teacher.game
    shell.seat_boxes[0].value, shell.seat_boxes[1].value = "person", "person"
    shell.new_game()
    shell.hand_button.value = True  # the first seat looks at its hand and sets a card aside ...
    assert shell.play(shell.actions()[0])  # ... and the second seat decides
    assert shell.hand_hidden()  # hotseat: the hand of the seat to decide stays hidden until asked
    assert class_question(teacher, 99) is not None  # a question would list that hand's cards
    teacher.live.ask()
    assert "show the seat that decides" in teacher.live.msg.value
    assert not any(f.get("msg", {}).get("type") == "ask" for f in line.frames)
    teacher.live.seat.value = "all"  # everything on the class's screen: the question may go
    teacher.live.ask()
    assert any(f.get("msg", {}).get("type") == "ask" for f in line.frames)


def test_the_class_gets_the_teachers_step_before_the_projectors_qr_code_is_drawn_again():
    """In presenter mode each step draws the link's QR code again (tens of milliseconds on a busy
    laptop): the class's pages are sent the step first, so they do not wait for it."""
    teacher = page(GAME, query="presenter=1")
    line = RecordingLine()
    teacher.live.make_line = lambda on_frame, on_connect: line
    teacher.live.start()
    teacher.live.on_frame({"re": 1, "ok": True, "room": "K7QP2M", "secret": "key-of-the-teacher"})
    order: list[str] = []
    relabel = teacher.presenter.relabel

    def drawn() -> None:
        order.append("qr code")
        relabel()
    teacher.presenter.relabel = drawn
    sent = len(line.frames)
    real_send = line.send

    def send(frame: dict) -> int:
        order.append(frame["msg"]["type"])
        return real_send(frame)
    line.send = send
    teacher.stepper.go(1)
    assert len(line.frames) == sent + 1 and order == ["place", "qr code"]

"""The live lesson's room (tutor.room): who may lead, what the class may send, what each page is sent.

The expectations are what a teacher and a class would see: a student cannot drive the lesson,
answers once, cannot flood the room, and never receives the teacher's key, another student's
id, the right option before the reveal, or a position the teacher's chosen view hides."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import room as rooms
from tutor.room import Room, error_text, open_room, parse_message

SECRET = "teacher-key-0123456789"
PLACE = {"game": "kamikaze-attack", "tab": "examples", "example": "duel-1", "step": 3}


def question(qid: int = 1, answer=(2,), many: bool = False) -> dict:
    en = {"prompt": "What does the attack do?", "choices": ["Nothing", "Red loses a plane", "Blue loses a plane"],
          "reasons": ["No: the duel is fought.", "No: red's card is higher.", "Yes: blue's card is lower."],
          "rule": "The higher card wins the duel."}
    it = {"prompt": "Che cosa fa l'attacco?", "choices": ["Niente", "Rosso perde un aereo", "Blu perde un aereo"],
          "reasons": ["No.", "No.", "Sì."], "rule": "Vince la carta più alta."}
    return {"id": qid, "answer": list(answer), "many": many, "rule": "duel-higher", "texts": {"en": en, "it": it}}


def fresh() -> Room:
    return open_room("K7QP2M", SECRET, now=0.0)[0]


def lead(room: Room, kind: str, now: float, **data):
    return room.handle({"type": kind, "secret": SECRET, **data}, now)


def member_events(outcome) -> list[dict]:
    return [e.data for e in outcome.events if e.to == "members"]


def test_codes_are_short_and_typeable():
    code = rooms.new_code(lambda n: n - 1)
    assert code == "999999" and rooms.valid_code(code)
    assert not rooms.valid_code("K7QP2O")  # the letter O is never in a code (it reads as zero)
    with pytest.raises(ValueError):
        open_room("abc", SECRET, 0.0)


def test_a_student_cannot_lead_and_a_forged_key_changes_nothing():
    room = fresh()
    room.handle({"type": "join", "member": "ana"}, 1.0)
    before = room.to_json()
    for msg in ({"type": "place", "place": PLACE}, {"type": "place", "secret": "guess", "place": PLACE},
                {"type": "reveal", "secret": SECRET[:-1]}, {"type": "end", "member": "ana"},
                {"type": "ask", "secret": None, "question": question()}):
        assert room.handle(msg, 2.0).reply == {"error": "live_forged"}
    assert room.to_json() == before


def test_the_class_follows_the_place_and_never_gets_the_key_or_ids():
    room = fresh()
    room.handle({"type": "join", "member": "kernel-of-ana"}, 1.0)
    out = lead(room, "place", 2.0, place=PLACE)
    sent = json.dumps(member_events(out))
    assert member_events(out)[0]["place"]["example"] == "duel-1" and member_events(out)[0]["place"]["step"] == 3
    assert SECRET not in sent and "kernel-of-ana" not in sent
    joined = room.handle({"type": "join", "member": "kernel-of-bo"}, 3.0).reply
    assert joined["place"]["place"]["step"] == 3  # a late page starts where the teacher is
    assert SECRET not in json.dumps(joined) and "kernel-of-ana" not in json.dumps(joined)


def test_the_whole_position_goes_out_only_with_the_teachers_full_view():
    room = fresh()
    hidden = {**PLACE, "tab": "play", "seat": 1, "view": {"player": 1, "hands": [None, ["K"]]}, "state": "{...}"}
    assert lead(room, "place", 1.0, place=hidden).reply == {"error": "live_bad_place"}
    assert room.place is None
    full = {**hidden, "seat": None}
    assert lead(room, "place", 2.0, place=full).ok
    assert lead(room, "place", 3.0, place={**PLACE, "secret_extra": 1}).reply == {"error": "live_bad_place"}


def test_asking_counts_answers_without_saying_which_then_reveals():
    room = fresh()
    for who in ("ana", "bo", "cy"):
        room.handle({"type": "join", "member": who}, 1.0)
    lead(room, "place", 1.5, place=PLACE)
    out = lead(room, "ask", 2.0, question=question())
    shown = member_events(out)[0]["question"]
    assert "answer" not in json.dumps(shown) and "reasons" not in json.dumps(shown)
    assert shown["texts"]["it"]["choices"][2] == "Blu perde un aereo"
    out = room.handle({"type": "answer", "member": "ana", "question": 1, "choice": [2]}, 3.0)
    assert [e.data for e in out.events if e.to == "teacher"][0]["answered"] == 1
    assert member_events(out) == []  # nobody else learns what ana picked
    room.handle({"type": "answer", "member": "bo", "question": 1, "choice": [1]}, 3.0)
    assert room.handle({"type": "answer", "member": "bo", "question": 1, "choice": [2]}, 3.5).reply == \
        {"error": "live_answered"}
    out = lead(room, "reveal", 4.0)
    shown = member_events(out)[0]
    assert shown["counts"] == [0, 1, 1] and shown["answer"] == [2]
    assert shown["texts"]["it"]["reasons"][2] == "Sì." and shown["rule"] == "duel-higher"
    assert room.handle({"type": "answer", "member": "cy", "question": 1, "choice": [2]}, 5.0).reply == \
        {"error": "live_no_question"}  # too late: the answer is out
    view = room.member_view("bo")
    assert view["answered"] == [1] and view["reveal"]["counts"] == [0, 1, 1]


def test_bad_answers_are_refused():
    room = fresh()
    room.handle({"type": "join", "member": "ana"}, 1.0)
    assert room.handle({"type": "answer", "member": "ana", "question": 1, "choice": [0]}, 1.0).reply == \
        {"error": "live_no_question"}
    lead(room, "ask", 2.0, question=question())
    for choice in ([3], [-1], [True], [0, 1], [], "0", [0.0]):
        assert room.handle({"type": "answer", "member": "ana", "question": 1, "choice": choice}, 3.0).reply == \
            {"error": "live_bad_choice"}, choice
    assert room.handle({"type": "answer", "member": "zed", "question": 1, "choice": [0]}, 3.0).reply == \
        {"error": "live_not_member"}
    big = {"type": "answer", "member": "ana", "question": 1, "choice": [0], "note": "x" * 600}
    assert room.handle(big, 3.0).reply == {"error": "live_too_big"}
    assert room.tally() == [0, 0, 0]


def test_a_flood_is_refused_and_the_bucket_refills():
    room = fresh()
    room.handle({"type": "join", "member": "ana"}, 0.0)
    replies = [room.handle({"type": "follow", "member": "ana", "following": i % 2 == 0}, 0.0).reply
               for i in range(30)]
    assert sum(1 for r in replies if r.get("error") == "live_flood") == 30 - int(rooms.BURST)
    assert room.handle({"type": "follow", "member": "ana", "following": True}, 1.0).ok  # a second later


def test_following_exploring_and_connected_counts():
    room = fresh()
    for who in ("ana", "bo", "cy"):
        room.handle({"type": "join", "member": who}, 1.0)
    room.handle({"type": "follow", "member": "bo", "following": False}, 2.0)
    out = room.handle({"type": "leave", "member": "cy"}, 3.0)
    counts = out.events[0].data
    assert (counts["connected"], counts["following"], counts["exploring"]) == (2, 1, 1)
    back = room.handle({"type": "follow", "member": "bo", "following": True}, 4.0).reply
    assert back["place"]["version"] == room.version  # back to the teacher: where the teacher is now


def test_a_question_about_another_seats_hand_is_not_asked_of_a_class_that_does_not_see_it():
    room = fresh()
    lead(room, "place", 1.0, place={**PLACE, "tab": "play", "seat": 0, "view": {"player": 0}})
    assert lead(room, "ask", 2.0, question={**question(), "player": 1}).reply == {"error": "live_hidden"}
    assert lead(room, "ask", 2.0, question={**question(), "player": 0}).ok


def test_the_record_names_the_rules_missed_most():
    room = fresh()
    for who in ("id-a", "id-b", "id-c", "id-d"):
        room.handle({"type": "join", "member": who}, 1.0)
    lead(room, "ask", 2.0, question=question(1))
    for who, pick in (("id-a", 2), ("id-b", 2), ("id-c", 1)):
        room.handle({"type": "answer", "member": who, "question": 1, "choice": [pick]}, 3.0)
    lead(room, "reveal", 4.0)
    q2 = {**question(2, answer=(0,)), "rule": "attack-order"}
    lead(room, "ask", 5.0, question=q2)
    for who in ("id-a", "id-b", "id-c"):
        room.handle({"type": "answer", "member": who, "question": 2, "choice": [1]}, 6.0)
    out = lead(room, "end", 7.0)
    record = out.reply["record"]
    assert [q["counts"] for q in record["questions"]] == [[0, 1, 2], [0, 3, 0]]
    assert [r["rule"] for r in record["rules_missed"]] == ["attack-order", "duel-higher"]
    assert record["students"] == 4 and "id-" not in json.dumps(record)
    assert member_events(out) == [{"kind": "end"}]
    assert room.handle({"type": "join", "member": "e"}, 8.0).reply == {"error": "live_ended"}


def test_a_quiet_room_expires():
    room = fresh()
    assert not room.expired(rooms.QUIET - 1)
    assert room.expired(rooms.QUIET + 1)


def test_error_words_in_three_languages():
    for key, words in rooms.ERRORS.items():
        assert len(set(words)) == 3, key
    assert error_text("live_answered", "fr") == "Vous avez déjà répondu à cette question."


def test_storage_round_trip():
    room = fresh()
    room.handle({"type": "join", "member": "ana"}, 1.0)
    lead(room, "ask", 2.0, question=question())
    room.handle({"type": "answer", "member": "ana", "question": 1, "choice": [2]}, 3.0)
    assert Room.from_json(room.to_json()).to_json() == room.to_json()


# ------------------------------------------------------------------ fuzz

JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-5, 10**10) | st.floats(allow_nan=True)
                       | st.text(max_size=30),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                   max_size=4), max_leaves=12)
KINDS = st.sampled_from([*rooms.MEMBER_TYPES, *rooms.TEACHER_TYPES, "nope", ""])
MESSAGES = st.fixed_dictionaries(
    {"type": KINDS},
    optional={"member": st.sampled_from(["ana", "bo", "", "x" * 200]) | JSONISH,
              "secret": st.sampled_from([SECRET, "guess", ""]) | JSONISH,
              "place": st.sampled_from([PLACE, {**PLACE, "seat": 1, "state": "{}"}]) | JSONISH,
              "question": st.integers(0, 3) | JSONISH | st.builds(question, st.integers(0, 3)),
              "choice": st.lists(st.integers(-1, 4), max_size=3) | JSONISH,
              "following": st.booleans() | JSONISH})


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(MESSAGES, st.floats(0, 10_000, allow_nan=False)), max_size=25))
def test_fuzz_messages_never_raise_and_an_error_changes_nothing(messages):
    room = fresh()
    room.handle({"type": "join", "member": "ana"}, 0.0)
    for msg, now in messages:
        before = room.to_json()
        out = room.handle(msg, now)
        assert isinstance(out.reply, dict)
        if not out.ok:
            assert out.reply["error"] in rooms.ERRORS
            assert room.to_json() == before, (msg, out.reply)
        for event in out.events:
            sent = json.dumps(event.data)
            assert event.to in ("members", "teacher")
            if event.to == "members":
                assert SECRET not in sent and '"ana"' not in sent
                if event.data["kind"] == "ask":
                    assert "answer" not in event.data["question"]
                if event.data["kind"] == "place" and event.data["place"].get("seat") is not None:
                    assert "state" not in event.data["place"]


@given(st.binary(max_size=600) | st.text(max_size=600))
def test_fuzz_raw_frames(frame):
    got = parse_message(frame, limit=512)
    assert isinstance(got, dict) or got in rooms.ERRORS


def test_the_landing_page_learns_the_lessons_page_without_joining():
    room = fresh()
    lead(room, "place", 1.0, place={**PLACE, "notebook": "kamikaze_attack.ipynb"})
    out = room.handle({"type": "where", "member": "landing"}, 2.0)
    assert out.reply == {"ok": True, "game": "kamikaze-attack", "notebook": "kamikaze_attack.ipynb"}
    assert room.members == {} and out.events == ()


@pytest.mark.parametrize("name", ["fire-bulls", "tir-nan-og"])
def test_a_question_on_a_tables_position_is_answered_by_the_rules(name):
    """The Play tab's "Ask the class": at a new table, which moves are legal, the wrong options moves
    the rules refuse there (found in the examples' positions), in the same order in every language."""
    from tutor import games, quiz

    game = games.get(name)
    state = game.new_game(game.min_players, 1)
    others = [step.before for ex in game.examples() for step in ex.steps]
    q = quiz.position_question(game, state, others=others)
    assert q is not None and q.kind == "legal"
    legal = {str(a) for a in game.legal_actions(state)}
    assert [i for i, a in enumerate(q.actions) if a in legal] == list(q.answer)
    italian = quiz.position_question(game, state, "it", others=others)
    assert italian is not None and italian.actions == q.actions and italian.prompt != q.prompt


def test_a_reloaded_teachers_page_leads_its_room_again_and_a_forged_key_is_refused():
    room = fresh()
    room.handle({"type": "join", "member": "ana"}, 1.0)
    lead(room, "place", 2.0, place=PLACE)
    lead(room, "ask", 3.0, question=question(qid=1))
    room.handle({"type": "answer", "member": "ana", "question": 1, "choice": [2]}, 4.0)
    # the browser tab kept the room's code and the key; the new page hands them back
    kept = rooms.teacher_key("K7QP2M", SECRET)
    code, secret = rooms.read_teacher_key(kept)
    back = room.handle({"type": "rejoin", "secret": secret}, 5.0).reply
    assert code == "K7QP2M" and back["room"] == "K7QP2M"
    assert back["place"]["place"]["step"] == 3 and back["connected"] == 1 and back["answered"] == 1
    assert back["question"]["id"] == 1  # the question still open, as the teacher's page had it
    assert back["next_question"] == 2  # asked on from there: question 1's answers stay question 1's
    assert lead(room, "ask", 6.0, question=question(qid=back["next_question"])).ok
    # a tab's key that is not the room's: refused, nothing changed, nothing sent
    before = room.to_json()
    for forged in ("K7QP2M teacher-key-0123456788", "K7QP2M " + SECRET[:-1]):
        assert room.handle({"type": "rejoin", "secret": rooms.read_teacher_key(forged)[1]}, 7.0).reply == \
            {"error": "live_forged"}
    assert room.to_json() == before
    for junk in ("", "K7QP2M", "K7QP2M <script>", "K7QP2O " + SECRET, None, 42, "K7QP2M " + "x" * 400):
        assert rooms.read_teacher_key(junk) is None


def test_a_reloaded_students_page_is_the_same_student_and_answers_once():
    room = fresh()
    first = room.handle({"type": "join", "member": "kernel-1"}, 1.0).reply
    room.handle({"type": "join", "member": "kernel-of-bo"}, 1.0)
    lead(room, "ask", 2.0, question=question(qid=1))
    assert room.handle({"type": "answer", "member": "kernel-1", "question": 1, "choice": [1]}, 3.0).ok
    # reloaded: a new kernel joins by the link, then hands back the key its browser tab kept
    again = room.handle({"type": "join", "member": "kernel-2"}, 4.0).reply
    assert again["answered"] is None and room.counts()["connected"] == 3  # a stranger, until the key comes
    back = room.handle({"type": "join", "member": "kernel-2", "resume": first["resume"]}, 4.5).reply
    assert back["resumed"] and back["answered"] == [1]  # "you answered" again on the reloaded page
    assert room.handle({"type": "answer", "member": "kernel-2", "question": 1, "choice": [2]}, 5.0).reply == \
        {"error": "live_answered"}
    assert room.tally() == [0, 1, 0] and room.counts()["connected"] == 2  # one student, one answer
    # someone else's key is not for the taking: bo's page keeps its own answers
    bo_key = room.member_key("kernel-of-bo")
    assert bo_key != first["resume"] and "kernel-1" not in json.dumps(first)
    before = room.to_json()
    for forged in ("0" * 32, first["resume"][:-1] + "x", "x" * 65, 7):
        out = room.handle({"type": "join", "member": "kernel-3", "resume": forged}, 6.0 + len(str(forged)))
        assert not out.ok or not out.reply["resumed"]
    assert "kernel-of-bo" in room.members and "kernel-2" in room.members
    assert json.loads(room.to_json())["members"]["kernel-2"] == json.loads(before)["members"]["kernel-2"]


def test_a_reloaded_students_page_that_was_exploring_stays_exploring():
    room = fresh()
    first = room.handle({"type": "join", "member": "kernel-1"}, 1.0).reply
    room.handle({"type": "join", "member": "kernel-of-bo"}, 1.0)
    assert room.handle({"type": "follow", "member": "kernel-1", "following": False}, 2.0).ok  # "Explore on my own"
    # reloaded, the key comes with the first join (the tab handed it over before the page joined) ...
    back = room.handle({"type": "join", "member": "kernel-2", "resume": first["resume"]}, 3.0)
    assert back.reply["resumed"] and back.reply["following"] is False  # the page stays the student's own
    counts = back.events[0].data
    assert (counts["connected"], counts["following"], counts["exploring"]) == (2, 1, 1)
    # ... or after a first join by the link alone (a stranger following, until the key comes)
    stranger = room.handle({"type": "join", "member": "kernel-3"}, 4.0).reply
    assert stranger["following"] is True
    again = room.handle({"type": "join", "member": "kernel-3", "resume": back.reply["resume"]}, 4.5)
    assert again.reply["resumed"] and again.reply["following"] is False
    assert (room.counts()["connected"], room.counts()["exploring"]) == (2, 1)
    # "Back to the teacher" is still the student's to press, and a later reload follows again
    assert room.handle({"type": "follow", "member": "kernel-3", "following": True}, 5.0).reply["following"] is True
    last = room.handle({"type": "join", "member": "kernel-4", "resume": again.reply["resume"]}, 6.0).reply
    assert last["resumed"] and last["following"] is True and room.counts()["exploring"] == 0

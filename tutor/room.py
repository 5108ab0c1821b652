"""A live lesson's room: the teacher leads, the students' pages follow, the class answers.

Pure: no widgets, no I/O, no clock.  A :class:`Room` holds what a broker (the tutor's
server, or Redis) keeps for one lesson, and :meth:`Room.handle` is the only way to change
it: every message in is checked first, and a bad, forged or flooding one returns an
error key (:data:`ERRORS`, words in English, Italian and French) and changes nothing.

* The teacher opens the room (:func:`open_room`) and gets a short **code** for the
  students and a **secret** that only the teacher's page keeps: every message that
  drives the room (``place``, ``ask``, ``reveal``, ``end``) carries it.
* The teacher's **place** is what the page shows: the game, the tab, the example and
  its step, and on the Play tab the position *as one seat sees it* (``seat``, and the
  engine's ``view`` for that seat).  The whole position (``state``, a scenario JSON) may
  come along only with the teacher's full view (``seat`` None): a student's page never
  receives more than the view the teacher chose.
* Students (``member`` ids, given by the broker: a page cannot speak for another)
  ``join``, ``follow`` or explore on their own, and ``answer`` the question the teacher
  asked: once per question, a size-capped message, a few messages a second at most.
* A reloaded page (a new kernel, so a new member id) finds its room again: the teacher's page
  sends ``rejoin`` with the secret its browser tab kept (:func:`teacher_key`), a student's page
  ``join`` with the ``resume`` key its first join was given (:meth:`Room.member_key`), which
  makes it the same student (its answers stay its own, counted once; exploring on its own, it
  still is).
* ``reveal`` gives every page the count of each option, the right ones (the engine's),
  the reason of each option and the rule; :meth:`Room.record` is the lesson's record.

What a message makes the broker send is in the :class:`Outcome`: the reply to the
sender and events, each for ``"members"`` (every student's page) or ``"teacher"``.
Nothing sent to members carries the secret, a member id, or the answer before the reveal.

>>> room, secret = open_room("K7QP2M", "s3cret", now=0.0)
>>> room.handle({"type": "join", "member": "a"}, now=1.0).reply["ok"]
True
>>> room.handle({"type": "place", "secret": "wrong", "place": {"game": "kamikaze-attack"}}, now=2.0).reply
{'error': 'live_forged'}
>>> out = room.handle({"type": "place", "secret": secret,
...                    "place": {"game": "kamikaze-attack", "tab": "examples", "example": "ex1", "step": 2}}, now=3.0)
>>> [(e.to, e.data["kind"]) for e in out.events]
[('members', 'place'), ('teacher', 'counts')]
>>> q = {"id": 1, "many": False, "answer": [1], "rule": "duel", "texts": {"en": {"prompt": "Who wins?",
...      "choices": ["Red", "Blue"], "reasons": ["No: ...", "Yes: ..."], "rule": "A duel ..."}}}
>>> [e.data["question"]["texts"]["en"] for e in room.handle({"type": "ask", "secret": secret, "question": q},
...                                                           now=4.0).events if e.to == "members"]
[{'prompt': 'Who wins?', 'choices': ['Red', 'Blue']}]
>>> room.handle({"type": "answer", "member": "a", "question": 1, "choice": [0]}, now=5.0).reply
{'ok': True, 'answered': [0]}
>>> room.handle({"type": "answer", "member": "a", "question": 1, "choice": [1]}, now=6.0).reply
{'error': 'live_answered'}
>>> reveal = room.handle({"type": "reveal", "secret": secret}, now=7.0).events[0].data
>>> reveal["counts"], reveal["answer"]
([1, 0], [1])
"""

from __future__ import annotations

import hmac
import json
import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

__all__ = ["Room", "Outcome", "Event", "open_room", "new_code", "new_secret", "error_text", "ERRORS", "CODE_ALPHABET",
           "CODE_LENGTH", "QUIET", "MAX_MESSAGE", "MAX_ANSWER_MESSAGE", "MAX_MEMBERS", "TABS", "parse_message",
           "valid_code", "teacher_key", "read_teacher_key"]

# short codes read aloud or typed on a phone: no 0/O, 1/I/L look-alikes
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
QUIET = 3600.0  # a room nobody spoke in for an hour is over
MAX_MESSAGE = 256_000  # bytes of one message from the teacher (a position's view and state)
MAX_ANSWER_MESSAGE = 512  # bytes of one message from a student
MAX_MEMBERS = 300
MAX_CHOICES = 8
MAX_TEXT = 2000
MAX_QUESTIONS = 200
MIN_SECRET, MAX_SECRET = 6, 128  # characters of the teacher's secret
RATE = 5.0  # a student's messages per second, on average ...
BURST = 10.0  # ... with this many at once
TABS = ("examples", "play", "rules", "quiz", "scenarios")
LANGS = ("en", "it", "fr")
MEMBER_TYPES = ("join", "follow", "answer", "leave", "where")
TEACHER_TYPES = ("place", "ask", "reveal", "end", "rejoin")

ERRORS: dict[str, tuple[str, str, str]] = {
    "live_bad_message": ("That message could not be read.", "Messaggio illeggibile.",
                         "Ce message est illisible."),
    "live_too_big": ("That message is too long.", "Messaggio troppo lungo.", "Ce message est trop long."),
    "live_no_room": ("No live lesson has that code. Check the code the teacher shows.",
                     "Nessuna lezione dal vivo con questo codice. Controlla il codice mostrato dall'insegnante.",
                     "Aucune leçon en direct n'a ce code. Vérifiez le code affiché par l'enseignant."),
    "live_ended": ("This live lesson has ended.", "Questa lezione dal vivo è finita.",
                   "Cette leçon en direct est terminée."),
    "live_forged": ("Only the teacher's page can lead the lesson.",
                    "Solo la pagina dell'insegnante può guidare la lezione.",
                    "Seule la page de l'enseignant peut mener la leçon."),
    "live_not_member": ("Join the lesson first.", "Prima entra nella lezione.", "Rejoignez d'abord la leçon."),
    "live_full": ("The live lesson is full.", "La lezione dal vivo è al completo.", "La leçon en direct est complète."),
    "live_flood": ("Too many messages: wait a moment.", "Troppi messaggi: aspetta un momento.",
                   "Trop de messages : attendez un instant."),
    "live_no_question": ("No question is open right now.", "Nessuna domanda aperta in questo momento.",
                         "Aucune question n'est ouverte en ce moment."),
    "live_answered": ("You already answered this question.", "Hai già risposto a questa domanda.",
                      "Vous avez déjà répondu à cette question."),
    "live_bad_choice": ("That is not one of the options.", "Non è una delle opzioni.",
                        "Ce n'est pas une des options."),
    "live_bad_place": ("The teacher's page sent a place that cannot be shown.",
                       "La pagina dell'insegnante ha inviato una posizione che non si può mostrare.",
                       "La page de l'enseignant a envoyé une position impossible à afficher."),
    "live_bad_question": ("That question cannot be asked.", "Questa domanda non si può fare.",
                          "Cette question ne peut pas être posée."),
    "live_hidden": ("This question would show the class cards its view hides: show the seat that decides, "
                    "or everything, first.",
                    "Questa domanda mostrerebbe alla classe carte che la sua vista nasconde: mostra prima il posto "
                    "che decide, o tutto.",
                    "Cette question montrerait à la classe des cartes que sa vue cache : montrez d'abord la place "
                    "qui décide, ou tout."),
}


def error_text(key: str, lang: str = "en") -> str:
    """The words of an error key in ``lang`` (English for an unknown language).

    >>> error_text("live_no_room", "it").startswith("Nessuna lezione")
    True
    """
    words = ERRORS.get(key, ERRORS["live_bad_message"])
    return words[LANGS.index(lang)] if lang in LANGS else words[0]


def valid_code(code: Any) -> bool:
    """A room code's shape: :data:`CODE_LENGTH` letters of :data:`CODE_ALPHABET`.

    >>> valid_code("K7QP2M"), valid_code("K7QP2"), valid_code("k7qp2m"), valid_code(None)
    (True, False, False, False)
    """
    return isinstance(code, str) and len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)


def new_code(randbelow) -> str:
    """A room code drawn with ``randbelow(n)`` (``secrets.randbelow`` in a broker)."""
    return "".join(CODE_ALPHABET[randbelow(len(CODE_ALPHABET))] for _ in range(CODE_LENGTH))


def new_secret(token_hex) -> str:
    """The teacher's secret drawn with ``token_hex(n)`` (``secrets.token_hex`` in a broker)."""
    return str(token_hex(16))


def teacher_key(code: str, secret: str) -> str:
    """What the teacher's browser tab keeps so that a reloaded page leads its room again: the
    room's code and the teacher's secret, in one line (:func:`read_teacher_key` reads it back).

    >>> teacher_key("K7QP2M", "0123abcd")
    'K7QP2M 0123abcd'
    """
    return f"{code} {secret}"


def read_teacher_key(text: Any) -> tuple[str, str] | None:
    """The (code, secret) a browser tab gave back, or None for anything not of that shape.  Only
    its shape is checked here: whether the secret is the room's is the room's to say (``rejoin``).

    >>> read_teacher_key("K7QP2M 0123abcd"), read_teacher_key("K7QP2M"), read_teacher_key("k7qp2m 0123abcd")
    (('K7QP2M', '0123abcd'), None, None)
    >>> read_teacher_key("K7QP2M " + "a" * 500), read_teacher_key(["K7QP2M", "0123abcd"])
    (None, None)
    """
    if not isinstance(text, str) or len(text) > CODE_LENGTH + 1 + MAX_SECRET:
        return None
    code, _, secret = text.strip().partition(" ")
    if not valid_code(code) or not MIN_SECRET <= len(secret) <= MAX_SECRET \
            or not all(c.isascii() and (c.isalnum() or c in "-_") for c in secret):
        return None
    return code, secret


@dataclass(frozen=True)
class Event:
    """Something to send: ``to`` "members" (every student's page) or "teacher"."""

    to: str
    data: dict

    @cached_property
    def text(self) -> str:
        """``data`` as JSON, made once however many pages hear it.

        >>> Event("members", {"kind": "end"}).text
        '{"kind":"end"}'
        """
        return json.dumps(self.data, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Outcome:
    """What a message did: the reply to its sender and the events to send."""

    reply: dict
    events: tuple[Event, ...] = ()

    @property
    def ok(self) -> bool:
        return "error" not in self.reply


def _error(key: str) -> Outcome:
    return Outcome({"error": key})


def parse_message(text: Any, limit: int = MAX_MESSAGE) -> dict | str:
    """A message's JSON object, or the error key saying why it is not one.

    >>> parse_message('{"type": "join"}')
    {'type': 'join'}
    >>> parse_message("[1]"), parse_message("{"), parse_message("x" * 600, limit=512)
    ('live_bad_message', 'live_bad_message', 'live_too_big')
    """
    if isinstance(text, bytes):
        if len(text) > limit:
            return "live_too_big"
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            return "live_bad_message"
    if not isinstance(text, str):
        return "live_bad_message"
    if len(text) > limit:
        return "live_too_big"
    try:
        data = json.loads(text, parse_constant=lambda _c: None)
    except (ValueError, RecursionError):
        return "live_bad_message"
    return data if isinstance(data, dict) else "live_bad_message"


def _size(data: Any) -> int:
    try:
        return len(json.dumps(data, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        return MAX_MESSAGE + 1


def _text(value: Any, limit: int = MAX_TEXT) -> str | None:
    return value if isinstance(value, str) and len(value) <= limit else None


def _int(value: Any, lo: int, hi: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        return None
    return value


def _place(data: Any) -> dict | None:
    """The teacher's place, checked: only known keys, each of its shape (None if any is wrong)."""
    if not isinstance(data, dict) or not set(data) <= {"game", "tab", "example", "step", "seat", "view", "state",
                                                        "ruleset", "notebook"}:
        return None
    game = _text(data.get("game"), 60)
    tab = data.get("tab", "examples")
    if not game or tab not in TABS:
        return None
    out: dict[str, Any] = {"game": game, "tab": tab}
    for key, limit in (("example", 80), ("ruleset", 40), ("notebook", 120)):
        if data.get(key) is not None:
            value = _text(data[key], limit)
            if value is None:
                return None
            out[key] = value
    step = _int(data.get("step", 0), 0, 10_000)
    if step is None:
        return None
    out["step"] = step
    seat = data.get("seat")
    if seat is not None and _int(seat, 0, 16) is None:
        return None
    out["seat"] = seat
    view = data.get("view")
    if view is not None:
        if not isinstance(view, dict):
            return None
        out["view"] = view
    state = data.get("state")
    if state is not None:
        # the whole position goes to the class only with the teacher's full view
        if seat is not None or _text(state, MAX_MESSAGE) is None:
            return None
        out["state"] = state
    return out


def _question(data: Any) -> dict | None:
    """A question to ask, checked: an id, the right options, the rule, and per language the
    prompt, options, each option's reason and the rule's words (None if anything is wrong)."""
    if not isinstance(data, dict):
        return None
    qid = _int(data.get("id"), 0, 10**9)
    answer = data.get("answer")
    texts = data.get("texts")
    rule = _text(data.get("rule", ""), 200)
    many = data.get("many", False)
    if qid is None or rule is None or not isinstance(many, bool) or not isinstance(texts, dict) or not texts:
        return None
    if not set(texts) <= set(LANGS) or "en" not in texts:
        return None
    n = None
    clean: dict[str, dict] = {}
    for lang, words in texts.items():
        if not isinstance(words, dict):
            return None
        prompt = _text(words.get("prompt"))
        choices, reasons = words.get("choices"), words.get("reasons", [])
        rule_words = _text(words.get("rule", ""), 5000)
        if prompt is None or rule_words is None or not isinstance(choices, list) or not isinstance(reasons, list):
            return None
        if not 2 <= len(choices) <= MAX_CHOICES or any(_text(c, 500) is None for c in choices):
            return None
        if reasons and (len(reasons) != len(choices) or any(_text(r, 5000) is None for r in reasons)):
            return None
        if n is not None and len(choices) != n:
            return None  # every language offers the same options, in the same order
        n = len(choices)
        clean[lang] = {"prompt": prompt, "choices": list(choices), "reasons": list(reasons), "rule": rule_words}
    assert n is not None
    if not isinstance(answer, list) or not answer or len(set(answer)) != len(answer) \
            or any(_int(a, 0, n - 1) is None for a in answer) or (not many and len(answer) != 1):
        return None
    seat = data.get("player")
    if seat is not None and _int(seat, 0, 16) is None:
        return None
    return {"id": qid, "answer": sorted(answer), "rule": rule, "many": many, "n": n, "texts": clean, "player": seat}


@dataclass
class Member:
    following: bool = True
    connected: bool = True
    answers: dict[str, list[int]] = field(default_factory=dict)  # question id (text: JSON keys) -> the options picked
    tokens: float = BURST
    last: float = 0.0


@dataclass
class Room:
    """One live lesson (see the module's doc).  ``now`` is the broker's clock, in seconds."""

    code: str
    secret: str
    created: float
    touched: float = 0.0
    ended: bool = False
    version: int = 0  # the teacher's place, counted: a page drops an older one that arrives late
    place: dict | None = None
    members: dict[str, Member] = field(default_factory=dict)
    question: dict | None = None  # the question asked now (with its answer)
    revealed: bool = False
    asked: list[dict] = field(default_factory=list)  # every question asked, with its counts once revealed

    # ------------------------------------------------------------------ what pages see
    def counts(self) -> dict:
        """How many pages are connected, following and exploring; how many answered the question."""
        on = [m for m in self.members.values() if m.connected]
        following = sum(1 for m in on if m.following)
        answered = 0
        if self.question is not None:
            key = str(self.question["id"])
            answered = sum(1 for m in self.members.values() if key in m.answers)
        return {"kind": "counts", "connected": len(on), "following": following, "exploring": len(on) - following,
                "answered": answered, "asked": self.question is not None and not self.revealed}

    def public_question(self) -> dict | None:
        """The question as the class sees it before the reveal: prompts and options only."""
        q = self.question
        if q is None:
            return None
        return {"id": q["id"], "many": q["many"], "n": q["n"],
                "texts": {lang: {"prompt": w["prompt"], "choices": w["choices"]} for lang, w in q["texts"].items()}}

    def tally(self) -> list[int]:
        """Answers per option of the question asked now."""
        q = self.question
        if q is None:
            return []
        counts = [0] * q["n"]
        key = str(q["id"])
        for m in self.members.values():
            for i in m.answers.get(key, []):
                counts[i] += 1
        return counts

    def reveal_data(self) -> dict | None:
        q = self.question
        if q is None or not self.revealed:
            return None
        return {"kind": "reveal", "id": q["id"], "counts": self.tally(), "answer": q["answer"], "rule": q["rule"],
                "texts": {lang: {"reasons": w["reasons"], "rule": w["rule"]} for lang, w in q["texts"].items()},
                "answered": sum(1 for m in self.members.values() if str(q["id"]) in m.answers)}

    def place_data(self) -> dict:
        return {"kind": "place", "version": self.version, "place": self.place}

    def member_view(self, member: str) -> dict:
        """What a (re)joining page needs: the place, the open question, the reveal, its own answer."""
        m = self.members.get(member)
        out: dict[str, Any] = {"place": self.place_data(), "following": bool(m and m.following),
                               "ended": self.ended}
        if self.question is not None:
            out["question"] = self.public_question()
            out["answered"] = m.answers.get(str(self.question["id"])) if m else None
            out["reveal"] = self.reveal_data()
        return out

    # ------------------------------------------------------------------ messages
    def handle(self, msg: Any, now: float) -> Outcome:
        """Check ``msg`` and apply it; an error key (and nothing changed) when it is bad.

        A member's ``member`` is set by the broker from the connection (never taken from the
        page's words); the teacher's messages carry the secret."""
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            return _error("live_bad_message")
        kind = msg["type"]
        if kind in MEMBER_TYPES:
            if _size(msg) > MAX_ANSWER_MESSAGE:
                return _error("live_too_big")
            member = msg.get("member")
            if _text(member, 100) is None or not member:
                return _error("live_bad_message")
            if self.ended:
                return _error("live_ended")
            return self._member(kind, member, msg, now)
        if kind in TEACHER_TYPES:
            if _size(msg) > MAX_MESSAGE:
                return _error("live_too_big")
            secret = msg.get("secret")
            if not isinstance(secret, str) or not hmac.compare_digest(secret.encode(), self.secret.encode()):
                return _error("live_forged")
            if self.ended:
                return _error("live_ended")
            return self._teacher(kind, msg, now)
        return _error("live_bad_message")

    def _member(self, kind: str, member: str, msg: dict, now: float) -> Outcome:
        m = self.members.get(member)
        if kind == "where":  # the landing page asks which page the lesson is on, without joining
            place = self.place or {}
            return Outcome({"ok": True, "game": place.get("game"), "notebook": place.get("notebook")})
        if kind == "join":
            resume = msg.get("resume")
            if resume is not None and not _text(resume, 64):
                return _error("live_bad_message")
            if m is None and len(self.members) >= MAX_MEMBERS:
                return _error("live_full")
            if m is not None and not self._spend(m, now):
                return _error("live_flood")
            if m is None:
                m = self.members[member] = Member(last=now)
            m.connected = True
            self.touched = now
            resumed = bool(resume) and self._resume(member, m, str(resume))
            return Outcome({"ok": True, **self.member_view(member), "resume": self.member_key(member),
                            "resumed": resumed}, (Event("teacher", self.counts()),))
        if m is None:
            return _error("live_not_member")
        if kind == "leave":  # a page closed or lost its connection: never refused
            m.connected = False
            return Outcome({"ok": True}, (Event("teacher", self.counts()),))
        if kind == "follow":
            following = msg.get("following")
            if not isinstance(following, bool):
                return _error("live_bad_message")
            if not self._spend(m, now):
                return _error("live_flood")
            m.following = following
            self.touched = now
            reply = {"ok": True, "following": following}
            if following:
                reply.update(self.member_view(member))  # back to the teacher: where the teacher is now
            return Outcome(reply, (Event("teacher", self.counts()),))
        # answer
        q = self.question
        qid = msg.get("question")
        if q is None or self.revealed or qid != q["id"]:
            return _error("live_no_question")
        choice = msg.get("choice")
        if not isinstance(choice, list) or not choice or len(choice) > q["n"] \
                or any(_int(c, 0, q["n"] - 1) is None for c in choice) or len(set(choice)) != len(choice) \
                or (not q["many"] and len(choice) != 1):
            return _error("live_bad_choice")
        key = str(q["id"])
        if key in m.answers:
            return _error("live_answered")
        if not self._spend(m, now):
            return _error("live_flood")
        m.answers[key] = sorted(choice)
        self.touched = now
        return Outcome({"ok": True, "answered": sorted(choice)}, (Event("teacher", self.counts()),))

    def member_key(self, member: str) -> str:
        """What a student's page keeps so that, reloaded (a new member id), it is the same student
        again (:meth:`_resume`): its answers stay its own, and a question it answered is not
        answered twice.  Made of the room's secret, so no page can make another's."""
        return hmac.new(self.secret.encode(), b"member:" + member.encode(), "sha256").hexdigest()[:32]

    def _resume(self, member: str, m: Member, key: str) -> bool:
        """``member`` is the student whose page was given ``key``: that student's answers become
        ``member``'s (its first answer to a question stays the one counted), so does its choice to
        follow the teacher or explore (a reload does not pull an exploring student back), and the
        old id is forgotten.  False, nothing changed, for a key that is no other member's."""
        for old_id, old in self.members.items():
            if old_id != member and hmac.compare_digest(self.member_key(old_id).encode(), key.encode()):
                m.answers = {**m.answers, **old.answers}
                m.following = old.following
                del self.members[old_id]
                return True
        return False

    def _spend(self, m: Member, now: float) -> bool:
        """Take a token of the member's bucket (refilled at :data:`RATE` a second up to :data:`BURST`);
        False, and the bucket left as it was, when it is empty."""
        elapsed = now - m.last if math.isfinite(now - m.last) else 0.0
        tokens = min(BURST, m.tokens + max(0.0, elapsed) * RATE)
        if tokens < 1.0:
            return False  # nothing changes: the bucket refills from the same moment
        m.tokens, m.last = tokens - 1.0, now
        return True

    def _teacher(self, kind: str, msg: dict, now: float) -> Outcome:
        if kind == "rejoin":  # the teacher's page reconnected, or was reloaded: where the room is
            self.touched = now
            return Outcome({"ok": True, "room": self.code, **self.counts(), "place": self.place_data(),
                            "question": self.question, "reveal": self.reveal_data(),
                            "next_question": self.next_question()})
        if kind == "place":
            place = _place(msg.get("place"))
            if place is None:
                return _error("live_bad_place")
            self.place = place
            self.version += 1
            self.touched = now
            return Outcome({"ok": True, "version": self.version},
                           (Event("members", self.place_data()), Event("teacher", self.counts())))
        if kind == "ask":
            q = _question(msg.get("question"))
            used = {a["id"] for a in self.asked} | ({self.question["id"]} if self.question else set())
            if q is None or q["id"] in used:  # a question's answers are counted under its id, once
                return _error("live_bad_question")
            if len(self.asked) >= MAX_QUESTIONS:
                return _error("live_bad_question")
            seat = self.place.get("seat") if self.place else None
            if seat is not None and q["player"] is not None and q["player"] != seat:
                return _error("live_hidden")  # its options are another seat's moves, which the class does not see
            self._close_question()
            self.question, self.revealed = q, False
            self.touched = now
            return Outcome({"ok": True, "id": q["id"]},
                           (Event("members", {"kind": "ask", "question": self.public_question()}),
                            Event("teacher", self.counts())))
        if kind == "reveal":
            if self.question is None:
                return _error("live_no_question")
            self.revealed = True
            self.touched = now
            data = self.reveal_data()
            assert data is not None
            return Outcome({"ok": True, **data}, (Event("members", data), Event("teacher", self.counts())))
        # end
        self._close_question()
        self.ended = True
        self.touched = now
        return Outcome({"ok": True, "record": self.record()}, (Event("members", {"kind": "end"}),))

    def next_question(self) -> int:
        """The first question id not used yet: a reloaded teacher's page asks on from it (an id
        already used is refused, since a question's answers are counted under its id)."""
        used = [a["id"] for a in self.asked] + ([self.question["id"]] if self.question else [])
        return max(used, default=0) + 1

    def _close_question(self) -> None:
        q = self.question
        if q is None:
            return
        entry = {"id": q["id"], "rule": q["rule"], "prompt": q["texts"]["en"]["prompt"],
                 "choices": q["texts"]["en"]["choices"], "answer": q["answer"], "counts": self.tally(),
                 "revealed": self.revealed}
        key = str(q["id"])
        picks = [m.answers[key] for m in self.members.values() if key in m.answers]
        entry["answered"] = len(picks)
        entry["right"] = sum(1 for p in picks if p == q["answer"])
        self.asked = [a for a in self.asked if a["id"] != q["id"]] + [entry]

    def expired(self, now: float) -> bool:
        """Ended, or quiet for :data:`QUIET` seconds."""
        return self.ended or now - max(self.touched, self.created) > QUIET

    # ------------------------------------------------------------------ the record
    def record(self) -> dict:
        """The lesson's record (JSON-able): every question asked, how the class answered, and the
        rules the class got wrong most (no student is named: members are counted, not listed)."""
        asked = list(self.asked)
        q = self.question
        if q is not None and all(a["id"] != q["id"] for a in asked):
            # the question open now, counted as it stands
            saved_asked = self.asked
            self._close_question()
            asked, self.asked = self.asked, saved_asked
        missed: dict[str, dict] = {}
        for a in asked:
            r = missed.setdefault(a["rule"], {"rule": a["rule"], "answered": 0, "wrong": 0})
            r["answered"] += a["answered"]
            r["wrong"] += a["answered"] - a["right"]
        rules = sorted((r for r in missed.values() if r["wrong"]),
                       key=lambda r: (-r["wrong"] / max(1, r["answered"]), -r["wrong"], r["rule"]))
        return {"format": 1, "room": self.code, "students": len(self.members), "questions": asked,
                "rules_missed": rules}

    # ------------------------------------------------------------------ storage (Redis)
    def to_json(self) -> str:
        data = {"code": self.code, "secret": self.secret, "created": self.created, "touched": self.touched,
                "ended": self.ended, "version": self.version, "place": self.place, "question": self.question,
                "revealed": self.revealed, "asked": self.asked,
                "members": {k: [m.following, m.connected, m.answers, m.tokens, m.last]
                            for k, m in self.members.items()}}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> "Room":
        """A room its broker stored (:meth:`to_json`): trusted data, written by :meth:`to_json` only."""
        data = json.loads(text)
        members = {k: Member(following=v[0], connected=v[1], answers=v[2], tokens=v[3], last=v[4])
                   for k, v in data.pop("members").items()}
        return cls(members=members, **data)


def open_room(code: str, secret: str, now: float) -> tuple[Room, str]:
    """A new room with ``code`` (:func:`new_code`) whose teacher holds ``secret`` (:func:`new_secret`)."""
    if not valid_code(code) or not isinstance(secret, str) or len(secret) < MIN_SECRET:
        raise ValueError("a room needs a valid code and a secret")
    return Room(code=code, secret=secret, created=now, touched=now), secret

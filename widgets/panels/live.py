"""The live lesson on a game's page: the teacher leads, thirty pages follow, the class answers.

:class:`LiveLesson` sits at the top of a game's page (:class:`widgets.page.GamePage`):

* **the teacher** presses "Start a live lesson": the room's code, the students' link and its
  QR code, how many pages are connected, following and exploring.  Every place the page moves
  to (an example's step, a tab, a move on the Play tab) goes to the room; on the Play tab the
  class sees the table as the seat the teacher picks sees it ("as on my screen", everything, or
  one seat), and only that view leaves the teacher's kernel.  "Ask the class" asks the
  question of the position (:func:`tutor.quiz.step_question` on an example,
  :func:`tutor.quiz.position_question` on the Play tab) in every language; the page counts the
  answers as they come, "Reveal" draws a bar per option with the engine's right one marked,
  each option's reason and the rule; "End" closes the room and offers the lesson's record.
* **a student's page** opened with ``room=CODE`` (or from the landing page's code box,
  :class:`JoinBox`) follows: the teacher's example and step, tab, or the teacher's table drawn
  from the view it was sent; "Explore on my own" stops following (the Play tab takes the
  teacher's position when the teacher shows everything), "Back to the teacher" goes where the
  teacher is now.  A question comes in the student's language; the page says what it answered
  and, after the reveal, the bars.

The page's kernel speaks to the room through :class:`widgets.server.live_client.LiveLine`
(the tutor's server, :mod:`widgets.server.live`); the teacher's key stays in the teacher's
kernel and is never drawn.  So that a reloaded teacher's page leads its room again (a reload
starts a new kernel), the teacher's browser tab keeps the room's code and key in its
``sessionStorage`` (that tab only, gone when it closes or the lesson ends) and types them into a
hidden field of the new page (:meth:`LiveLesson.resume`), which asks the room to ``rejoin``: a key
the room does not know is refused and the page stays an ordinary page.  A student's page carries
``room=CODE`` in its address, so its reload joins again.
"""

from __future__ import annotations

import base64
import json
from typing import Any, Callable
from urllib.parse import urlencode

import ipywidgets as w

from tutor import quiz
from tutor.room import LANGS, error_text, read_teacher_key, teacher_key, valid_code
from widgets.panels import place as places
from widgets.panels import share
from widgets.panels.common import esc, message
from widgets.panels.i18n import Language, add_strings, t
from widgets.panels.presenter import qr_svg
from widgets.panels.sections import Sections
from widgets.server import live_client

add_strings({
    "live_start": ("Live lesson", "Lezione dal vivo", "Leçon en direct"),
    "live_start_tip": ("Start a live lesson: the class follows this page and answers its questions",
                       "Avvia una lezione dal vivo: la classe segue questa pagina e risponde alle sue domande",
                       "Démarrer une leçon en direct : la classe suit cette page et répond à ses questions"),
    "live_code": ("Live lesson: code {code}", "Lezione dal vivo: codice {code}", "Leçon en direct : code {code}"),
    "live_join_link": ("Students open {url} or type the code on the first page.",
                       "Gli studenti aprono {url} o scrivono il codice nella prima pagina.",
                       "Les élèves ouvrent {url} ou tapent le code sur la première page."),
    "live_counts": ("{connected} connected · {following} following · {exploring} exploring",
                    "{connected} collegati · {following} seguono · {exploring} esplorano",
                    "{connected} connectés · {following} suivent · {exploring} explorent"),
    "live_answered_n": ("{n} answered", "{n} hanno risposto", "{n} ont répondu"),
    "live_ask": ("Ask the class", "Chiedi alla classe", "Demander à la classe"),
    "live_reveal": ("Reveal", "Mostra le risposte", "Révéler"),
    "live_end": ("End the lesson", "Termina la lezione", "Terminer la leçon"),
    "live_record": ("Download the lesson's record", "Scarica il resoconto della lezione",
                    "Télécharger le compte rendu de la leçon"),
    "live_class_sees": ("The class sees", "La classe vede", "La classe voit"),
    "live_as_screen": ("as on my screen", "come sul mio schermo", "comme sur mon écran"),
    "live_everything": ("everything", "tutto", "tout"),
    "live_no_ask": ("No question fits this position: step on, or open an example or the Play tab.",
                    "Nessuna domanda per questa posizione: vai avanti, o apri un esempio o la scheda Gioca.",
                    "Aucune question pour cette position : avancez, ou ouvrez un exemple ou l'onglet Jouer."),
    "live_following": ("Following the teacher", "Segui l'insegnante", "Vous suivez l'enseignant"),
    "live_exploring": ("Exploring on your own", "Esplori da solo", "Vous explorez seul"),
    "live_explore": ("Explore on my own", "Esploro da solo", "J'explore seul"),
    "live_back": ("Back to the teacher", "Torna all'insegnante", "Revenir à l'enseignant"),
    "live_you_answered": ("You answered: {choice}", "Hai risposto: {choice}", "Vous avez répondu : {choice}"),
    "live_send": ("Send my answer", "Invia la risposta", "Envoyer ma réponse"),
    "live_right": ("right", "giusta", "juste"),
    "live_you": ("you", "tu", "vous"),
    "live_rule": ("Rule", "Regola", "Règle"),
    "live_why": ("Why", "Perché", "Pourquoi"),
    "live_teacher_table": ("The teacher's table", "Il tavolo dell'insegnante", "La table de l'enseignant"),
    "live_elsewhere": ("The teacher is on another game's page: opening it.",
                       "L'insegnante è sulla pagina di un altro gioco: la apro.",
                       "L'enseignant est sur la page d'un autre jeu : ouverture."),
    "live_ended_note": ("The live lesson has ended: the page is yours.",
                        "La lezione dal vivo è finita: la pagina è tua.",
                        "La leçon en direct est terminée : la page est à vous."),
    "live_unavailable": ("Live lessons need the tutor's server (make run or make class).",
                         "Le lezioni dal vivo richiedono il server del tutor (make run o make class).",
                         "Les leçons en direct demandent le serveur du tuteur (make run ou make class)."),
    "live_join": ("Join a live lesson", "Entra in una lezione dal vivo", "Rejoindre une leçon en direct"),
    "live_code_box": ("Code", "Codice", "Code"),
    "place_bad_room": ("“{value}” is not a live lesson's code (six letters and digits)",
                       "«{value}» non è il codice di una lezione dal vivo (sei lettere e cifre)",
                       "« {value} » n'est pas le code d'une leçon en direct (six lettres et chiffres)"),
})

Line = Any  # a LiveLine, or a test's stand-in with send(frame) -> id
LineFactory = Callable[[Callable[[dict], None], Callable[[], None]], "Line | None"]


def default_line(on_frame: Callable[[dict], None], on_connect: Callable[[], None]) -> Line | None:
    """The kernel's line to its server's live lessons (None outside the tutor's server)."""
    url = live_client.server_url()
    return live_client.LiveLine(url, on_frame, on_connect, headers=live_client.auth_headers()) if url else None


def _run_js(code: str) -> str:
    """HTML that runs ``code`` when drawn (an HTML widget runs no script; an image's onerror runs)."""
    return f"<img alt='' src='data:,' style='display:none' onerror=\"{esc(code)}\">"


#: where a browser tab keeps the room's code and the teacher's key (:func:`tutor.room.teacher_key`) ...
KEPT = "rtLiveTeacher"
#: ... and a student's page the room's code and its own key (:meth:`tutor.room.Room.member_key`)
KEPT_MEMBER = "rtLiveMember"

# a new page types the kept keys (if any: the teacher's, a bar, the student's) into its hidden
# field, once the field is drawn
_RESUME_JS = (
    "var i=0,put=function(){var f=document.querySelector('.rt-live-key-sink input');"
    "if(!f){if(i++<100){setTimeout(put,100);}return;}"
    f"var k='',m='';try{{k=sessionStorage.getItem('{KEPT}')||'';m=sessionStorage.getItem('{KEPT_MEMBER}')||'';}}"
    "catch(e){}"
    "if(k||m){f.value=k+'|'+m;f.dispatchEvent(new Event('input',{bubbles:true}));"
    "f.dispatchEvent(new Event('change',{bubbles:true}));}};put();"
)


def _keep_js(key: str | None, name: str = KEPT) -> str:
    """Script that keeps ``key`` in the browser tab under ``name`` (None: forgets it)."""
    if key is None:
        return f"try{{sessionStorage.removeItem('{name}')}}catch(e){{}}"
    return f"try{{sessionStorage.setItem('{name}',{json.dumps(key)})}}catch(e){{}}"


def _member_key(text: str) -> tuple[str, str] | None:
    """The (code, key) a student's tab kept, or None for anything not of that shape."""
    code, _, key = text.strip().partition(" ")
    return (code, key) if valid_code(code) and 0 < len(key) <= 64 and key.isascii() and key.isalnum() else None


def _texts(question: dict, lang: str) -> dict:
    texts = question.get("texts", {})
    return texts.get(lang) or texts.get("en") or {}


def bars_html(question: dict, reveal: dict, lang: str, mine: list[int] | None = None) -> str:
    """A bar per option: how many picked it, the right ones marked, the student's own pick, each
    option's reason, then the rule (in ``lang``, English where the question has no such words)."""
    words = _texts(question, lang)
    why = (reveal.get("texts", {}).get(lang) or reveal.get("texts", {}).get("en") or {})
    counts = reveal.get("counts", [])
    total = max(1, sum(counts))
    rows = []
    for i, choice in enumerate(words.get("choices", [])):
        n = counts[i] if i < len(counts) else 0
        right = i in reveal.get("answer", [])
        you = mine is not None and i in mine
        marks = (f" <b class='rt-live-right' style='color:#1b5e20'>✓ {esc(t('live_right', lang))}</b>"
                 if right else "") + \
                (f" <b class='rt-live-you' style='color:#0d47a1'>← {esc(t('live_you', lang))}</b>" if you else "")
        reasons = why.get("reasons", [])
        reason = ""
        if i < len(reasons):
            small = "font-size:0.8em;color:#444;margin:2px 0 0 2.4em"
            # the right option's reason and the student's own are shown; the others one click away
            reason = (f"<div class='rt-live-reason' style='{small}'>{esc(reasons[i])}</div>" if right or you else
                      f"<details class='rt-live-reason rt-live-why' style='{small}'>"
                      f"<summary>{esc(t('live_why', lang))}</summary>{esc(reasons[i])}</details>")
        share = round(100 * n / total)
        rows.append(
            f"<div class='rt-live-option{' rt-live-option-right' if right else ''}' data-count='{n}'"
            f" style='margin:0 0 10px'>"
            f"<div><b class='rt-live-count' style='display:inline-block;min-width:2em'>{n}</b>"
            f"<span class='rt-live-choice'>{esc(choice)}</span>{marks}</div>"
            f"<div class='rt-live-bar' role='img' aria-label='{share}%' style='background:"
            f"{'#2e7d32' if right else '#9e9e9e'};height:18px;margin-left:2.4em;max-width:calc(100% - 2.4em);"
            f"width:{max(1, share)}%'></div>{reason}</div>")
    rule = why.get("rule", "")
    cited = f"<p class='rt-live-rule'><b>{esc(t('live_rule', lang))}:</b> {esc(rule)}</p>" if rule else ""
    return f"<div class='rt-live-bars'>{''.join(rows)}{cited}</div>"


def class_question(page: Any, qid: int) -> dict | None:
    """The question of the position the teacher's page shows, in every language of the game
    whose options are the same as in English (the others get the English words), or None."""
    game = page.spec.engine
    tab = page.TABS[page.tabs.selected_index or 0]
    langs = [lang for lang in LANGS if lang in game.languages]
    # positions whose moves the rules refuse here: the "which moves are legal" question's wrong options
    others = [step.before for ex in game.examples()[:8] for step in ex.steps]
    make: Callable[[str], quiz.Question | None]
    if tab == "play":
        state = page.game.state
        others += [entry.state for entry in page.game.history]
        make = lambda lang: quiz.position_question(game, state, lang, seed=qid, others=others)  # noqa: E731
    elif tab == "examples" and page.stepper.example is not None:
        example, index = page.stepper.example, page.stepper.position
        state = page.stepper.state_at(index)

        def make(lang: str) -> quiz.Question | None:  # the example's next step, else the position shown
            return quiz.step_question(game, example, index, lang) or \
                quiz.position_question(game, state, lang, seed=qid, others=others)
    else:
        return None
    english = make("en")
    if english is None:
        return None
    texts = {}
    for lang in langs:
        q = english if lang == "en" else make(lang)
        if q is None or len(q.choices) != len(english.choices) or q.answer != english.answer \
                or q.actions != english.actions:
            continue  # options that do not line up with the English ones: English words for that language
        rule = ""
        if english.rule in game.rules:
            title, text = game.rules[english.rule].wording(lang)
            rule = f"{title}: {text}"
        texts[lang] = {"prompt": q.prompt, "choices": list(q.choices), "rule": rule,
                       "reasons": list(q.reasons) if len(q.reasons) == len(q.choices) else []}
    return {"id": qid, "answer": list(english.answer), "many": english.many, "rule": english.rule,
            "player": english.player, "texts": texts}


def _jsonable(data: Any) -> Any:
    return json.loads(json.dumps(data, default=str))


class LiveLesson(w.VBox):
    """The live lesson's bar on a game's page (see the module's doc)."""

    def __init__(self, page: Any, line: LineFactory = default_line):
        super().__init__()
        self.add_class("rt-live")
        self.page = page
        self.make_line = line
        self.line: Line | None = None
        self.role: str | None = None  # "teacher" or "student", once in a room
        self.code: str | None = None
        self._secret: str | None = None  # the teacher's key: kept here, never drawn
        self.pending: dict[int, tuple[str, Any]] = {}
        self.counts: dict = {}
        self.question: dict | None = None
        self.reveal: dict | None = None
        self.answered: list[int] | None = None
        self.following = True
        self.latest: dict | None = None  # the teacher's last place (a student's page)
        self.version = -1
        self.sent: str | None = None  # the last place sent (the teacher's page)
        self.record: dict | None = None
        self.ended = False
        self.error = ""
        self.next_question = 1
        self.start_button = w.Button(icon="users", layout=w.Layout(width="auto"))
        self.start_button.add_class("rt-live-start")
        self.start_button.on_click(lambda _: self.start())
        self.head = w.HTML()
        self.head.add_class("rt-live-head")
        self.seat = w.Dropdown(layout=w.Layout(width="auto"))
        self.seat.add_class("rt-live-seat")
        self.seat.observe(lambda ch: self.moved(), "value")
        self.ask_button = w.Button(icon="question", button_style="primary", layout=w.Layout(width="auto"))
        self.ask_button.add_class("rt-live-ask")
        self.ask_button.on_click(lambda _: self.ask())
        self.reveal_button = w.Button(icon="bar-chart", layout=w.Layout(width="auto"))
        self.reveal_button.add_class("rt-live-reveal")
        self.reveal_button.on_click(lambda _: self.do_reveal())
        self.end_button = w.Button(icon="stop", layout=w.Layout(width="auto"))
        self.end_button.add_class("rt-live-end")
        self.end_button.on_click(lambda _: self.end())
        self.explore_button = w.Button(icon="compass", layout=w.Layout(width="auto"))
        self.explore_button.add_class("rt-live-explore")
        self.explore_button.on_click(lambda _: self.follow(False))
        self.back_button = w.Button(icon="undo", button_style="primary", layout=w.Layout(width="auto"))
        self.back_button.add_class("rt-live-back")
        self.back_button.on_click(lambda _: self.follow(True))
        self.prompt = w.HTML()
        self.prompt.add_class("rt-live-question")
        self.choices = w.VBox()
        self.choices.add_class("rt-live-choices")
        self.send_button = w.Button(icon="paper-plane", layout=w.Layout(width="auto"))
        self.send_button.add_class("rt-live-send")
        self.send_button.on_click(lambda _: self.answer([i for i, b in enumerate(self.choices.children)
                                                         if getattr(b, "value", False)]))
        self.result = w.HTML()
        self.result.add_class("rt-live-result")
        self.table = Sections()
        self.table.add_class("rt-live-table")
        self.table_title = w.HTML()
        self.msg = w.HTML()
        self.msg.add_class("rt-live-message")
        self.redirect = w.HTML(layout=w.Layout(height="0px", margin="0"))
        # a reloaded teacher's page: the browser tab types the key it kept here (see the module's doc)
        self.key_sink = w.Text(layout=w.Layout(display="none"))
        self.key_sink.add_class("rt-live-key-sink")
        self.key_sink.observe(lambda ch: self.kept(str(ch["new"])), "value")
        self.kept_member: tuple[str, str] | None = None  # a student's kept key, for the room it names
        self.keeper = w.HTML(layout=w.Layout(height="0px", margin="0"))  # keeps a key in the tab
        row = w.Layout(flex_flow="row wrap", align_items="center")
        # the start button goes in the page's top row (beside presenter mode), so the page keeps its height
        self.tools = w.HBox([self.seat, self.ask_button, self.reveal_button, self.end_button,
                             self.explore_button, self.back_button], layout=row)
        self.children = [self.tools, self.head, self.msg, self.prompt, self.choices, self.send_button, self.result,
                         self.table_title, self.table, self.redirect,
                         w.Box([self.key_sink, w.HTML(_run_js(_RESUME_JS)), self.keeper],
                               layout=w.Layout(display="none"))]
        page.language.observe(lambda ch: self.draw(), "lang")
        self.draw()

    # ------------------------------------------------------------------ the line
    @property
    def lang(self) -> str:
        return self.page.language.lang

    def _frame(self, what: str, frame: dict, extra: Any = None) -> bool:
        if self.line is None:
            self.line = self.make_line(self.on_frame, self.on_connect)
            if self.line is None:
                self.error = t("live_unavailable", self.lang)
                self.draw()
                return False
        rid = self.line.send(frame)
        self.pending[rid] = (what, extra)
        return True

    def _room(self, msg: dict, what: str, extra: Any = None) -> bool:
        if self.code is None:
            return False
        if self.role == "teacher":
            msg = {**msg, "secret": self._secret}
        return self._frame(what, {"op": "send", "room": self.code, "msg": msg}, extra)

    def on_connect(self) -> None:
        """The line (re)opened: a page that was in a room finds it again."""
        if self.code is None or self.ended:
            return
        if self.role == "teacher":
            self._room({"type": "rejoin"}, "rejoin")
        elif self.role == "student":
            self._room({"type": "join"}, "join")

    def on_frame(self, frame: dict) -> None:
        """A reply or a room's event, on the kernel's loop."""
        if "event" in frame:
            if frame.get("room") == self.code and isinstance(frame["event"], dict):
                self.on_event(frame["event"])
            return
        what, extra = self.pending.pop(frame.get("re"), (None, None))
        if what == "resume":
            self.resumed(frame, extra)
            return
        if "error" in frame:
            self.error = error_text(str(frame["error"]), self.lang)
            if what in ("join", "open"):
                self.role = None if what == "open" else self.role
            self.draw()
            return
        self.error = ""
        if what == "open":
            self.role, self.code, self._secret = "teacher", frame.get("room"), frame.get("secret")
            self.sent = None
            if isinstance(self.code, str) and isinstance(self._secret, str):
                self.keeper.value = _run_js(_keep_js(teacher_key(self.code, self._secret)))
            self.moved()
        elif what == "join":
            self.joined(frame)
            if isinstance(frame.get("resume"), str) and self.code:  # kept, so that a reload is this student again
                self.keeper.value = _run_js(_keep_js(f"{self.code} {frame['resume']}", KEPT_MEMBER))
        elif what == "follow" and frame.get("following"):
            self.joined(frame)
        elif what == "answer":
            self.answered = frame.get("answered")
        elif what == "ask":
            self.question, self.reveal = extra, None
            self.counts = {**self.counts, "answered": 0}
        elif what == "reveal":
            self.reveal = frame
        elif what == "end":
            self.record, self.ended = frame.get("record"), True
            self.keeper.value = _run_js(_keep_js(None))
        self.draw()

    def kept(self, value: str) -> None:
        """What the browser tab kept (:data:`_RESUME_JS`): the teacher's key, the student's key."""
        teacher, _, member = value.partition("|")
        self.kept_member = _member_key(member)
        if teacher:
            self.resume(teacher)
        if self.kept_member and self.role == "student" and self.kept_member[0] == self.code:
            self._room({"type": "join", "resume": self.kept_member[1]}, "join")  # joined before the key came

    def resume(self, kept: str) -> None:
        """The key the browser tab kept (a reloaded teacher's page): lead that room again if it is
        alive and the key is its teacher's; anything else is refused by the room, harmlessly."""
        key = read_teacher_key(kept)
        if key is None or self.role is not None:
            return  # not a key's shape, or this page is already in a room (a student's link in that tab)
        code, secret = key
        self._frame("resume", {"op": "send", "room": code, "msg": {"type": "rejoin", "secret": secret}}, key)

    def resumed(self, frame: dict, key: tuple[str, str]) -> None:
        """The room's answer to :meth:`resume`: the teacher's page again, where the room is; or, for a
        room that is over or a key that is not its teacher's, the key forgotten and the page as it was."""
        if "error" in frame or self.role is not None:
            if frame.get("error") in ("live_no_room", "live_ended", "live_forged"):
                self.keeper.value = _run_js(_keep_js(None))
            return
        self.role, (self.code, self._secret) = "teacher", key
        self.counts = {k: frame.get(k, 0) for k in ("connected", "following", "exploring", "answered")}
        self.question, self.reveal = frame.get("question"), frame.get("reveal")
        if isinstance(frame.get("next_question"), int):
            self.next_question = max(self.next_question, frame["next_question"])
        self.error, self.sent = "", None
        self.moved()  # the class follows the reloaded page (it opens where the teacher's address was)
        self.draw()

    def on_event(self, event: dict) -> None:
        kind = event.get("kind")
        if kind == "counts":
            self.counts = event
        elif kind == "place":
            version = event.get("version", 0)
            if isinstance(version, int) and version > self.version:
                self.version, self.latest = version, event.get("place")
                if self.reveal:  # the class moved on from a revealed question: the page is the table's again
                    self.question = self.reveal = self.answered = None
                if self.following and self.latest:
                    self.show_place(self.latest)
        elif kind == "ask":
            self.question, self.reveal, self.answered = event.get("question"), None, None
        elif kind == "reveal":
            self.reveal = event
        elif kind == "end":
            self.ended = True
        self.draw()

    # ------------------------------------------------------------------ the teacher
    def start(self) -> None:
        """Open a room: its code and link come back (:meth:`on_frame`)."""
        if self.role is None:
            self._frame("open", {"op": "open"})

    def place_data(self) -> dict:
        """The teacher's place as the class may see it (the Play tab's view of the chosen seat)."""
        page = self.page
        here = page.current_place
        data: dict[str, Any] = {"game": page.spec.game, "notebook": page.notebook, "tab": here.tab,
                                "example": here.example, "step": here.step}
        if here.tab == "play":
            shell = page.game
            if shell.table is not None:
                chosen = self.seat.value or "screen"  # the default, also while the seats' list is being set
                if chosen == "screen":
                    seat, view = shell.viewer(), shell.shown_views()[0]
                else:
                    seat = None if chosen in (None, "all") else int(chosen)
                    view = shell.table.view_of(shell.state, seat)
                data.update(seat=seat, view=_jsonable(view), ruleset=str(shell.ruleset.value))
                if seat is None:  # the teacher's full view: the class may play on from it
                    data["state"] = page.spec.engine.to_json(shell.state)
        return data

    def moved(self) -> None:
        """The teacher's page moved: the class follows (nothing is sent when nothing changed)."""
        if self.role != "teacher" or self.ended:
            return
        on_play = self.page.tabs.selected_index == 1
        self.seat.layout.display = None if on_play else "none"
        if on_play:
            self._seat_options()  # the seats of the table shown now
        try:
            data = self.place_data()
        except Exception:  # noqa: BLE001 - a place that cannot be read is not sent; the page is fine
            return
        text = json.dumps(data, sort_keys=True)
        if text != self.sent:
            self.sent = text
            self._room({"type": "place", "place": data}, "place")
            if self.reveal:  # moved on from a revealed question (it stays in the lesson's record)
                self.question = self.reveal = None
                self.draw()

    def table_moved(self, _change=None) -> None:
        """A move on the Play tab (the shell's log changed)."""
        self.moved()

    def ask(self) -> None:
        if self.role != "teacher":
            return
        self.moved()
        if self.page.tabs.selected_index == 1 and (self.seat.value or "screen") == "screen" \
                and self.page.game.hand_hidden():
            # the screen hides the hand of the seat to decide, whose moves the options would show
            self.error = error_text("live_hidden", self.lang)
            self.draw()
            return
        q = class_question(self.page, self.next_question)
        if q is None:
            self.error = t("live_no_ask", self.lang)
            self.draw()
            return
        self.next_question += 1
        self._room({"type": "ask", "question": q}, "ask", q)

    def do_reveal(self) -> None:
        if self.role == "teacher" and self.question is not None:
            self._room({"type": "reveal"}, "reveal")

    def end(self) -> None:
        if self.role == "teacher" and not self.ended:
            self._room({"type": "end"}, "end")

    # ------------------------------------------------------------------ a student
    def join(self, code: str) -> None:
        """Join the room ``code`` (a link's ``room=``): the page follows its teacher."""
        if not valid_code(code) or self.role == "teacher" or (self.code == code and self.role == "student"):
            return
        self.role, self.code, self.following = "student", code, True
        kept = self.kept_member
        self._room({"type": "join", **({"resume": kept[1]} if kept and kept[0] == code else {})}, "join")
        self.draw()

    def joined(self, view: dict) -> None:
        """What a (re)joined room says: where the teacher is, the open question, its reveal, my answer."""
        self.following = bool(view.get("following", True))
        self.ended = bool(view.get("ended"))
        if "question" in view:
            self.question, self.reveal, self.answered = view.get("question"), view.get("reveal"), view.get("answered")
        place = view.get("place") or {}
        if isinstance(place.get("version"), int):
            self.version, self.latest = place["version"], place.get("place")
        if self.following and self.latest:
            self.show_place(self.latest)

    def follow(self, on: bool) -> None:
        """"Back to the teacher" (True) or "Explore on my own" (False)."""
        if self.role != "student":
            return
        self.following = on
        self._room({"type": "follow", "following": on}, "follow")
        if not on:
            state = (self.latest or {}).get("state")
            if state and (self.latest or {}).get("game") == self.page.spec.game:
                try:
                    self.page.play_from(self.page.spec.engine.from_json(state))  # on from the teacher's table
                except Exception:  # noqa: BLE001 - a position that cannot be read: the page stays as it is
                    pass
        self.draw()

    def answer(self, picked: list[int]) -> None:
        if self.role == "student" and self.question is not None and self.answered is None and picked:
            self._room({"type": "answer", "question": self.question.get("id"), "choice": picked}, "answer")

    def show_place(self, place: dict) -> None:
        """Show the teacher's place: the same example and step or tab, or the teacher's table."""
        page = self.page
        self.redirect.value = ""
        if place.get("game") != page.spec.game:
            notebook = place.get("notebook")
            if isinstance(notebook, str) and notebook.endswith(".ipynb") and "/" not in notebook:
                target = places.link(notebook, places.query(places.Place(lang=self.lang, room=self.code)))
                self.redirect.value = _run_js(f"location.href={json.dumps(target)}")
                self.error = t("live_elsewhere", self.lang)
            return
        tab = place.get("tab", "examples")
        self.table_view = place.get("view") if tab == "play" else None
        if tab == "play":
            self.draw_table()
            return
        stepper = page.stepper
        ids = [ex.id for ex in stepper.examples]
        step = place.get("step", 0)
        if tab == "examples" and page.tabs.selected_index == 0 and place.get("example") in ids \
                and isinstance(step, int) and 0 <= step <= len(stepper.examples[ids.index(place["example"])].steps):
            # the teacher stepped: the page steps as its own Next would (a whole page.go relabels every tab,
            # and thirty kernels do it at once on the teacher's click)
            if stepper.chooser.value != ids.index(place["example"]):
                stepper.chooser.value = ids.index(place["example"])
            if stepper.position != step:
                stepper.go(step)
            return
        target = places.Place(lang=self.lang, tab=tab, example=place.get("example"), step=step, room=self.code)
        page.go(places.query(target))

    def draw_table(self) -> None:
        view = getattr(self, "table_view", None)
        if not view or not self.following:
            self.table.show({})
            self.table_title.value = ""
            return
        game, lang = self.page.spec.engine, self.lang

        def who(player: int | None) -> str:
            return game.seat_name(None, player, lang) if player is not None else "—"

        try:
            self.table.show(self.page.spec.board(view, None, lang, who))
            self.table_title.value = f"<h3 class='rt-live-table-title'>{esc(t('live_teacher_table', lang))}</h3>"
        except Exception:  # noqa: BLE001 - a view this page cannot draw: nothing drawn, the page is fine
            self.table.show({})

    # ------------------------------------------------------------------ drawing
    def draw(self) -> None:
        lang = self.lang
        teacher, student = self.role == "teacher", self.role == "student"
        self.start_button.description = t("live_start", lang)
        self.start_button.tooltip = t("live_start_tip", lang)
        self.ask_button.description = t("live_ask", lang)
        self.reveal_button.description = t("live_reveal", lang)
        self.end_button.description = t("live_end", lang)
        self.explore_button.description = t("live_explore", lang)
        self.back_button.description = t("live_back", lang)
        self.send_button.description = t("live_send", lang)
        live = teacher and not self.ended
        self.start_button.layout.display = None if self.role is None else "none"
        for b in (self.ask_button, self.end_button):
            b.layout.display = None if live else "none"
        self.reveal_button.layout.display = None if live and self.question and not self.reveal else "none"
        on_play = self.page.tabs.selected_index == 1
        self.seat.layout.display = None if live and on_play else "none"
        if live and on_play:
            self._seat_options()
        self.explore_button.layout.display = None if student and self.following and not self.ended else "none"
        self.back_button.layout.display = None if student and not self.following and not self.ended else "none"
        self.head.value = self._head_html()
        self.msg.value = message("error", self.error) if self.error else ""
        self._draw_question()
        self.draw_table()

    def _seat_options(self) -> None:
        shell = self.page.game
        lang = self.lang
        options = [(f"{t('live_class_sees', lang)}: {t('live_as_screen', lang)}", "screen"),
                   (f"{t('live_class_sees', lang)}: {t('live_everything', lang)}", "all")]
        options += [(f"{t('live_class_sees', lang)}: {shell.who(i)}", str(i)) for i in range(len(shell.seats))]
        if [o[1] for o in self.seat.options] != [o[1] for o in options] or list(self.seat.options) != options:
            value = self.seat.value if self.seat.value in [o[1] for o in options] else "screen"
            self.seat.options = options
            self.seat.value = value

    def student_url(self) -> str:
        """The address students open: the teacher's page with the room's code (each student picks a language)."""
        return share.reachable(places.link(self.page.notebook, urlencode({"room": self.code or ""}),
                                           self.page.request_url))

    def _head_html(self) -> str:
        lang = self.lang
        if self.role == "teacher" and self.code:
            c = self.counts
            counts = t("live_counts", lang, connected=c.get("connected", 0), following=c.get("following", 0),
                       exploring=c.get("exploring", 0))
            if self.question and not self.reveal:
                counts += " · " + t("live_answered_n", lang, n=c.get("answered", 0))
            url = self.student_url()
            link = f"<a href='{esc(url)}'>{esc(url)}</a>"
            record = ""
            if self.record is not None:
                data = base64.b64encode(json.dumps(self.record, ensure_ascii=False, indent=1).encode()).decode()
                record = (f" <a class='rt-live-record' download='lesson-{esc(self.code)}.json'"
                          f" href='data:application/json;base64,{data}'>{esc(t('live_record', lang))}</a>")
            qr = "" if self.ended else f"<div class='rt-live-qr' role='img' aria-label='QR code: {esc(url)}'>" \
                                        f"{qr_svg(url, scale=3)}</div>"
            return (f"<div class='rt-live-box' style='display:flex;gap:16px;flex-wrap:wrap;align-items:center'>{qr}"
                    f"<div><h2 class='rt-live-code' style='margin:0'>{esc(t('live_code', lang, code=self.code))}</h2>"
                    f"<p class='rt-live-link'>{esc(t('live_join_link', lang, url=chr(0))).replace(chr(0), link)}</p>"
                    f"<p class='rt-live-counts' role='status'>{esc(counts)}</p>{record}</div></div>")
        if self.role == "student" and self.code:
            if self.ended:
                state = t("live_ended_note", lang)
            else:
                state = t("live_following" if self.following else "live_exploring", lang)
            return (f"<p class='rt-live-status' role='status'><b>{esc(t('live_code', lang, code=self.code))}</b>"
                    f" — {esc(state)}</p>")
        return ""

    def _draw_question(self) -> None:
        lang, q = self.lang, self.question
        self.send_button.layout.display = "none"
        if q is None or (self.role == "student" and not self.following and self.answered is None
                         and not self.reveal):
            self.prompt.value, self.choices.children, self.result.value = "", (), ""
            return
        words = _texts(q, lang)
        self.prompt.value = f"<h3 class='rt-live-prompt'>{esc(words.get('prompt', ''))}</h3>"
        if self.reveal:
            self.choices.children = ()
            self.result.value = bars_html(q, self.reveal, lang, self.answered if self.role == "student" else None)
            return
        self.result.value = ""
        if self.role == "teacher":
            self.choices.children = ()
            self.result.value = "<ol class='rt-live-options'>" + "".join(
                f"<li>{esc(c)}</li>" for c in words.get("choices", [])) + "</ol>"
            return
        if self.answered is not None:
            chosen = ", ".join(words.get("choices", [])[i] for i in self.answered if i < len(words.get("choices", [])))
            self.choices.children = ()
            self.result.value = (f"<p class='rt-live-answered'>"
                                 f"{esc(t('live_you_answered', lang, choice=chosen))}</p>")
            return
        buttons: list[w.Widget] = []
        for i, choice in enumerate(words.get("choices", [])):
            if q.get("many"):
                b: w.Widget = w.ToggleButton(description=choice, layout=w.Layout(width="auto", max_width="100%"))
            else:
                b = w.Button(description=choice, layout=w.Layout(width="auto", max_width="100%"))
                b.on_click(lambda _b, i=i: self.answer([i]))
            b.add_class("rt-live-choice-button")
            buttons.append(b)
        self.choices.children = tuple(buttons)
        if q.get("many"):
            self.send_button.layout.display = None


class JoinBox(w.HBox):
    """The landing page's "Join a live lesson": a code, then the page of the game the lesson is on."""

    def __init__(self, language: Language, line: LineFactory = default_line):
        super().__init__(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.add_class("rt-live-join")
        self.language = language
        self.make_line = line
        self.line: Line | None = None
        self.code = w.Text(layout=w.Layout(width="9em"))
        self.code.add_class("rt-live-code-box")
        self.button = w.Button(icon="users", layout=w.Layout(width="auto"))
        self.button.add_class("rt-live-join-button")
        self.button.on_click(lambda _: self.join())
        self.msg = w.HTML()
        self.msg.add_class("rt-live-join-message")
        self.asked: dict[int, str] = {}
        self.children = [self.code, self.button, self.msg]
        language.observe(lambda ch: self.relabel(), "lang")
        self.relabel()

    def relabel(self) -> None:
        lang = self.language.lang
        self.button.description = t("live_join", lang)
        self.code.placeholder = t("live_code_box", lang)

    def join(self) -> None:
        lang = self.language.lang
        code = self.code.value.strip().upper().replace(" ", "")
        if not valid_code(code):
            self.msg.value = message("error", t("place_bad_room", lang, value=self.code.value[:20]))
            return
        if self.line is None:
            self.line = self.make_line(self.on_frame, lambda: None)
            if self.line is None:
                self.msg.value = message("error", t("live_unavailable", lang))
                return
        rid = self.line.send({"op": "send", "room": code, "msg": {"type": "where"}})
        self.asked[rid] = code

    def on_frame(self, frame: dict) -> None:
        code = self.asked.pop(frame.get("re"), None)
        if code is None:
            return
        lang = self.language.lang
        notebook = frame.get("notebook")
        if "error" in frame:
            self.msg.value = message("error", error_text(str(frame["error"]), lang))
        elif isinstance(notebook, str) and notebook.endswith(".ipynb") and "/" not in notebook:
            target = places.link(notebook, urlencode({"lang": lang, "room": code}))
            self.msg.value = _run_js(f"location.href={json.dumps(target)}")
        else:
            self.msg.value = message("error", error_text("live_no_room", lang))

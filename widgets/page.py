"""One page skeleton for every game: a game's page is declared, not copied.

A game's widget module (the registry's ``entry(name).page``) declares its
small part as data::

    PAGE = PageSpec(game="fire-bulls", board=board, controls=FireBullsControls,
                    breakdown=breakdown, first_example="it-3")

and :class:`GamePage` builds the same page for every game: a heading, the
language switch, and three tabs -- the rulebook's worked examples (the
stepper), play (the game shell) and the rules -- with Play and Rules built
the first time they are opened.  A notebook shows it with::

    from widgets.page import page
    page("fire-bulls")

What a game's part draws it draws from views only (see :mod:`widgets.panels.shell`):
``board(view, before, lang, who)``, ``controls(shell).refresh(view, actions,
lang)``, ``breakdown(game, view, lang, who)``.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from dataclasses import dataclass, replace
from typing import Any, Callable

import ipywidgets as w

from tutor import games
from widgets import static
from widgets.panels import place as places
from widgets.panels import resume, share
from widgets.server import request
from widgets.panels.common import esc, message, style
from widgets.panels.shell import GameShell, SeatChoices
from widgets.panels.i18n import Language, t
from widgets.panels.live import LiveLesson
from widgets.panels.rules import RulesPanel
from widgets.panels.stepper import Board, ExampleStepper

__all__ = ["PageSpec", "GamePage", "SeatChoices", "page", "spec"]

# In a pre-started kernel the pages are built before their request and follow it after.
request.build_first()


@dataclass(frozen=True)
class PageSpec:
    """What a game's page adds to the skeleton.

    * ``game``: the registry name;
    * ``board(view, before, lang, who) -> {section: html}``: the table, for the
      stepper and the shell;
    * ``controls``: a class built with ``(shell)`` offering the moves by
      clicking (None: the shell's chooser of legal actions);
    * ``breakdown(game, view, lang, who) -> frame(rows)`` (``widgets.panels.endgame``: a DataFrame where pandas imports): the end table (or None);
    * ``shell``, ``stepper``, ``rules``: subclasses of the generic panels when
      a game truly needs one (the shell is built as ``shell(game, board,
      language, controls=..., breakdown=..., setup=..., public_decisions=...,
      seats=..., **options)``);
    * ``setup``: extra setup widgets, e.g. a chooser per seat
      (:class:`widgets.panels.shell.SeatChoices`) whose values go to ``new_game``;
    * ``first_example``: the example id the stepper opens on, or a function
      ``(game) -> id``; ``seats``: who sits at a new table at first;
    * ``public_decisions``: decision kinds whose options show nothing of the
      player's hand (choosing an opponent): in hotseat they are offered
      without "show my hand";
    * ``css_class``: an extra CSS class on the page (for the game's own style).
    """

    game: str
    board: Board
    controls: type | None = None
    breakdown: Callable[..., Any] | None = None
    shell: type[GameShell] = GameShell
    stepper: type[ExampleStepper] = ExampleStepper
    rules: type[RulesPanel] = RulesPanel
    setup: SeatChoices | None = None
    first_example: str | Callable[[Any], str | None] | None = None
    seats: tuple[str, ...] = ("person", "greedy")
    public_decisions: tuple[str, ...] = ()
    css_class: str = ""

    @property
    def engine(self):
        """The game object (from the registry)."""
        return games.get(self.game)

    def example_id(self) -> str | None:
        first = self.first_example
        return first(self.engine) if callable(first) else first

    def make_stepper(self, language: Language | None = None, example: str | None = None) -> ExampleStepper:
        return self.stepper(self.engine, self.board, language, example=example or self.example_id())

    def make_shell(self, language: Language | None = None, **options) -> GameShell:
        options.setdefault("seats", list(self.seats))
        return self.shell(self.engine, self.board, language, controls=self.controls,
                          breakdown=self.breakdown, setup=self.setup,
                          public_decisions=self.public_decisions, **options)

    def make_rules(self, language: Language | None = None) -> RulesPanel:
        return self.rules(self.engine, language)

    def make_page(self, lang: str = "en", query: str = "", request_url: str | None = None) -> "GamePage":
        return GamePage(self, lang, query=query, request_url=request_url)


# What the browser's widgets cannot be told from Python, done in the browser each time
# the page changes: a main landmark around the page, names for the autoplay's icon
# buttons and the step slider (their words in ``rtLabels``), and a keyboard stop on
# the board (or a part of it) when it scrolls, on a phone, so its hidden part can be
# scrolled to from the keyboard.  A move the rules refuse (``rt-refused``, disabled in
# Python) stays focusable: ``aria-disabled``, its reason the title; pressed, the shell
# explains it in the message box, which (like the hint) is read out when it changes and
# scrolled into sight when it is out of it (a hint under a long list of moves).
A11Y_JS = static.text('a11y.js') + static.text('keys.js')  # keys.js: the focus after a move, the skip link


_A11Y_LINE = " ".join(line.strip() for line in A11Y_JS.strip().splitlines())  # joined once, not per click


def _script(code: str) -> str:
    """HTML that runs ``code`` in the browser each time it is drawn: an HTML widget's
    scripts do not run; an image that fails to load runs its ``onerror``."""
    return f"<img alt='' src='data:,' style='display:none' onerror=\"{esc(code)}\">"


def a11y_script() -> str:
    """HTML that, drawn once, sets up :data:`A11Y_JS` for the page's life (it then
    follows every change of the page by itself)."""
    return _script(_A11Y_LINE)


def browser_sync(title: str, lang: str, query: str, labels: dict[str, str] | None = None,
                 a11y: bool = True) -> str:
    """HTML that, drawn in the browser, names the browser tab, sets the document's language
    (screen readers read the page in it), puts the place in the address bar and names
    what the widgets leave unnamed (``labels``: play, pause, stop, loop, step, board).
    With ``a11y=False`` it leaves setting up :data:`A11Y_JS` to :func:`a11y_script`
    (drawn once) and only runs it again: a page that sends this on every step sends
    3.5 kB less each time.  Nothing of the page depends on it."""
    code = (f"document.title={json.dumps(title, ensure_ascii=False)};"
            f"document.documentElement.lang={json.dumps(lang)};"
            # the address the page was opened at, kept before the first change (the static site reads it)
            "window.rtOpenedAt=window.rtOpenedAt||location.href;"
            f"try{{history.replaceState(history.state,'','?'+{json.dumps(query)})}}catch(e){{}}"
            f"window.rtLabels={json.dumps(labels or {}, ensure_ascii=False)};"
            + (_A11Y_LINE if a11y else "if(window.rtA11y){window.rtA11y();}"))
    return _script(code)



# "Copy" beside the link.  ipywidgets has no clipboard: the button's own onclick (an HTML
# widget keeps inline handlers) selects the address and copies it -- navigator.clipboard where the page is
# a secure context (https, localhost), else the selection copied (http on a school LAN) -- and says so.
_COPY_JS = (
    "var d=this.closest('details'),a=d.querySelector('textarea'),s=d.querySelector('.rt-copied'),b=this;"
    "a.focus();a.select();"
    "var ok=function(){s.textContent=b.dataset.done;},no=function(){s.textContent=b.dataset.fail;};"
    "var old=function(){try{if(document.execCommand('copy')){ok();}else{no();}}catch(e){no();}};"
    "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(a.value).then(ok,old);}"
    "else{old();}"
)

# the link box stays open while the place changes (each step draws it anew, closed: a class
# copying the link saw it shut under their cursor)
_KEEP_OPEN = "if(window.rtLinkOpen){var l=document.querySelector('.rt-place-link');if(l){l.open=true;}}"


def copy_button(lang: str) -> str:
    """The link box's Copy button and where it says "Copied" (or, when the browser refuses, what to do)."""
    return (f"<div class='rt-copy-row'><button type='button' class='rt-copy-link' onclick=\"{esc(_COPY_JS)}\""
            f" data-done='{esc(t('link_copied', lang))}' data-fail='{esc(t('link_copy_failed', lang))}'>"
            f"<i class='fa fa-copy' aria-hidden='true'></i> {esc(t('link_copy', lang))}</button>"
            f" <span class='rt-copied' role='status' aria-live='polite'></span></div>")


# In the static site (Voici: Python runs in the browser, in Pyodide) no server hands the kernel its page's
# address: there is no ``QUERY_STRING``.  The page's own address is read in the browser and typed into a
# hidden text field, which ipywidgets sends to the kernel like any typing; the page then moves to the place
# the link names (``go``), as a pre-started kernel's page does when its request comes.  It reads the address
# the page was opened at (``window.rtOpenedAt``, kept by :func:`browser_sync` before it first puts the page's
# own place in the address bar).
_ADDRESS_JS = (
    "var i=0,put=function(){var f=document.querySelector('.rt-address-sink input');"
    "if(!f){if(i++<100){setTimeout(put,100);}return;}"
    "var h=window.rtOpenedAt||location.href,q=h.split('#')[0].split('?')[1]||'';f.value=q+' '+h;"
    "f.dispatchEvent(new Event('input',{bubbles:true}));f.dispatchEvent(new Event('change',{bubbles:true}));};put();"
)


#: Python running in the browser (the static site's Pyodide): no server, no ``QUERY_STRING``
IN_SITE = sys.platform == "emscripten"


def address_sink(go: Callable[[str, str | None], None]) -> w.Box:
    """A hidden field the browser types its page's address into, once drawn: ``go(query, url)`` is
    called with it (the static site's way of giving a page the link it was opened from)."""
    field = w.Text(layout=w.Layout(display="none"))
    field.add_class("rt-address-sink")

    def arrived(change) -> None:
        query, _, url = str(change["new"]).partition(" ")
        # an address (its query and the whole address, as the browser types them), not anything else
        if len(query) <= 4 * places.MAX_PACKED and url.startswith(("http://", "https://", "file:")):
            go(query, url)

    field.observe(arrived, "value")
    return w.Box([field, w.HTML(_script(_ADDRESS_JS))], layout=w.Layout(display="none"))


def address_from_browser(query: str | None) -> bool:
    """Whether a page built with ``query`` learns its link from the browser (:func:`address_sink`): in the
    static site, when neither the caller nor a server names it."""
    return query is None and IN_SITE and "QUERY_STRING" not in os.environ


def with_address_sink(built: Any) -> Any:
    """``built`` (a page or the landing page, with its ``go(query, url)``) with an :func:`address_sink` at its end."""
    built.children = (*built.children, address_sink(built.go))
    return built


class GamePage(w.VBox):
    """The whole page of one game: heading, language chooser and three tabs
    (worked examples, play, rules); Play and Rules are built when first opened."""

    TABS = places.TABS  # ("examples", "play", "rules", "quiz", "scenarios")
    keeper: resume.Keeper | None = None  # the static site's: the place and game kept in the browser

    def __init__(self, spec: PageSpec, lang: str = "en", query: str = "", request_url: str | None = None):
        super().__init__()
        self.spec = spec
        self.request_url = request_url
        self._default_lang = lang
        self.place, self.problems = self.read_place(query, lang)
        lang = self.place.lang
        self.add_class("rt-panel")
        self.add_class("rt-page")
        self.add_class(f"rt-page-{spec.game}")
        if spec.css_class:
            self.add_class(spec.css_class)
        self.language = Language(lang=lang)
        self.heading = w.HTML()
        self.heading.add_class("rt-heading")
        self.back = w.HTML()
        self.back.add_class("rt-back")
        self.notice = w.HTML()  # what a bad or stale link could not open
        self.notice.add_class("rt-link-notice")
        # the address of the place shown, and (drawn with it: one message a step, not two)
        # what the browser's tab, language and address bar follow
        self.link = w.HTML()
        self.link.add_class("rt-place")
        self.sync = w.HTML(a11y_script(), layout=w.Layout(height="0px", margin="0"))  # drawn once
        self.sync.add_class("rt-sync")
        self.stepper = spec.make_stepper(self.language, example=self.place.example)
        if self.place.step:
            self.stepper.go(self.place.step)
            # the autoplay is linked to the slider in the browser and sets it first: it starts there too
            self.stepper.play.value = self.place.step
        # The Play and Rules tabs are built when first opened: a faster first page.
        self._game: GameShell | None = None
        self._rules: RulesPanel | None = None
        self._quiz: Any = None
        self._scenarios: Any = None
        self.tabs = w.Tab(children=[self.stepper, w.VBox(), w.VBox(), w.VBox(), w.VBox()])
        self.tabs.add_class("rt-tabs")
        self.tabs.observe(lambda ch: self._open(ch["new"]), "selected_index")
        self.language.observe(lambda ch: self._relabel(), "lang")
        from widgets.panels.presenter import Presenter

        # its link and QR code: the place shown, for the students (not in presenter mode)
        self.presenter = Presenter(self, link=lambda: self.student_url)
        self.live = LiveLesson(self)  # the live lesson: the teacher leads it, a student's page follows
        self.stepper.on_play_here = self._play_from_step
        self._played_from: tuple[str, int, Any] | None = None  # (example, step, the state) the Play tab started at
        # (quiz seed, question index, the state) the Play tab started at
        self._played_from_question: tuple[int, int, Any] | None = None
        self.presenter.toggle.observe(lambda ch: self.moved(), "value")  # presenter=1 in the link
        self.presenter.also.observe(lambda ch: self.moved(), "value")  # the teacher asks for presenter=1
        self.stepper.play_here.layout.display = None
        from widgets.panels.editor import edit_from_step  # "Edit this position" on the step shown

        edit_from_step(self)
        self.stepper.chooser.observe(lambda ch: self.moved(), "value")
        self.stepper.slider.observe(lambda ch: self.moved(), "value")
        top = w.HBox([self.back, self.heading, self.language.chooser(), self.presenter.toggle,
                      self.live.start_button, self.link, self.presenter.also],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"), _dom_classes=["rt-top"])
        self.children = [style(), self.sync, top, self.notice, self.presenter.panel, self.live, self.tabs]
        if self.place.presenter:
            self.presenter.toggle.value = True
        self._relabel()
        if self.place.tab == "play" and self.place.start == "step" and self.stepper.example is not None:
            self._play_from_step(self.stepper.state_at(self.place.step))  # the link's example step, played on
        elif self.place.tab == "play" and self.place.start == "quiz" and self.place.question is not None:
            self._play_from_question(*self.place.question)  # the link's quiz question, played on
        elif self.place.tab != "examples":
            self.tabs.selected_index = self.TABS.index(self.place.tab)
        self._open_shared()
        if self.place.room:
            self.live.join(self.place.room)

    def go(self, query: str, request_url: str | None = None) -> None:
        """Move the page, already built, to the place ``query`` names, as if it had been
        built with it: a pre-started kernel builds its page before it knows the link it
        was opened from (:mod:`widgets.server.request`).  What is already right is left alone,
        so an empty query only gives the page its address."""
        if request_url:
            self.request_url = request_url
        self.place, self.problems = self.read_place(query, self._default_lang)
        place, s = self.place, self.stepper
        ids = [ex.id for ex in s.examples]
        if place.example in ids and s.chooser.value != ids.index(place.example):
            s.chooser.value = ids.index(place.example)  # its first step, drawn
        if place.step != s.position:
            s.go(place.step)
        if s.play.value != place.step:
            s.play.value = place.step  # the autoplay sets the slider in the browser: it starts there too
        self.language.lang = place.lang  # relabels every panel when it changes
        self.presenter.toggle.value = place.presenter
        self.notice.value = ""
        self._relabel()
        if place.room:
            self.live.join(place.room)
        index = self.TABS.index(place.tab)
        if place.tab == "play" and place.start == "step" and s.example is not None:
            self._play_from_step(s.state_at(place.step))  # the link's example step, played on
        elif place.tab == "play" and place.start == "quiz" and place.question is not None:
            self._play_from_question(*place.question)  # the link's quiz question, played on
        elif self.tabs.selected_index != index:
            self.tabs.selected_index = index  # builds the tab (Play: with the link's ruleset and seed)
        self._open_shared()

    def _open_shared(self) -> None:
        """Open the game, position or scenario the link carries (:func:`widgets.panels.share.open_place`)."""
        refused = share.open_place(self, self.place)
        if refused:
            self.problems = [*self.problems, *refused]
            self._relabel()

    # --------------------------------------------------------------- places
    def read_place(self, query: str, lang: str = "en") -> tuple[places.Place, list[places.Problem]]:
        """The place a link's query string names on this page (and what it could not name)."""
        try:
            examples = {ex.id: len(ex.steps) for ex in self.spec.engine.course()}  # the lesson first
        except Exception:  # noqa: BLE001 - the stepper says so; a link cannot open an example
            examples = {}
        default = places.Place(lang=lang if lang in places.LANGS else "en", example=self.spec.example_id())
        if default.example not in examples:
            default = replace(default, example=next(iter(examples), None))
        return places.parse(query, examples, tuple(self.spec.engine.rulesets), default)

    @property
    def current_place(self) -> places.Place:
        """Where the page is now: language, tab, and the example step or the new game's setup."""
        tab = self.TABS[self.tabs.selected_index or 0]
        ex = self.stepper.example
        presenter = getattr(self, "presenter", None)  # None while the page is being built
        found = places.Place(lang=self.language.lang, tab=tab,
                             example=ex.id if ex is not None else None, step=self.stepper.position,
                             presenter=bool(presenter is not None and presenter.toggle.value),
                             room=live.code if (live := getattr(self, "live", None)) and live.role == "student" else None)
        if self._game is not None:
            ruleset = self._game.ruleset.value
            found = replace(found, ruleset=ruleset if ruleset in self._game.game.rulesets else None,
                            seed=int(self._game.seed.value))
            played = self._played_from
            if tab == "play" and played is not None and self._game.history \
                    and self._game.history[0].state is played[2]:  # still the game begun at that step
                found = replace(found, example=played[0], step=played[1], start="step")
            asked = self._played_from_question
            if tab == "play" and asked is not None and self._game.history \
                    and self._game.history[0].state is asked[2]:  # still the game begun at that question
                found = replace(found, start="quiz", question=(asked[0], asked[1]))
        return share.shared_place(found, self._game, self._scenarios)  # a game, position or scenario

    @property
    def url(self) -> str:
        """The address of the place shown (absolute under Voilà, else relative to the notebook), at the
        address students reach; presenter mode in it only when the teacher asks (``presenter.also``)."""
        here = self.current_place
        presenter = getattr(self, "presenter", None)  # None while the page is being built
        also = here.presenter and presenter is not None and presenter.also.value
        return share.reachable(places.link(self.notebook, places.query(replace(here, presenter=also)),
                                           self.request_url))

    @property
    def student_url(self) -> str:
        """The address of the place shown as the class should open it: without presenter mode."""
        return share.reachable(places.link(self.notebook, places.query(replace(self.current_place, presenter=False)),
                                           self.request_url))

    def position_url(self, position: str) -> str:
        """The address that opens ``position`` (the game's scenario JSON) in this page's Play tab."""
        return share.position_url(self, position)

    @property
    def notebook(self) -> str:
        """The page's notebook (the registry's; a game outside it: its name)."""
        try:
            return games.entry(self.spec.game).notebook
        except KeyError:
            return f"{self.spec.game.replace('-', '_')}.ipynb"

    def moved(self) -> None:
        """The place changed: the link, the address bar and the browser tab follow (one
        widget, so a step of the stepper sends one message for them)."""
        if getattr(self, "live", None) is not None:
            self.live.moved()  # a live lesson's class follows: first, before the link's and the QR code's work
        lang, here = self.language.lang, self.current_place
        url = self.url
        title = t("page_title", lang, game=self.spec.engine.title)
        labels = {key: t(word, lang) for key, word in
                  (("play", "autoplay"), ("pause", "pause"), ("stop", "stop"), ("loop", "loop"),
                   ("step", "step_slider"), ("board", "board"), ("skip", "skip_to_moves"))}
        self.link.value = (
            f"<details class='rt-place-link' ontoggle='window.rtLinkOpen=this.open'><summary><i class='fa fa-link' aria-hidden='true'></i> "
            f"{esc(t('link_here', lang))}</summary>"
            # the whole address, wrapped on as many lines as it takes (a one-line field cut it on a
            # phone) and read-only: select it all and copy it
            f"<textarea readonly class='rt-place-url' rows='3' spellcheck='false'"
            f" aria-label='{esc(t('link_here', lang))}' title='{esc(t('link_here_tip', lang))}'"
            f" onfocus='this.select()'>{esc(url)}</textarea>"
            + copy_button(lang) + share.link_note(here, url, lang) + "</details>"
            + browser_sync(title, lang, places.query(here), labels, a11y=False) + _script(_KEEP_OPEN)
            + (self.keeper.script(places.query(here)) if self.keeper is not None else ""))
        presenter = getattr(self, "presenter", None)  # None while the page is being built
        if presenter is not None:
            presenter.relabel()

    @property
    def play_shell(self) -> GameShell | None:
        """The Play tab's game shell if it has been built (None until then; :attr:`game` builds it)."""
        return self._game

    @property
    def game(self) -> GameShell:
        """The Play tab's game shell (built on first use, with the link's ruleset and seed)."""
        if self._game is None:
            options: dict[str, Any] = {}
            if self.place.ruleset is not None:
                options["ruleset"] = self.place.ruleset
            elif self.language.lang in self.spec.engine.rulesets:  # a French page plays the French rulebook
                options["ruleset"] = self.language.lang
            if self.place.seed is not None:
                options["seed"] = self.place.seed
            self._game = self.spec.make_shell(self.language, **options)
            self._game.seed.observe(lambda ch: self.moved(), "value")
            self._game.ruleset.observe(lambda ch: self.moved(), "value")
            self._game.on_refresh = self.moved  # a move, undo, load: the link follows
            self._game.editor.on_share = lambda text: share.edited_url(self, text)  # the editor's "Share by link"
            self._game.log_html.observe(self.live.table_moved, "value")  # a move: the live class follows
            self._set_tab(1, self._game)
            if self.keeper is not None:
                self.keeper.attach(self._game)  # "New game" forgets the game kept; the game kept, opened
        return self._game

    @property
    def rules(self) -> RulesPanel:
        """The Rules tab's panel (built on first use)."""
        if self._rules is None:
            self._rules = self.spec.make_rules(self.language)
            self._set_tab(2, self._rules)
        return self._rules

    @property
    def quiz(self) -> Any:
        """The Quiz tab's panel (built on first use)."""
        if self._quiz is None:
            from widgets.panels.quiz import QuizPanel

            self._quiz = QuizPanel(self.spec.engine, self.spec.board, self.language)
            # one export for the quiz results and the Scenarios tab's progress
            self._quiz.scenario_progress = lambda: self._scenarios.progress_data() if self._scenarios else {}
            # a question's position, played on in the Play tab (the link says which: from=quiz)
            self._quiz.on_play_here = lambda state: self._play_from_question(self._quiz.seed, self._quiz.index, state)
            self._set_tab(3, self._quiz)
        return self._quiz

    @property
    def scenarios(self) -> Any:
        """The Scenarios tab's panel (built on first use)."""
        if self._scenarios is None:
            from widgets.panels.scenarios import ScenariosPanel

            self._scenarios = ScenariosPanel(self.spec.engine, self.spec.board, self.language)
            self._scenarios.on_draw = self.moved  # another scenario: the link follows
            from widgets.panels.editor import edit_from_scenario  # "Edit this position" on a scenario

            edit_from_scenario(self, self._scenarios)
            self._set_tab(4, self._scenarios)
        return self._scenarios

    def play_from(self, state: Any) -> bool:
        """Open the Play tab on ``state`` (an example's or the lesson's step, a quiz question's position):
        the seats as chosen there, undo back to it."""
        shell = self.game
        ok = shell.load(self.spec.engine.to_json(state))
        self.tabs.selected_index = 1
        return ok

    def _play_from_step(self, state: Any) -> bool:
        """"Play from here" on the example step shown: the link says so (``from=step``)."""
        ok = self.play_from(state)
        ex = self.stepper.example
        shell = self._game
        self._played_from_question = None
        self._played_from = ((ex.id, self.stepper.position, shell.history[0].state)
                             if ok and ex is not None and shell is not None and shell.history else None)
        self.moved()
        return ok

    def _play_from_question(self, seed: int, index: int, state: Any = None) -> bool:
        """"Play from here" on quiz question ``index`` of the set ``seed`` (its position ``state``,
        else the question's, the set made again from its seed): the link says so (``from=quiz``)."""
        if state is None:
            panel = self.quiz
            if panel.seed != seed:
                panel.new_set(seed)  # the same seed makes the same questions
            if not 0 <= index < len(panel.questions):
                return False
            state = self.spec.engine.from_json(panel.questions[index].state)
        ok = self.play_from(state)
        shell = self._game
        self._played_from = None
        self._played_from_question = ((seed, index, shell.history[0].state)
                                      if ok and shell is not None and shell.history else None)
        self.moved()
        return ok

    def _set_tab(self, index: int, panel: Any) -> None:
        children = list(self.tabs.children)
        children[index] = panel
        self.tabs.children = children

    def _open(self, index) -> None:
        """Build the tab just opened (the properties build it on first use)."""
        if index == 1:
            _ = self.game
        elif index == 2:
            _ = self.rules
        elif index == 3:
            _ = self.quiz
        elif index == 4:
            _ = self.scenarios
        self.moved()

    def _relabel(self) -> None:
        lang = self.language.lang
        title = self.spec.engine.title
        self.heading.value = f"<h1 class='rt-title' style='margin:4px 16px 4px 0;font-size:26px'>{esc(title)}</h1>"
        self.back.value = (f"<a class='rt-back-link' href='index.ipynb?lang={esc(lang)}'"
                           f" style='margin-right:16px'>{esc(t('all_games', lang))}</a>")
        for i, key in enumerate(self.TABS):
            self.tabs.set_title(i, t(key, lang))
        if self.problems:
            what = t("list_sep", lang).join(t(p.key, lang, **p.args) for p in self.problems)
            self.notice.value = message("info", t("bad_link", lang, what=what))
        self.moved()


def spec(name: str) -> PageSpec:
    """The page declaration of a registered game (``PAGE`` in its ``entry(name).page`` module)."""
    declared = importlib.import_module(games.entry(name).page).PAGE
    if not isinstance(declared, PageSpec) or declared.game != name:
        raise TypeError(f"{games.entry(name).page}.PAGE must be a PageSpec for {name!r}")
    return declared


def page(name: str, lang: str = "en", query: str | None = None) -> GamePage:
    """The dashboard page of a registered game (what its notebook shows), at the place
    its link names: ``query`` or, under Voilà, the query string of the page's address.

    In a kernel Voilà pre-started (``make class``'s pools) the page is built at its
    default place before any student asks for it, and moves to the place of the
    link it is opened from when the request comes (:meth:`GamePage.go`)."""
    if query is None and request.pending():
        built = spec(name).make_page(lang)
        built.stepper.warm()  # the example the room opens on, every step drawn while the room is empty
        request.when_requested(built.go)
        return built
    if address_from_browser(query):
        return resume.with_sink(spec(name).make_page(lang))  # the place and game kept in the browser, too
    if query is None:  # under Voilà: the page's link, and what this browser kept (a return visit by the bare address)
        query = os.environ.get("QUERY_STRING", "")
        return resume.with_sink(spec(name).make_page(lang, query=query, request_url=os.environ.get("VOILA_REQUEST_URL")),
                                link=query)
    return spec(name).make_page(lang, query=query, request_url=os.environ.get("VOILA_REQUEST_URL"))

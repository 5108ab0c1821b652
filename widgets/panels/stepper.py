"""The example stepper: a rulebook's worked example, one step at a time.

Game-independent.  It needs the game (for ``examples()`` and ``rules``) and
the game's *board* function ``board(view, before, lang, who) -> {section:
html}``, the same the game shell uses: it draws the teacher's view of a step
(``game.view(state, None)``: a worked example shows everything) and
highlights what changed since ``before``, the view of the step before.  The
sections are drawn by :class:`Sections`: a step sends the board to the page as
one message, and only when its HTML changed.

The position is a number: 0 is the example's starting position, ``i`` the
position after its ``i``-th step; stepping back shows exactly that earlier
step again (everything is drawn from the engine's stored states).
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from tutor.core import LESSON, plain_math
from tutor.guide import guide_data
from widgets.panels.common import cite, esc, message, quote_line
from widgets.panels.guide import GuidePanel
from widgets.panels.i18n import Language, colon, t
from widgets.panels.quiz import YourTurn
from widgets.panels.sections import Sections

# board(view, before_view | None, lang, who) -> {section: html}
Board = Callable[[dict, Any, str, Callable[[int], str]], dict]


class ExampleStepper(w.VBox):
    """Step through ``game.examples()``: First, Previous, Next, Last, a slider, autoplay."""

    _pos: int  # the position shown; the slider follows it

    def __init__(self, game, board: Board, language: Language | None = None,
                 example: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("rt-panel")
        self.add_class("rt-stepper")
        self.game = game
        self.board_fn = board
        self._relabelling = False
        self._drawn: dict[tuple, tuple[str, dict, str, str]] = {}  # (example, step, lang) -> its drawing
        self.language = language or Language()
        try:
            self.examples = list(game.course())  # the first lesson, then the examples in order
        except Exception as exc:  # a broken example must not break the page
            self.examples = []
            self._load_error = f"{type(exc).__name__}: {exc}"
        else:
            self._load_error = ""
        self.chooser = w.Dropdown(options=[(ex.title, i) for i, ex in enumerate(self.examples)],
                                  layout=w.Layout(width="46em", max_width="100%"))
        self.chooser.add_class("rt-chooser")
        self.first = w.Button(icon="fast-backward")
        self.prev = w.Button(icon="step-backward")
        self.next = w.Button(icon="step-forward")
        self.last = w.Button(icon="fast-forward")
        for name, b in (("first", self.first), ("previous", self.prev), ("next", self.next), ("last", self.last)):
            b.add_class(f"rt-{name}")
        self.slider = w.IntSlider(min=0, max=0, value=0, continuous_update=False,
                                  layout=w.Layout(width="24em", max_width="100%"))
        self.slider.add_class("rt-slider")
        self.play = w.Play(min=0, max=0, interval=2500)
        self.play.add_class("rt-play")
        w.jslink((self.play, "value"), (self.slider, "value"))
        self.header = w.HTML()
        self.header.add_class("rt-step-header")
        self.board = Sections()
        self.board.add_class("rt-board")
        self.narration = w.HTML()
        self.narration.add_class("rt-step-narration")
        self.outcome = w.HTML()
        self.outcome.add_class("rt-outcome")
        self.first.on_click(lambda _: self.go(0))
        self.prev.on_click(lambda _: self.go(self._pos - 1))

        self.your_turn = YourTurn(self)  # the learner predicts the step before it is shown
        self.next.on_click(lambda _: self.your_turn.next())
        self.last.on_click(lambda _: self.go(self.slider.max))
        self._pos = 0  # the position shown; the slider follows it
        self.slider.observe(self._slid, "value")
        self.chooser.observe(lambda ch: self._choose(ch["new"]), "value")
        self.language.observe(lambda ch: self._relabel(), "lang")
        # "Play from here" opens the Play tab on the step shown (the page sets on_play_here)
        self.on_play_here: Any = None
        self.play_here = w.Button(icon="play-circle", layout=w.Layout(width="auto", display="none"))
        self.play_here.add_class("rt-play-here")
        self.play_here.on_click(lambda _: self.on_play_here and self.on_play_here(self.state_at(self._pos)))
        self.nav = w.HBox([self.first, self.prev, self.next, self.last, self.slider, self.play,
                           self.your_turn.switch, self.play_here], layout=w.Layout(flex_flow="row wrap"))
        self.nav.add_class("rt-nav")
        # On a wide screen (widgets/common.py) the board is on the left and the
        # buttons, the step, Your turn's question and the narration beside it.
        # the first entry of the chooser is the guided first game when the game has one (tutor.guide)
        self.guide: GuidePanel | None = None
        self.guide_box = w.VBox()
        self.guide_box.add_class("rt-guide-box")
        self.children = [self.chooser, self.guide_box, self.nav, self.header, self.board, self.your_turn,
                         self.narration, self.outcome]
        self._relabel(draw=False)
        if not self.examples:
            self.header.value = message("info", t("no_examples", self.lang)
                                        + (f" ({self._load_error})" if self._load_error else ""))
            return
        index = 0
        if example is not None:
            ids = [ex.id for ex in self.examples]
            index = ids.index(example) if example in ids else 0
        self.chooser.value = index
        self._choose(index)

    # ---------------------------------------------------------------- state
    @property
    def lang(self) -> str:
        return self.language.lang

    @property
    def example(self):
        return self.examples[self.chooser.value] if self.examples else None

    @property
    def position(self) -> int:
        return self._pos

    def state_at(self, i: int):
        ex = self.example
        return ex.start if i == 0 else ex.steps[i - 1].after

    def view(self, state) -> dict:
        """The teacher's view of a step's position: a worked example shows everything."""
        return self.game.view(state, None)

    def who(self, player: int) -> str:
        """A seat named as the engine's narration names it (``game.seat_name``)."""
        try:
            return self.game.seat_name(self.example.start, player, self.lang)
        except Exception:  # noqa: BLE001 - a name never breaks the page
            return t("player_n", self.lang, n=player + 1)

    def go(self, i: int) -> None:
        """Show position ``i`` (clamped to the example).

        The step is drawn first and the slider follows, so the page's first
        update after a click is the step itself."""
        i = max(0, min(self.slider.max, i))
        if i != self._pos:
            self._pos = i
            self._draw()
            self.slider.value = i

    # -------------------------------------------------------------- drawing
    def _choose(self, index) -> None:
        if self._relabelling or index is None:
            return
        ex = self.examples[index]
        self._show_guide(ex.id == LESSON and bool(guide_data(self.game)), index)
        n = len(ex.steps)
        self.play.max = n
        self.slider.max = n
        self._pos = 0
        self._draw()
        self.slider.value = 0

    def _show_guide(self, on: bool, index: int) -> None:
        """The guided first game in place of the stepping (on), or the stepping back."""
        if on and self.guide is None:
            def onward() -> None:
                self.chooser.value = min(index + 1, len(self.examples) - 1)

            self.guide = GuidePanel(self.game, self.board_fn, Sections(), self.language, on_done=onward)
        self.guide_box.children = (self.guide,) if on and self.guide is not None else ()
        # the stepping's parts leave the page while the guide is shown (a changed list of children
        # reaches every front end alike; a layout's display set back to none did not in the static site)
        stepping = [self.nav, self.header, self.board, self.your_turn, self.narration, self.outcome]
        children = [self.chooser, self.guide_box] + ([] if on else stepping)
        if list(self.children) != children:
            self.children = children

    def _relabel(self, draw: bool = True) -> None:
        lang = self.lang
        self.chooser.description = t("example", lang)
        titles = [(self.game.example_text(ex, lang)["title"], i) for i, ex in enumerate(self.examples)]
        if titles != list(self.chooser.options):
            # Relabel without changing the example or the step shown.
            keep, pos = self.chooser.value, self._pos
            self._relabelling = True
            try:
                self.chooser.options = titles
                self.chooser.value = keep
            finally:
                self._relabelling = False
            self._pos = pos
        for key, b in (("first", self.first), ("previous", self.prev), ("next", self.next), ("last", self.last)):
            b.description = t(key, lang)
            b.tooltip = t(key, lang)
        self.your_turn.relabel()
        self.play.description = t("autoplay", lang)
        self.play.tooltip = t("autoplay", lang)
        self.play_here.description = t("play_here", lang)
        if draw and self.examples:
            self._draw()

    def _slid(self, change) -> None:
        if change["new"] != self._pos:
            self._pos = change["new"]
            self._draw()

    def _draw(self) -> None:
        ex = self.example
        if ex is None:
            return
        i, n = self._pos, len(ex.steps)
        header, sections, narration, outcome = self._drawing(i)
        self.header.value = header
        self.first.disabled = self.prev.disabled = i == 0
        self.next.disabled = self.last.disabled = i == n
        self.board.show(sections)
        self.narration.value = narration
        self.outcome.value = outcome

    DRAWINGS = 240  # steps' drawings kept (a few kB each)

    def _drawing(self, i: int) -> tuple[str, dict, str, str]:
        """Position ``i`` of the example shown, drawn in the page's language: its header, board
        sections, narration and outcome.  An example's steps are the engine's stored
        states, so a step drawn once is kept and shown again without drawing it."""
        key = (self.chooser.value, i, self.lang)
        drawn = self._drawn.get(key)
        if drawn is None:
            if len(self._drawn) >= self.DRAWINGS:
                self._drawn.pop(next(iter(self._drawn)))
            drawn = self._drawn[key] = self._draw_step(i, self.lang)
        return drawn

    def warm(self) -> int:
        """Draw every step of the example shown, in the page's language, before anyone
        asks for them: a pre-started kernel does it while it waits for its student
        (:func:`widgets.page.page`), so stepping through the example the room opens on
        costs a click no drawing.  Returns the steps drawn."""
        ex = self.example
        if ex is None:
            return 0
        for i in range(len(ex.steps) + 1):
            self._drawing(i)
        return len(ex.steps) + 1

    def _draw_step(self, i: int, lang: str) -> tuple[str, dict, str, str]:
        return draw_step(self.game, self.board_fn, self.example, i, lang)


def draw_step(game, board: Board, ex, i: int, lang: str) -> tuple[str, dict, str, str]:
    """Position ``i`` of the example ``ex`` of ``game`` drawn in ``lang``: its header, board sections
    (``board`` draws them, as :class:`ExampleStepper` does), narration and outcome, each HTML.  The
    stepper shows these; the static site draws every step with it before any Python starts in the
    page (:mod:`widgets.site.reader`)."""
    n = len(ex.steps)
    texts = game.example_text(ex, lang)

    def who(player: int) -> str:
        """A seat named as the engine's narration names it (``game.seat_name``)."""
        try:
            return game.seat_name(ex.start, player, lang)
        except Exception:  # noqa: BLE001 - a name never breaks the page
            return t("player_n", lang, n=player + 1)

    # a card of the first lesson is read before the board is looked at: above it
    card = texts["steps"][i - 1] if ex.id == LESSON and i > 0 else ""
    header = (
        f"<h3 class='rt-step-title'>{esc(texts['title'])}</h3>"
        f"<div class='rt-step-count'><b>{esc(t('step_of', lang, i=i, n=n))}</b>"
        f" <span class='rt-src'>— {esc(t('changed', lang))}</span></div>"
        + (f"<div class='rt-lesson-card' style='font-size:1.1em;margin:6px 0;padding:8px 12px;"
           f"border-left:5px solid #1565c0;background:#e3f2fd;color:#0d2a4a'>{esc(card)}</div>" if card else "")
    )
    if i == 0:
        sections = board(game.view(ex.start, None), None, lang, who)
        src = ex.source
        said = game.source_translation(ex, lang)  # the quote in the page's language, beside it
        # the example in the page's language first, the rulebook's own sentence under it (its
        # rulebook named, not its file: file names are for the Rules tab)
        book = t(f"ruleset_{src.lang}", lang) if src.lang in ("it", "fr") else src.lang
        narration = (
            f"<div class='rt-narration'><b>{esc(t('start_position', lang))}.</b></div>"
            + (f"<div class='rt-translation' lang='{esc(lang)}'>{esc(said)}</div>" if said else "")
            + quote_line(plain_math(src.text), src.lang, book)
            + (f"<div class='rt-src'>{esc(texts['note'])}</div>" if ex.note else "")
        )
    else:
        step = ex.steps[i - 1]
        after = game.view(step.after, None)  # the teacher's view: a worked example shows everything
        trace = game.trace(step.events)  # the paths the step's pieces took, from its events
        if trace is not None:
            after = {**after, "trace": trace}
        sections = board(after, game.view(step.before, None), lang, who)
        narration = _narrate(game, ex, i - 1, lang)
    outcome = message("ok", f"{t('outcome', lang)}{colon(lang)} {texts['outcome']}") if i == n else ""
    return header, sections, narration, outcome


def _narrate(game, ex, index: int, lang: str) -> str:
    """Step ``index`` of ``ex``: its action, the narration in ``lang``, the engine's events and the rules cited."""
    step = ex.steps[index]
    parts = []
    if step.action is not None:
        parts.append(f"<div class='rt-action'><b>▶ {esc(game.action_text(step.action, lang))}</b></div>")
    if ex.id != LESSON:  # a lesson card's words are in the header, above the board
        parts.append(f"<div class='rt-narration'>{esc(game.example_text(ex, lang)['steps'][index])}</div>")
    if step.illegal:
        parts.append(message("error", t("illegal_step", lang)))
    events = [e for e in step.events if e.text]
    if events:
        parts.append("<ul class='rt-events'>"
                     + "".join(f"<li>{esc(game.message(e, lang))}</li>" for e in events) + "</ul>")
    rules = list(dict.fromkeys(list(step.rules) + ([step.illegal] if step.illegal else [])))
    parts.extend(cite(game, r, lang, brief=True) for r in rules)
    return "".join(parts)

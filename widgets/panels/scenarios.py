"""The Scenarios tab: positions with a goal the engine checks, played against the scenario's replies.

Pick a scenario (filtered by the rule it teaches and its difficulty), play the
learner's seat with the legal moves as buttons, the replies come from the
scenario (:class:`tutor.scenarios.Session`); the verdict ("solved", "not yet")
is the engine's (``Scenario.solved``), with the engine's narration of what
happened and the rule cited.  Hint asks :func:`tutor.hints.hint`; the solution
is stepped move by move with the engine's narration.  Progress (solved,
attempts) is kept per scenario for the session.  A teacher's scenario file
(pasted or uploaded, the schema :func:`tutor.scenarios.load` reads) adds its
scenarios to the list, marked as the teacher's; a bad one (checked as the
shipped ones are: :func:`tutor.scenarios.verify`) shows the engine's
ScenarioError (naming the field, in the page's language) and changes nothing.
No callback raises: one that fails says so and puts the list, the choice and
the attempt back as they were (:func:`guarded`).  Nothing here decides a rule.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import ipywidgets as w

from tutor import hints, scenarios
from tutor.core import IllegalAction, ScenarioError, ScenarioReader
from widgets.panels.common import cite, esc, message, uploaded_bytes
from widgets.panels.i18n import Language, add_strings, t
from widgets.panels.sections import Sections

__all__ = ["SHOWN_MOVES", "ScenariosPanel", "few_moves"]

#: moves offered as buttons (the rest in a list under them): Fire Bulls offers ~20-40 moves, Formula E
#: up to ~70, a button each pushed the board two screens down a phone and past a projector's fold
SHOWN_MOVES = 6

add_strings({"scn_more": ("Other moves ({n})", "Altre mosse ({n})", "Autres coups ({n})")})


def few_moves(actions: list, kind: Callable[[Any], str], n: int = SHOWN_MOVES) -> tuple[list, list]:
    """``actions`` split into the ``n`` shown as buttons and the rest (listed), each in the engine's
    order: one of each kind in turn (``kind``: the game's ``move_kind``, e.g. take, draw, attack), so
    every kind of move has a button; all of them when they are at most ``n + 2`` (a list of one or
    two is no shorter)."""
    if len(actions) <= n + 2:
        return list(actions), []
    kinds: dict[str, list[int]] = {}
    for i, a in enumerate(actions):
        kinds.setdefault(kind(a), []).append(i)
    picked: list[int] = []
    queues = list(kinds.values())
    while len(picked) < n and any(queues):
        for q in queues:
            if q and len(picked) < n:
                picked.append(q.pop(0))
    chosen = set(picked)
    return ([a for i, a in enumerate(actions) if i in chosen],
            [a for i, a in enumerate(actions) if i not in chosen])


def guarded(where: str = "verdict") -> Callable[[Callable], Callable]:
    """A panel callback that never raises: whatever it fails with puts the attempt, the list and the choice
    back as they were and says so in the page's language in the panel's ``where`` (the engine's words when
    it refused something).  Only the outermost callback guards: one it calls fails with it as a whole."""

    def wrap(method: Callable) -> Callable:
        def call(self: "ScenariosPanel", *args: Any, **kwargs: Any) -> Any:
            if self._guarding:
                return method(self, *args, **kwargs)
            self._guarding = True
            kept = self._snapshot()
            try:
                return method(self, *args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - never a traceback in the page
                self._restore(kept)
                getattr(self, where).value = message("error", self._failure(exc))
                return False
            finally:
                self._guarding = False

        call.__name__, call.__qualname__, call.__doc__ = method.__name__, method.__qualname__, method.__doc__
        return call

    return wrap


class ScenariosPanel(w.VBox):
    """The game's scenario library, played one at a time with the engine's verdict."""

    def __init__(self, game: Any, board: Callable, language: Language | None = None):
        super().__init__()
        self._guarding = False  # a guarded callback is running (see ``guarded``)
        self.add_class("rt-panel")
        self.add_class("rt-scenarios")
        self.game = game
        self.board_fn = board
        self.language = language or Language()
        self.library = scenarios.library(game.name)
        self.solved: set[str] = set()
        self.attempts: dict[str, int] = {}
        self.session: scenarios.Session | None = None
        self.solution_step: int | None = None
        self.rule_pick = w.Dropdown(layout=w.Layout(width="auto", max_width="100%"))
        self.rule_pick.add_class("rt-scn-rule")
        self.level_pick = w.Dropdown(layout=w.Layout(width="auto"))
        self.level_pick.add_class("rt-scn-level")
        self.pick = w.Dropdown(layout=w.Layout(width="auto", max_width="100%"))
        self.pick.add_class("rt-scn-pick")
        self.progress = w.HTML()
        self.progress.add_class("rt-scn-progress")
        self.goal = w.HTML()
        self.goal.add_class("rt-scn-goal")
        self.board = Sections()
        self.board.add_class("rt-board")
        self.moves = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.moves.add_class("rt-scn-moves")
        # the moves past the buttons in one list, played with the button beside it
        self.more = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="100%"))
        self.more.add_class("rt-scn-more")
        self.more.style.description_width = "initial"
        self.more_play = w.Button(icon="check", layout=w.Layout(width="auto"))
        self.more_play.add_class("rt-scn-more-play")
        self.more_play.on_click(lambda _: self.more.value is not None and self.play(self.more.value))
        # nothing is played before a line is chosen: the button says so by being off until then
        self.more.observe(lambda ch: setattr(self.more_play, "disabled", ch["new"] is None), "value")
        self.more_row = w.HBox([self.more, self.more_play], layout=w.Layout(flex_flow="row wrap",
                                                                            align_items="center"))
        self.more_row.add_class("rt-scn-more-row")
        self.verdict = w.HTML()
        self.verdict.add_class("rt-scn-verdict")
        self.hint_button = w.Button(icon="lightbulb-o", layout=w.Layout(width="auto"))
        self.hint_button.add_class("rt-scn-hint")
        self.hint_button.on_click(lambda _: self.hint())
        self.hint_text = w.HTML()
        self.hint_text.add_class("rt-scn-hint-text")
        self.reset_button = w.Button(icon="refresh", layout=w.Layout(width="auto"))
        self.reset_button.add_class("rt-scn-reset")
        self.reset_button.on_click(lambda _: self.reset())
        self.solution_button = w.Button(icon="eye", layout=w.Layout(width="auto"))
        self.solution_button.add_class("rt-scn-solution")
        self.solution_button.on_click(lambda _: self.show_solution())
        # a teacher's scenario file, pasted or uploaded, adds its scenarios to the list
        self.teacher_ids: set[str] = set()
        self.on_draw: Callable[[], None] = lambda: None  # told after each redraw (the page's link follows)
        self.file_text = w.Textarea(layout=w.Layout(width="46em", max_width="100%", height="7em"))
        self.file_text.add_class("rt-scn-file")
        self.open_button = w.Button(icon="folder-open", layout=w.Layout(width="auto"))
        self.open_button.add_class("rt-scn-open")
        self.open_button.on_click(lambda _: self.open_file(self.file_text.value))
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("rt-scn-upload")
        self.upload.observe(self._uploaded, "value")
        self.file_msg = w.HTML()
        self.file_msg.add_class("rt-scn-file-message")
        self.files = w.Accordion(children=[w.VBox([
            w.HBox([self.open_button, self.upload], layout=w.Layout(flex_flow="row wrap")),
            self.file_msg, self.file_text])])
        self.files.add_class("rt-scn-files")
        self._filling = False
        for d in (self.rule_pick, self.level_pick):
            d.observe(lambda _: self._filter(), "value")
        self.pick.observe(lambda ch: self._chosen(ch["new"]), "value")
        # the progress, the filters and the chooser on one wrapping line; at a projector's width
        # the board on the left and the goal, the moves, the buttons and the verdict beside it (CSS in
        # widgets/common.py), so the goal and the first moves are on screen without scrolling
        chooser = w.HBox([self.progress, self.rule_pick, self.level_pick, self.pick],
                         layout=w.Layout(flex_flow="row wrap", align_items="center"))
        chooser.add_class("rt-scn-chooser")
        tools = w.HBox([self.hint_button, self.reset_button, self.solution_button],
                       layout=w.Layout(flex_flow="row wrap"))
        tools.add_class("rt-scn-tools")
        self.children = [chooser, self.goal, self.board, self.moves, self.more_row, tools, self.hint_text,
                         self.verdict, self.files]
        self.language.observe(lambda _: self._relanguage(), "lang")
        self._relanguage()

    @property
    def lang(self) -> str:
        return self.language.lang

    @property
    def scenario(self) -> scenarios.Scenario | None:
        return self.session.scenario if self.session else None

    def _snapshot(self) -> tuple:
        s = self.session
        kept = None if s is None else (s, s.state, s.first, s.moves, s.replied, list(s.events), list(s.played))
        return (kept, list(self.library), set(self.teacher_ids), dict(self.attempts), set(self.solved),
                self.solution_step, self.pick.value, self.rule_pick.value, self.level_pick.value)

    def _restore(self, kept: tuple) -> None:
        """The panel as :meth:`_snapshot` found it (a callback that failed changes nothing)."""
        session, library, teacher, attempts, solved, step, pick, rule, level = kept
        self.library[:] = library
        self.teacher_ids, self.solution_step = teacher, step
        self.session = None if session is None else session[0]
        if session is not None:
            s = session[0]
            s.state, s.first, s.moves, s.replied, s.events, s.played = session[1:]
        try:
            self._filling = True
            for box, value in ((self.rule_pick, rule), (self.level_pick, level)):
                if value in [v for _, v in box.options]:
                    box.value = value
            self._filling = False
            self._relanguage()
            self._filling = True
            if pick in [v for _, v in self.pick.options]:
                self.pick.value = pick
        except Exception:  # noqa: BLE001 - the page keeps going even if redrawing the old choice fails
            pass
        finally:
            self._filling = False
        self.session = None if session is None else session[0]
        self.attempts, self.solved, self.solution_step = attempts, solved, step
        try:
            self._draw()
        except Exception:  # noqa: BLE001
            pass

    def _failure(self, exc: Exception) -> str:
        """What a failed callback says, in the page's language."""
        lang = self.lang
        if isinstance(exc, ScenarioError):
            return t("bad_scenario", lang, msg=scenarios.explain(self.game, exc, lang))
        if isinstance(exc, IllegalAction):
            return t("illegal", lang, msg=self.game.message(exc, lang)) + " " + t("nothing_changed", lang)
        return t("bad_scenario", lang, msg=type(exc).__name__)

    # ---------------------------------------------------------------- choosing
    @guarded("verdict")
    def _relanguage(self) -> None:
        lang = self.lang
        self._filling = True
        rules = sorted({s.rule for s in self.library if s.rule})  # a teacher's may teach no rule
        self.rule_pick.description = t("scn_rule", lang)
        self.level_pick.description = t("scn_level", lang)
        self.pick.description = t("scn_pick", lang)
        rule_value, level_value = self.rule_pick.value, self.level_pick.value
        self.rule_pick.options = [(t("scn_any", lang), "")] + [
            (self.game.rules[r].wording(lang)[0] if r in self.game.rules else r, r) for r in rules]
        self.rule_pick.value = rule_value if rule_value in rules else ""
        levels = sorted({s.difficulty for s in self.library})
        self.level_pick.options = [(t("scn_any", lang), 0)] + [(str(d), d) for d in levels]
        self.level_pick.value = level_value if level_value in levels else 0
        self._filling = False
        self._filter()
        self.hint_button.description = t("hint", lang)
        self.more_play.description = t("guide_play_this", lang)
        self.reset_button.description = t("scn_reset", lang)
        self.solution_button.description = t("scn_solution", lang) if self.solution_step is None else t("scn_step", lang)
        self.open_button.description = t("scn_open", lang)
        self.upload.description = t("upload", lang)
        self.file_text.placeholder = t("scn_open_tip", lang)
        self.files.set_title(0, t("scn_teacher_file", lang))

    def shown(self) -> list[scenarios.Scenario]:
        """The scenarios the filters let through."""
        return [s for s in self.library if (not self.rule_pick.value or s.rule == self.rule_pick.value)
                and (not self.level_pick.value or s.difficulty == self.level_pick.value)]

    @guarded("verdict")
    def _filter(self) -> None:
        if self._filling:
            return
        shown = self.shown()
        current = self.scenario.id if self.scenario else None
        self._filling = True
        self.pick.options = [(("✓ " if s.id in self.solved else "") + self._title(s), s.id) for s in shown]
        self._filling = False
        ids = [s.id for s in shown]
        if current in ids:
            self.pick.value = current
            self._draw()
        elif ids:
            self.pick.value = ids[0]
            self._chosen(ids[0])
        else:
            self.session = None
            self._draw()

    def _title(self, sc: scenarios.Scenario) -> str:
        title = sc.title(self.game, self.lang)
        return t("scn_teacher_mark", self.lang, title=title) if sc.id in self.teacher_ids else title

    @guarded("verdict")
    def _chosen(self, sid: Any) -> None:
        if self._filling or sid is None:
            return
        if self.scenario is not None and self.scenario.id == sid:
            return
        self.choose(sid)

    @guarded("verdict")
    def choose(self, sid: str) -> None:
        """Open scenario ``sid`` at its start (one attempt begins)."""
        sc = next(s for s in self.library if s.id == sid)
        self.session = scenarios.Session(self.game, sc)
        self.attempts[sid] = self.attempts.get(sid, 0) + 1
        self.solution_step = None
        self.hint_text.value = ""
        self.verdict.value = ""
        if self.pick.value != sid:
            self._filling = True
            self.pick.value = sid
            self._filling = False
        self._draw()

    # ---------------------------------------------------------------- a teacher's file
    @guarded("file_msg")
    def open_file(self, text: str | bytes) -> bool:
        """Add a teacher's scenario file's scenarios to the list (marked as the teacher's) and open the first.

        The file is read by :func:`tutor.scenarios.load` (its solutions replayed, its goals checked);
        a bad one is explained (the field named) and nothing changes.  A scenario already in the list
        is not added twice; one whose id is taken gets the next free ``id-2``, ``id-3``...
        """
        lang = self.lang
        try:
            found = scenarios.load(self.game, text)
            if not found:
                raise ScenarioReader.error_at("scenarios", "is empty")
        except Exception as exc:  # noqa: BLE001 - never a traceback in the page
            self.file_msg.value = message("error", self._failure(exc))
            return False
        ids = {s.id for s in self.library}
        opened: list[str] = []
        added = 0
        for sc in found:
            same = next((s for s in self.library if s.id in self.teacher_ids
                         and dataclasses.replace(sc, id=s.id) == s), None)
            if same is not None:  # the same file opened again
                opened.append(same.id)
                continue
            sid, k = sc.id, 1
            while sid in ids:
                k += 1
                sid = f"{sc.id}-{k}"
            self.library.append(dataclasses.replace(sc, id=sid))
            self.teacher_ids.add(sid)
            ids.add(sid)
            opened.append(sid)
            added += 1
        self._filling = True
        self.rule_pick.value, self.level_pick.value = "", 0  # the teacher's scenarios all shown
        self._filling = False
        self._relanguage()
        self.choose(opened[0])
        assert self.scenario is not None
        self.file_msg.value = message("ok", t("scn_opened", lang, n=added, title=self._title(self.scenario)))
        return True

    @guarded("file_msg")
    def _uploaded(self, change: Any) -> None:
        data = uploaded_bytes(change)
        if data is not None:
            self.open_file(data)

    # ---------------------------------------------------------------- playing
    @guarded("verdict")
    def play(self, action: Any) -> None:
        """The learner's move; the replies follow, then the engine's verdict."""
        s = self.session
        if s is None or self.solution_step is not None:
            return
        lang = self.lang
        try:
            events = s.play(action)
        except IllegalAction as exc:
            self.verdict.value = message("error", self.game.message(exc, lang))
            return
        self.hint_text.value = ""
        said = " ".join(self.game.message(e, lang) for e in events)
        rule = next((e.rule for e in events if e.rule in self.game.rules), s.scenario.rule)
        if s.solved:
            self.solved.add(s.scenario.id)
            head = message("ok", t("scn_solved", lang))
        elif s.failed:
            head = message("error", t("scn_not_yet", lang))
        else:
            head = ""
        self.verdict.value = (head + f"<div class='rt-narration'>{esc(said)}</div>"
                              + cite(self.game, rule, lang, brief=True))
        self._draw(verdict=False)

    @guarded("verdict")
    def replay(self, moves: list[str]) -> bool:
        """The learner's moves made again on the scenario open (a link carries them), each through the
        engine with its replies; a move refused puts the attempt back at its start and the verdict says why."""
        s = self.session
        if s is None or self.solution_step is not None:
            return False
        for text in moves:
            before = s.moves
            self.play(text)
            if s.moves == before:  # refused: the verdict says so
                said = self.verdict.value
                s.reset()
                self._draw(verdict=False)
                self.verdict.value = said
                return False
        return True

    @guarded("verdict")
    def reset(self) -> None:
        """The scenario from its start again (a new attempt)."""
        if self.scenario is not None:
            self.choose(self.scenario.id)

    @guarded("verdict")
    def hint(self) -> None:
        s = self.session
        if s is None or s.solved or s.failed or self.game.current_player(s.state) != s.scenario.seat:
            return
        h = hints.hint(self.game, s.state, s.scenario.seat, self.lang)
        self.hint_text.value = (f"<div class='rt-narration'>{esc(h.sentence)}</div>"
                                + cite(self.game, h.rule, self.lang, brief=True))

    @guarded("verdict")
    def show_solution(self) -> None:
        """The solution stepped: the first click goes back to the start, each next one plays one move."""
        sc = self.scenario
        if sc is None:
            return
        lang = self.lang
        if self.solution_step is None:
            self.session = scenarios.Session(self.game, sc)
            self.session.state = sc.start(self.game)
            self.solution_step = 0
            self.verdict.value = ""
        elif self.solution_step < len(sc.solution):
            s = self.session
            assert s is not None
            text = sc.solution[self.solution_step]
            action = self.game.parse_action(s.state, text)
            label = self.game.action_text(action, lang)
            s.state, events = self.game.apply_explained(s.state, action)
            self.solution_step += 1
            said = " ".join(self.game.message(e, lang) for e in events)
            rule = next((e.rule for e in events if e.rule in self.game.rules), sc.rule)
            done = message("ok", t("scn_solved", lang)) if sc.solved(self.game, s.state) else ""
            self.verdict.value = (done + f"<div class='rt-narration'><b>{esc(label)}</b>"
                                  f" — {esc(said)}</div>" + cite(self.game, rule, lang, brief=True))
        self.solution_button.description = t("scn_step", lang)
        self.solution_button.disabled = self.solution_step >= len(sc.solution)
        self._draw(verdict=False)

    def progress_data(self) -> dict:
        """The progress as data (exported with the quiz results): the solved ids and the attempts per id;
        once a teacher's file was opened, ``teacher`` lists the ids that are the teacher's (not shipped)."""
        data = {"game": self.game.name, "solved": sorted(self.solved),
                "attempts": {sid: n for sid, n in sorted(self.attempts.items())}}
        if self.teacher_ids:
            data["teacher"] = sorted(self.teacher_ids)
        return data

    # ---------------------------------------------------------------- drawing
    def _draw(self, verdict: bool = True) -> None:
        lang = self.lang
        n = len(self.library)
        tried = sum(self.attempts.values())
        self.progress.value = (f"<b class='rt-scn-count' data-solved='{len(self.solved)}' data-attempts='{tried}'>"
                               f"{esc(t('scn_progress', lang, solved=len(self.solved), n=n, attempts=tried))}</b>")
        self.on_draw()
        s = self.session
        if s is None:
            self.goal.value = message("info", t("scn_none", lang))
            self.board.show({})
            self._offer([])
            return
        sc = s.scenario
        if self.solution_step is None:
            self.solution_button.description = t("scn_solution", lang)
            self.solution_button.disabled = False
        seat = t("player_n", lang, n=sc.seat + 1)
        kind = scenarios.goal_kinds(self.game).get(sc.goal.kind)
        # a goal with a time of its own ("this turn", "within n turns") counts the moves played, not a budget
        used = (t("scn_moves_played", lang, used=s.moves) if kind is not None and kind.expired
                else t("scn_moves", lang, used=s.moves, moves=sc.goal.moves))
        self.goal.value = (f"<div class='rt-narration'><b>{esc(t('scn_goal', lang, goal=sc.goal_text(lang, self.game)))}"
                           f"</b></div><div class='rt-src'>{esc(t('scn_you', lang, seat=seat))} {esc(used)}</div>"
                           + cite(self.game, sc.rule, lang, brief=True))
        self.board.show(self.board_fn(self.game.view(s.state, sc.seat), None, lang,
                                      lambda p: t("player_n", lang, n=p + 1)))
        legal = []
        if self.solution_step is None and not (s.solved or s.failed) \
                and self.game.current_player(s.state) == sc.seat:
            legal = list(self.game.legal_actions(s.state))
        self._offer(legal)
        self.hint_button.disabled = not legal

    def _offer(self, legal: list) -> None:
        """The learner's moves: a few as buttons (:func:`few_moves`), the others in the list."""
        lang = self.lang
        shown, rest = few_moves(legal, self.game.move_kind)
        buttons = []
        for i, action in enumerate(shown):
            text = self.game.action_text(action, lang)
            b = w.Button(description=text, tooltip=text, layout=w.Layout(width="auto", max_width="100%"))
            b.add_class("rt-scn-move")
            b.add_class(f"rt-scn-move-{i}")
            b.on_click(lambda _, a=action: self.play(a))
            buttons.append(b)
        self.moves.children = buttons
        self.more.options = [(self.game.action_text(a, lang), a) for a in rest]
        self.more.index = None  # no line chosen (ipywidgets keeps the old index when the options change)
        self.more_play.disabled = True
        self.more.description = t("scn_more", lang, n=len(rest))
        self.more_row.layout.display = None if rest else "none"

"""The game shell: new game, seats, moves, bots, undo/redo, save/load, the end.

Game-independent.  It draws only views: it decides who is looking (the
*viewer*), asks ``game.view(state, viewer)`` and hands that to the game's
panels, declared in its :class:`widgets.page.PageSpec`:

* ``board(view, before, lang, who) -> {section: html}``: draws a view;
  ``before`` is the view of the previous position (to highlight changes) or
  None; ``who(player)`` names a seat as the narration does (``game.seat_name``: "Player 2");
* optionally a ``controls`` class: built with the shell, ``refresh(view,
  actions, lang)`` offers ``actions`` (the legal ones, or none when no person
  may move now) and calls ``shell.play(action)``; without one the shell lists
  the actions in a chooser (the generic controls are in :mod:`widgets.panels.controls`);
* optionally ``breakdown(game, view, lang, who) -> widgets.panels.endgame.frame(rows)`` for the
  end, from the teacher's view.

Two keys the engine gives go into the view the board draws, when there is
something in them: ``trace``, ``game.trace`` of the events since a person last
decided (the paths pieces took), and ``preview``, ``game.preview`` of a move a
person has chosen (:meth:`GameShell.choose`) but not yet confirmed.

Who looks: the teacher (``None``: everything) when only bots play or the
"show everything" toggle is on; in a game against bots, the person's seat; in
hotseat, the seat that decides now (``game.current_player``), whose hand stays
hidden until they press "show my hand".  This is the one place hands are
hidden, for every game.

The game in progress is a :class:`tutor.table.Table` (the start, the moves, the position shown,
the seats, whose view, the bots' pace): the shell draws it, and keeps only what belongs to the
screen (the widgets, the bots' timer, a move chosen but not confirmed).  No rule is decided
here: every move goes through ``game.apply_explained``; an ``IllegalAction`` is shown with its
rule cited and the table stays as it was.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from typing import Any, Callable, Sequence

import ipywidgets as w

from tutor import IllegalAction, ScenarioError, bots
from tutor.core import Game
from tutor.table import MAX_BOT_ACTIONS, PERSON, SPEEDS, Entry, Table
from widgets.panels.common import cite, esc, message, uploaded_bytes
from widgets.panels.controls import ChoiceControls
from widgets.panels.endgame import score_chart
from widgets.panels.i18n import Language, t
from widgets.panels.sections import Sections
from widgets.panels.tables import labelled_table

END_BATCH = 0.2  # "to the end": seconds of bot moves between two redraws


def _kernel_loop():
    """The event loop of the IPython kernel we run in, or None (tests, scripts)."""
    try:
        from ipykernel.kernelapp import IPKernelApp
    except ImportError:
        return None
    if not IPKernelApp.initialized():
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


WARM_DELAY = 0.5  # seconds after the Play tab is built before the game's caches are filled (its first paint first)
_WARMING: dict[str, threading.Thread] = {}


def warm_up(game) -> threading.Thread | None:
    """Fill the game's caches (``game.warm``: Kamikaze's coach solves its base game) once per
    game, in a daemon thread, so the first hint is quick; the kernel keeps answering meanwhile.

    Returns the thread (None when the game has nothing to warm).  In a kernel the
    thread starts :data:`WARM_DELAY` seconds later, after the Play tab's first paint."""
    if type(game).warm is Game.warm or sys.platform == "emscripten":  # the static site's Python has no threads:
        return None  # there the first hint fills the caches itself
    name = getattr(game, "name", str(id(game)))
    thread = _WARMING.get(name)
    if thread is not None:
        return thread

    def run() -> None:
        try:
            game.warm()
        except Exception:  # noqa: BLE001 - a cache not filled only makes the first hint slower
            pass

    thread = threading.Thread(target=run, name=f"warm-{name}", daemon=True)
    _WARMING[name] = thread
    loop = _kernel_loop()
    if loop is None:
        thread.start()
    else:
        loop.call_later(WARM_DELAY, thread.start)
    return thread


def ruleset_name(game, ruleset: str, lang: str) -> str:
    """A ruleset's name: the game's catalog (``names/<lang>/rulesets``), else the page's
    words, else the English name the game's ``info`` gives."""
    name = game.catalog.name("rulesets", ruleset, lang)
    if name != ruleset:
        return name
    key = f"ruleset_{ruleset}"
    name = t(key, lang)
    return name if name != key else dict(game.info.ruleset_names).get(ruleset, ruleset)


class SeatChoices:
    """Extra setup widgets: one chooser per seat whose values go to ``game.new_game``.

    ``option`` is the keyword of ``new_game`` (its value: a list, one choice per
    seat) and the key of the teacher's view that tells them back after a
    scenario is loaded; ``names(game, choice, lang)`` words a choice; ``label``
    is the i18n key of the chooser's label (with ``{n}``, the seat number);
    ``defaults`` the choice of each seat at first (repeated when shorter).
    Kamikaze Attack's decks per seat are one.
    """

    def __init__(self, option: str, choices: Sequence[str], names: Callable[[Any, str, str], str],
                 label: str, defaults: Sequence[str] = ()):
        self.option = option
        self.choices = list(choices)
        self.names = names
        self.label = label
        self.defaults = list(defaults) or self.choices[:1]
        self.shell: GameShell | None = None  # set on the copy :meth:`build` binds to a shell
        self.boxes: list[w.Dropdown] = []
        self.widget = w.HBox()

    def build(self, shell: "GameShell") -> "SeatChoices":
        """A fresh copy bound to ``shell`` (a page spec holds the template)."""
        bound = SeatChoices(self.option, self.choices, self.names, self.label, self.defaults)
        bound.shell = shell
        for i in range(shell.game.max_players):
            box = w.Dropdown(options=bound.choices, value=bound.defaults[i % len(bound.defaults)],
                             layout=w.Layout(width="16em"))
            box.add_class(f"rt-{self.option}-{i}")
            bound.boxes.append(box)
        bound.widget = w.HBox(bound.boxes, layout=w.Layout(flex_flow="row wrap"))
        return bound

    def set(self, values: Sequence[str]) -> None:
        for box, value in zip(self.boxes, values):
            if value in self.choices:
                box.value = value

    def options(self, players: int) -> dict:
        return {self.option: [b.value for b in self.boxes[:players]]}

    def loaded(self, view: dict) -> None:
        values = view.get(self.option)
        if isinstance(values, list):
            self.set(values)

    def show(self, players: int) -> None:
        for i, box in enumerate(self.boxes):
            box.layout.display = None if i < players else "none"

    def relabel(self, lang: str) -> None:
        game = self.shell.game if self.shell is not None else None
        for i, box in enumerate(self.boxes):
            value = box.value
            box.options = [(self.names(game, c, lang), c) for c in self.choices]
            box.value = value
            box.description = t(self.label, lang, n=i + 1)


class GameShell(w.VBox):
    """A game against bots or in hotseat, with undo/redo and scenario files."""

    def __init__(self, game, board: Callable, language: Language | None = None,
                 controls: Callable | None = None, breakdown: Callable | None = None,
                 players: int | None = None, seed: int = 1, seats: list[str] | None = None,
                 ruleset: str | None = None, setup: SeatChoices | None = None,
                 public_decisions: Sequence[str] = (), **kwargs):
        super().__init__(**kwargs)
        self.add_class("rt-panel")
        self.add_class("rt-game")
        self.game = game
        self.table: Table | None = None  # the game in progress, from the first new game on
        self.on_refresh: Callable[[], None] = lambda: None  # told after each redraw (the page's link follows)
        self._chosen: tuple[Any, Any, dict] | None = None  # (state, action, preview): chosen, not confirmed
        self._bot_gen = 0
        self._relabelling = False
        self.board_fn = board
        self.breakdown_fn = breakdown
        self.public_decisions = tuple(public_decisions)
        self.language = language or Language()
        lo, hi = game.min_players, game.max_players
        players = players or lo
        self.extra = setup.build(self) if setup is not None else None
        # --- setup
        self.players = w.BoundedIntText(value=players, min=lo, max=hi, layout=w.Layout(width="12em"))
        self.players.add_class("rt-players")
        self.seat_boxes = [w.Dropdown(layout=w.Layout(width="16em")) for _ in range(hi)]
        for i, box in enumerate(self.seat_boxes):
            box.add_class(f"rt-seat-{i}")
        self._rulesets = list(game.rulesets)
        self.ruleset = w.ToggleButtons(options=self._rulesets or ["-"],
                                       value=ruleset or game.default_ruleset or (self._rulesets or ["-"])[0],
                                       style={"button_width": "auto"})  # "Regolamento francese" whole, not cut
        self.ruleset.add_class("rt-ruleset")
        if len(self._rulesets) < 2:  # nothing to choose
            self.ruleset.layout.display = "none"
        self.seed = w.IntText(value=seed, layout=w.Layout(width="auto"), style={"description_width": "initial"})
        self.seed.add_class("rt-seed")
        self.new_button = w.Button(button_style="primary")
        self.new_button.add_class("rt-new-game")
        self.new_button.on_click(lambda _: self.new_game(fresh=True))
        self.replay_button = w.Button(icon="repeat", layout=w.Layout(width="auto"))
        self.replay_button.add_class("rt-replay-deal")
        self.replay_button.on_click(lambda _: self.replay())
        self.players.observe(lambda ch: self._show_seats(), "value")
        # --- play
        self.status = w.HTML()
        self.status.add_class("rt-status")
        self.msg = w.HTML()
        self.msg.add_class("rt-message")
        self.board = Sections()
        self.board.add_class("rt-board")
        self.undo_button = w.Button(icon="undo")
        self.undo_button.add_class("rt-undo")
        self.redo_button = w.Button(icon="repeat")
        self.redo_button.add_class("rt-redo")
        self.bot_button = w.Button(icon="android")
        self.bot_button.add_class("rt-bot-move")
        # how fast bots play: step (one per "Bot move"), slow, fast, to the end; and pause/resume
        self.speed = w.ToggleButtons(options=[(k, k) for k in SPEEDS], value="slow",
                                     style={"button_width": "auto"})
        self.speed.add_class("rt-bot-speed")
        self.pause_button = w.ToggleButton(value=False, icon="pause", layout=w.Layout(width="auto"))
        self.pause_button.add_class("rt-bot-pause")
        self.auto = w.Checkbox(value=True, indent=False, layout=w.Layout(display="none"))  # = speed is not "step"
        self.auto.add_class("rt-bots-auto")
        self.speed.observe(self._speed_changed, "value")
        self.auto.observe(self._auto_changed, "value")
        self.pause_button.observe(self._pause_changed, "value")
        self.hand_button = w.ToggleButton(value=False, icon="eye", layout=w.Layout(width="auto"))
        self.hand_button.add_class("rt-show-hand")
        self.teacher = w.ToggleButton(value=False, icon="graduation-cap", layout=w.Layout(width="auto"))
        self.teacher.add_class("rt-teacher")
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.bot_button.on_click(lambda _: self.bot_move())
        self.hand_button.observe(self._hand_toggled, "value")
        self.teacher.observe(self._teacher_toggled, "value")
        self.log_html = w.HTML()
        self.log_html.add_class("rt-log")
        self.log_box = w.Accordion(children=[self.log_html])
        self.log_box.selected_index = 0
        # --- scenario files
        self.save_button = w.Button(icon="download")
        self.save_button.add_class("rt-save")
        self.load_button = w.Button(icon="upload")
        self.load_button.add_class("rt-load")
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("rt-upload")
        self.scenario = w.Textarea(layout=w.Layout(width="46em", max_width="100%", height="9em"))
        self.scenario.add_class("rt-scenario")
        self.save_button.on_click(lambda _: self.save())
        self.load_button.on_click(lambda _: self.load(self.scenario.value))
        self.upload.observe(self._uploaded, "value")
        self.file_msg = w.HTML()  # the load/save message, again beside the file controls
        self.file_msg.add_class("rt-file-message")
        from widgets.panels.scenario_save import SaveAsScenario  # the position as a scenario with a goal

        self.save_as = SaveAsScenario(self)
        self.files = w.Accordion(children=[w.VBox([
            w.HBox([self.save_button, self.load_button, self.upload]), self.file_msg, self.scenario,
            self.save_as])])
        # --- the end
        self.end = w.Image(format="png", layout=w.Layout(display="none", width="700px", max_width="100%"))
        self.end.add_class("rt-end-chart")
        self.end_table = w.HTML()
        self.end_table.add_class("rt-end-table")
        # the end in one sentence (who won, by how much, the rule), and what next
        self.result = w.HTML()
        self.result.add_class("rt-result")
        self.again_button = w.Button(icon="refresh", button_style="primary", layout=w.Layout(width="auto"))
        self.again_button.add_class("rt-play-again")
        self.again_button.on_click(lambda _: self.new_game(fresh=True))
        self.rematch_button = w.Button(icon="exchange", layout=w.Layout(width="auto"))
        self.rematch_button.add_class("rt-rematch")
        self.rematch_button.on_click(lambda _: self.rematch())
        self.end_box = w.VBox([self.result, w.HBox([self.again_button, self.rematch_button],
                                                   layout=w.Layout(flex_flow="row wrap"))],
                              layout=w.Layout(display="none"))
        self.end_box.add_class("rt-end-box")
        self._end_key: tuple[int, str] | None = None
        self.speed_label = w.HTML()
        self.bot_row = w.HBox([self.speed_label, self.speed, self.pause_button],
                              layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.bot_row.add_class("rt-bot-row")
        self.controls = (controls or ChoiceControls)(self)
        self.controls.add_class("rt-controls")
        from widgets.panels.quiz import HintBox  # the hint for the person to move

        self.hint_box = HintBox(self)
        wrap = w.Layout(flex_flow="row wrap")
        self.setup = w.VBox([
            w.HBox([self.players, self.ruleset, self.seed, self.new_button, self.replay_button], layout=wrap),
            w.HBox(self.seat_boxes, layout=w.Layout(flex_flow="row wrap")),
            *([self.extra.widget] if self.extra else []),
        ])
        self.setup.add_class("rt-setup")
        self.children = [
            self.setup, self.status, self.end_box, self.msg, self.board,
            w.HBox([self.hand_button, self.teacher, self.undo_button, self.redo_button, self.bot_button,
                    self.auto], layout=w.Layout(flex_flow="row wrap"), _dom_classes=["rt-tools"]),
            self.bot_row,
            self.controls, self.hint_box, self.end_table, self.end, self.log_box, self.files,
        ]
        from widgets.panels.editor import PositionEditor  # "Edit this position": the teachers' editor

        self.editor = PositionEditor(self)
        tools = next(c for c in self.children if "rt-tools" in c._dom_classes)
        tools.children += (self.editor.open_button,)
        self.children += (self.editor,)
        self.language.observe(lambda ch: self._relabel(), "lang")
        self._relabel(draw=False)
        self.new_game(seats=seats)
        self.warming = warm_up(game)  # the first hint quick (Kamikaze's coach), the page painted first

    # ---------------------------------------------------------------- state
    @property
    def lang(self) -> str:
        return self.language.lang

    @property
    def history(self) -> list[Entry]:
        """Every position of the game and how it was reached (none while the shell is being built)."""
        return self.table.history if self.table is not None else []

    @property
    def index(self) -> int:
        """Which position of ``history`` is shown."""
        return self.table.index if self.table is not None else 0

    @property
    def seats(self) -> list[str]:
        return self.table.seats if self.table is not None else []

    @property
    def state(self):
        return self.table.state

    @property
    def to_decide(self) -> int | None:
        """The seat that decides at the shown position (None once the game is over)."""
        return self.table.to_decide

    def seat_of(self, player: int | None) -> str:
        """"person" or the bot's name at ``player``'s seat."""
        return self.table.seat_of(player) if self.table is not None else PERSON

    def is_person(self, player: int | None) -> bool:
        return self.table is not None and self.table.is_person(player)

    @property
    def human_to_move(self) -> bool:
        return self.table.human_to_move

    @property
    def people(self) -> list[int]:
        return self.table.people if self.table is not None else []

    @property
    def hotseat(self) -> bool:
        """Several people share the screen: each hand stays hidden until its player asks."""
        return len(self.people) > 1

    def who(self, player: int | None) -> str:
        """A seat's one name, as the engine's narration names it (``game.seat_name``)."""
        if player is None:
            return "—"
        try:
            return self.game.seat_name(self.state if self.history else None, player, self.lang)
        except Exception:  # noqa: BLE001 - a name must never break the page
            return t("player_n", self.lang, n=player + 1)

    def seat_kind(self, player: int | None) -> str:
        """Who plays a seat: "person" or the bot's name, in words."""
        seat = self.seat_of(player)
        return t("person" if seat == PERSON else f"bot_{seat}", self.lang)

    def hidden_hand_prompt(self, lang: str) -> str:
        """What the controls say when a person's moves wait for their hidden hand ("" otherwise)."""
        if (self.history and self.human_to_move and self.hand_hidden()
                and self.game.decision(self.state) not in self.public_decisions):
            who = self.who(self.to_decide)
            return t("show_hand_first", lang, who=who, button=t("show_hand", lang, who=who))
        return ""

    # ------------------------------------------------------------ bot speed
    @property
    def bots_running(self) -> bool:
        """Bots play by themselves: a speed other than "step", not paused."""
        return self.table.bots_running if self.table is not None else False

    def _speed_changed(self, change) -> None:
        if self._relabelling:
            return
        self.auto.value = change["new"] != "step"
        if self.table is not None:
            self.table.speed = change["new"]
            self.refresh()
            if self.bots_running:
                self._bots_next()

    def _auto_changed(self, change) -> None:
        if not change["new"] and self.speed.value != "step":
            self.speed.value = "step"
        elif change["new"] and self.speed.value == "step":
            self.speed.value = "slow"

    def _pause_changed(self, change) -> None:
        if change["new"]:
            self._bot_gen += 1  # the bots stop after the move they are making
        if self.table is not None:
            self.table.paused = change["new"]
            self.refresh()
            if not change["new"] and self.bots_running:
                self._bots_next()

    def pause(self) -> None:
        self.pause_button.value = True

    def resume(self) -> None:
        self.pause_button.value = False

    # ------------------------------------------------------------ the viewer
    def _hand_toggled(self, change) -> None:
        if self.table is not None and self.table.hand_shown != change["new"]:
            self.table.hand_shown = change["new"]
            self.refresh()

    def _teacher_toggled(self, change) -> None:
        if self.table is not None:
            self.table.everything = change["new"]
            self.refresh()

    def viewer(self) -> int | None:
        """Who looks at the screen (:meth:`tutor.table.Table.viewer`; None: everything)."""
        return self.table.viewer()

    def hand_hidden(self) -> bool:
        """In hotseat the viewer's own hand is hidden until they press "show my hand"."""
        return self.table.hand_hidden()

    def shown_views(self) -> tuple[dict, dict | None]:
        """The views the board draws: the shown position and the one before, as the viewer sees them
        (with the engine's ``trace`` of the last moves and ``preview`` of a chosen move, when any)."""
        view, before = self.table.views()
        if self._chosen is not None and self._chosen[0] is self.state:
            view = {**view, "preview": self._chosen[2]}
        return view, before

    def recent_events(self) -> list:
        """The events since a person last decided (just the last move in hotseat): what the board traces."""
        return self.table.recent_events()

    # ------------------------------------------------------ chosen, then confirmed
    @property
    def chosen(self) -> Any:
        """The move a person chose and the board previews, not yet confirmed (None: none)."""
        if self._chosen is None or self._chosen[0] is not self.state:
            return None
        return self._chosen[1]

    def choose(self, action) -> bool:
        """A person picks a move: played at once, unless the game previews it (``game.preview``); then
        the board shows where each piece will end up until it is confirmed or cancelled."""
        try:
            preview = self.game.preview(self.state, action) if self.human_to_move else None
        except Exception:  # noqa: BLE001 - a preview that fails: play (and explain) as without one
            preview = None
        if preview is None:
            self._chosen = None
            return self.play(action)
        self._chosen = (self.state, action, preview)
        self.msg.value = ""
        self.refresh()
        return True

    def confirm(self) -> bool:
        """Play the chosen move."""
        action = self.chosen
        self._chosen = None
        if action is None:
            self.refresh()
            return False
        return self.play(action)

    def cancel_choice(self) -> None:
        """Forget the chosen move: the board shows the position as it is."""
        self._chosen = None
        self.refresh()

    def actions(self) -> list:
        """The moves offered: the legal ones when a person decides and may see their
        hand (or the decision shows nothing of it: ``public_decisions``)."""
        if not self.human_to_move:
            return []
        if self.hand_hidden() and self.game.decision(self.state) not in self.public_decisions:
            return []
        return list(self.game.legal_actions(self.state))

    # ---------------------------------------------------------------- setup
    def _seat_options(self):
        lang = self.lang
        return [(t("person", lang), PERSON)] + [
            (t(f"bot_{name}", lang), name) for name in bots.names(self.game.name)]

    def _show_seats(self) -> None:
        n = self.players.value
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = None if i < n else "none"
        if self.extra:
            self.extra.show(n)

    def new_game_options(self) -> dict:
        """Extra keyword options for ``game.new_game`` (from the page's extra setup widgets)."""
        return self.extra.options(self.players.value) if self.extra else {}

    def new_game(self, seats: list[str] | None = None, fresh: bool = False) -> bool:
        """Start a game from the setup widgets (or ``seats``).  ``fresh`` (New game, Play again): a new
        deal once the game shown has been played, its seed shown in the seed box so that it can be
        replayed by typing it; a seed typed there, or a game not yet played, is dealt as it is."""
        if fresh and self.table is not None and int(self.seed.value) == self.table.start.seed \
                and len(self.table.history) > 1:
            self.seed.value = min(int(self.seed.value) + 1, 2**31 - 1)
        n = self.players.value
        if seats is not None:
            for box, seat in zip(self.seat_boxes, seats):
                box.value = seat
        ruleset = self.ruleset.value if self.ruleset.value != "-" else None
        seated = [box.value for box in self.seat_boxes[:n]]
        try:
            if self.table is None:
                self.table = Table(self.game, n, int(self.seed.value), ruleset, seated, self.new_game_options(),
                                   speed=self.speed.value, paused=self.pause_button.value,
                                   everything=self.teacher.value)
            else:
                self.table.new_game(n, int(self.seed.value), ruleset, seated, self.new_game_options())
        except (ValueError, TypeError) as exc:
            self.msg.value = message("error", str(exc))
            return False
        self._started()
        return True

    def replay(self) -> bool:
        """Replay this deal: the game shown from its start again, with the same seed."""
        if self.table is not None:
            self.seed.value = self.table.start.seed
        return self.new_game()

    def rematch(self) -> bool:
        """A rematch with seats swapped: the same deal, each seat's player moved round by one."""
        if self.table is None:
            return False
        self.seed.value = self.table.start.seed
        return self.new_game(seats=self.table.rematch_seats())

    def show_table(self, table: Table) -> None:
        """Draw ``table``, a game in progress of this game from elsewhere (a link, another screen),
        from scratch: the setup, the seats, the bots' pace and whose view follow it."""
        if table.game is not self.game:
            raise ValueError(f"a table of {table.game.name} cannot be drawn by the {self.game.name} shell")
        self.table = table
        self._chosen = None
        if self.players.value != table.start.players:
            self.players.value = table.start.players
        for box, seat in zip(self.seat_boxes, table.seats):
            box.value = seat
        if table.start.ruleset in self._rulesets:
            self.ruleset.value = table.start.ruleset
        self.seed.value = table.start.seed
        if self.extra:
            self.extra.loaded(self.game.view(table.history[0].state, None))
        self.speed.value, self.pause_button.value, self.teacher.value = table.speed, table.paused, table.everything
        self._started()

    def _started(self) -> None:
        """A new game or a position loaded: drawn afresh, the bots set off."""
        self.msg.value = ""
        self._end_key = None
        self.end.value = b""
        self.end.layout.display = "none"
        self.end_table.value = ""
        self._bot_gen += 1
        self.refresh()
        if self.bots_running:
            self._bots_next()

    # ---------------------------------------------------------------- moves
    def play(self, action) -> bool:
        """A person's move: applied if the rules allow it, else explained."""
        lang = self.lang
        if self.to_decide is None:
            self.msg.value = message("error", t("game_over_click", lang))
            return False
        if not self.human_to_move:
            self.msg.value = message("error", t("not_your_turn", lang))
            return False
        if not self._apply(action):
            return False
        self.msg.value = ""
        self.refresh()  # the person sees their own move at once; the bots follow
        if self.bots_running:
            self._bots_next()
        return True

    def refusal_html(self, exc: IllegalAction) -> str:
        """A refusal as the message box shows it: the engine's words and its rule cited."""
        return (message("error", t("illegal", self.lang, msg=self.game.message(exc, self.lang)))
                + cite(self.game, exc.rule, self.lang, brief=True))

    def explain(self, action) -> bool:
        """A greyed-out move pressed: why the rules refuse it now, above the moves (nothing is
        played).  A move the rules allow after all (the position changed) is played."""
        try:
            why = self.game.why_illegal(self.state, action)
        except Exception:  # noqa: BLE001 - an engine fault must not break the page
            why = None
        if why is None:
            return self.play(action)
        self.msg.value = self.refusal_html(why)
        return False

    def _apply(self, action) -> bool:
        """Play ``action`` on the table; a refusal, or an engine fault, is shown and nothing changes."""
        try:
            self.table.play(action)
        except IllegalAction as exc:
            self.msg.value = self.refusal_html(exc)
            return False
        except Exception:  # noqa: BLE001 - an engine fault must not break the page
            self.msg.value = (message("error", t("illegal", self.lang, msg=t("not_a_move", self.lang)))
                              + message("info", t("nothing_changed", self.lang)))
            return False
        return True

    def bot_move(self) -> bool:
        """Play one bot move (the bot of the seat to move)."""
        if not self.table.bot_to_move:
            return False
        ok = self._apply(self.table.bot_choice())
        self.refresh()
        return ok

    def _bots_next(self) -> None:
        """Let the bots play until a person is to move: one move every ``table.delay`` seconds,
        each drawn and narrated, when the kernel's event loop runs (in the page); all at once
        otherwise (tests, scripts)."""
        self._bot_gen += 1
        gen = self._bot_gen
        loop = _kernel_loop()
        table = self.table
        if table.delay is None:  # step by step: "Bot move" plays each one
            return
        if loop is None:
            for _ in range(MAX_BOT_ACTIONS):
                if not table.bot_to_move or not self._apply(table.bot_choice()):
                    break
            self.refresh()
            return

        def tick() -> None:
            if gen != self._bot_gen or not table.bot_to_move or not table.bots_running:
                return  # undo, pause, new game or load since: stop
            wait = table.delay
            if wait is None:
                return
            ok = self._apply(table.bot_choice())
            if ok and wait == 0:  # to the end: a batch of moves between two redraws
                until = loop.time() + END_BATCH
                while ok and table.bot_to_move and loop.time() < until:
                    ok = self._apply(table.bot_choice())
            self.refresh()
            if ok:
                loop.call_later(wait, tick)

        loop.call_later(table.delay or 0.01, tick)

    def undo(self) -> bool:
        ok = self.table.undo()
        if self.table.paused and not self.pause_button.value:
            self.pause()  # bots alone: undo stops them; "Resume" plays on from here
        return self._stepped(ok, "nothing_to_undo")

    def redo(self) -> bool:
        return self._stepped(self.table.redo(), "nothing_to_redo")

    def _stepped(self, ok: bool, nothing: str) -> bool:
        if not ok:
            self.msg.value = message("info", t(nothing, self.lang))
            return False
        self._bot_gen += 1
        self.msg.value = ""
        self.refresh()
        return True

    # ------------------------------------------------------- scenario files
    def save(self) -> str:
        text = self.game.to_json(self.state)
        self.scenario.value = text
        self.files.selected_index = 0
        self.msg.value = self.file_msg.value = message("ok", t("saved", self.lang))
        return text

    def load(self, text) -> bool:
        """Load a scenario file; a bad one is explained and nothing changes."""
        lang = self.lang
        try:
            view = self.table.load(text, [box.value for box in self.seat_boxes])
        except ScenarioError as exc:
            self.msg.value = self.file_msg.value = message(
                "error", t("bad_scenario", lang, msg=self.game.message(exc, lang)))
            return False
        except Exception as exc:  # noqa: BLE001 - never a traceback in the page
            self.msg.value = self.file_msg.value = message(
                "error", t("bad_scenario", lang, msg=type(exc).__name__))
            return False
        if len(self.seats) != self.players.value:
            self.players.value = len(self.seats)
        if view.get("ruleset") in self._rulesets:
            self.ruleset.value = view["ruleset"]
        if self.extra:
            self.extra.loaded(view)
        self._started()
        self.msg.value = self.file_msg.value = message("ok", t("loaded", lang))
        return True

    def _uploaded(self, change) -> None:
        data = uploaded_bytes(change)
        if data is not None:
            self.load(data)

    # -------------------------------------------------------------- drawing
    def _relabel(self, draw: bool = True) -> None:
        lang = self.lang
        self.players.description = t("players", lang)
        self.seed.description = t("seed", lang)
        if self._rulesets:
            value = self.ruleset.value
            self.ruleset.options = [(ruleset_name(self.game, r, lang), r) for r in self._rulesets]
            self.ruleset.value = value
        self.new_button.description = t("new_game", lang)
        self.new_button.tooltip = t("new_game_tip", lang)
        self.replay_button.description = t("replay_deal", lang)
        self.again_button.description = t("play_again", lang)
        self.rematch_button.description = t("rematch", lang)
        bot_names = bots.names(self.game.name)
        for i, box in enumerate(self.seat_boxes):
            value = box.value
            box.options = self._seat_options()
            fallback = PERSON if i == 0 or not bot_names else ("greedy" if "greedy" in bot_names else bot_names[0])
            box.value = value if value in (PERSON, *bot_names) else fallback
            box.description = t("seat", lang, n=i + 1)
        if self.extra:
            self.extra.relabel(lang)
        self._show_seats()
        self.undo_button.description = t("undo", lang)
        self.redo_button.description = t("redo", lang)
        self.bot_button.description = t("bot_move", lang)
        self.auto.description = t("bots_auto", lang)
        value = self.speed.value
        self._relabelling = True
        try:
            self.speed.options = [(t(f"speed_{k}", lang), k) for k in SPEEDS]
            self.speed.value = value
        finally:
            self._relabelling = False
        self.speed_label.value = f"<b>{esc(t('bot_speed', lang))}</b>"
        self.teacher.description = t("show_everything", lang)
        self.teacher.tooltip = t("show_everything_tip", lang)
        self.save_button.description = t("save", lang)
        self.load_button.description = t("load", lang)
        self.upload.description = t("upload", lang)
        self.log_box.set_title(0, t("log", lang))
        self.files.set_title(0, t("scenario", lang))
        if draw:
            self._end_key = None
            self.refresh()

    def status_html(self) -> str:
        """Whose decision it is and what kind, or the game's end and its winners."""
        s, lang = self.state, self.lang
        player = self.to_decide
        if player is None:
            win = [self.who(p) for p in self.game.winners(s)]
            return (f"<h3 class='rt-over'>{esc(t('game_over', lang))} — "
                    f"{esc(t('winners' if len(win) > 1 else 'winner', lang, who=', '.join(win)))}</h3>")
        kind = self.game.decision(s)
        return (f"<h3 class='rt-to-move' data-player='{player}' data-decision='{esc(kind)}'>"
                f"{esc(t('to_move', lang, who=self.who(player)))}"
                f" <span class='rt-seat-kind'>({esc(self.seat_kind(player))})</span>"
                f" <span class='rt-decision'>— {esc(self.game.decision_name(kind, lang))}</span></h3>")

    def refresh(self) -> None:
        lang = self.lang
        if self.hand_button.value != self.table.hand_shown:  # the table hid the hand (another seat decides)
            self.hand_button.value = self.table.hand_shown
        over = self.to_decide is None
        view, before = self.shown_views()
        self.board.show(self.board_fn(view, before, lang, self.who))
        self.status.value = self.status_html()
        can_show = self.hotseat and self.human_to_move and not self.teacher.value
        self.hand_button.layout.display = None if can_show else "none"
        self.hand_button.description = (t("hide_hand", lang) if self.hand_button.value
                                        else t("show_hand", lang, who=self.who(self.to_decide)))
        self.teacher.layout.display = None if self.people else "none"  # bots only: it already shows everything
        self.bot_button.disabled = not self.table.bot_to_move
        has_bots = len(self.people) < len(self.seats)
        self.bot_row.layout.display = None if has_bots else "none"
        self.pause_button.description = t("resume" if self.pause_button.value else "pause", lang)
        self.pause_button.icon = "play" if self.pause_button.value else "pause"
        self.pause_button.disabled = self.speed.value == "step"
        self.undo_button.disabled = not self.table.can_undo
        self.redo_button.disabled = not self.table.can_redo
        self.controls.refresh(view, self.actions(), lang)
        self.hint_box.refresh()
        self.save_as.refresh()
        self.log_html.value = self._log_html()
        self.end_box.layout.display = None if over else "none"
        if over:
            sentence, rule = self.table.result(lang)
            self.result.value = (f"<div class='rt-result-line' data-rule='{esc(rule)}'><b>{esc(sentence)}</b></div>"
                                 + (cite(self.game, rule, lang, brief=True) if rule else ""))
            self._show_end()
        elif self._end_key is not None:
            self._end_key = None
            self.end.value = b""
            self.end.layout.display = "none"
            self.end_table.value = ""
        self.on_refresh()

    def action_shown(self, entry: Entry) -> str:
        """How the log names a move.  A game's shell may hide a move that is still
        secret at the shown position (a card committed face down)."""
        return self.game.action_text(entry.action, self.lang)

    def _log_html(self, last: int = 12) -> str:
        lang = self.lang
        rules = self.game.rules
        teacher = bool(self.teacher.value)  # rule ids are for the teacher's view only; a learner reads sentences
        rows = []
        for e in self.history[1:self.index + 1][-last:]:
            who = self.who(e.player) if e.player is not None else ""
            items = "".join(
                f"<li data-rule='{esc(ev.rule)}' title='{esc(rules[ev.rule].wording(lang)[0] if ev.rule in rules else '')}'>"
                f"{esc(self.game.message(ev, lang))}"
                + (f" <span class='rt-rule-id'>({esc(ev.rule)})</span>" if teacher else "") + "</li>"
                for ev in e.events if ev.text
            )
            rows.append(f"<div class='rt-log-entry'><b>{esc(who)}</b>: {esc(self.action_shown(e))}"
                        f"<ul>{items}</ul></div>")
        return "".join(reversed(rows))

    def scores_over_turns(self) -> tuple[list[int], list[list[int]]]:
        """(turn numbers from 1, as the page shows them, and the scores at the end of each turn) up to
        the shown position (:meth:`tutor.table.Table.scores_over_turns`)."""
        return self.table.scores_over_turns()

    def _show_end(self) -> None:
        key = (self.index, self.lang)
        if self._end_key == key:
            return
        self._end_key = key
        s, lang = self.state, self.lang
        if self.breakdown_fn is not None:
            frame = self.breakdown_fn(self.game, self.game.view(s, None), lang, self.who)
            self.end_table.value = labelled_table(frame)  # a phone shows it a block a player
        # the chart changes once per game: matplotlib's PNG, or an SVG where matplotlib is absent (the static site)
        turns, series = self.scores_over_turns()
        names = [self.who(p) for p in range(len(series[0]) if series else 0)]
        data, fmt = score_chart(turns, series, names, t("turn", lang), t("points", lang), t("scores_over_turns", lang))
        self.end.format = fmt
        self.end.value = data
        self.end.layout.display = None

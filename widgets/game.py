"""The game shell: new game, seats, moves, bots, undo/redo, save/load, the end.

Game-independent.  A game's page gives it:

* ``board(state, before, lang, visible, who) -> {section: html}``: draws a state;
  ``visible`` is the set of players whose hands may be shown, ``who(player)``
  names a seat ("Player 1", "Bot 2");
* optionally a ``controls`` class: built with the shell, it offers the moves
  by clicking and calls ``shell.play(action)``; without one the shell lists
  ``game.legal_actions(state)`` in a chooser;
* optionally ``breakdown(game, state, lang) -> pandas.DataFrame`` for the end.

No rule is decided here: every move goes through ``game.apply``; an
``IllegalAction`` is shown with its rule cited and the state stays as it was.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass, field
from typing import Any, Callable

import ipywidgets as w

from tutor import IllegalAction, ScenarioError, bots
from widgets.common import action_label, cite, esc, game_text, message
from widgets.i18n import Language, t
from widgets.stepper import Sections

PERSON = "person"
MAX_BOT_ACTIONS = 20_000
BOT_DELAY = 0.4  # seconds between two bot moves in the page


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


@dataclass
class Entry:
    """One position of the game's history and how it was reached."""

    state: Any
    action: Any = None
    player: int | None = None
    events: list = field(default_factory=list)


class ChoiceControls(w.VBox):
    """The generic way to move: a chooser of the legal actions and a Play button."""

    def __init__(self, shell: "GameShell"):
        super().__init__()
        self.shell = shell
        self.choices = w.Dropdown(options=[], layout=w.Layout(width="40em"))
        self.choices.add_class("rt-choices")
        self.go = w.Button()
        self.go.add_class("rt-play-choice")
        self.go.on_click(lambda _: self.choices.value is not None and shell.play(self.choices.value))
        self.children = [w.HBox([self.choices, self.go])]

    def refresh(self, state, lang: str, hand_visible: bool) -> None:
        self.choices.description = t("choose", lang)
        self.go.description = t("play_move", lang)
        actions = [] if self.shell.game.is_over(state) or not self.shell.human_to_move else \
            self.shell.game.legal_actions(state)
        self.choices.options = [(action_label(self.shell.game, a, self.shell.lang), a) for a in actions]


class GameShell(w.VBox):
    """A game against bots or in hotseat, with undo/redo and scenario files."""

    def __init__(self, game, board: Callable, language: Language | None = None,
                 controls: Callable | None = None, breakdown: Callable | None = None,
                 players: int | None = None, seed: int = 1, seats: list[str] | None = None,
                 ruleset: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("rt-panel")
        self.add_class("rt-game")
        self.game = game
        self.board_fn = board
        self.breakdown_fn = breakdown
        self.language = language or Language()
        lo, hi = game.min_players, game.max_players
        players = players or lo
        # --- setup
        self.players = w.BoundedIntText(value=players, min=lo, max=hi, layout=w.Layout(width="12em"))
        self.players.add_class("rt-players")
        self.seat_boxes = [w.Dropdown(layout=w.Layout(width="16em")) for _ in range(hi)]
        for i, box in enumerate(self.seat_boxes):
            box.add_class(f"rt-seat-{i}")
        rulesets = list(getattr(game, "rulesets", ()) or [])
        self._rulesets = rulesets
        self.ruleset = w.ToggleButtons(options=rulesets or ["-"],
                                       value=ruleset or getattr(game, "default_ruleset", None) or (rulesets or ["-"])[0])
        self.ruleset.add_class("rt-ruleset")
        self.seed = w.IntText(value=seed, layout=w.Layout(width="12em"))
        self.seed.add_class("rt-seed")
        self.new_button = w.Button(button_style="primary")
        self.new_button.add_class("rt-new-game")
        self.new_button.on_click(lambda _: self.new_game())
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
        self.auto = w.Checkbox(value=True, indent=False)
        self.auto.add_class("rt-bots-auto")
        self.hand_button = w.ToggleButton(value=False, icon="eye")
        self.hand_button.add_class("rt-show-hand")
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.bot_button.on_click(lambda _: self.bot_move())
        self.hand_button.observe(lambda ch: self.refresh(), "value")
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
        self.scenario = w.Textarea(layout=w.Layout(width="46em", height="9em"))
        self.scenario.add_class("rt-scenario")
        self.save_button.on_click(lambda _: self.save())
        self.load_button.on_click(lambda _: self.load(self.scenario.value))
        self.upload.observe(self._uploaded, "value")
        self.file_msg = w.HTML()  # the load/save message, again beside the file controls
        self.file_msg.add_class("rt-file-message")
        self.files = w.Accordion(children=[w.VBox([
            w.HBox([self.save_button, self.load_button, self.upload]), self.file_msg, self.scenario])])
        # --- the end
        self.end = w.Image(format="png", layout=w.Layout(display="none", width="700px"))
        self.end.add_class("rt-end-chart")
        self.end_table = w.HTML()
        self.end_table.add_class("rt-end-table")
        self._end_key = None
        self.controls = (controls or ChoiceControls)(self)
        self.controls.add_class("rt-controls")
        self.setup = w.VBox([
            w.HBox([self.players, self.ruleset, self.seed, self.new_button]),
            w.HBox(self.seat_boxes),
        ])
        self.children = [
            self.setup, self.status, self.msg, self.board,
            w.HBox([self.hand_button, self.undo_button, self.redo_button, self.bot_button, self.auto]),
            self.controls, self.end_table, self.end, self.log_box, self.files,
        ]
        self.history: list[Entry] = []
        self._bot_gen = 0
        self.bot_delay = BOT_DELAY
        self.index = 0
        self.seats: list[str] = []
        self.language.observe(lambda ch: self._relabel(), "lang")
        self._relabel(draw=False)
        self.new_game(seats=seats)

    # ---------------------------------------------------------------- state
    @property
    def lang(self) -> str:
        return self.language.lang

    @property
    def state(self):
        return self.history[self.index].state

    def seat_of(self, player: int) -> str:
        return self.seats[player] if player < len(self.seats) else PERSON

    @property
    def human_to_move(self) -> bool:
        s = self.state
        return not self.game.is_over(s) and self.seat_of(s.current_player) == PERSON

    def who(self, player: int) -> str:
        key = "player_n" if self.seat_of(player) == PERSON else "bot_n"
        return t(key, self.lang, n=player + 1)

    # ---------------------------------------------------------------- setup
    def _seat_options(self):
        lang = self.lang
        return [(t("person", lang), PERSON)] + [
            (t(f"bot_{name}", lang), name) for name in bots.names(self.game.name)]

    def _show_seats(self) -> None:
        n = self.players.value
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = None if i < n else "none"

    def new_game_options(self) -> dict:
        """Extra keyword options for ``game.new_game`` (a game's shell may add some, e.g. decks)."""
        return {}

    def new_game(self, seats: list[str] | None = None) -> bool:
        """Start a game from the setup widgets (or ``seats``)."""
        n = self.players.value
        if seats is not None:
            for box, seat in zip(self.seat_boxes, seats):
                box.value = seat
        ruleset = self.ruleset.value if self.ruleset.value != "-" else None
        try:
            state = self.game.new_game(n, int(self.seed.value), ruleset=ruleset, **self.new_game_options())
        except (ValueError, TypeError) as exc:
            self.msg.value = message("error", str(exc))
            return False
        self.seats = [box.value for box in self.seat_boxes[:n]]
        self._start(state)
        return True

    def _start(self, state) -> None:
        self.history = [Entry(state)]
        self.index = 0
        self.hand_button.value = False
        self.msg.value = ""
        self._end_key = None
        self.end.value = b""
        self.end.layout.display = "none"
        self.end_table.value = ""
        self._bot_gen += 1
        self.refresh()
        if self.auto.value:
            self._bots_next()

    # ---------------------------------------------------------------- moves
    def play(self, action) -> bool:
        """A person's move: applied if the rules allow it, else explained."""
        lang = self.lang
        s = self.state
        if self.game.is_over(s):
            self.msg.value = message("error", t("game_over_click", lang))
            return False
        if not self.human_to_move:
            self.msg.value = message("error", t("not_your_turn", lang))
            return False
        if not self._apply(action):
            return False
        self.msg.value = ""
        if self.state.current_player != s.current_player:
            self.hand_button.value = False  # hotseat: the next player asks to see their hand
        self.refresh()  # the person sees their own move at once; the bots follow
        if self.auto.value:
            self._bots_next()
        return True

    def _apply(self, action) -> bool:
        s = self.state
        try:
            both = getattr(self.game, "apply_explained", None)
            if both is not None:
                new, events = both(s, action)
            else:
                new = self.game.apply(s, action)
                events = self.game.explain(s, action)
        except IllegalAction as exc:
            self.msg.value = (message("error", t("illegal", self.lang, msg=game_text(self.game, exc, self.lang)))
                              + cite(self.game, exc.rule, self.lang, brief=True))
            return False
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            # a nonsense action (not something the engine knows): say so, change nothing
            self.msg.value = (message("error", t("illegal", self.lang, msg=str(exc) or repr(action)))
                              + message("info", t("nothing_changed", self.lang)))
            return False
        del self.history[self.index + 1:]
        self.history.append(Entry(new, action, s.current_player, list(events)))
        self.index += 1
        return True

    def bot_move(self) -> bool:
        """Play one bot move (the bot of the seat to move)."""
        s = self.state
        if self.game.is_over(s) or self.human_to_move:
            return False
        bot = bots.get(self.seat_of(s.current_player))
        ok = self._apply(bot.choose(self.game, s))
        self.refresh()
        return ok

    def _bots_next(self) -> None:
        """Let the bots play until a person is to move: one move every
        ``bot_delay`` seconds, each drawn and narrated, when the kernel's event
        loop runs (in the page); all at once otherwise (tests, scripts)."""
        self._bot_gen += 1
        gen = self._bot_gen
        loop = _kernel_loop()
        if loop is None or self.bot_delay <= 0:
            self._run_bots()
            self.refresh()
            return

        def tick() -> None:
            if gen != self._bot_gen:  # undo, new game or load since: stop
                return
            s = self.state
            if self.game.is_over(s) or self.seat_of(s.current_player) == PERSON:
                return
            ok = self._apply(bots.get(self.seat_of(s.current_player)).choose(self.game, s))
            self.refresh()
            if ok:
                loop.call_later(self.bot_delay, tick)

        loop.call_later(self.bot_delay, tick)

    def _run_bots(self) -> None:
        for _ in range(MAX_BOT_ACTIONS):
            s = self.state
            if self.game.is_over(s) or self.seat_of(s.current_player) == PERSON:
                return
            bot = bots.get(self.seat_of(s.current_player))
            if not self._apply(bot.choose(self.game, s)):
                return

    def _stops(self) -> list[int]:
        """Positions undo/redo stop at: a person to move, or the end."""
        return [i for i, e in enumerate(self.history)
                if i == 0 or self.game.is_over(e.state) or self.seat_of(e.state.current_player) == PERSON]

    def undo(self) -> bool:
        earlier = [i for i in self._stops() if i < self.index]
        if not earlier:
            self.msg.value = message("info", t("nothing_to_undo", self.lang))
            return False
        self._bot_gen += 1
        self.index = earlier[-1]
        self.msg.value = ""
        self.refresh()
        return True

    def redo(self) -> bool:
        later = [i for i in self._stops() if i > self.index]
        if not later:
            self.msg.value = message("info", t("nothing_to_redo", self.lang))
            return False
        self._bot_gen += 1
        self.index = later[0]
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
        lang = self.lang
        try:
            state = self.game.from_json(text)
        except ScenarioError as exc:
            self.msg.value = self.file_msg.value = message("error", t("bad_scenario", lang,
                                                                       msg=game_text(self.game, exc, lang)))
            return False
        except Exception as exc:  # never a traceback in the page
            self.msg.value = self.file_msg.value = message(
                "error", t("bad_scenario", lang, msg=f"{type(exc).__name__}: {exc}"))
            return False
        n = state.players if hasattr(state, "players") else len(getattr(state, "hands", ()))
        if n and n != self.players.value:
            self.players.value = n
        self.seats = [box.value for box in self.seat_boxes[:self.players.value]]
        if getattr(state, "ruleset", None) in (self.ruleset.options or ()):
            self.ruleset.value = state.ruleset
        self._start(state)
        self.msg.value = self.file_msg.value = message("ok", t("loaded", lang))
        return True

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        content = files[0]["content"]
        self.load(bytes(content))

    # -------------------------------------------------------------- drawing
    def _relabel(self, draw: bool = True) -> None:
        lang = self.lang
        self.players.description = t("players", lang)
        self.seed.description = t("seed", lang)
        if self._rulesets:
            value = self.ruleset.value
            self.ruleset.options = [(t(f"ruleset_{r}", lang), r) for r in self._rulesets]
            self.ruleset.value = value
        self.new_button.description = t("new_game", lang)
        for i, box in enumerate(self.seat_boxes):
            value = box.value
            box.options = self._seat_options()
            box.value = value if value in (PERSON, *bots.names(self.game.name)) else (PERSON if i == 0 else "greedy")
            box.description = t("seat", lang, n=i + 1)
        self._show_seats()
        self.undo_button.description = t("undo", lang)
        self.redo_button.description = t("redo", lang)
        self.bot_button.description = t("bot_move", lang)
        self.auto.description = t("bots_auto", lang)
        self.save_button.description = t("save", lang)
        self.load_button.description = t("load", lang)
        self.upload.description = t("upload", lang)
        self.log_box.set_title(0, t("log", lang))
        self.files.set_title(0, t("scenario", lang))
        if draw:
            self._end_key = None
            self.refresh()

    def visible_hands(self) -> set[int]:
        """Hands that may be shown: all at the end; with one person, theirs;
        in hotseat, the hand of the person to move once they ask to see it."""
        s = self.state
        n = s.players if hasattr(s, "players") else len(self.seats)
        if self.game.is_over(s):
            return set(range(n))
        people = [p for p in range(n) if self.seat_of(p) == PERSON]
        if len(people) == 1:
            return set(people)
        if self.human_to_move and self.hand_button.value:
            return {s.current_player}
        return set()

    def refresh(self) -> None:
        s, lang = self.state, self.lang
        before = self.history[self.index - 1].state if self.index else None
        visible = self.visible_hands()
        self.board.show(self.board_fn(s, before, lang, visible, self.who))
        over = self.game.is_over(s)
        if over:
            win = [self.who(p) for p in self.game.winners(s)]
            self.status.value = (f"<h3 class='rt-over'>{esc(t('game_over', lang))} — "
                                 f"{esc(t('winners' if len(win) > 1 else 'winner', lang, who=', '.join(win)))}</h3>")
        else:
            self.status.value = f"<h3 class='rt-to-move'>{esc(t('to_move', lang, who=self.who(s.current_player)))}</h3>"
        n_people = sum(1 for p in range(len(self.seats)) if self.seat_of(p) == PERSON)
        self.hand_button.layout.display = None if (n_people > 1 and self.human_to_move) else "none"
        self.hand_button.description = (t("hide_hand", lang) if self.hand_button.value or over
                                        else t("show_hand", lang, who=self.who(s.current_player)))
        self.bot_button.disabled = over or self.human_to_move
        self.undo_button.disabled = not any(i < self.index for i in self._stops())
        self.redo_button.disabled = not any(i > self.index for i in self._stops())
        self.controls.refresh(s, lang, s.current_player in visible)
        self.log_html.value = self._log_html()
        if over:
            self._show_end()
        elif self._end_key is not None:
            self._end_key = None
            self.end.value = b""
            self.end.layout.display = "none"
            self.end_table.value = ""

    def action_shown(self, entry: Entry) -> str:
        """How the log names a move.  A game's shell hides a move that is still
        secret at the shown position (a card committed face down)."""
        return action_label(self.game, entry.action, self.lang)

    def _log_html(self, last: int = 12) -> str:
        lang = self.lang
        rows = []
        for e in self.history[1:self.index + 1][-last:]:
            who = self.who(e.player) if e.player is not None else ""
            items = "".join(
                f"<li>{esc(game_text(self.game, ev, lang))} "
                f"<span class='rt-rule-id' title='{esc(ev.rule)}'>[{esc(ev.rule)}]</span></li>"
                for ev in e.events if getattr(ev, "text", "")
            )
            rows.append(f"<div class='rt-log-entry'><b>{esc(who)}</b>: {esc(self.action_shown(e))}"
                        f"<ul>{items}</ul></div>")
        return "".join(reversed(rows))

    def scores_over_turns(self) -> tuple[list[int], list[list[int]]]:
        """(turn numbers from 1, as the page shows them, and the scores at the end of each turn) up to the shown position."""
        by_turn: dict[int, list[int]] = {}
        for i, e in enumerate(self.history[:self.index + 1]):
            by_turn[getattr(e.state, "turn", i) + 1] = list(self.game.scores(e.state))
        turns = sorted(by_turn)
        return turns, [by_turn[k] for k in turns]

    def _show_end(self) -> None:
        key = (self.index, self.lang)
        if self._end_key == key:
            return
        self._end_key = key
        s, lang = self.state, self.lang
        if self.breakdown_fn is not None:
            frame = self.breakdown_fn(self.game, s, lang, self.who)
            self.end_table.value = frame.to_html(index=False, escape=True, classes="rt-table-diff rt-breakdown")
        # matplotlib only here: the chart changes once per game.  Drawn with
        # the object API on an Agg canvas: no pyplot, no backend switching.
        from matplotlib.figure import Figure

        turns, series = self.scores_over_turns()
        fig = Figure(figsize=(7, 3.2), dpi=100)
        ax = fig.subplots()
        n = len(series[0]) if series else 0
        markers = "os^Dv"
        for p in range(n):
            ax.plot(turns, [row[p] for row in series], marker=markers[p % 5],
                    markevery=max(1, len(series) // 12), label=self.who(p))
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # turns are whole numbers
        if len(turns) == 1:
            ax.set_xlim(turns[0] - 1, turns[0] + 1)
        ax.set_xlabel(t("turn", lang))
        ax.set_ylabel(t("points", lang))
        ax.set_title(t("scores_over_turns", lang))
        ax.legend(loc="upper left")
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png")
        self.end.value = buf.getvalue()
        self.end.layout.display = None

"""Save the Play tab's position as a scenario: a goal the engine can check, a seat, moves.

Beside the shell's scenario file controls, a teacher picks the goal from the
kinds the engine checks (:func:`tutor.scenarios.goal_kinds`: the core ones and
the game's own, each named by its own sentence), its number when it takes one,
the learner's seat and moves, and a title; "Save as scenario" writes the
documented scenario file (:func:`tutor.scenarios.dump`) into the text area,
after :func:`tutor.scenarios.load` has read it back: a goal already reached,
or the game over, is said in the engine's words and nothing is written.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from tutor import scenarios
from tutor.core import ScenarioError
from widgets.panels.common import message
from widgets.panels.i18n import t

__all__ = ["SaveAsScenario"]


class SaveAsScenario(w.VBox):
    """The goal chooser and the "save as scenario" button of a :class:`widgets.panels.shell.GameShell`."""

    def __init__(self, shell: Any):
        super().__init__()
        self.add_class("rt-save-scenario")
        self.shell = shell
        self.game = shell.game
        self.kinds = scenarios.goal_kinds(self.game)
        self.kind = w.Dropdown(layout=w.Layout(width="auto", max_width="100%"))
        self.kind.add_class("rt-goal-kind")
        self.n = w.BoundedIntText(value=1, min=-10**6, max=10**6, layout=w.Layout(width="12em"))
        self.n.add_class("rt-goal-n")
        self.moves = w.BoundedIntText(value=2, min=1, max=scenarios.MAX_MOVES, layout=w.Layout(width="12em"))
        self.moves.add_class("rt-goal-moves")
        self.seat = w.Dropdown(layout=w.Layout(width="auto"))
        self.seat.add_class("rt-goal-seat")
        self.title = w.Text(layout=w.Layout(width="24em", max_width="100%"))
        self.title.add_class("rt-goal-title")
        self.button = w.Button(icon="flag-checkered", layout=w.Layout(width="auto"))
        self.button.add_class("rt-save-as-scenario")
        self.button.on_click(lambda _: self.save())
        self.said = w.HTML()
        self.said.add_class("rt-save-scenario-message")
        self.kind.observe(lambda ch: self._kind_changed(), "value")
        self._follow, self._setting = True, False  # the seat follows the one deciding until the teacher picks
        self.seat.observe(lambda ch: self._seat_picked(), "value")
        wrap = w.Layout(flex_flow="row wrap", align_items="center")
        self.children = [w.HBox([self.kind, self.n, self.moves], layout=wrap),
                         w.HBox([self.seat, self.title, self.button], layout=wrap), self.said]
        shell.language.observe(lambda ch: self.relabel(), "lang")
        self.relabel()

    @property
    def lang(self) -> str:
        return self.shell.lang

    def relabel(self) -> None:
        """The goal kinds named by their sentences (the engine's words) in the page's language."""
        lang = self.lang
        value = self.kind.value
        options = []
        for name, kind in self.kinds.items():  # the sentence with "n" and "…" for the numbers chosen below
            catalog = scenarios.core_catalog() if name in scenarios.CORE_KINDS else self.game.catalog
            options.append((catalog.render(kind.template, {"n": "n", "moves": "…"}, lang), name))
        self.kind.options = options
        self.kind.value = value if value in self.kinds else options[0][1]
        self.kind.description = t("scn_goal_kind", lang)
        self.n.description = t("scn_goal_n", lang)
        self.moves.description = t("scn_goal_moves", lang)
        self.seat.description = t("scn_goal_seat", lang)
        self.title.description = t("scn_goal_title", lang)
        self.title.placeholder = t("scn_goal_title_tip", lang)
        self.button.description = t("scn_save_as", lang)
        self.seat.options = []  # the seats' names in the new language
        self.refresh()
        self._kind_changed()

    def refresh(self) -> None:
        """The seats of the position shown (the seat deciding now chosen when the count changes)."""
        if not self.shell.history:  # the shell is still being built
            return
        state = self.shell.state
        options = [(self.shell.who(p), p) for p in range(len(self.game.scores(state)))]
        now = self.game.current_player(state) or 0
        self._setting = True
        try:
            if list(self.seat.options) != options:
                self.seat.options = options
                self.seat.value = now if self._follow or self.seat.value is None else self.seat.value
            elif self._follow:
                self.seat.value = now
        finally:
            self._setting = False

    def _seat_picked(self) -> None:
        if not self._setting:  # the teacher chose the seat: it stays chosen
            self._follow = False

    def _kind_changed(self) -> None:
        kind = self.kinds.get(self.kind.value)
        if kind is None:
            return
        self.n.layout.display = None if kind.n else "none"
        if kind.n:
            self.n.min, self.n.max = kind.n
        self.moves.value = min(max(kind.moves, 1), scenarios.MAX_MOVES)

    def scenario(self) -> scenarios.Scenario:
        """The scenario the choices describe, at the position shown (not yet checked)."""
        import json

        kind = self.kinds[self.kind.value]
        state = self.shell.state
        goal = scenarios.Goal(self.kind.value, int(self.n.value) if kind.n else 0, int(self.moves.value))
        ruleset = self.game.view(state, None).get("ruleset", "")
        rule = kind.rule.format(ruleset=ruleset) if kind.rule else ""
        return scenarios.Scenario("teacher-1", self.game.name, json.loads(self.game.to_json(state)),
                                  int(self.seat.value), goal, (), "greedy",
                                  rule if rule in self.game.rules else "", 1,
                                  {"kind": "teacher", "how": "saved from the Play tab"}, self.title.value.strip())

    def save(self) -> str:
        """The scenario file in the shell's text area (read back first); "" and the reason when refused."""
        lang = self.lang
        self.refresh()
        text = scenarios.dump(self.game, [self.scenario()])
        try:
            scenarios.load(self.game, text)
        except ScenarioError as exc:
            self.said.value = message("error", t("bad_scenario", lang, msg=self.game.message(exc, lang)))
            return ""
        self.shell.scenario.value = text
        self.shell.files.selected_index = 0
        self.said.value = message("ok", t("scn_saved_as", lang))
        return text

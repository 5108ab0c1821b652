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

What a game's part draws it draws from views only (see :mod:`widgets.game`):
``board(view, before, lang, who)``, ``controls(shell).refresh(view, actions,
lang)``, ``breakdown(game, view, lang, who)``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

import ipywidgets as w

from tutor import games
from widgets.common import esc, style
from widgets.game import GameShell, SeatChoices
from widgets.i18n import Language, t
from widgets.rules import RulesPanel
from widgets.stepper import Board, ExampleStepper

__all__ = ["PageSpec", "GamePage", "SeatChoices", "page", "spec"]


@dataclass(frozen=True)
class PageSpec:
    """What a game's page adds to the skeleton.

    * ``game``: the registry name;
    * ``board(view, before, lang, who) -> {section: html}``: the table, for the
      stepper and the shell;
    * ``controls``: a class built with ``(shell)`` offering the moves by
      clicking (None: the shell's chooser of legal actions);
    * ``breakdown(game, view, lang, who) -> DataFrame``: the end table (or None);
    * ``shell``, ``stepper``, ``rules``: subclasses of the generic panels when
      a game truly needs one (the shell is built as ``shell(game, board,
      language, controls=..., breakdown=..., setup=..., public_decisions=...,
      seats=..., **options)``);
    * ``setup``: extra setup widgets, e.g. a chooser per seat
      (:class:`widgets.game.SeatChoices`) whose values go to ``new_game``;
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

    def make_page(self, lang: str = "en") -> "GamePage":
        return GamePage(self, lang)


class GamePage(w.VBox):
    """The whole page of one game: heading, language chooser and three tabs
    (worked examples, play, rules); Play and Rules are built when first opened."""

    TABS = ("examples", "play", "rules", "quiz", "scenarios")

    def __init__(self, spec: PageSpec, lang: str = "en"):
        super().__init__()
        self.spec = spec
        self.add_class("rt-panel")
        self.add_class("rt-page")
        self.add_class(f"rt-page-{spec.game}")
        if spec.css_class:
            self.add_class(spec.css_class)
        self.language = Language(lang=lang)
        self.heading = w.HTML()
        self.heading.add_class("rt-heading")
        self.stepper = spec.make_stepper(self.language)
        # The Play and Rules tabs are built when first opened: a faster first page.
        self._game: GameShell | None = None
        self._rules: RulesPanel | None = None
        self._quiz: Any = None
        self._scenarios: Any = None
        self.tabs = w.Tab(children=[self.stepper, w.VBox(), w.VBox(), w.VBox(), w.VBox()])
        self.tabs.add_class("rt-tabs")
        self.tabs.observe(lambda ch: self._open(ch["new"]), "selected_index")
        self.language.observe(lambda ch: self._relabel(), "lang")
        self.stepper.on_play_here = self.play_from
        self.stepper.play_here.layout.display = None
        top = w.HBox([self.heading, self.language.chooser()], layout=w.Layout(flex_flow="row wrap"),
                     _dom_classes=["rt-top"])
        self.children = [style(), top, self.tabs]
        self._relabel()

    @property
    def game(self) -> GameShell:
        """The Play tab's game shell (built on first use)."""
        if self._game is None:
            self._game = self.spec.make_shell(self.language)
            self._set_tab(1, self._game)
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
            from widgets.quiz import QuizPanel

            self._quiz = QuizPanel(self.spec.engine, self.spec.board, self.language)
            self._set_tab(3, self._quiz)
        return self._quiz

    @property
    def scenarios(self) -> Any:
        """The Scenarios tab's panel (built on first use)."""
        if self._scenarios is None:
            from widgets.scenarios import ScenariosPanel

            self._scenarios = ScenariosPanel(self.spec.engine, self.spec.board, self.language)
            self._set_tab(4, self._scenarios)
        return self._scenarios

    def play_from(self, state: Any) -> bool:
        """Open the Play tab on ``state`` (an example's step): the seats as chosen there, undo back to it."""
        shell = self.game
        ok = shell.load(self.spec.engine.to_json(state))
        self.tabs.selected_index = 1
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

    def _relabel(self) -> None:
        lang = self.language.lang
        title = self.spec.engine.title
        self.heading.value = f"<h2 style='margin:4px 16px 4px 0'>{esc(title)}</h2>"
        for i, key in enumerate(self.TABS):
            self.tabs.set_title(i, t(key, lang))


def spec(name: str) -> PageSpec:
    """The page declaration of a registered game (``PAGE`` in its ``entry(name).page`` module)."""
    declared = importlib.import_module(games.entry(name).page).PAGE
    if not isinstance(declared, PageSpec) or declared.game != name:
        raise TypeError(f"{games.entry(name).page}.PAGE must be a PageSpec for {name!r}")
    return declared


def page(name: str, lang: str = "en") -> GamePage:
    """The dashboard page of a registered game (what its notebook shows)."""
    return spec(name).make_page(lang)

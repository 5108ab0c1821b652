"""The Tir Nan Og Wars game object."""

from __future__ import annotations

import random
from functools import cached_property
from operator import attrgetter
from typing import Any

from tutor.core import Catalog, Event, Example, Game, GameInfo, RuleBook, load_json_data

from . import engine, views
from .actions import Action, Discard, parse
from .cards import DATA, FOUNTAINS, GAME_NAME, ORDER, RULEBOOK_FILE, RULESETS, TERRITORIES
from .scenario import from_json, to_json
from .hints import hint_reason as board_reason
from .search import SearchBot, numbers, why
from .state import State
from .words import action_words, example_words


class TirNanOg(Game):
    """The game object registered as "tir-nan-og" (see :class:`tutor.core.Game`).

    The fountain dispute is a run of ordinary decisions: clockwise from the
    player who revealed the fountain, each seat decides "dispute" (join or
    stay out) while the revealer's turn waits.
    """

    info = GameInfo(
        name=GAME_NAME,
        title="Tir Nan Og Wars",
        min_players=2,
        max_players=4,
        rulesets=RULESETS,
        default_ruleset="base",
        decisions=("turn", "discard", "dispute", "fountain-discard"),
        max_actions=engine.MAX_ACTIONS,
        hidden_information=True,
        chance=True,
        rulebooks=(RULEBOOK_FILE,),
        ruleset_names=(("base", "Base game"),),
    )

    def __init__(self) -> None:
        # the playout path (current_player, legal_actions, apply) calls the engine directly: these instance
        # attributes stand in front of the methods below, which say the same for the reader and the type checker
        # (a method forwarding to the engine is one more Python call per action: random playouts ~9% slower)
        vars(self).update(legal_actions=engine.legal_actions, apply=engine.apply,
                          current_player=attrgetter("current_player"))

    @cached_property
    def rules(self) -> RuleBook:
        return RuleBook.from_data(GAME_NAME, load_json_data(DATA, "rules.json"))

    @property
    def catalog(self) -> Catalog:
        return engine.words()

    # ------------------------------------------------------------ play
    def new_game(self, players: int = 3, seed: int = 0, ruleset: str | None = None, **options: Any) -> State:
        return engine.new_game(players, seed, ruleset, **options)

    def legal_actions(self, state: State) -> list[Action]:
        return engine.legal_actions(state)

    def apply(self, state: State, action: Any) -> State:
        return engine.apply(state, action)

    def apply_explained(self, state: State, action: Any) -> tuple[State, list[Event]]:
        return engine.apply_explained(state, action)

    def explain(self, state: State, action: Any) -> list[Event]:
        return engine.explain(state, action)

    def parse_action(self, state: State, text: str) -> Action:
        return parse(text)

    def current_player(self, state: State) -> int | None:
        return state.current_player

    def decision(self, state: State) -> str:
        return "" if state.current_player is None else state.phase

    def scores(self, state: State) -> list[int]:
        return views.scores(state)

    def winners(self, state: State) -> list[int]:
        return engine.winners(state)

    def card_action(self, state: State, card: str) -> Any:
        """Discarding a creature card of the hand, when a discard is the decision."""
        return Discard(card) if self.decision(state) in ("discard", "fountain-discard") else None

    def view(self, state: State, player: int | None = None) -> dict:
        return views.view(state, player)

    # ---------------------------------------------------------- files
    def to_json(self, state: State) -> str:
        return to_json(state)

    def from_json(self, text: str | bytes) -> State:
        return from_json(text)

    # ------------------------------------------------------- teaching
    def build_examples(self) -> list[Example]:
        from .examples import build_examples

        return build_examples(self)

    def narrate_example(self, example: Example, lang: str) -> dict:
        """An example's title, outcome and note (catalog) and its steps narrated in ``lang`` from the events."""
        return example_words(self, example, lang)

    def advise(self, state: Any, lang: str = "en") -> Any:
        """The search bot's move, the fact on the board it is about and the rule that makes it matter
        (``hint_reason``); the simulated games' figures go in the details."""
        from tutor.hints import TIME_LIMIT, Hint
        from tutor.quiz import first_rule, words

        seat = self.current_player(state)
        if seat is None:
            return None
        bot = SearchBot(seconds=TIME_LIMIT)
        action = bot.choose(self, state)
        sentence, rule = why(self, state, action, lang)
        if rule is None:  # no fact of the board explains it: the move kind's phrase, and the rule of its first event
            rule = first_rule(self, self.apply_explained(state, action)[1], default="tir-nan-og/territory/take")
            sentence += " " + words("({rule})", lang, rule=self.rules[rule].wording(lang)[0])
        return Hint(action, sentence, rule, seat, "search", numbers(bot, lang))

    def hint_reason(self, state: Any, seat: int, action: Any, lang: str = "en") -> tuple[str, str] | None:
        """The fact of ``seat``'s view the move is about and the rule that makes it matter (``hints.py``)."""
        return board_reason(self, state, seat, action, lang)

    def question_kinds(self) -> dict:
        """The game's own quiz questions (see ``quiz.py`` in its package)."""
        from .quiz import KINDS

        return dict(KINDS)

    def goal_kinds(self) -> dict:
        """The game's own scenario goals (see ``goals.py`` in its package)."""
        from .goals import KINDS

        return dict(KINDS)

    def action_text(self, action: Any, lang: str = "en") -> str:
        return action_words(self.catalog, action, lang)

    def card_name(self, card: str, lang: str = "en") -> str:
        """A creature by its species; a territory card by its kind and creature symbols."""
        if isinstance(card, str) and (card in TERRITORIES or card in FOUNTAINS):
            return self.catalog.messages.param("territory", card, lang)
        if isinstance(card, str) and card in ORDER:
            return self.catalog.name("cards", card, lang)
        return self.catalog.name("kinds", card, lang)

    # ------------------------------------------ for bots and the tests
    def conserved(self, state: State) -> dict[str, int]:
        return views.conserved(state)

    def resample_hidden(self, state: State, player: int, rng: random.Random) -> State:
        return views.resample_hidden(state, player, rng)

    def position_key(self, state: State) -> str:
        return views.position_key(state)

    def greedy_value(self, state: State, action: Any) -> float:
        return views.greedy_value(state, action)


GAME = TirNanOg()

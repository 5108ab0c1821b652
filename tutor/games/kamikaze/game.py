"""The Kamikaze Attack game object."""

from __future__ import annotations

from tutor.core import RuleBook, load_json_data

from .cards import (
    CARDS,
    DECKS,
    GAME_NAME,
)
from .coaching import (
    coach,
)
from .engine import (
    apply,
    explain,
    greedy_value,
    is_over,
    legal_actions,
    new_game,
    parse_action,
    position_key,
    scores,
    view,
    winners,
)
from .scenario import (
    from_json,
    to_json,
)
from .state import (
    State,
)


class KamikazeAttack:
    """The game object registered as "kamikaze-attack" (see tutor.core.Game)."""

    name = GAME_NAME
    title = "Kamikaze Attack"
    min_players = 2
    max_players = 5
    rulesets = ("base", "expansion")
    default_ruleset = "base"
    cards = CARDS
    decks = DECKS

    def __init__(self) -> None:
        self._rules: RuleBook | None = None
        self._examples: list | None = None

    @property
    def rules(self) -> RuleBook:
        if self._rules is None:
            data = load_json_data("tutor.games.kamikaze.data", "rules.json")
            self._rules = RuleBook.from_data(GAME_NAME, data)
        return self._rules

    new_game = staticmethod(new_game)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    explain = staticmethod(explain)
    parse_action = staticmethod(parse_action)
    is_over = staticmethod(is_over)
    scores = staticmethod(scores)
    winners = staticmethod(winners)
    view = staticmethod(view)
    to_json = staticmethod(to_json)
    from_json = staticmethod(from_json)
    position_key = staticmethod(position_key)
    greedy_value = staticmethod(greedy_value)

    def examples(self) -> list:
        if self._examples is None:
            from .examples import build_examples

            self._examples = build_examples(self)
        return list(self._examples)

    def coach(self, state: State):
        return coach(state)


GAME = KamikazeAttack()

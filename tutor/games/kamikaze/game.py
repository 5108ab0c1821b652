"""The Kamikaze Attack game object."""

from __future__ import annotations

import random
from functools import cached_property
from operator import attrgetter
from typing import Any

from tutor.core import Catalog, Event, Example, Game, GameInfo, RuleBook, load_json_data

from .actions import Action, Play, Swap
from .cards import CARDS, DECKS, GAME_NAME, RULEBOOK_FILE, RULESETS
from .coaching import coach
from .duels import scores, winners
from .hints import hint_reason as table_reason
from .engine import (
    MAX_ACTIONS,
    apply_explained,
    apply_silent,
    conserved,
    explain,
    is_over,
    legal_actions,
    new_game,
    parse_action,
)
from .scenario import from_json, to_json
from .seat import greedy_value, position_key, resample_hidden, view
from .state import State
from .words import action_words, example_words, load_catalog


class KamikazeAttack(Game):
    """The game object registered as "kamikaze-attack" (see :class:`tutor.core.Game`).

    Simultaneous choices are sequential decisions: the duelists commit in
    turn (decision "commit"), and a committed card lies face down, hidden
    by :meth:`view` from every other seat until both are revealed.
    """

    info = GameInfo(
        name=GAME_NAME,
        title="Kamikaze Attack",
        min_players=2,
        max_players=5,
        rulesets=RULESETS,
        default_ruleset="base",
        decisions=("challenge", "commit", "familiar", "cleric", "repeat"),
        max_actions=MAX_ACTIONS,
        hidden_information=True,
        secret_choices=True,
        chance=True,
        rulebooks=(RULEBOOK_FILE,),
        ruleset_names=(("base", "Base game"), ("expansion", "Expansion")),
        ruleset_players=(("base", 2, 2),),
    )
    cards = CARDS
    decks = DECKS

    @cached_property
    def rules(self) -> RuleBook:
        return RuleBook.from_data(GAME_NAME, load_json_data("tutor.games.kamikaze.data", "rules.json"))

    @cached_property
    def catalog(self) -> Catalog:
        return load_catalog()

    # ------------------------------------------------------------ play
    def new_game(self, players: int = 2, seed: int = 0, ruleset: str | None = None, **options: Any) -> State:
        return new_game(players, seed, ruleset, **options)

    def legal_actions(self, state: State) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: State, action: Any) -> State:
        return apply_silent(state, action)

    def apply_explained(self, state: State, action: Any) -> tuple[State, list[Event]]:
        return apply_explained(state, action)

    def explain(self, state: State, action: Any) -> list[Event]:
        return explain(state, action)

    def parse_action(self, state: State, text: str) -> Action:
        return parse_action(state, text)

    # the stored field (see State.turn): a C call, no Python frame, on the playout's hot path
    current_player = attrgetter("turn")  # type: ignore[assignment]

    def decision(self, state: State) -> str:
        return "" if state.current_player is None else state.phase

    def is_over(self, state: State) -> bool:
        return is_over(state)

    def scores(self, state: State) -> list[int]:
        return scores(state)

    def winners(self, state: State) -> list[int]:
        return winners(state)

    def card_action(self, state: State, card: str) -> Any:
        """Playing a card of the hand: set it in the duel (commit), or swap it for the Familiar."""
        kind = self.decision(state)
        if kind == "commit":
            return Play(card)
        if kind == "familiar":
            return Swap(card)
        return None

    def view(self, state: State, player: int | None = None) -> dict:
        return view(state, player)

    # ---------------------------------------------------------- files
    def to_json(self, state: State) -> str:
        return to_json(state)

    def from_json(self, text: str | bytes) -> State:
        return from_json(text)

    # ------------------------------------------------------- teaching
    def build_examples(self) -> list[Example]:
        from .examples import build_examples

        return build_examples(self)

    def verify_example(self, example: Example) -> list[str]:
        """Where the replay differs from the outcome the rulebook states: the duel
        table's fates and discards from the narration, other facts from the final position."""
        from .examples import verify

        return verify(example)

    def advise(self, state: State, lang: str = "en") -> Any:
        """The exact coach's hint in the two-player base game (None elsewhere: the search bot hints)."""
        from .coaching import advice

        return advice(self, state, lang)

    def hint_reason(self, state: State, seat: int, action: Any, lang: str = "en") -> tuple[str, str] | None:
        """The cards on the field, what the rival revealed or may hold, the graveyards, and the duel
        rule that decides (see ``hints.py`` in its package)."""
        return table_reason(self, state, seat, action, lang)

    def warm(self) -> None:
        """Solve the two-player base game from its opening (the coach's memo): every later
        coach hint and coach bot move of that game is then a lookup."""
        coach(self.new_game(2, seed=0))

    def action_rule(self, state: State, action: Any) -> str:
        """Playing a card with a power rests on that power's rule; any other move on its first event's."""
        card = getattr(action, "card", None)
        if type(action).__name__ == "Play" and f"{GAME_NAME}/power/{card}" in self.rules:
            return f"{GAME_NAME}/power/{card}"
        return super().action_rule(state, action)

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

    def narrate_example(self, example: Example, lang: str) -> dict:
        """An example's title, outcome, note and step narrations in ``lang``.

        English is the example's own text.  In Italian and French the title,
        outcome and note come from the catalog (the duel table's cells and the
        whole game are worded from their cards and result), and each step is
        narrated from the action and the events in that language.
        """
        return example_words(self, example, lang)

    def coach(self, state: State) -> tuple[float, dict[str, float]]:
        return coach(state)

    # ------------------------------------------ for bots and the tests
    def conserved(self, state: State) -> dict[str, int]:
        return conserved(state)

    def resample_hidden(self, state: State, player: int, rng: random.Random) -> State:
        return resample_hidden(state, player, rng)

    def position_key(self, state: State) -> str:
        return position_key(state)

    def greedy_value(self, state: State, action: Any) -> float:
        return greedy_value(state, action)


GAME = KamikazeAttack()

"""The Formula E game object."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any, Sequence

from tutor.core import (Catalog, Event, IllegalAction, Example, Game, GameInfo, RuleBook, dump_json, finish_text,
                        load_json_data)

from . import engine, reading
from .actions import Play, parse
from .base import MAX_ACTIONS
from .cards import DATA, GAME_NAME, RULEBOOK_FILE
from .legal import listed
from .scenario import from_json, to_json
from .hints import hint_reason, phrase
from .search import advice
from .state import State
from .trace import trace
from .words import action_words, load_catalog


class FormulaE(Game):
    """The elephant race (see :class:`tutor.core.Game`).

    The out-of-turn Tiger is a run of ordinary "tiger" decisions: after a card
    is played, each other player in turn order may cancel it (with a Tiger in
    hand) or let it resolve; the window is skipped when no other hand holds a
    Tiger.
    """

    info = GameInfo(
        name=GAME_NAME,
        title="Formula E",
        min_players=3,
        max_players=6,
        rulesets=("base",),
        default_ruleset="base",
        decisions=("place", "turn", "tiger", "move", "rat", "cow", "monkey", "prayer", "snake", "second",
                   "discard"),
        max_actions=MAX_ACTIONS,
        hidden_information=True,
        chance=True,
        rulebooks=(RULEBOOK_FILE,),
        ruleset_names=(("base", "Base game"),),
    )

    @cached_property
    def rules(self) -> RuleBook:
        return RuleBook.from_data(GAME_NAME, load_json_data(DATA, "rules.json"))

    @property
    def catalog(self) -> Catalog:
        return load_catalog()

    def new_game(self, players: int = 4, seed: int = 0, ruleset: str | None = None, **options: Any) -> State:
        return engine.new_game(players, seed, ruleset, **options)

    def legal_actions(self, state: State) -> Sequence[Any]:
        return engine.legal_actions(state)

    def apply(self, state: State, action: Any) -> State:
        return engine.apply(state, action)

    def apply_explained(self, state: State, action: Any) -> tuple[State, list[Event]]:
        return engine.apply_explained(state, action)

    def parse_action(self, state: State, text: str) -> Any:
        return parse(text)

    def current_player(self, state: State) -> int | None:
        return state.current_player

    def decision(self, state: State) -> str:
        return "" if state.current_player is None else state.phase

    def scores(self, state: State) -> list[int]:
        return reading.scores(state)

    def winners(self, state: State) -> list[int]:
        return reading.winners(state)

    def card_action(self, state: State, card: str) -> Any:
        """Playing a card of the hand on the turn (a pair is chosen among the moves)."""
        return Play(card) if self.decision(state) == "turn" else None

    def view(self, state: State, player: int | None = None) -> dict:
        return reading.view(state, player)

    def to_json(self, state: State) -> str:
        return to_json(state)

    def from_json(self, text: str | bytes) -> State:
        return from_json(text)

    def build_examples(self) -> list[Example]:
        from .examples import build_examples

        return build_examples(self)

    def narrate_example(self, example: Example, lang: str) -> dict:
        """Title, outcome and note from the catalog; each step narrated in ``lang`` from its events."""
        told = self.catalog.example(example, lang)
        colon = " :" if lang == "fr" else ":"  # French sets a space before a colon
        steps = []
        for step in example.steps:
            action = self.action_text(step.action, lang)
            if step.illegal:
                try:
                    self.apply(step.before, step.action)
                except IllegalAction as exc:
                    steps.append(finish_text(f"{action}{colon} {self.message(exc, lang)}", lang))
                    continue
            words = [self.message(e, lang) for e in step.events]
            steps.append(finish_text(" ".join([f"{action}{colon}"] + words), lang) if words else action)
        return {**told, "steps": steps}

    def advise(self, state: State, lang: str = "en") -> Any:
        """The search bot's move and why (``search.advice``): the fact of the seat's view that speaks for it and the
        rule that makes it matter (``hints.hint_reason``); with no choice, the fact of the only move, or None when
        there is none (the generic hint then says the only legal move is so)."""
        from tutor.hints import Hint, advisor, reason

        seat = self.current_player(state)
        if seat is None or not listed(state):
            return None
        if len(listed(state)) == 1:  # no choice: the fact of the only move, else the generic "only legal move"
            only = listed(state)[0]
            said = self.hint_reason(state, seat, only, lang)
            if said is None:
                return None
            forced = self.catalog.render("It is the only legal move.", {}, lang)
            return Hint(only, said[0], said[1], seat, "only", forced)
        action, sentence, rule, details = advice(self, state, advisor(self), lang)
        if self.hint_reason(state, seat, action, lang) is not None:
            return Hint(action, sentence, rule, seat, "search", details)
        # no fact found for this move: the move's consequence, as the seat may know it, with its rule, then the
        # fixed phrase of the move's kind
        fact, fact_rule = reason(self, state, action, seat, lang, rule, prefer=True)
        why = self.catalog.render(phrase(action, state.phase)[0], {}, lang)
        return Hint(action, f"{fact} {why[:1].upper()}{why[1:]}.", fact_rule, seat, "search", details)

    def hint_reason(self, state: State, seat: int, action: Any, lang: str = "en") -> tuple[str, str] | None:
        """The fact of ``seat``'s view that speaks for ``action`` and the rule that makes it matter (hints.py)."""
        return hint_reason(self, state, seat, action, lang)

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

    def conserved(self, state: State) -> dict[str, int]:
        return reading.conserved(state)

    def resample_hidden(self, state: State, player: int, rng: random.Random) -> State:
        return reading.resample_hidden(state, player, rng)

    def position_key(self, state: State) -> str:
        """What the seat to decide sees, with the game's seed and its count of chance events (both public): two
        positions that seat cannot tell apart give the bots the same chance."""
        seat = state.current_player if state.current_player is not None else 0
        return f"{state.seed}|{state.chance}|" + dump_json(self.view(state, seat))

    def greedy_value(self, state: State, action: Any) -> float:
        return engine.greedy_value(state, action)

    # helpers the tests and bots use
    def positions(self, state: State) -> dict:
        return reading.positions(state)

    def progress(self, state: State, player: int) -> int:
        return reading.progress(state, player)

    def preview(self, state: State, action: Any) -> dict | None:
        return engine.preview(state, action)

    def trace(self, events: Sequence[Event]) -> dict | None:
        return trace(events)


GAME = FormulaE()

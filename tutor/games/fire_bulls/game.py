"""The Fire Bulls game object."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from tutor.core import (
    ActionParseError,
    Event,
    RuleBook,
    dump_json,
    load_json_data,
    parse_json_object,
)
from tutor.games.fire_bulls.actions import _ACTION_PATTERNS, Action, action_text
from tutor.games.fire_bulls.cards import (
    _NEIGHBOURS,
    _QI_ORDER,
    COLOURS,
    DECK_ABOUT,
    DECK_MANIFEST,
    LANGS,
    NAME,
    PILE_SIZE,
    QI_MANIFEST,
    RULESETS,
    SLOTS,
    card_name,
    face_value,
    qi_deck,
    rid,
    symbols,
    yen_deck,
)
from tutor.games.fire_bulls.engine import (
    _attack_directions,
    _distinct,
    _fill_rows,
    _next_target,
    _penalty_choices,
    _perform,
    _Work,
)
from tutor.games.fire_bulls.messages import _illegal, message
from tutor.games.fire_bulls.payment import _counts, _pay_options
from tutor.games.fire_bulls.scenario import _from_data, _to_data
from tutor.games.fire_bulls.scoring import PileScore, score_pile, winners
from tutor.games.fire_bulls.state import State


class FireBulls:
    """The Fire Bulls game object (``tutor.games.get("fire-bulls")``)."""

    name = NAME
    title = "Fire Bulls"
    min_players = 2
    max_players = 5
    rulesets = RULESETS
    default_ruleset = "it"
    ruleset_names = {"it": "Italian rulebook (000)", "fr": "French rulebook (001)"}

    @cached_property
    def rules(self) -> RuleBook:
        """Every clause of the rules, with its rulebook quotes (loaded on first use)."""
        return RuleBook.from_data(NAME, load_json_data("tutor.games.fire_bulls.data", "rules.json"))

    def __init__(self) -> None:
        self.deck_manifest: dict[str, dict[str, int]] = DECK_MANIFEST
        self.qi_manifest: dict[str, int] = QI_MANIFEST
        self.deck_about: str = DECK_ABOUT

    # ------------------------------------------------------------------ setup
    def yen_deck(self, ruleset: str = "it") -> list[str]:
        """The 54 Yen cards of a ruleset's deck (reconstructed symbols)."""
        return yen_deck(ruleset)

    def qi_deck(self) -> list[str]:
        return qi_deck()

    def new_game(self, players: int, seed: int, ruleset: str | None = None, *,
                 colours: Sequence[str] | None = None, pawns: Sequence[int] | None = None,
                 first_player: int = 0) -> State:
        """Set up a table: shuffled piles, rows, pawns, hands and reserve, all from ``seed``."""
        ruleset = ruleset or self.default_ruleset
        if ruleset not in RULESETS:
            raise ValueError(f"unknown ruleset {ruleset!r}: choose one of {', '.join(RULESETS)}")
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Fire Bulls is for {self.min_players} to {self.max_players} players, not {players}")
        if not isinstance(seed, int):
            raise ValueError("the seed must be a whole number")
        rng = random.Random(seed)
        if colours is None:
            colours = rng.sample(COLOURS, players)
        colours = tuple(colours)
        if len(colours) != players or len(set(colours)) != players or not set(colours) <= set(COLOURS):
            raise ValueError(f"give each of the {players} players a different colour from {', '.join(COLOURS)}")
        if pawns is None:
            pawns = rng.sample(range(1, 6), players)
        pawns = tuple(pawns)
        if len(pawns) != players or len(set(pawns)) != players or not set(pawns) <= {1, 2, 3, 4, 5}:
            raise ValueError("each pawn needs its own direction from 1 to 5")
        if not 0 <= first_player < players:
            raise ValueError("first_player is a seat number from 0")
        yen = self.yen_deck(ruleset)
        rng.shuffle(yen)
        qi = self.qi_deck()
        rng.shuffle(qi)
        hands = [sorted(qi[3 * p: 3 * p + 3], key=_QI_ORDER.__getitem__) for p in range(players)]
        rest = qi[3 * players:]
        blank = State(
            ruleset=ruleset, seed=seed, rng=0, colours=colours, pawns=pawns,
            current_player=first_player, turn=0, slots=(None,) * 9, general=False,
            piles=tuple(tuple(yen[PILE_SIZE * i: PILE_SIZE * (i + 1)]) for i in range(3)),
            deck=tuple(rest[3:]), discard=(), reserve=tuple(rest[:3]),
            hands=tuple(tuple(h) for h in hands), won=((),) * players, removed=(),
            exhaustions=0, end=None,
        )
        w = _Work(blank, narrate=False)
        _fill_rows(w)
        return w.freeze()

    # ---------------------------------------------------------------- actions
    def legal_actions(self, state: State) -> list[Action]:
        """The actions open to the current player, as small values."""
        if state.end:
            return []
        p = state.current_player
        hand = state.hands[p]
        if state.pending:
            head = state.pending[0]
            if head.startswith("power:"):
                card = head[6:]
                return [Action.use_power(card), Action.decline_power(card)]
            if head.startswith("colonel:"):
                victim = int(head[8:])
                return [Action.colonel(victim, c) for c in _distinct(state.hands[victim])] + [Action.spare(victim)]
            if head == "penalty":
                return [Action.lose(c) for c in _distinct(_penalty_choices(state))]
            if head == "limit":
                return [Action.release(c) for c in _distinct(hand)]
        counts = _counts(hand)
        ruleset = state.ruleset
        slots = state.slots
        if state.attack:
            card = slots[_next_target(slots, state.attack)]
            acts = [Action("pay", 0, card, pay) for pay in _pay_options(card, ruleset, counts)]
            acts.append(_STOP)
            return acts
        acts = [Action("take", 0, c) for c in _distinct(state.reserve)]
        acts.append(_DRAW)
        for d in _NEIGHBOURS[state.pawns[p]]:
            acts.append(Action("draw", d))
        for d in _attack_directions(state):
            target = _next_target(slots, d)
            if target is None:
                continue
            card = slots[target]
            for pay in _pay_options(card, ruleset, counts):
                acts.append(Action("attack", d, card, pay))
        if state.general:
            for pay in _pay_options("general", ruleset, counts):
                acts.append(Action("general", 0, "general", pay))
        return acts

    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; raises IllegalAction (and changes nothing) if the rules forbid it."""
        return self._run(state, action, narrate=False)[0]

    def explain(self, state: State, action: Action) -> list[Event]:
        """What applying ``action`` does, event by event, each with its rule id."""
        return self._run(state, action, narrate=True)[1]

    def apply_explained(self, state: State, action: Action) -> tuple[State, list[Event]]:
        return self._run(state, action, narrate=True)

    def _run(self, state: State, action: Action, narrate: bool) -> tuple[State, list[Event]]:
        if not isinstance(action, Action):
            if isinstance(action, str):
                action = self.parse_action(state, action)
            else:
                raise _illegal(rid("turn/sequence"), "{what} is not a Fire Bulls action", what=repr(action))
        w = _Work(state, narrate)
        _perform(w, action)
        return w.freeze(), w.events

    def parse_action(self, state: State | None, text: str) -> Action:
        """Read an action written as ``str(action)`` writes it (case and spacing are free)."""
        if not isinstance(text, str) or not text.strip():
            raise _illegal(rid("notation"), "type an action, for example 'draw from the deck'", cls=ActionParseError)
        t = " ".join(text.strip().split()).lower()
        for pattern, build in _ACTION_PATTERNS:
            m = pattern.fullmatch(t)
            if m:
                try:
                    return build(m)
                except ValueError as exc:
                    raise _illegal(rid("notation"), "'{text}': {why}", cls=ActionParseError,
                                   text=text.strip(), why=str(exc)) from None
        raise _illegal(rid("notation"), "'{text}' is not a Fire Bulls action; for example: 'draw from the deck', "
                       "'take green from the reserve', 'attack from direction 3: pay with green, green'",
                       cls=ActionParseError, text=text.strip())

    # ------------------------------------------------------------ end, scores
    def is_over(self, state: State) -> bool:
        return state.end is not None

    def score_breakdown(self, state: State) -> list[PileScore]:
        escaped = state.end == "escaped"
        return [score_pile(state.won[p], state.colours[p], escaped, state.ruleset) for p in range(state.players)]

    def scores(self, state: State) -> list[int]:
        return [s.total for s in self.score_breakdown(state)]

    def winners(self, state: State) -> list[int]:
        return winners(dict(enumerate(self.score_breakdown(state))))

    def greedy_value(self, state: State, action: Action) -> float:
        """Points the action wins at once (what the greedy bot maximises)."""
        if action.kind in ("attack", "pay", "general"):
            colour = state.colours[state.current_player]
            card = action.card or "general"
            gain = face_value(card) + (colour in symbols(card, state.ruleset))
            return gain - 0.01 * len(action.payment)  # the cheaper payment first
        if action.kind == "power":
            return 0.5
        if action.kind == "lose":
            return -face_value(action.card)
        return 0.0

    # ------------------------------------------------------------------ views
    def view(self, state: State, player: int) -> dict:
        """What ``player`` may see: no other hand, no deck order, no pile order."""
        if not 0 <= player < state.players:
            raise ValueError(f"there is no player {player + 1}")
        return {
            "game": NAME,
            "ruleset": state.ruleset,
            "player": player,
            "colours": list(state.colours),
            "pawns": list(state.pawns),
            "current_player": state.current_player,
            "phase": state.phase,
            "turn": state.turn,
            "rows": {s: state.slots[i] for i, s in enumerate(SLOTS)},
            "general": state.general,
            "pile_sizes": [len(p) for p in state.piles],
            "deck_size": len(state.deck),
            "discard_size": len(state.discard),
            "reserve": list(state.reserve),
            "hand": list(state.hands[player]),
            "hand_sizes": [len(h) for h in state.hands],
            "won": [list(w) for w in state.won],
            "removed": list(state.removed),
            "exhaustions": state.exhaustions,
            "pending": list(state.pending) if state.current_player == player else [],
            "end": state.end,
            "scores": self.scores(state),
        }

    def position_key(self, state: State) -> str:
        return repr(state)

    # ------------------------------------------------------------------- JSON
    def to_json(self, state: State) -> str:
        """A scenario file: readable, editable, and byte-identical for equal states."""
        return dump_json(_to_data(state))

    def from_json(self, text: str | bytes) -> State:
        """Load a scenario file; any fault raises ScenarioError naming the field."""
        return _from_data(parse_json_object(text))

    # --------------------------------------------------------------- teaching
    def examples(self):
        from tutor.games.fire_bulls import examples as fire_bulls_examples

        return fire_bulls_examples.build(self)

    # ---------------------------------------------------------- languages
    languages = LANGS

    def message(self, error_or_event: Any, lang: str = "en") -> str:
        """An IllegalAction / ScenarioError or a narration Event in "en", "it" or "fr"."""
        return message(error_or_event, lang)

    def action_text(self, action: Action, lang: str = "en") -> str:
        return action_text(action, lang)

    def card_name(self, card: str, lang: str = "en") -> str:
        return card_name(card, lang)

    def example_text(self, example, lang: str = "en") -> dict:
        """An example's title, outcome, note and step narrations in a language."""
        from tutor.games.fire_bulls import examples as fire_bulls_examples

        return fire_bulls_examples.localized(self, example, lang)

    def differences(self) -> list[dict]:
        """The points where the Italian and French rulebooks differ, with both rules."""
        return list(self.rules.differences)

_STOP = Action("stop")
_DRAW = Action("draw")
GAME = FireBulls()

"""A tiny game on the contract of tutor.core, to test the generic panels alone.

"High card": each player is dealt three cards (1-9) from the seed; in turn
each plays one card to the table; when everyone has played, the highest card
takes the round (a point) and its player leads the next round; the game ends
when the hands are empty.  With ``secret=True`` the cards on the table lie
face down until the round ends (a secret choice, as Kamikaze Attack's).

Not registered: the state has no ``current_player`` field on purpose, so a
panel that reads a state field instead of the contract fails here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import ipywidgets as w

from tutor.core import (Catalog, Event, Example, Game, GameInfo, IllegalAction, Quote, Rule, RuleBook,
                        ScenarioReader, Step, core_catalog, dump_json, parse_json_object)

NAME = "toy-high-card"
COLOURS = ("red", "blue", "green")

RULES = RuleBook(NAME, [
    Rule(f"{NAME}/play/own-card", "Play a card of your hand", "On your turn play one card of your hand.",
         (Quote("toy", "en", "Play one of your cards."),)),
    Rule(f"{NAME}/round/highest", "The highest card takes the round", "The highest card scores a point.",
         (Quote("toy", "en", "Highest card wins."),)),
])

CATALOG = Catalog({
    "names": {"en": {"decisions": {"play": "play a card"}},
              "it": {"decisions": {"play": "gioca una carta"}},
              "fr": {"decisions": {"play": "jouer une carte"}}},
    "messages": {
        "{who} plays {card}.": {"it": "{who} gioca {card}.", "fr": "{who} joue {card}."},
        "{who} plays a card face down.": {"it": "{who} gioca una carta coperta.",
                                          "fr": "{who} joue une carte face cachée."},
        "{who} takes the round.": {"it": "{who} vince il giro.", "fr": "{who} remporte le tour."},
        "You have no {card} in your hand.": {"it": "Non hai {card} in mano.",
                                              "fr": "Vous n'avez pas de {card} en main."},
    },
}, param=lambda name, value, lang: (f"player {value + 1}" if name == "who" and lang == "en" else
                                     f"giocatore {value + 1}" if name == "who" and lang == "it" else
                                     f"joueur {value + 1}" if name == "who" else str(value)),
    fallback=core_catalog())


@dataclass(frozen=True)
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class ToyState:
    players: int
    hands: tuple[tuple[int, ...], ...]
    table: tuple[int | None, ...]
    points: tuple[int, ...]
    mover: int | None  # deliberately not called current_player
    turn: int = 0
    ruleset: str = "basic"
    colours: tuple[str, ...] = ()  # a choice per seat at setup (like Kamikaze's decks)


class HighCard(Game):
    info = GameInfo(name=NAME, title="High Card", min_players=2, max_players=3, rulesets=("basic",),
                    default_ruleset="basic", decisions=("play",), max_actions=20, hidden_information=True,
                    chance=True)
    secret = False

    @property
    def rules(self) -> RuleBook:
        return RULES

    @property
    def catalog(self) -> Catalog:
        return CATALOG

    def new_game(self, players: int, seed: int, ruleset: str | None = None, **options: Any) -> ToyState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{players} players: this game is for 2 or 3")
        deck = list(range(1, 10))
        random.Random(seed).shuffle(deck)
        hands = tuple(tuple(sorted(deck[3 * p:3 * p + 3])) for p in range(players))
        colours = tuple(options.get("colours") or ("red",) * players)
        if len(colours) != players or not set(colours) <= set(COLOURS):
            raise ValueError(f"one colour per seat from {', '.join(COLOURS)}")
        return ToyState(players, hands, (None,) * players, (0,) * players, 0, colours=colours)

    def current_player(self, state: ToyState) -> int | None:
        return state.mover

    def decision(self, state: ToyState) -> str:
        return "" if state.mover is None else "play"

    def legal_actions(self, state: ToyState) -> list[Play]:
        return [] if state.mover is None else [Play(c) for c in state.hands[state.mover]]

    def apply(self, state: ToyState, action: Any) -> ToyState:
        return self.apply_explained(state, action)[0]

    def apply_explained(self, state: ToyState, action: Any) -> tuple[ToyState, list[Event]]:
        p = state.mover
        if p is None or type(action) is not Play or action not in self.legal_actions(state):
            card = action.card if type(action) is Play else "that card"
            raise IllegalAction(f"{NAME}/play/own-card", f"You have no {card} in your hand.",
                                "You have no {card} in your hand.", {"card": card})
        hands = list(state.hands)
        hands[p] = tuple(c for c in hands[p] if c != action.card)
        table = list(state.table)
        table[p] = action.card
        template = "{who} plays a card face down." if self.secret else "{who} plays {card}."
        events = [Event(f"{NAME}/play/own-card", template.format(who=f"player {p + 1}", card=action.card),
                        data=(("who", p), ("card", action.card)), template=template)]
        points, mover, turn = list(state.points), (p + 1) % state.players, state.turn
        if all(c is not None for c in table):
            best = max(range(state.players), key=lambda q: table[q] or 0)
            points[best] += 1
            events.append(Event(f"{NAME}/round/highest", f"player {best + 1} takes the round.",
                                data=(("who", best),), template="{who} takes the round."))
            table, mover, turn = [None] * state.players, best, turn + 1
            if not hands[best]:
                mover = None
        return replace(state, hands=tuple(hands), table=tuple(table), points=tuple(points), mover=mover,
                       turn=turn), events

    def parse_action(self, state: ToyState, text: str) -> Play:
        return Play(int(text.split()[-1]))

    def scores(self, state: ToyState) -> list[int]:
        return list(state.points)

    def winners(self, state: ToyState) -> list[int]:
        if state.mover is not None:
            return []
        top = max(state.points)
        return [p for p in range(state.players) if state.points[p] == top]

    def view(self, state: ToyState, player: int | None) -> dict:
        table = [c if player is None or p == player or not self.secret or c is None else "back"
                 for p, c in enumerate(state.table)]
        return {
            "game": NAME, "player": player, "players": state.players, "ruleset": state.ruleset,
            "current_player": state.mover, "decision": self.decision(state), "scores": self.scores(state),
            "over": state.mover is None, "turn": state.turn,
            "hands": [list(h) if player is None or p == player else None for p, h in enumerate(state.hands)],
            "hand_sizes": [len(h) for h in state.hands], "table": table, "colours": list(state.colours),
        }

    def to_json(self, state: ToyState) -> str:
        return dump_json({"game": NAME, "format": 2, "players": state.players,
                          "hands": [list(h) for h in state.hands], "table": list(state.table),
                          "points": list(state.points), "mover": state.mover, "turn": state.turn,
                          "colours": list(state.colours)})

    def from_json(self, text: str | bytes) -> ToyState:
        r = ScenarioReader(parse_json_object(text))
        n = r.int("players", 2, 3)
        hands = r.list("hands", length=n)
        for i, h in enumerate(hands):
            if not isinstance(h, list) or not all(isinstance(c, int) and 1 <= c <= 9 for c in h):
                raise r.error_at(f"hands[{i}]", "expected a list of cards from 1 to 9")
        table = r.list("table", length=n)
        points = r.list("points", length=n)
        colours = r.list("colours", length=n)
        if not set(colours) <= set(COLOURS):
            raise r.error("colours", "expected colours from {known}", known=", ".join(COLOURS))
        return ToyState(n, tuple(tuple(h) for h in hands), tuple(table), tuple(points),
                        r.optional_int("mover", 0, n - 1), r.int("turn", 0, 9, default=0), colours=tuple(colours))

    def build_examples(self) -> list[Example]:
        start = self.new_game(2, seed=1)
        a = self.legal_actions(start)[-1]
        mid, ev1 = self.apply_explained(start, a)
        b = self.legal_actions(mid)[0]
        end, ev2 = self.apply_explained(mid, b)
        steps = (Step(start, mid, a, "Player 1 plays their highest card.", (f"{NAME}/play/own-card",), tuple(ev1)),
                 Step(mid, end, b, "Player 2 plays their lowest card.", (f"{NAME}/round/highest",), tuple(ev2)))
        return [Example("one-round", "One round", Quote("toy", "en", "Highest card wins."), "basic",
                        start, steps, "Player 1 takes the round.")]

    def action_text(self, action: Any, lang: str = "en") -> str:
        word = {"en": "play", "it": "gioca", "fr": "jouer"}.get(lang, "play")
        return f"{word} {action.card}"

    def conserved(self, state: ToyState) -> dict[str, int]:
        return {"cards": sum(len(h) for h in state.hands) + sum(c is not None for c in state.table)}

    def resample_hidden(self, state: ToyState, player: int, rng: random.Random) -> ToyState:
        return state


class SecretHighCard(HighCard):
    """The same game with the cards on the table face down until the round ends."""

    info = replace(HighCard.info, secret_choices=True)
    secret = True


def board(view: dict, before: dict | None, lang: str, who) -> dict[str, str]:
    """A plain board that draws only the view (what the shell hands it)."""
    hands = []
    for p, hand in enumerate(view["hands"]):
        shown = "hidden" if hand is None else " ".join(map(str, hand))
        hands.append(f"<div class='toy-hand' data-player='{p}'>{who(p)}: {shown}</div>")
    table = " ".join("-" if c is None else str(c) for c in view["table"])
    changed = " toy-changed" if before is not None and before["table"] != view["table"] else ""
    return {"hands": "".join(hands), "table": f"<div class='toy-table{changed}'>{table}</div>"}


def breakdown(game, view: dict, lang: str, who):
    import pandas as pd

    return pd.DataFrame({"who": [who(p) for p in range(view["players"])], "points": view["scores"]})


class ToyControls(w.VBox):
    """Controls that record what the shell gives them and play through the shell."""

    def __init__(self, shell):
        super().__init__()
        self.shell = shell
        self.calls: list[tuple[dict, list, str]] = []

    def refresh(self, view: dict, actions: list, lang: str) -> None:
        self.calls.append((view, list(actions), lang))

    @property
    def last(self) -> tuple[dict, list, str]:
        return self.calls[-1]

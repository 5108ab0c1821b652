"""What every part of Formula E's rules shares: the rule ids, copying a State, hands, the pieces, the narrator."""

from __future__ import annotations

import random
from typing import Any

from tutor.core import Event, IllegalAction

from . import movement as mv
from .cards import GAME_NAME, sort_cards
from .state import State
from .words import load_catalog

MAX_ACTIONS = 6000
R = "formula-e/"

RULE_OF_PHASE = {"place": R + "setup/place-order", "turn": R + "turn/choice", "tiger": R + "tiger/window",
                 "move": R + "move/all-points", "rat": R + "card/rat", "cow": R + "card/cow",
                 "monkey": R + "card/monkey", "prayer": R + "card/prayer", "snake": R + "card/snake",
                 "second": R + "turn/pair-order", "discard": R + "draw/cobra", "over": R + "win/line"}


# ------------------------------------------------------------------ helpers
NEW, SET = object.__new__, object.__setattr__  # a new State and its table of fields (apply's every step: read once)


def rng_for(s: State) -> random.Random:
    return random.Random(f"{GAME_NAME}|{s.seed}|{s.chance}")


def replace(s: State, **changes: Any) -> State:
    """``dataclasses.replace`` for a State without its field-by-field constructor (apply's hot path); what is
    kept on the old state (its listed actions) is not carried over."""
    new = NEW(State)  # the body of ``update``, not a call to it (one frame less on the Tiger window)
    fields = s.__dict__.copy()
    if "_legal" in fields:
        del fields["_legal"]
    if "_after" in fields:
        del fields["_after"]
    fields.update(changes)
    phase = fields["phase"]  # (State.current_player, stored: who_decides inline)
    fields["current_player"] = None if phase == "over" else fields["asker"] if phase == "tiger" else fields["active"]
    SET(new, "__dict__", fields)
    return new


def update(s: State, changes: dict) -> State:
    """``replace`` with the changes in a dict (gathered along apply's path, to copy the table once)."""
    new = NEW(State)
    fields = s.__dict__.copy()  # a copy of the whole table, cheaper than filling a new one field by field
    if "_legal" in fields:  # (``in`` and ``del`` are bytecodes; ``pop`` is a call)
        del fields["_legal"]
    if "_after" in fields:
        del fields["_after"]
    fields.update(changes)


    phase = fields["phase"]  # (State.current_player, stored: who_decides inline)
    fields["current_player"] = None if phase == "over" else fields["asker"] if phase == "tiger" else fields["active"]
    SET(new, "__dict__", fields)
    return new


def with_hand(hands: tuple[tuple[str, ...], ...], seat: int, hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """``hands`` with seat's hand replaced (``hand`` already sorted)."""
    return hands[:seat] + (hand,) + hands[seat + 1:]


def pieces(s: State) -> mv.Pieces:
    return mv.made(s.elephants, s.cows, None)  # (``mv.Pieces(s.elephants, s.cows)`` without its __init__)


def with_pieces(s: State, p: mv.Pieces) -> State:
    return replace(s, elephants=p.elephants, cows=tuple(sorted(p.cows)))


def set_hand(s: State, seat: int, hand) -> State:
    return replace(s, hands=with_hand(s.hands, seat, sort_cards(hand)))


def remove(hand: tuple[str, ...], cards) -> tuple[str, ...]:
    out = left_after(hand, tuple(cards))
    if out is None:
        raise ValueError(f"{cards} not in {hand}")
    return out


def left_after(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...] | None:
    """``hand`` without ``cards`` (in its order), or None when it does not hold them all.  Not memoised: a
    turn's discard is checked and made in one call, and nearly every (hand, discard) pair of a playout is new,
    so a memo only kept two more objects alive per action for the garbage collector to walk."""
    out = list(hand)
    for c in cards:
        if c not in out:
            return None
        out.remove(c)
    return tuple(out)


def holds(hand: tuple[str, ...], cards) -> bool:
    out = list(hand)
    for c in cards:
        if c not in out:
            return False
        out.remove(c)
    return True


class Narrator:
    """Collects the events of one action, each rendered in English from its catalog template."""

    silent = False

    def __init__(self) -> None:
        self.events: list[Event] = []

    def __call__(self, rule: str, template: str, **params: Any) -> None:
        if self.silent:
            return
        text = load_catalog().render(template, params, "en")
        self.events.append(Event(R + rule, text, "info", tuple(params.items()), template))


class Silent(Narrator):
    """The narrator of a plain ``apply``: nobody reads the events, so none is rendered."""

    silent = True


SILENT = Silent()  # it keeps nothing, so one serves every apply


def refuse(rule: str, template: str, **params: Any) -> IllegalAction:
    text = load_catalog().render(template, params, "en")
    return IllegalAction(rule, text, template=template, params=params)

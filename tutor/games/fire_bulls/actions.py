"""Fire Bulls actions: small values, their text in three languages, and reading the text back."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from tutor.games.fire_bulls.cards import _PATHS, _card_from_name, _qi_sort, parse_qi
from tutor.games.fire_bulls.messages import MESSAGES

# ------------------------------------------------------------------------ actions


def attack_path(direction: int) -> list[str]:
    """Slots attacked from a direction, nearest first."""
    if direction not in _PATHS:
        raise ValueError(f"direction {direction!r} does not exist: directions are 1 to 5")
    return list(_PATHS[direction])


class Action(NamedTuple):
    """One move of a player, a small immutable value.

    ``str(action)`` reads in rulebook words and :meth:`FireBulls.parse_action`
    reads it back.

    >>> str(Action.attack(3, ["green", "warrior", "green"], "xi:white"))
    'attack from direction 3: pay Xi (white) with green, green, warrior'
    >>> str(Action.draw(move_to=4))
    'draw from the deck and move the pawn to direction 4'
    """

    kind: str
    direction: int = 0
    card: str | None = None
    payment: tuple[str, ...] = ()
    player: int = -1

    # -- constructors
    @classmethod
    def take(cls, card: str) -> Action:
        return cls("take", card=card)

    @classmethod
    def draw(cls, move_to: int | None = None) -> Action:
        return cls("draw", direction=move_to or 0)

    @classmethod
    def attack(cls, direction: int, payment: Sequence[str], card: str | None = None) -> Action:
        return cls("attack", direction=direction, card=card, payment=_qi_sort(payment))

    @classmethod
    def general(cls, payment: Sequence[str]) -> Action:
        return cls("general", card="general", payment=_qi_sort(payment))

    @classmethod
    def pay(cls, payment: Sequence[str], card: str | None = None) -> Action:
        return cls("pay", card=card, payment=_qi_sort(payment))

    @classmethod
    def stop(cls) -> Action:
        return cls("stop")

    @classmethod
    def use_power(cls, card: str | None = None) -> Action:
        return cls("power", card=card)

    @classmethod
    def decline_power(cls, card: str | None = None) -> Action:
        return cls("decline", card=card)

    @classmethod
    def colonel(cls, player: int, card: str) -> Action:
        return cls("colonel", card=card, player=player)

    @classmethod
    def spare(cls, player: int) -> Action:
        return cls("spare", player=player)

    @classmethod
    def lose(cls, card: str) -> Action:
        return cls("lose", card=card)

    @classmethod
    def release(cls, card: str) -> Action:
        return cls("release", card=card)

    @property
    def move_to(self) -> int | None:
        return (self.direction or None) if self.kind == "draw" else None

    def __str__(self) -> str:
        return action_text(self, "en")

    def __repr__(self) -> str:
        return f"<Action {self}>"


def action_text(action: Action, lang: str = "en") -> str:
    """An action in rulebook words, in English (what ``str`` gives), Italian or French.

    >>> action_text(Action.take("red"), "fr")
    'prendre rouge dans la réserve'
    """
    k, a = action.kind, action
    if k == "take":
        return MESSAGES.render("take {qi} from the reserve", {"qi": a.card}, lang)
    if k == "draw":
        if a.direction:
            return MESSAGES.render("draw from the deck and move the pawn to direction {d}", {"d": a.direction}, lang)
        return MESSAGES.render("draw from the deck", {}, lang)
    if k in ("attack", "pay"):
        params = {"d": a.direction, "card": a.card, "payment": a.payment}
        if k == "attack":
            template = ("attack from direction {d}: pay {card} with {payment}" if a.card
                        else "attack from direction {d}: pay with {payment}")
        else:
            template = "attack on: pay {card} with {payment}" if a.card else "attack on: pay with {payment}"
        return MESSAGES.render(template, params, lang)
    if k == "general":
        return MESSAGES.render("attack the General: pay with {payment}", {"payment": a.payment}, lang)
    if k == "stop":
        return MESSAGES.render("end the attack", {}, lang)
    if k in ("power", "decline"):
        verb = "use" if k == "power" else "decline"
        if a.card:
            return MESSAGES.render(f"{verb} the {{card}}'s power", {"card": a.card}, lang)
        return MESSAGES.render(f"{verb} the power", {}, lang)
    if k == "colonel":
        return MESSAGES.render("Colonel: discard {qi} from player {n}'s hand", {"qi": a.card, "n": a.player + 1}, lang)
    if k == "spare":
        return MESSAGES.render("Colonel: spare player {n}", {"n": a.player + 1}, lang)
    if k == "lose":
        return MESSAGES.render("lose {card} to the Warrior penalty", {"card": a.card}, lang)
    if k == "release":
        return MESSAGES.render("put {qi} in the reserve (hand limit)", {"qi": a.card}, lang)
    return k


_ACTION_PATTERNS = [
    (re.compile(r"take (\w+) from the reserve"), lambda m: Action.take(parse_qi(m[1]))),
    (re.compile(r"draw from the deck(?: and move the pawn to direction (\d))?"),
     lambda m: Action.draw(int(m[1]) if m[1] else None)),
    (re.compile(r"attack from direction (\d):? pay (?:(.+?) )?with (.+)"),
     lambda m: Action.attack(int(m[1]), _parse_payment(m[3]), _card_from_name(m[2]) if m[2] else None)),
    (re.compile(r"attack the general:? pay with (.+)"), lambda m: Action.general(_parse_payment(m[1]))),
    (re.compile(r"attack on:? pay (?:(.+?) )?with (.+)"),
     lambda m: Action.pay(_parse_payment(m[2]), _card_from_name(m[1]) if m[1] else None)),
    (re.compile(r"end the attack|stop"), lambda m: Action.stop()),
    (re.compile(r"use the (?:(.+?)'s )?power"),
     lambda m: Action.use_power(_card_from_name(m[1]) if m[1] else None)),
    (re.compile(r"decline the (?:(.+?)'s )?power"),
     lambda m: Action.decline_power(_card_from_name(m[1]) if m[1] else None)),
    (re.compile(r"colonel:? discard (\w+) from player (\d)(?: \(\w+\))?'s hand"),
     lambda m: Action.colonel(int(m[2]) - 1, parse_qi(m[1]))),
    (re.compile(r"colonel:? spare player (\d)"), lambda m: Action.spare(int(m[1]) - 1)),
    (re.compile(r"lose (.+?) to the warrior penalty"), lambda m: Action.lose(_card_from_name(m[1]))),
    (re.compile(r"put (\w+) in the reserve(?: \(hand limit\))?"), lambda m: Action.release(parse_qi(m[1]))),
]


def _parse_payment(text: str) -> tuple[str, ...]:
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not parts:
        raise ValueError("name the Qi cards you pay with")
    return tuple(parse_qi(p) for p in parts)

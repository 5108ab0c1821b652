"""Fire Bulls actions: small values, their text in three languages, and reading the text back."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple, TypeGuard

from tutor.games.fire_bulls.cards import (
    PATHS,
    QI_KINDS,
    YEN_CARDS,
    card_from_name,
    qi_sort,
    parse_qi,
)
from tutor.games.fire_bulls.words import MESSAGES

# ------------------------------------------------------------------------ actions


def attack_path(direction: int) -> list[str]:
    """Slots attacked from a direction, nearest first."""
    if direction not in PATHS:
        raise ValueError(f"direction {direction!r} does not exist: directions are 1 to 5")
    return list(PATHS[direction])


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
        return cls("attack", direction=direction, card=card, payment=qi_sort(payment))

    @classmethod
    def general(cls, payment: Sequence[str]) -> Action:
        return cls("general", card="general", payment=qi_sort(payment))

    @classmethod
    def pay(cls, payment: Sequence[str], card: str | None = None) -> Action:
        return cls("pay", card=card, payment=qi_sort(payment))

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
        if not shape_ok(self):  # a value no rule lists: say what it holds, never fail
            return "Action" + quote(self, 80)
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


ACTION_PATTERNS = [
    (re.compile(r"take (\w+) from the reserve"), lambda m: Action.take(parse_qi(m[1]))),
    (re.compile(r"draw from the deck(?: and move the pawn to direction (\d))?"),
     lambda m: Action.draw(int(m[1]) if m[1] else None)),
    (re.compile(r"attack from direction (\d):? pay (?:(.+?) )?with (.+)"),
     lambda m: Action.attack(int(m[1]), _parse_payment(m[3]), card_from_name(m[2]) if m[2] else None)),
    (re.compile(r"attack the general:? pay with (.+)"), lambda m: Action.general(_parse_payment(m[1]))),
    (re.compile(r"attack on:? pay (?:(.+?) )?with (.+)"),
     lambda m: Action.pay(_parse_payment(m[2]), card_from_name(m[1]) if m[1] else None)),
    (re.compile(r"end the attack|stop"), lambda m: Action.stop()),
    (re.compile(r"use the (?:(.+?)'s )?power"),
     lambda m: Action.use_power(card_from_name(m[1]) if m[1] else None)),
    (re.compile(r"decline the (?:(.+?)'s )?power"),
     lambda m: Action.decline_power(card_from_name(m[1]) if m[1] else None)),
    (re.compile(r"colonel:? discard (\w+) from player (\d)(?: \(\w+\))?'s hand"),
     lambda m: Action.colonel(int(m[2]) - 1, parse_qi(m[1]))),
    (re.compile(r"colonel:? spare player (\d)"), lambda m: Action.spare(int(m[1]) - 1)),
    (re.compile(r"lose (.+?) to the warrior penalty"), lambda m: Action.lose(card_from_name(m[1]))),
    (re.compile(r"put (\w+) in the reserve(?: \(hand limit\))?"), lambda m: Action.release(parse_qi(m[1]))),
]


def _parse_payment(text: str) -> tuple[str, ...]:
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not parts:
        raise ValueError("name the Qi cards you pay with")
    return tuple(parse_qi(p) for p in parts)


# ------------------------------------------------------------ action shapes
#
# apply() refuses a malformed action value (wrong types, junk in the fields
# its kind does not use) before any rule looks at it; the checks are exact
# type tests, cheap enough for the hot path.

_QI = frozenset(QI_KINDS)
_YEN_NAMES = frozenset(YEN_CARDS)
_MAX_PAYMENT = 7  # the General's seven symbols, the largest price
_NO, _ANY, _QI_CARD, _YEN_CARD = 0, 1, 2, 4  # what a field may hold: nothing, or a card
# kind -> (directions allowed, card, payment needed, player needed)
_SHAPES: dict[str, tuple[frozenset[int], int, bool, bool]] = {
    "take": (frozenset({0}), _QI_CARD, False, False),
    "draw": (frozenset(range(6)), _NO, False, False),
    "attack": (frozenset(range(1, 6)), _YEN_CARD | _ANY, True, False),
    "general": (frozenset({0}), _YEN_CARD | _ANY, True, False),
    "pay": (frozenset({0}), _YEN_CARD | _ANY, True, False),
    "stop": (frozenset({0}), _NO, False, False),
    "power": (frozenset({0}), _YEN_CARD | _ANY, False, False),
    "decline": (frozenset({0}), _YEN_CARD | _ANY, False, False),
    "colonel": (frozenset({0}), _QI_CARD, False, True),
    "spare": (frozenset({0}), _NO, False, True),
    "lose": (frozenset({0}), _YEN_CARD, False, False),
    "release": (frozenset({0}), _QI_CARD, False, False),
}


def shape_ok(a: object) -> TypeGuard[Action]:
    """Is ``a`` an Action whose fields hold what its kind uses, and nothing else?

    >>> shape_ok(Action.draw(2)), shape_ok(Action("draw", True)), shape_ok(Action("lose", card="warrior"))
    (True, False, False)
    """
    if SHAPED.get(id(a), _UNSEEN) is a:  # this very value passed before (legal_actions lists the same ones)
        return True
    if type(a) is not Action:
        return False
    if shape_is_known(a):
        if len(SHAPED) >= _SHAPED_LIMIT:
            SHAPED.clear()
        SHAPED[id(a)] = a  # (kept alive here, so its id names no other value meanwhile)
        return True
    return False


# id -> an Action shape_ok passed (or one the engine built in its own shape, see known_shapes); an Action is
# immutable all the way down once its shape is right
SHAPED: dict[int, Action] = {}
_SHAPED_LIMIT = 65_536  # entries before it starts again (each keeps one small Action alive)
_UNSEEN = object()  # (a default no argument can be: None is one)


def known_shapes(actions: Iterable[Action]) -> None:
    """Tell shape_ok these Actions have their kind's shape without looking: only for values the engine builds
    itself, field by field, from its own tables (a kind it names, a direction of a path, a Yen card of the
    rows, a payment ``payment.payments_for`` lists), never for a value that came from outside."""
    if len(SHAPED) >= _SHAPED_LIMIT:
        SHAPED.clear()
    if type(actions) is not tuple:
        actions = tuple(actions)
    SHAPED.update(zip(map(id, actions), actions))  # (each value by its id, in C: no Python-level loop)


def shape_is_known(a: Action) -> bool:
    kind, direction, card, payment, player = a
    shape = _SHAPES.get(kind) if type(kind) is str else None
    if shape is None or type(direction) is not int or direction not in shape[0]:
        return False
    want = shape[1]
    if card is None:
        if want != _NO and not want & _ANY:
            return False
    elif type(card) is not str or want == _NO or len(card) > 40:
        return False
    elif want & _QI_CARD:
        if card not in _QI:
            return False
    elif card not in _YEN_NAMES:
        return False
    if type(payment) is not tuple:
        return False
    if shape[2]:  # (an attack may name no payment yet: the engine then says what would pay, or that nothing does)
        if (not payment and kind != "attack") or len(payment) > _MAX_PAYMENT \
                or any(type(c) is not str or c not in _QI for c in payment):
            return False
    elif payment:
        return False
    if type(player) is not int:
        return False
    return 0 <= player < 5 if shape[3] else player == -1


def quote(value: object, limit: int = 40) -> str:
    """Any value (an action tuple too) as a message may quote it: short, and never failing."""
    try:
        text = tuple.__repr__(value) if isinstance(value, tuple) else repr(value)
    except (ValueError, RecursionError):  # a huge int, a deep structure
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."

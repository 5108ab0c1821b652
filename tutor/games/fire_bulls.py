"""Fire Bulls (Shao-Ying Chen), 2-5 players, under the Italian ("it", file 000)
and French ("fr", file 001) rulebooks.

The table, as in 001's figures::

      pile 1  pile 2  pile 3
        A       B       C        <- the row nearest the Yen piles
        D       E       F
        G       H       I        <- the row nearest the pawns
     1    2       3       4    5 <- directions (1 and 5 are the diagonals)

>>> attack_path(1), attack_path(2), attack_path(5)
(['G', 'E', 'C'], ['G', 'D', 'A'], ['I', 'E', 'A'])
>>> can_pay("xi:white", ["green", "green", "warrior"], "fr")
True
>>> can_pay("xi:white", ["yellow", "red", "blue"], "fr")
False
>>> s = GAME.new_game(3, seed=1)
>>> GAME.apply(s, Action.draw()).current_player
1
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from itertools import product
from typing import Any, Iterable, NamedTuple, Sequence

from tutor.core import (
    ActionParseError,
    Event,
    IllegalAction,
    Messages,
    RuleBook,
    ScenarioError,
    dump_json,
    load_json_data,
    parse_json_object,
)

NAME = "fire-bulls"
COLOURS = ("green", "yellow", "red", "blue", "brown")
QI_KINDS = COLOURS + ("warrior",)
SLOTS = "ABCDEFGHI"
HAND_LIMIT = 8
ROWS_PER_COLUMN = 3
PILE_SIZE = 18
EXHAUSTIONS_TO_END = 3
RULESETS = ("it", "fr")

_SLOT_INDEX = {s: i for i, s in enumerate(SLOTS)}
# Column c (0, 1, 2) holds slots c, c+3, c+6: A D G, B E H, C F I.
_COLUMNS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
_PATHS = {1: "GEC", 2: "GDA", 3: "HEB", 4: "IFC", 5: "IEA"}
_PATH_INDEXES = {d: tuple(_SLOT_INDEX[s] for s in p) for d, p in _PATHS.items()}
_NEIGHBOURS = {1: (2,), 2: (1, 3), 3: (2, 4), 4: (3, 5), 5: (4,)}

_FACE = {"soldier": 1, "wu": 2, "xi": 3, "bo": 6, "colonel": 8, "general": 12, "palisade": 0}
_DISPLAY = {"soldier": "Soldier", "wu": "Wu", "xi": "Xi", "bo": "Bo", "colonel": "Colonel",
            "general": "General", "palisade": "Palisade"}
_POWER_CARDS = ("bo", "colonel", "general")


def rid(topic: str, ruleset: str | None = None) -> str:
    """The id of a rule; ``ruleset`` picks the rulebook's own clause."""
    return f"{NAME}/{topic}/{ruleset}" if ruleset else f"{NAME}/{topic}"


# --------------------------------------------------------------------------- cards


class NotationError(ValueError):
    """Text that is not a card of the tutor's notation; the message has a template
    so the panels can show it in Italian and French."""

    def __init__(self, template: str, **params: Any):
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


def _canonical_colours(colours: Iterable[str]) -> tuple[str, ...]:
    order = {c: i for i, c in enumerate(COLOURS + ("white",))}
    return tuple(sorted(colours, key=order.__getitem__))


@lru_cache(maxsize=None)
def parse_card(text: str) -> str:
    """Read a Yen card in the tutor's notation and return its canonical form.

    >>> parse_card("wu:red+green"), parse_card(" Bo ")
    ('wu:green+red', 'bo')
    """
    if not isinstance(text, str):
        raise NotationError("a Yen card is written as text, not {got}", got=type(text).__name__)
    t = text.strip().lower()
    if t in ("bo", "colonel", "general", "palisade"):
        return t
    kind, sep, rest = t.partition(":")
    allowed = COLOURS + ("white",)
    if sep and kind in ("soldier", "xi") and rest in allowed:
        return t
    if sep and kind == "wu":
        parts = rest.split("+")
        if len(parts) in (1, 2) and all(p in allowed for p in parts):
            if len(parts) == 2 and parts[0] == parts[1]:
                return f"wu:{parts[0]}"
            return "wu:" + "+".join(_canonical_colours(parts))
    raise NotationError("{what} is not a Yen card: write soldier:<colour>, wu:<colour> or wu:<colour>+<colour>, "
                        "xi:<colour>, bo, colonel, general or palisade (colours: {choices})",
                        what=repr(text), choices=", ".join(allowed))


def card_kind(card: str) -> str:
    return card.partition(":")[0]


def face_value(card: str) -> int:
    """Points printed on a Yen card.

    >>> face_value("bo"), face_value("palisade"), face_value("wu:blue")
    (6, 0, 2)
    """
    return _FACE[card_kind(card)]


@lru_cache(maxsize=None)
def symbols(card: str, ruleset: str = "it") -> tuple[str, ...]:
    """The colour symbols printed on a Yen card ("white" pays with any colour).

    >>> symbols("bo")
    ('green', 'yellow', 'red', 'blue', 'brown')
    >>> symbols("wu:green+red"), symbols("xi:white")
    (('green', 'red'), ('white', 'white', 'white'))
    """
    kind, _, rest = card.partition(":")
    if kind == "soldier":
        return (rest,)
    if kind == "wu":
        parts = rest.split("+")
        return tuple(parts) if len(parts) == 2 else (rest, rest)
    if kind == "xi":
        return (rest,) * 3
    if kind == "bo":
        return COLOURS
    if kind == "palisade":
        return ("white",)
    if kind == "colonel":
        return ("white",) * 5
    if kind == "general":
        return ("white",) * 7
    raise ValueError(card)


def card_name(card: str, lang: str = "en") -> str:
    """A card as the rulebooks name it, in English, Italian or French.

    >>> card_name("xi:white"), card_name("wu:green+red"), card_name("bo")
    ('Xi (white)', 'Wu (green+red)', 'Bo')
    >>> card_name("soldier:red", "it"), card_name("colonel", "fr")
    ('Soldato (rosso)', 'Colonel')
    """
    kind, _, rest = card.partition(":")
    if lang == "en":
        return f"{_DISPLAY[kind]} ({rest})" if rest else _DISPLAY[kind]
    name = _NAMES[lang]["cards"][kind]
    if not rest:
        return name
    return f"{name} ({'+'.join(colour_name(c, lang) for c in rest.split('+'))})"


def _card_from_name(name: str) -> str:
    m = re.fullmatch(r"\s*([A-Za-z]+)\s*(?:\(([a-z+ ]+)\))?\s*", name)
    if not m:
        raise ValueError(f"{name!r} is not a card name")
    kind = m.group(1).lower()
    if kind not in _DISPLAY:
        raise ValueError(f"{name!r} is not a card name")
    return parse_card(f"{kind}:{m.group(2).replace(' ', '')}" if m.group(2) else kind)


def parse_qi(text: str) -> str:
    """Read a Qi card: a bull colour or ``warrior``."""
    if not isinstance(text, str) or text.strip().lower() not in QI_KINDS:
        raise NotationError("{what} is not a Qi card: write one of {choices}", what=repr(text), choices=", ".join(QI_KINDS))
    return text.strip().lower()


def _qi_sort(cards: Iterable[str]) -> tuple[str, ...]:
    order = _QI_ORDER
    return tuple(sorted(cards, key=order.__getitem__))


_QI_ORDER = {c: i for i, c in enumerate(QI_KINDS)}


# ------------------------------------------------------------------- languages
#
# Narration and error messages are written in English in the code (the
# template is the message id, gettext-style); their Italian and French
# templates, and the names of cards and colours, are data.

LANGS = ("en", "it", "fr")
_TEXT = load_json_data("tutor.games.data", "fire_bulls_text.json")
_NAMES = _TEXT["names"]


class Who(NamedTuple):
    """A player as narration names them: seat index and pawn colour."""

    index: int
    colour: str

    def __str__(self) -> str:
        return _param("who", self, "en")


def colour_name(colour: str, lang: str = "en") -> str:
    """A colour (or ``warrior``) in a language: ``colour_name("red", "it") == "rosso"``."""
    return _NAMES[lang]["colours"].get(colour, colour)


def qi_name(card: str, lang: str = "en") -> str:
    """A Qi card: its colour, or the Warrior."""
    return colour_name(card, lang)


def _param(name: str, value: Any, lang: str) -> str:
    names = _NAMES[lang]
    if isinstance(value, Who):
        return names["player"].format(n=value.index + 1, colour=colour_name(value.colour, lang))
    if name in ("card", "named"):
        return card_name(value, lang)
    if name == "qi":
        return qi_name(value, lang)
    if name in ("payment", "shown", "symbols"):
        return ", ".join(qi_name(c, lang) for c in value) if value else names["nothing"]
    if name == "diff":
        missing, extra = value
        parts = []
        for label, items in ((names["missing"], missing), (names["too_many"], extra)):
            if items:
                parts.append(f"{label} " + ", ".join(f"{n} x {c}" for c, n in items))
        return "; ".join(parts)
    if name == "dirs":
        return f" {names['or']} ".join(str(d) for d in value)
    return str(value)


MESSAGES = Messages(_TEXT["messages"], _param)


def _illegal(rule: str, template: str, cls: type = IllegalAction, **params: Any) -> IllegalAction:
    """An IllegalAction (or ActionParseError) whose message can be shown in any language."""
    return cls(rule, MESSAGES.render(template, params), template=template, params=params)


def _bad(field: str, template: str, **params: Any) -> ScenarioError:
    """A ScenarioError whose reason can be shown in any language."""
    return ScenarioError(field, MESSAGES.render(template, params), template=template, params=params)


def _bad_notation(field: str, exc: ValueError) -> ScenarioError:
    """A ScenarioError for a card the notation does not know."""
    if isinstance(exc, NotationError):
        return _bad(field, exc.template, **exc.params)
    return _bad(field, "{why}", why=str(exc))


def message(error_or_event: Any, lang: str = "en") -> str:
    """An engine error or narration event in ``lang`` ("en", "it" or "fr").

    >>> message(Event("r", "x", template="{Who} ends the attack.", data=(("who", Who(1, "red")),)), "it")
    "Giocatore 2 (rosso) termina l'attacco."
    """
    if isinstance(error_or_event, Event):
        if not error_or_event.template:
            return error_or_event.text
        return MESSAGES.render(error_or_event.template, dict(error_or_event.data), lang)
    template = getattr(error_or_event, "template", "")
    if not template:
        return str(error_or_event)
    text = MESSAGES.render(template, error_or_event.params, lang)
    if isinstance(error_or_event, ScenarioError):
        return f"{error_or_event.field}: {text}"
    return text


# ------------------------------------------------------------------------ paying
#
# A Yen card's price is a list of alternatives; each alternative is
# (fixed, free, distinct): ``fixed`` maps a colour to how many of its symbols
# the card shows, ``free`` lists groups of white symbols (each group paid in
# one colour), ``distinct`` says the free groups must take different colours.


@lru_cache(maxsize=None)
def _price(card: str, ruleset: str) -> tuple[tuple[tuple[int, ...], tuple[int, ...], bool], ...]:
    kind = card_kind(card)
    if kind == "colonel":
        second = 2 if ruleset == "it" else 3
        return ((_zero(), (3, second), True), (_zero(), (5,), False))
    if kind == "general":
        return ((_zero(), (4, 3), True), (_zero(), (7,), False))
    fixed = [0] * 5
    whites = 0
    for sym in symbols(card, ruleset):
        if sym == "white":
            whites += 1
        else:
            fixed[COLOURS.index(sym)] += 1
    return ((tuple(fixed), (whites,) if whites else (), False),)


def _zero() -> tuple[int, ...]:
    return (0, 0, 0, 0, 0)


def _fits(alt, bulls: Sequence[int]) -> bool:
    fixed, free, distinct = alt
    if not free:
        return all(b <= f for b, f in zip(bulls, fixed))
    for assign in product(range(5), repeat=len(free)):
        if distinct and len(set(assign)) < len(assign):
            continue
        need = list(fixed)
        for size, colour in zip(free, assign):
            need[colour] += size
        if all(b <= n for b, n in zip(bulls, need)):
            return True
    return False


def _counts(cards: Iterable[str]) -> tuple[int, ...]:
    counts = [0] * 6
    idx = _QI_ORDER
    for c in cards:
        counts[idx[c]] += 1
    return tuple(counts)


@lru_cache(maxsize=65536)
def _pays_counts(card: str, ruleset: str, counts: tuple[int, ...]) -> bool:
    total = sum(counts)
    bulls = counts[:5]
    for alt in _price(card, ruleset):
        if sum(alt[0]) + sum(alt[1]) == total and _fits(alt, bulls):
            return True
    return False


def can_pay(card: str, cards: Sequence[str], ruleset: str = "it") -> bool:
    """Do these Qi cards, all of them together, pay exactly for this Yen card?

    >>> can_pay("wu:blue", ["blue", "warrior"]), can_pay("wu:blue", ["blue"])
    (True, False)
    >>> can_pay("colonel", ["red"] * 3 + ["blue"] * 2, "it"), can_pay("colonel", ["red"] * 3 + ["blue"] * 2, "fr")
    (True, False)
    """
    card = parse_card(card)
    try:
        counts = _counts(parse_qi(c) for c in cards)
    except ValueError:
        return False
    return _pays_counts(card, ruleset, counts)


@lru_cache(maxsize=65536)
def _payments(card: str, ruleset: str, hand: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct set of cards from a hand (given as counts) that pays.

    Built from the price itself: for each symbol group, how many of its
    symbols are paid by bulls of the right colour; Warriors pay the rest.
    """
    warriors = hand[5]
    found: set[tuple[int, ...]] = set()
    for fixed, free, distinct in _price(card, ruleset):
        # Fixed colours: k bulls of colour c for c's f symbols, Warriors for the rest.
        options = [range(min(f, hand[c]) + 1) if f else (0,) for c, f in enumerate(fixed)]
        need_fixed = sum(fixed)
        for bulls in product(*options):
            used_w = need_fixed - sum(bulls)
            if used_w > warriors:
                continue
            if not free:
                found.add(bulls + (used_w,))
                continue
            _free_groups(list(bulls), used_w, free, distinct, hand, warriors, found)
    return tuple(
        tuple(k for k, n in zip(QI_KINDS, counts) for _ in range(n))
        for counts in sorted(found, key=_pay_order)
    )


@lru_cache(maxsize=None)
def _caps(card: str, ruleset: str) -> tuple[int, ...]:
    """The most cards of each Qi kind any way of paying this card can use."""
    caps = [0] * 6
    for fixed, free, _ in _price(card, ruleset):
        extra = sum(free)
        for c in range(5):
            caps[c] = max(caps[c], fixed[c] + extra)
        caps[5] = max(caps[5], sum(fixed) + extra)
    return tuple(caps)


_PAY_MEMO: dict[tuple, tuple[tuple[str, ...], ...]] = {}


def _pay_options(card: str, ruleset: str, hand: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """_payments with the hand capped to what the card can use (many more cache hits),
    memoised on the uncapped hand so the hot path is one dict lookup."""
    key = (card, ruleset, hand)
    found = _PAY_MEMO.get(key)
    if found is None:
        caps = _caps(card, ruleset)
        found = _payments(card, ruleset, tuple(h if h < c else c for h, c in zip(hand, caps)))
        if len(_PAY_MEMO) > 200_000:
            _PAY_MEMO.clear()
        _PAY_MEMO[key] = found
    return found


def _pay_order(counts: tuple[int, ...]) -> tuple:
    return (sum(counts), counts[5], tuple(-n for n in counts[:5]))


def _free_groups(bulls, used_w, free, distinct, hand, warriors, found, taken=()) -> None:
    """Extend a partial payment with each white-symbol group in turn."""
    if not free:
        found.add(tuple(bulls) + (used_w,))
        return
    size, rest = free[0], free[1:]
    for colour in range(5):
        if distinct and colour in taken:
            continue
        room = hand[colour] - bulls[colour]
        for k in range(min(size, room) + 1):
            w = used_w + size - k
            if w > warriors:
                continue
            bulls[colour] += k
            _free_groups(bulls, w, rest, distinct, hand, warriors, found, taken + (colour,))
            bulls[colour] -= k


# ----------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class PileScore:
    """A victory pile scored: face values, colour bonus, and the end penalty."""

    face: int
    bonus: int
    total: int
    removed: str | None
    bonus_cards: tuple[str, ...]
    cards: tuple[str, ...]
    highest: int


def score_pile(cards: Sequence[str], colour: str, escaped: bool, ruleset: str = "it") -> PileScore:
    """Score a victory pile for a player whose pawn is ``colour``.

    When ``escaped`` (the Qi deck ran out a third time) the card with the
    highest face value is removed first; among equal ones the one that leaves
    the higher total.

    >>> gong = ["colonel", "bo", "bo", "wu:green", "wu:red", "palisade", "palisade",
    ...         "soldier:yellow", "soldier:green", "soldier:red", "soldier:blue"]
    >>> s = score_pile(gong, "yellow", escaped=True)
    >>> s.removed, s.face, s.bonus, s.total
    ('colonel', 20, 3, 23)
    """
    cards = [parse_card(c) for c in cards]
    removed = None
    if escaped and cards:
        top = max(face_value(c) for c in cards)
        candidates = [c for c in cards if face_value(c) == top]
        # Lose a card that would not have earned the bonus, if there is one.
        candidates.sort(key=lambda c: colour in symbols(c, ruleset))
        removed = candidates[0]
        cards.remove(removed)
    face = sum(face_value(c) for c in cards)
    bonus_cards = tuple(c for c in cards if colour in symbols(c, ruleset))
    return PileScore(
        face=face,
        bonus=len(bonus_cards),
        total=face + len(bonus_cards),
        removed=removed,
        bonus_cards=bonus_cards,
        cards=tuple(cards),
        highest=max((face_value(c) for c in cards), default=0),
    )


def winners(piles: dict[Any, PileScore]) -> list[Any]:
    """Who wins: most points; a tie goes to the highest single card; still tied, all win.

    >>> a = score_pile(["bo"], "red", False); b = score_pile(["xi:red", "soldier:blue", "soldier:red"], "green", False)
    >>> a.total, b.total, winners({"A": a, "B": b})
    (7, 5, ['A'])
    """
    if not piles:
        return []
    best = max(p.total for p in piles.values())
    tied = [k for k, p in piles.items() if p.total == best]
    if len(tied) > 1:
        top = max(piles[k].highest for k in tied)
        tied = [k for k in tied if piles[k].highest == top]
    return tied


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
    def take(cls, card: str) -> "Action":
        return cls("take", card=card)

    @classmethod
    def draw(cls, move_to: int | None = None) -> "Action":
        return cls("draw", direction=move_to or 0)

    @classmethod
    def attack(cls, direction: int, payment: Sequence[str], card: str | None = None) -> "Action":
        return cls("attack", direction=direction, card=card, payment=_qi_sort(payment))

    @classmethod
    def general(cls, payment: Sequence[str]) -> "Action":
        return cls("general", card="general", payment=_qi_sort(payment))

    @classmethod
    def pay(cls, payment: Sequence[str], card: str | None = None) -> "Action":
        return cls("pay", card=card, payment=_qi_sort(payment))

    @classmethod
    def stop(cls) -> "Action":
        return cls("stop")

    @classmethod
    def use_power(cls, card: str | None = None) -> "Action":
        return cls("power", card=card)

    @classmethod
    def decline_power(cls, card: str | None = None) -> "Action":
        return cls("decline", card=card)

    @classmethod
    def colonel(cls, player: int, card: str) -> "Action":
        return cls("colonel", card=card, player=player)

    @classmethod
    def spare(cls, player: int) -> "Action":
        return cls("spare", player=player)

    @classmethod
    def lose(cls, card: str) -> "Action":
        return cls("lose", card=card)

    @classmethod
    def release(cls, card: str) -> "Action":
        return cls("release", card=card)

    @property
    def move_to(self) -> int | None:
        return (self.direction or None) if self.kind == "draw" else None

    def __str__(self) -> str:
        return action_text(self, "en")

    def __repr__(self) -> str:
        return f"<Action {self}>"


def action_text(action: "Action", lang: str = "en") -> str:
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


# ------------------------------------------------------------------------- state


@dataclass(frozen=True)
class State:
    """A Fire Bulls position: a value, never modified in place.

    ``won_before`` counts the cards the current player had won before this
    turn (the Warrior penalty may only take those).  ``pending`` lists the
    choices the current player still owes, first one first: ``"power:bo"``,
    ``"power:colonel"``, ``"power:general"``, ``"colonel:<player>"`` (the
    Italian Colonel, one opponent at a time), ``"penalty"`` (one per Warrior)
    and ``"limit"`` (hand limit).
    """

    ruleset: str
    seed: int
    rng: int
    colours: tuple[str, ...]
    pawns: tuple[int, ...]
    current_player: int
    turn: int
    slots: tuple[str | None, ...]
    general: bool
    piles: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    reserve: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    won: tuple[tuple[str, ...], ...]
    removed: tuple[str, ...]
    exhaustions: int
    end: str | None
    # the turn in progress
    attack: int = 0  # direction of the attack under way (0: none, -1: the General)
    deviated: bool = False
    won_this_turn: int = 0
    warriors: int = 0
    won_before: int = 0
    pending: tuple[str, ...] = ()
    stage: int = 0  # 0 playing, 1 end-of-turn penalties queued, 2 hand limit queued

    @property
    def players(self) -> int:
        return len(self.colours)

    @property
    def phase(self) -> str:
        if self.end:
            return "over"
        if self.pending:
            head = self.pending[0]
            if head.startswith(("power", "colonel")):
                return "power"
            return "hand-limit" if head == "limit" else "penalty"
        return "attack" if self.attack else "action"

    def slot(self, name: str) -> str | None:
        return self.slots[_SLOT_INDEX[name]]


class _Work:
    """A mutable copy of a State used while one action is applied."""

    __slots__ = (
        "ruleset", "seed", "rng", "colours", "pawns", "current_player", "turn", "slots", "general",
        "piles", "deck", "discard", "reserve", "hands", "won", "removed", "exhaustions", "end",
        "attack", "deviated", "won_this_turn", "warriors", "won_before", "pending", "stage",
        "events", "narrate", "orig", "mover",
    )

    def __init__(self, s: State, narrate: bool):
        self.ruleset = s.ruleset
        self.orig = s
        self.mover = s.current_player
        self.seed = s.seed
        self.rng = s.rng
        self.colours = s.colours
        self.pawns = list(s.pawns)
        self.current_player = s.current_player
        self.turn = s.turn
        self.slots = list(s.slots)
        self.general = s.general
        self.piles = [list(p) for p in s.piles]
        self.deck = list(s.deck)
        self.discard = list(s.discard)
        self.reserve = list(s.reserve)
        self.hands = [list(h) for h in s.hands]
        self.won = [list(w) for w in s.won]
        self.removed = list(s.removed)
        self.exhaustions = s.exhaustions
        self.end = s.end
        self.attack = s.attack
        self.deviated = s.deviated
        self.won_this_turn = s.won_this_turn
        self.warriors = s.warriors
        self.won_before = s.won_before
        self.pending = list(s.pending)
        self.stage = s.stage
        self.events: list[Event] = []
        self.narrate = narrate

    def freeze(self) -> State:
        """The new State.  Only the mover's hand and pile can change in content
        without changing in length, and Yen piles only lose their top cards, so
        unchanged parts reuse the original tuples (this is the hot path)."""
        orig = self.orig
        mover = self.mover
        hands = tuple(
            _qi_sort(h) if p == mover or len(h) != len(orig.hands[p]) else orig.hands[p]
            for p, h in enumerate(self.hands)
        )
        won = tuple(tuple(w) if p == mover else orig.won[p] for p, w in enumerate(self.won))
        piles = tuple(tuple(p) if len(p) != len(o) else o for p, o in zip(self.piles, orig.piles))
        state = object.__new__(State)
        state.__dict__.update(
            ruleset=self.ruleset, seed=self.seed, rng=self.rng, colours=self.colours,
            pawns=tuple(self.pawns), current_player=self.current_player, turn=self.turn,
            slots=tuple(self.slots), general=self.general, piles=piles, deck=tuple(self.deck),
            discard=tuple(self.discard), reserve=tuple(self.reserve), hands=hands, won=won,
            removed=tuple(self.removed), exhaustions=self.exhaustions, end=self.end,
            attack=self.attack, deviated=self.deviated, won_this_turn=self.won_this_turn,
            warriors=self.warriors, won_before=self.won_before, pending=tuple(self.pending),
            stage=self.stage,
        )
        return state

    def log(self, rule: str, kind: str, template: str, **params: Any) -> None:
        """Narrate: ``template`` is the English message id (see MESSAGES)."""
        self.events.append(Event(rule=rule, text=MESSAGES.render(template, params), kind=kind,
                                 data=tuple(params.items()), template=template))

    def chance(self) -> random.Random:
        self.rng += 1
        return random.Random(f"{self.seed}/{self.rng}")

    def who(self, p: int) -> "Who":
        return Who(p, self.colours[p])

    # -- the Qi deck
    def draw_qi(self) -> str | None:
        """Draw the top Qi card, reshuffling the discards when the deck has run out."""
        if not self.deck:
            if self.exhaustions >= EXHAUSTIONS_TO_END:
                return None  # out for good: the game ends at the end of this turn
            self.exhaustions += 1
            if self.narrate:
                self.log(rid("deck/exhaustion"), "exhaust", "The Qi deck has run out (time {n} of {of}).",
                         n=self.exhaustions, of=EXHAUSTIONS_TO_END)
            if self.exhaustions >= EXHAUSTIONS_TO_END or not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.chance().shuffle(self.deck)
            if self.narrate:
                self.log(rid("deck/reshuffle"), "reshuffle",
                         "The {n} discarded Qi cards are shuffled into a new deck.", n=len(self.deck))
        return self.deck.pop(0)

    def draw_into_hand(self, p: int, rule: str, drawn: str, empty: str, **params: Any) -> None:
        """Draw a Qi card into a hand, narrated by ``drawn`` (or ``empty`` when none is left)."""
        card = self.draw_qi()
        if card is None:
            if self.narrate:
                self.log(rule, "draw", empty, who=self.who(p), **params)
            return
        self.hands[p].append(card)
        if self.narrate:
            self.log(rule, "draw", drawn, who=self.who(p), qi=card, **params)

    # -- the Yen piles
    def draw_yen(self, column: int) -> str | None:
        """Draw from a Yen pile, setting the General aside when it comes up."""
        pile = self.piles[column]
        while pile:
            card = pile.pop(0)
            if card == "general":
                self.general = True
                if self.narrate:
                    self.log(rid("setup/general"), "general",
                             "The General comes out of pile {pile}: it is set aside next to the rows and "
                             "replaced by the next card of the same pile.", pile=column + 1)
                continue
            return card
        return None


# ----------------------------------------------------------------------- the game


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
        return RuleBook.from_data(NAME, load_json_data("tutor.games.data", "fire_bulls_rules.json"))

    def __init__(self) -> None:
        deck = load_json_data("tutor.games.data", "fire_bulls_deck.json")
        self.deck_manifest: dict[str, dict[str, int]] = deck["rulesets"]
        self.qi_manifest: dict[str, int] = deck["qi"]
        self.deck_about: str = deck["about"]

    # ------------------------------------------------------------------ setup
    def yen_deck(self, ruleset: str = "it") -> list[str]:
        """The 54 Yen cards of a ruleset's deck (reconstructed symbols)."""
        return [card for card, n in self.deck_manifest[ruleset].items() for _ in range(n)]

    def qi_deck(self) -> list[str]:
        return [card for card, n in self.qi_manifest.items() for _ in range(n)]

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
        return _from_data(self, parse_json_object(text))

    # --------------------------------------------------------------- teaching
    def examples(self):
        from tutor.games import fire_bulls_examples

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
        from tutor.games import fire_bulls_examples

        return fire_bulls_examples.localized(self, example, lang)

    def differences(self) -> list[dict]:
        """The points where the Italian and French rulebooks differ, with both rules."""
        return list(self.rules.differences)


# --------------------------------------------------------------- rule machinery


def _distinct(cards: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for c in cards:
        seen.setdefault(c, None)
    return list(seen)


def _penalty_choices(state) -> list[str]:
    p = state.current_player
    return list(state.won[p][: state.won_before])


def _attack_directions(state) -> tuple[int, ...]:
    if state.ruleset == "it":
        return (1, 2, 3, 4, 5)
    own = state.pawns[state.current_player]
    return (own,) + _NEIGHBOURS[own]


def _next_target(slots, direction: int) -> int | None:
    for i in _PATH_INDEXES[direction]:
        if slots[i] is not None:
            return i
    return None


def _attack_limit(w) -> int:
    if w.ruleset == "fr" and w.deviated:
        return 2
    return 3


def _limit_rule(w) -> str:
    if w.ruleset == "it":
        return rid("attack/directions", "it")
    return rid("attack/deviated", "fr") if w.deviated else rid("attack/direct", "fr")


def _perform(w: _Work, a: Action) -> None:
    if w.end:
        raise _illegal(rid("end/check"), "the game is over: no more actions")
    kind = a.kind
    head = w.pending[0] if w.pending else None
    if head is not None:
        _resolve_choice(w, a, head)
        _proceed(w)
        return
    if w.attack:
        if kind == "pay":
            _attack_step(w, a, w.attack)
        elif kind == "stop":
            if w.narrate:
                w.log(rid("attack/order"), "stop", "{Who} ends the attack.", who=w.who(w.current_player))
            w.attack = 0
        else:
            raise _illegal(rid("attack/one-direction"), "an attack is under way: pay for the next card along "
                           "direction {d} or end the attack — a turn is one action only", d=w.attack)
        _proceed(w)
        return
    if kind == "take":
        _take(w, a)
    elif kind == "draw":
        _draw_action(w, a)
    elif kind == "attack":
        _start_attack(w, a)
    elif kind == "general":
        _attack_general(w, a)
    elif kind in ("pay", "stop"):
        raise _illegal(rid("attack/order"),
                       "no attack is under way: start one by choosing a direction and paying for its nearest card")
    elif kind in ("power", "decline", "colonel", "spare"):
        raise _illegal(rid("power/timing"),
                       "there is no power to use now: powers come with the Bo, Colonel and General you win")
    elif kind == "lose":
        raise _illegal(rid("warrior/earlier-turn"), "there is no Warrior penalty to pay now")
    elif kind == "release":
        raise _illegal(rid("hand/limit"), "the hand limit is checked at the end of the turn, and only above 8 cards")
    else:
        raise _illegal(rid("turn/sequence"), "unknown action {what}", what=repr(kind))
    _proceed(w)


def _take(w: _Work, a: Action) -> None:
    card = a.card
    if card not in w.reserve:
        raise _illegal(rid("gather/take-reserve"), "there is no {qi} in the reserve (it shows {shown})",
                       qi=card, shown=tuple(w.reserve))
    p = w.current_player
    w.reserve.remove(card)
    w.hands[p].append(card)
    if w.narrate:
        w.log(rid("gather/take-reserve"), "take", "{Who} takes {qi} from the reserve.", who=w.who(p), qi=card)
    # 000 refills the reserve up to 3 cards; 001 turns up one card for the one taken.
    wanted = len(w.reserve) + 1 if w.ruleset == "fr" else 3
    while len(w.reserve) < wanted:
        new = w.draw_qi()
        if new is None:
            break
        w.reserve.append(new)
        if w.narrate:
            w.log(rid("gather/take-reserve"), "refill", "The reserve is refilled with {qi} from the deck.", qi=new)
    w.attack = 0


def _draw_action(w: _Work, a: Action) -> None:
    p = w.current_player
    target = a.direction
    if target:
        here = w.pawns[p]
        if target not in (1, 2, 3, 4, 5):
            raise _illegal(rid("pawn/move"), "direction {d} does not exist: directions are 1 to 5", d=target)
        if target not in _NEIGHBOURS[here]:
            if here in (1, 5):
                raise _illegal(rid("pawn/diagonal"), "a pawn on the diagonal {d} may only move to the nearest "
                               "column, direction {to}", d=here, to=_NEIGHBOURS[here][0])
            raise _illegal(rid("pawn/move"), "the pawn moves one step only: from direction {d} to {dirs}",
                           d=here, dirs=_NEIGHBOURS[here])
    w.draw_into_hand(p, rid("gather/draw"), "{Who} draws a Qi card from the deck.",
                     "There is no Qi card left in the deck to draw.")
    if target:
        here = w.pawns[p]
        other = w.pawns.index(target) if target in w.pawns else None
        w.pawns[p] = target
        if other is not None:
            w.pawns[other] = here
            if w.narrate:
                w.log(rid("pawn/swap"), "move", "{Who} moves the pawn from direction {frm} to {to}, swapping "
                      "with {other}, who goes to {frm}.", who=w.who(p), frm=here, to=target, other=w.who(other))
        elif w.narrate:
            w.log(rid("pawn/move"), "move", "{Who} moves the pawn from direction {frm} to {to}.",
                  who=w.who(p), frm=here, to=target)


def _check_payment(w: _Work, card: str, payment: tuple[str, ...]) -> None:
    p = w.current_player
    hand = list(w.hands[p])
    for c in payment:
        if c not in QI_KINDS:
            raise _illegal(rid("pay/one-card-one-symbol"), "{what} is not a Qi card", what=repr(c))
        if c in hand:
            hand.remove(c)
        else:
            raise _illegal(rid("pay/one-card-one-symbol"), "you do not hold enough cards to pay with {payment}",
                           payment=payment)
    if not payment:
        raise _illegal(rid("pay/exact"), "name the Qi cards that pay for the {card}", card=card)
    if _pays_counts(card, w.ruleset, _counts(payment)):
        return
    template, params = _price_message(card, w.ruleset, payment)
    raise _illegal(_price_rule(card, w.ruleset, payment), template, **params)


def _price_rule(card: str, ruleset: str, payment: Sequence[str]) -> str:
    kind = card_kind(card)
    syms = symbols(card, ruleset)
    n = len(payment)
    sizes = {sum(a[0]) + sum(a[1]) for a in _price(card, ruleset)}
    if n not in sizes:
        return rid("pay/exact")
    if kind in ("wu", "xi") and syms.count("white") > 1:
        return rid("pay/white-same-colour")
    return _price_rule_ok(card, ruleset)


def _price_message(card: str, ruleset: str, payment: tuple[str, ...]) -> tuple[str, dict]:
    """Why a payment does not fit a card: (template, params)."""
    kind = card_kind(card)
    if kind == "colonel":
        if ruleset == "it":
            return ("the Colonel takes three bulls of one colour and two of another, or five of one colour "
                    "(Warriors stand for any colour); {payment} does not fit", {"payment": payment})
        return ("the Colonel takes three bulls of one colour and three of another, or five of one colour "
                "(Warriors stand for any colour); {payment} does not fit", {"payment": payment})
    if kind == "general":
        return ("the General takes four bulls of one colour and three of another, or seven of one colour "
                "(Warriors stand for any colour); {payment} does not fit", {"payment": payment})
    if kind == "bo":
        return ("the Bo takes five bulls all of different colours (Warriors stand for any); {payment} does not fit",
                {"payment": payment})
    syms = symbols(card, ruleset)
    params = {"card": card, "n": len(syms), "symbols": syms, "payment": payment, "paid": len(payment)}
    if syms.count("white") > 1:
        return ("the {card} shows {n} white symbols: pay them all with one colour (Warriors stand for it); "
                "{payment} mixes colours", params)
    if len(payment) != len(syms):
        return ("the {card} shows {n} symbol(s) ({symbols}): pay with exactly {n} Qi card(s), not {paid}", params)
    return ("the {card} shows {symbols}: each symbol needs a bull of its colour or a Warrior; {payment} does not match",
            params)


def _win_card(w: _Work, card: str, payment: tuple[str, ...], where: str) -> None:
    p = w.current_player
    hand = w.hands[p]
    for c in payment:
        hand.remove(c)
    w.discard.extend(payment)
    w.won[p].append(card)
    w.won_this_turn += 1
    warriors = payment.count("warrior")
    w.warriors += warriors
    if w.narrate:
        if where:
            w.log(_price_rule_ok(card, w.ruleset), "pay", "{Who} pays {payment} for the {card} in {slot}; the Qi "
                  "cards go to the discard pile.", who=w.who(p), card=card, payment=payment, slot=where)
        else:
            w.log(_price_rule_ok(card, w.ruleset), "pay", "{Who} pays {payment} for the General; the Qi cards go "
                  "to the discard pile.", who=w.who(p), card=card, payment=payment)
        pts = face_value(card)
        if w.colours[p] in symbols(card, w.ruleset):
            w.log(rid("attack/victory-pile"), "win", "The {card} ({points} points, +1 colour bonus at the end) goes "
                  "face up into {who}'s victory pile.", who=w.who(p), card=card, points=pts, bonus=True)
        else:
            w.log(rid("attack/victory-pile"), "win", "The {card} ({points} points) goes face up into {who}'s "
                  "victory pile.", who=w.who(p), card=card, points=pts, bonus=False)
    # The long-attack reward.
    if w.ruleset == "fr":
        if w.won_this_turn >= 2:
            w.draw_into_hand(p, rid("reward", "fr"), "Card {n} won this turn earns a bonus Qi card: {who} draws it.",
                             "Card {n} won this turn earns a bonus Qi card, but none is left to draw.",
                             n=w.won_this_turn)
    elif w.won_this_turn == 3:
        for _ in range(2):
            w.draw_into_hand(p, rid("reward", "it"), "Three Yen cards in one turn earn 2 Qi cards: {who} draws one.",
                             "Three Yen cards in one turn earn 2 Qi cards, but none is left to draw.")
    # The Italian Warrior penalty comes at once.
    if warriors and w.ruleset == "it":
        for _ in range(warriors):
            if _penalty_choices(w):
                w.pending.append("penalty")
            elif w.narrate:
                w.log(rid("warrior/earlier-turn"), "penalty", "A Warrior was played, but no Yen card won in an earlier "
                      "turn is left to lose: nothing is lost.")
    kind = card_kind(card)
    if kind in _POWER_CARDS:
        w.pending.append(f"power:{kind}")


def _price_rule_ok(card: str, ruleset: str) -> str:
    kind = card_kind(card)
    return rid(f"cards/{kind}", ruleset) if kind in ("wu", "xi", "colonel") else rid(f"cards/{kind}")


def _start_attack(w: _Work, a: Action) -> None:
    d = a.direction
    if d not in _PATHS:
        raise _illegal(rid("attack/one-direction"), "direction {d} does not exist: directions are 1 to 5", d=d)
    p = w.current_player
    own = w.pawns[p]
    deviated = d != own
    if w.ruleset == "fr" and deviated and d not in _NEIGHBOURS[own]:
        if own in (1, 5):
            raise _illegal(rid("attack/deviated", "fr"), "your pawn is on the corner direction {d}: a deviated "
                           "attack can only come from direction {to}", d=own, to=_NEIGHBOURS[own][0])
        raise _illegal(rid("attack/deviated", "fr"), "your pawn faces direction {d}: attack from there, or deviate "
                       "to a neighbouring direction ({dirs})", d=own, dirs=_NEIGHBOURS[own])
    target, card = _nearest_card(w, d, a.card)
    _check_payment(w, card, a.payment)
    w.attack = d
    w.deviated = deviated and w.ruleset == "fr"
    if w.narrate:
        if w.ruleset == "it":
            w.log(rid("attack/directions", "it"), "attack", "{Who} attacks from direction {d} (up to 3 cards this "
                  "turn).", who=w.who(p), d=d)
        elif deviated:
            w.log(rid("attack/deviated", "fr"), "attack", "{Who} attacks from direction {d}: a deviated attack (at "
                  "most 2 cards; the pawns stay where they are).", who=w.who(p), d=d)
        else:
            w.log(rid("attack/direct", "fr"), "attack", "{Who} attacks from direction {d}: a direct attack (up to 3 "
                  "cards).", who=w.who(p), d=d)
    w.slots[target] = None
    _win_card(w, card, a.payment, SLOTS[target])


def _nearest_card(w: _Work, d: int, named: str | None) -> tuple[int, str]:
    """The slot and card an attack along ``d`` must take next (the nearest one left)."""
    target = _next_target(w.slots, d)
    if target is None:
        raise _illegal(rid("attack/order"), "there is no Yen card left along direction {d}", d=d)
    card = w.slots[target]
    if named is not None and named != card:
        raise _illegal(rid("attack/order"), "attack the nearest card first: along direction {d} that is the {card} "
                       "in {slot}, not the {named}", d=d, card=card, slot=SLOTS[target], named=named)
    return target, card


def _attack_step(w: _Work, a: Action, d: int) -> None:
    if w.won_this_turn >= _attack_limit(w):
        raise _illegal(_limit_rule(w), "no more Yen cards may be won this turn")
    target, card = _nearest_card(w, d, a.card)
    _check_payment(w, card, a.payment)
    w.slots[target] = None
    _win_card(w, card, a.payment, SLOTS[target])


def _attack_general(w: _Work, a: Action) -> None:
    if not w.general:
        raise _illegal(rid("attack/general"), "the General is not set aside next to the rows: it cannot be attacked now")
    _check_payment(w, "general", a.payment)
    w.general = False
    w.attack = -1
    if w.narrate:
        w.log(rid("attack/general"), "attack", "{Who} attacks the General directly: no other Yen card may be "
              "attacked this turn.", who=w.who(w.current_player))
    _win_card(w, "general", a.payment, "")


def _can_continue(w: _Work) -> bool:
    if w.attack <= 0 or w.stage:
        return False
    if w.won_this_turn >= _attack_limit(w):
        return False
    return _next_target(w.slots, w.attack) is not None


def _resolve_choice(w: _Work, a: Action, head: str) -> None:
    p = w.current_player
    kind = a.kind
    if head.startswith("power:"):
        card = head[6:]
        if kind not in ("power", "decline") or (a.card not in (None, card)):
            raise _illegal(rid("power/timing"), "first decide on the {card}'s power: use it or decline it", card=card)
        w.pending.pop(0)
        if kind == "decline":
            if w.narrate:
                w.log(rid("power/timing"), "power", "{Who} declines the {card}'s power.", who=w.who(p), card=card)
            return
        _use_power(w, card)
        return
    if head.startswith("colonel:"):
        victim = int(head[8:])
        if kind not in ("colonel", "spare") or a.player != victim:
            raise _illegal(rid("power/colonel", "it"), "the Colonel's power: choose a card to discard from {victim}'s "
                           "hand, or spare that player", victim=w.who(victim))
        w.pending.pop(0)
        if kind == "spare":
            if w.narrate:
                w.log(rid("power/colonel", "it"), "power", "The Colonel spares {victim}.", victim=w.who(victim))
            return
        if a.card not in w.hands[victim]:
            w.pending.insert(0, head)
            raise _illegal(rid("power/colonel", "it"), "{Victim} holds no {qi}", victim=w.who(victim), qi=a.card)
        w.hands[victim].remove(a.card)
        w.discard.append(a.card)
        if w.narrate:
            w.log(rid("power/colonel", "it"), "power", "The Colonel's power: {qi} is discarded from {victim}'s hand.",
                  victim=w.who(victim), qi=a.card)
        return
    if head == "penalty":
        if kind != "lose":
            raise _illegal(rid("warrior/penalty", w.ruleset), "a Warrior was played: first choose the Yen card you "
                           "lose for it")
        choices = _penalty_choices(w)
        if a.card not in choices:
            raise _illegal(rid("warrior/earlier-turn"), "the Warrior penalty takes a Yen card won in an earlier turn; "
                           "you have no {card} from an earlier turn", card=a.card)
        _lose(w, a.card)
        w.pending.pop(0)
        return
    if head == "limit":
        if kind != "release":
            raise _illegal(rid("hand/limit"), "you hold {n} Qi cards: choose the ones above 8 to put in the reserve "
                           "first", n=len(w.hands[p]))
        if a.card not in w.hands[p]:
            raise _illegal(rid("hand/limit"), "you hold no {qi}", qi=a.card)
        _release(w, a.card)
        return
    raise _illegal(rid("turn/sequence"), "unknown pending choice {what}", what=repr(head))


def _lose(w: _Work, card: str) -> None:
    p = w.current_player
    pile = w.won[p]
    # Lose the latest such card won before this turn.
    idx = max(i for i in range(w.won_before) if pile[i] == card)
    pile.pop(idx)
    w.won_before -= 1
    w.removed.append(card)
    if w.narrate:
        w.log(rid("warrior/penalty", w.ruleset), "penalty", "Warrior penalty: {who} removes the {card} (won in an "
              "earlier turn) from the game.", who=w.who(p), card=card)


def _release(w: _Work, card: str) -> None:
    p = w.current_player
    w.hands[p].remove(card)
    w.reserve.append(card)
    if w.narrate:
        w.log(rid("hand/limit"), "limit", "Hand limit: {who} puts {qi} face up in the reserve.", who=w.who(p), qi=card)
    if len(w.hands[p]) <= HAND_LIMIT:
        w.pending.pop(0)


def _use_power(w: _Work, card: str) -> None:
    p = w.current_player
    rs = w.ruleset
    opponents = [(p + k) % len(w.colours) for k in range(1, len(w.colours))]
    if card == "bo":
        w.draw_into_hand(p, rid("power/bo"), "The Bo's power: {who} draws a Qi card.",
                         "The Bo's power: there is no Qi card left to draw.")
    elif card == "colonel" and rs == "it":
        # The winner chooses, opponent by opponent (queued first, in turn order).
        w.pending[0:0] = [f"colonel:{o}" for o in opponents if w.hands[o]]
        if w.narrate:
            w.log(rid("power/colonel", "it"), "power", "The Colonel's power: choose one card to discard from each "
                  "other player's hand (or spare them).")
    elif card == "colonel":
        rng = w.chance()
        for o in opponents:
            if not w.hands[o]:
                continue
            lost = w.hands[o].pop(rng.randrange(len(w.hands[o])))
            w.discard.append(lost)
            if w.narrate:
                w.log(rid("power/colonel", "fr"), "power", "The Colonel's power: a card taken at random from "
                      "{victim}'s hand, {qi}, is discarded.", victim=w.who(o), qi=lost)
    elif card == "general":
        rng = w.chance()
        for o in opponents:
            if not w.hands[o]:
                continue
            got = w.hands[o].pop(rng.randrange(len(w.hands[o])))
            w.hands[p].append(got)
            if w.narrate:
                w.log(rid("power/general", rs), "power", "The General's power: {who} draws a card from {victim}'s "
                      "hand into their own.", who=w.who(p), victim=w.who(o), qi=got)


def _proceed(w: _Work) -> None:
    """Resolve what needs no choice, then stop at the next choice or end the turn."""
    while True:
        if w.pending:
            head = w.pending[0]
            if head == "penalty":
                options = _distinct(_penalty_choices(w))
                if not options:
                    w.pending.pop(0)
                    continue
                if len(options) == 1:
                    w.pending.pop(0)
                    _lose(w, options[0])
                    continue
                return
            if head == "limit":
                p = w.current_player
                if len(w.hands[p]) <= HAND_LIMIT:
                    w.pending.pop(0)
                    continue
                options = _distinct(w.hands[p])
                if len(options) == 1:
                    _release(w, options[0])
                    continue
                return
            if head.startswith("colonel:") and not w.hands[int(head[8:])]:
                w.pending.pop(0)
                continue
            return
        if w.stage == 0 and _can_continue(w):
            return
        if w.stage == 0:
            w.stage = 1
            w.attack = 0
            if w.ruleset == "fr" and w.warriors:
                for _ in range(w.warriors):
                    w.pending.append("penalty")
                if not _penalty_choices(w) and w.narrate:
                    w.log(rid("warrior/earlier-turn"), "penalty", "{n} Warrior(s) were used, but no Yen card won in an "
                          "earlier turn is left: nothing is lost.", n=w.warriors)
            continue
        if w.stage == 1:
            w.stage = 2
            if len(w.hands[w.current_player]) > HAND_LIMIT:
                w.pending.append("limit")
                if w.narrate:
                    w.log(rid("hand/limit"), "limit", "{Who} holds {n} Qi cards, more than 8: the excess goes face up "
                          "to the reserve.", who=w.who(w.current_player), n=len(w.hands[w.current_player]))
            continue
        _finish_turn(w)
        return


def _fill_rows(w: _Work) -> None:
    """Compact every column toward the pawns, then refill it from its pile."""
    if None not in w.slots:
        return
    for col, (top, mid, low) in enumerate(_COLUMNS):
        order = (low, mid, top)  # nearest the pawns first
        cards = [w.slots[i] for i in order if w.slots[i] is not None]
        before = [w.slots[i] for i in order]
        for k, i in enumerate(order):
            w.slots[i] = cards[k] if k < len(cards) else None
        if w.narrate and before != [w.slots[i] for i in order] and cards:
            w.log(rid("refill/compact"), "compact", "Column {column}: the remaining cards slide toward the pawns.",
                  column=SLOTS[top] + SLOTS[mid] + SLOTS[low])
        had_cards = bool(w.piles[col])
        for i in order:
            if w.slots[i] is None:
                card = w.draw_yen(col)
                if card is None:
                    # Said when the pile runs out now or the column just lost a card, not every turn after.
                    if w.narrate and (had_cards or before != [w.slots[k] for k in order]):
                        w.log(rid("refill/exhausted-pile"), "refill", "Pile {pile} is exhausted: slot {slot} stays "
                              "empty.", pile=col + 1, slot=SLOTS[i])
                    break
                w.slots[i] = card
                if w.narrate:
                    w.log(rid("refill/fill"), "refill", "Slot {slot} is refilled from pile {pile} with a {card}.",
                          slot=SLOTS[i], pile=col + 1, card=card)


def _finish_turn(w: _Work) -> None:
    _fill_rows(w)
    empty = sum(1 for pile in w.piles if not pile)
    general_won = any("general" in pile for pile in w.won) or "general" in w.removed
    # The escape is checked first: when both conditions come in the same turn,
    # the Qi deck did run out a third time and its penalty applies.
    if w.exhaustions >= EXHAUSTIONS_TO_END:
        w.end = "escaped"
        if w.narrate:
            w.log(rid("end/escape"), "end",
                  "The Qi deck has run out for the third time: the Yen army escapes and the game ends. "
                  "Each player loses the Yen card with the highest face value.")
    elif empty >= 2 and general_won:
        w.end = "general"
        if w.narrate:
            w.log(rid("end/general"), "end", "{n} of the 3 Yen piles are empty and the General has been won: the game "
                  "ends.", n=empty)
    if w.end:
        w.pending = []
        if w.narrate:
            escaped = w.end == "escaped"
            for p in range(len(w.colours)):
                s = score_pile(w.won[p], w.colours[p], escaped, w.ruleset)
                if s.removed:
                    w.log(rid("score/escape-penalty"), "score", "{Who} loses the {card} ({points} points).",
                          who=w.who(p), card=s.removed, points=face_value(s.removed))
                w.log(rid("score/bonus"), "score", "{Who}: face values {face} + colour bonus {bonus} = {total} points.",
                      who=w.who(p), face=s.face, bonus=s.bonus, total=s.total)
        return
    w.current_player = (w.current_player + 1) % len(w.colours)
    w.turn += 1
    w.attack = 0
    w.deviated = False
    w.won_this_turn = 0
    w.warriors = 0
    w.stage = 0
    w.won_before = len(w.won[w.current_player])
    if w.narrate:
        w.log(rid("turn/sequence"), "turn", "It is {who}'s turn.", who=w.who(w.current_player))


# ---------------------------------------------------------------------- JSON I/O


def _to_data(s: State) -> dict:
    return {
        "game": NAME,
        "format": 1,
        "ruleset": s.ruleset,
        "seed": s.seed,
        "rng": s.rng,
        "players": [
            {"colour": s.colours[p], "pawn": s.pawns[p], "hand": list(s.hands[p]), "won": list(s.won[p])}
            for p in range(s.players)
        ],
        "current_player": s.current_player,
        "turn": s.turn,
        "rows": {name: s.slots[i] for i, name in enumerate(SLOTS)},
        "general": s.general,
        "piles": [list(p) for p in s.piles],
        "deck": list(s.deck),
        "discard": list(s.discard),
        "reserve": list(s.reserve),
        "removed": list(s.removed),
        "exhaustions": s.exhaustions,
        "end": s.end,
        "turn_state": {
            "attack": s.attack,
            "deviated": s.deviated,
            "won_this_turn": s.won_this_turn,
            "warriors": s.warriors,
            "won_before": s.won_before,
            "pending": list(s.pending),
            "stage": s.stage,
        },
    }


def _need(data: dict, key: str, types, where: str = "") -> Any:
    path = f"{where}{key}"
    if key not in data:
        raise _bad(path, "is missing")
    value = data[key]
    if isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
        raise _bad(path, _EXPECTED[types], got="true/false")
    if not isinstance(value, types):
        raise _bad(path, _EXPECTED[types], got=type(value).__name__)
    return value


_EXPECTED = {int: "expected a whole number, got {got}", str: "expected text, got {got}",
             list: "expected a list, got {got}", dict: "expected an object, got {got}"}


def _card_list(value: Any, path: str, parse) -> list[str]:
    if not isinstance(value, list):
        raise _bad(path, "expected a list of cards, got {got}", got=type(value).__name__)
    out = []
    for i, c in enumerate(value):
        try:
            out.append(parse(c))
        except ValueError as exc:
            raise _bad_notation(f"{path}[{i}]", exc) from None
    return out


def _from_data(game: FireBulls, d: dict) -> State:
    if d.get("game", NAME) != NAME:
        raise _bad("game", "this file is for {other}, not {name}", other=repr(d.get("game")), name=repr(NAME))
    fmt = d.get("format", 1)
    if fmt != 1:
        raise _bad("format", "unknown format {what} (this tutor reads format 1)", what=repr(fmt))
    ruleset = _need(d, "ruleset", str)
    if ruleset not in RULESETS:
        raise _bad("ruleset", "must be one of {choices}, not {what}", choices=", ".join(RULESETS), what=repr(ruleset))
    seed = _need(d, "seed", int)
    rng = d.get("rng", 0)
    if not isinstance(rng, int) or isinstance(rng, bool) or rng < 0:
        raise _bad("rng", "expected a whole number >= 0")
    players = _need(d, "players", list)
    if not 2 <= len(players) <= 5:
        raise _bad("players", "Fire Bulls is for 2 to 5 players, the file has {n}", n=len(players))
    colours, pawns, hands, won = [], [], [], []
    for i, pl in enumerate(players):
        where = f"players[{i}]."
        if not isinstance(pl, dict):
            raise _bad(f"players[{i}]", "expected an object with colour, pawn, hand and won")
        colour = _need(pl, "colour", str, where)
        if colour not in COLOURS:
            raise _bad(f"{where}colour", "must be one of {choices}, not {what}", choices=", ".join(COLOURS),
                       what=repr(colour))
        pawn = _need(pl, "pawn", int, where)
        if not 1 <= pawn <= 5:
            raise _bad(f"{where}pawn", "directions are 1 to 5, not {d}", d=pawn)
        colours.append(colour)
        pawns.append(pawn)
        hands.append(_card_list(pl.get("hand", []), f"{where}hand", parse_qi))
        won.append(_card_list(pl.get("won", []), f"{where}won", parse_card))
    if len(set(colours)) != len(colours):
        raise _bad("players", "two players have the same colour")
    if len(set(pawns)) != len(pawns):
        raise _bad("players", "two pawns stand on the same direction")
    current = _need(d, "current_player", int)
    if not 0 <= current < len(players):
        raise _bad("current_player", "must be a seat from 0 to {n}", n=len(players) - 1)
    turn = d.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise _bad("turn", "expected a whole number >= 0")
    rows = _need(d, "rows", dict)
    unknown = set(rows) - set(SLOTS)
    if unknown:
        raise _bad("rows", "unknown slot(s) {what}: slots are A to I", what=", ".join(sorted(map(str, unknown))))
    slots: list[str | None] = []
    for name in SLOTS:
        v = rows.get(name)
        if v is None:
            slots.append(None)
            continue
        try:
            card = parse_card(v)
        except ValueError as exc:
            raise _bad_notation(f"rows.{name}", exc) from None
        if card == "general":
            raise _bad(f"rows.{name}", "the General never stands in a row: set \"general\": true instead")
        slots.append(card)
    general = d.get("general", False)
    if not isinstance(general, bool):
        raise _bad("general", "expected true or false")
    piles_raw = _need(d, "piles", list)
    if len(piles_raw) != 3:
        raise _bad("piles", "expected 3 Yen piles, got {n}", n=len(piles_raw))
    piles = [_card_list(p, f"piles[{i}]", parse_card) for i, p in enumerate(piles_raw)]
    deck = _card_list(d.get("deck", []), "deck", parse_qi)
    discard = _card_list(d.get("discard", []), "discard", parse_qi)
    reserve = _card_list(d.get("reserve", []), "reserve", parse_qi)
    removed = _card_list(d.get("removed", []), "removed", parse_card)
    exhaustions = d.get("exhaustions", 0)
    if not isinstance(exhaustions, int) or isinstance(exhaustions, bool) or not 0 <= exhaustions <= 3:
        raise _bad("exhaustions", "expected a whole number from 0 to 3")
    end = d.get("end")
    if end not in (None, "general", "escaped"):
        raise _bad("end", "must be null, \"general\" or \"escaped\"")
    ts = d.get("turn_state", {})
    if not isinstance(ts, dict):
        raise _bad("turn_state", "expected an object")
    attack = ts.get("attack", 0)
    if not isinstance(attack, int) or isinstance(attack, bool) or attack not in (-1, 0, 1, 2, 3, 4, 5):
        raise _bad("turn_state.attack", "expected 0 (none), -1 (the General) or a direction 1-5")
    deviated = ts.get("deviated", False)
    if not isinstance(deviated, bool):
        raise _bad("turn_state.deviated", "expected true or false")
    ints = {}
    for key in ("won_this_turn", "warriors", "won_before", "stage"):
        v = ts.get(key, 0 if key != "won_before" else len(won[current]))
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise _bad(f"turn_state.{key}", "expected a whole number >= 0")
        ints[key] = v
    if ints["won_before"] > len(won[current]):
        raise _bad("turn_state.won_before", "is larger than the current player's victory pile")
    if ints["stage"] > 2:
        raise _bad("turn_state.stage", "expected 0, 1 or 2")
    pending = ts.get("pending", [])
    if not isinstance(pending, list):
        raise _bad("turn_state.pending", "expected a list")
    for i, item in enumerate(pending):
        ok = isinstance(item, str) and (
            item in ("penalty", "limit", "power:bo", "power:colonel", "power:general")
            or (item.startswith("colonel:") and item[8:].isdigit() and int(item[8:]) < len(players)
                and int(item[8:]) != current)
        )
        if not ok:
            raise _bad(f"turn_state.pending[{i}]", "{what} is not a choice the game knows", what=repr(item))
    # Every card of the game must be somewhere, once.
    _check_conservation(game, ruleset, slots, general, piles, won, removed, hands, deck, discard, reserve)
    return State(
        ruleset=ruleset, seed=seed, rng=rng, colours=tuple(colours), pawns=tuple(pawns), current_player=current,
        turn=turn, slots=tuple(slots), general=general, piles=tuple(tuple(p) for p in piles), deck=tuple(deck),
        discard=tuple(discard), reserve=tuple(reserve), hands=tuple(_qi_sort(h) for h in hands),
        won=tuple(tuple(w) for w in won), removed=tuple(removed), exhaustions=exhaustions, end=end,
        attack=attack, deviated=deviated, won_this_turn=ints["won_this_turn"], warriors=ints["warriors"],
        won_before=ints["won_before"], pending=tuple(pending), stage=ints["stage"],
    )


def _diff(expected: dict[str, int], found: dict[str, int]) -> tuple:
    """(missing, too many): each a tuple of (card, how many); a "diff" message parameter."""
    missing = tuple(sorted((c, n - found.get(c, 0)) for c, n in expected.items() if n > found.get(c, 0)))
    extra = tuple(sorted((c, n - expected.get(c, 0)) for c, n in found.items() if n > expected.get(c, 0)))
    return missing, extra


def _tally(groups: Iterable[Iterable[str]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for g in groups:
        for c in g:
            out[c] = out.get(c, 0) + 1
    return out


def _check_conservation(game, ruleset, slots, general, piles, won, removed, hands, deck, discard, reserve) -> None:
    yen = _tally([[c for c in slots if c], ["general"] if general else [], *piles, *won, removed])
    expected = game.deck_manifest[ruleset]
    if yen != expected:
        raise _bad("yen cards", "the Yen cards on the table, piles, victory piles and removed cards must be the "
                   "{ruleset} deck's 54: {diff}", ruleset=repr(ruleset), diff=_diff(expected, yen))
    qi = _tally([*hands, deck, discard, reserve])
    if qi != game.qi_manifest:
        raise _bad("qi cards", "the Qi cards in hands, deck, discard and reserve must be the 54 of the game: {diff}",
                   diff=_diff(game.qi_manifest, qi))


_STOP = Action("stop")
_DRAW = Action("draw")
GAME = FireBulls()


# ------------------------------------------------------------------- scenarios


def arrange(
    players: int = 2,
    *,
    ruleset: str = "it",
    seed: int = 0,
    colours: Sequence[str] | None = None,
    pawns: Sequence[int] | None = None,
    current: int = 0,
    rows: dict[str, str | None] | None = None,
    general: bool = False,
    won: dict[int, Sequence[str]] | None = None,
    won_before: int | None = None,
    hands: dict[int, Sequence[str]] | None = None,
    reserve: Sequence[str] | None = None,
    deck_top: Sequence[str] = (),
    deck_size: int | None = None,
    exhaustions: int = 0,
    pile_sizes: Sequence[int] | None = None,
    turn: int = 0,
) -> State:
    """Build a position a teacher describes, keeping every card of the game.

    Named cards are taken out of the game's full decks; the rest are dealt
    (from ``seed``) into the unnamed row slots, the Yen piles, the other hands
    and the Qi deck.  ``deck_size`` sends the surplus Qi cards to the discard
    pile.  The General stays in the piles unless ``general`` sets it aside.

    >>> s = arrange(2, rows={"G": "bo"}, hands={0: ["green", "warrior"]})
    >>> s.slot("G"), s.hands[0]
    ('bo', ('green', 'warrior'))
    """
    game = GAME
    colours = tuple(colours or COLOURS[:players])
    pawns = tuple(pawns or range(1, players + 1))
    rng = random.Random(seed)
    yen = game.yen_deck(ruleset)
    qi = game.qi_deck()

    def take(pool: list[str], card: str, what: str) -> str:
        if card not in pool:
            raise ValueError(f"{what}: no {card} left in the {ruleset!r} deck")
        pool.remove(card)
        return card

    rows = {k: (parse_card(v) if v else None) for k, v in (rows or {}).items()}
    if "general" in rows.values():
        raise ValueError("the General never stands in a row: use general=True to set it aside")
    won_piles = [[take(yen, parse_card(c), f"won[{p}]") for c in (won or {}).get(p, ())] for p in range(players)]
    slots: list[str | None] = [None] * 9
    for name, card in rows.items():
        if card:
            slots[_SLOT_INDEX[name]] = take(yen, card, f"rows[{name}]")
    if general:
        take(yen, "general", "general")
    rng.shuffle(yen)
    # Unnamed slots get ordinary cards (never the General).
    for i in range(9):
        if SLOTS[i] not in rows:
            pick = next(c for c in yen if c != "general")
            yen.remove(pick)
            slots[i] = pick
    sizes = list(pile_sizes) if pile_sizes is not None else None
    if sizes is None:
        base, extra = divmod(len(yen), 3)
        sizes = [base + (i < extra) for i in range(3)]
    if sum(sizes) > len(yen):
        raise ValueError(f"pile_sizes {sizes} ask for more than the {len(yen)} Yen cards left")
    if "general" in yen and yen.index("general") >= sum(sizes):
        # The General waits in a pile until it is drawn, whatever the pile sizes.
        if not any(sizes):
            raise ValueError("the General must wait in a pile: give a pile some cards, or set general=True")
        yen.remove("general")
        yen.insert(rng.randrange(sum(sizes)), "general")
    piles = []
    for n in sizes:
        piles.append(tuple(yen[:n]))
        yen = yen[n:]
    removed = yen  # anything not placed is out of the game
    hand_cards = [[take(qi, parse_qi(c), f"hands[{p}]") for c in (hands or {}).get(p, ())] for p in range(players)]
    res = [take(qi, parse_qi(c), "reserve") for c in reserve] if reserve is not None else None
    top = [take(qi, parse_qi(c), "deck_top") for c in deck_top]
    rng.shuffle(qi)
    for p in range(players):
        if p not in (hands or {}):
            hand_cards[p] = qi[:3]
            qi = qi[3:]
    if res is None:
        res, qi = qi[:3], qi[3:]
    deck = top + qi
    discard: list[str] = []
    if deck_size is not None:
        deck, discard = deck[:deck_size], deck[deck_size:]
    state = State(
        ruleset=ruleset, seed=seed, rng=0, colours=colours, pawns=pawns, current_player=current, turn=turn,
        slots=tuple(slots), general=general, piles=tuple(piles), deck=tuple(deck), discard=tuple(discard),
        reserve=tuple(res), hands=tuple(_qi_sort(h) for h in hand_cards), won=tuple(tuple(w) for w in won_piles),
        removed=tuple(removed), exhaustions=exhaustions, end=None,
        won_before=len(won_piles[current]) if won_before is None else won_before,
    )
    _check_conservation(game, ruleset, state.slots, general, piles, won_piles, removed, hand_cards, deck, discard, res)
    return state
